import { useRef, useState, type DragEvent } from 'react';
import { Anchor, FileInput, Group, Paper, Progress, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_FILE_EXTENSIONS,
  FILE_UPLOAD_MAX_BYTES,
  filesText as ft,
  NOTICE_DOCUMENT_KIND_TEXT,
  NOTICE_DOCUMENT_KINDS,
  noticeDocumentsText as dt,
  type NoticeDetail,
  type NoticeDocument,
  type NoticeDocumentKind,
  type NoticeStageName,
} from '@opengst/contracts';
import { STAGE_NAMES } from '@opengst/domain';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { downloadBlob } from '../../shared/ExportButton';
import { formatDate, formatDateTime } from '../../shared/format';
import { splitApiErrors } from '../../shared/forms';
import { notifySuccess } from '../../shared/notifySuccess';
import { RefusalAlert } from '../../shared/RefusalAlert';
import { useRights } from '../../shared/useRights';
import { noticeKeys } from './noticesApi';
import {
  attachNoticeDocument,
  deleteNoticeDocument,
  downloadDocumentFile,
  noticeDocumentKeys,
  noticeDocumentsQuery,
  uploadDocumentFile,
} from './noticeDocumentsApi';

// A notice's documents (issue 23): the notice PDF, annexures, replies, orders, each uploaded (file/upload, spec core §5
// types up to 20 MB, checked here by name and size and by the server from the bytes) and attached with its kind and,
// where it belongs to one, the timeline event; listed with who and when, downloaded, deleted after a confirmation.

const MEGABYTES = FILE_UPLOAD_MAX_BYTES / (1024 * 1024);
const ACCEPT = DOCUMENT_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
const KIND_OPTIONS = NOTICE_DOCUMENT_KINDS.map((kind) => ({ value: kind, label: NOTICE_DOCUMENT_KIND_TEXT[kind] }));

/** 1,234 bytes as "1.2 KB"; sizes in the binary units a file manager shows. */
export const formatFileSize = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const isAccepted = (file: File) => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (DOCUMENT_FILE_EXTENSIONS as readonly string[]).includes(extension) && file.size > 0 && file.size <= FILE_UPLOAD_MAX_BYTES;
};

/** The timeline's stage changes a document may belong to (a reply, an order), latest first. */
const eventOptions = (notice: NoticeDetail) =>
  notice.events
    .filter((e) => e.action === 'StageChanged' && e.toStage)
    .reverse()
    .map((e) => ({
      value: String(e.id),
      label: `${e.toStage ? STAGE_NAMES[e.toStage] : ''}${e.eventDate ? ` · ${formatDate(e.eventDate)}` : ''}${e.reference ? ` · ${e.reference}` : ''}`,
    }));

/** The kind of a document attached to a move, by the stage moved to. */
const KIND_OF_STAGE: Partial<Record<NoticeStageName, NoticeDocumentKind>> = {
  ReplyDrafted: 'Reply',
  Replied: 'Reply',
  Order: 'Order',
  AppealFiled: 'Appeal',
};

/** The timeline move form's optional document (a reply, an order, an appeal); a file of another type is named at once. */
export const MoveFileInput = ({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) => (
  <FileInput
    size="xs"
    label={dt('noticeDocuments.eventFile')}
    accept={ACCEPT}
    clearable
    value={value}
    onChange={onChange}
    error={value && !isAccepted(value) ? ft('file.refused', { megabytes: MEGABYTES }) : undefined}
    data-testid="move-file"
  />
);
export const isMoveFileAccepted = (file: File | null) => file === null || isAccepted(file);

/**
 * Uploads a move's document and attaches it to the move's event (the notice's last change to `stage`). The move is
 * already recorded: a refusal here is shown as a notification naming the file, not as a failed move.
 */
export const attachMoveFile = async (notice: NoticeDetail, stage: NoticeStageName, file: File): Promise<void> => {
  const event = [...notice.events].reverse().find((e) => e.action === 'StageChanged' && e.toStage === stage);
  try {
    const stored = await uploadDocumentFile(file, () => {});
    await attachNoticeDocument({
      noticeId: notice.id,
      fileId: stored.id,
      kind: KIND_OF_STAGE[stage] ?? 'Other',
      eventId: event?.id ?? null,
      note: '',
    });
    notifySuccess(dt('noticeDocuments.attached', { name: file.name }));
  } catch (caught) {
    const { fields, general } = splitApiErrors(caught, []);
    const reason = [...Object.values(fields), ...general].join(' ') || ft('file.refused', { megabytes: MEGABYTES });
    notifications.show({ color: 'red', autoClose: false, message: dt('noticeDocuments.eventFileFailed', { name: file.name, reason }) });
  }
};

const UploadForm = ({ notice }: { notice: NoticeDetail }) => {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<NoticeDocumentKind>('Notice');
  const [eventId, setEventId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState<{ name: string; fraction: number } | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [isOver, setOver] = useState(false);

  const send = async (file: File) => {
    setRefusal([]);
    if (!isAccepted(file)) {
      setRefusal([ft('file.refused', { megabytes: MEGABYTES })]);
      return;
    }
    setSending({ name: file.name, fraction: 0 });
    try {
      const stored = await uploadDocumentFile(file, (fraction) => setSending({ name: file.name, fraction }));
      await attachNoticeDocument({
        noticeId: notice.id,
        fileId: stored.id,
        kind,
        eventId: eventId ? Number(eventId) : null,
        note: note.trim(),
      });
      notifySuccess(dt('noticeDocuments.attached', { name: file.name }));
      setNote('');
      setEventId(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: noticeDocumentKeys.list(notice.id) }),
        queryClient.invalidateQueries({ queryKey: noticeKeys.detail(notice.id) }),
      ]);
    } catch (caught) {
      const { fields, general } = splitApiErrors(caught, []);
      setRefusal([...Object.values(fields), ...general]);
    } finally {
      setSending(null);
      if (input.current) input.current.value = '';
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !sending) void send(file);
  };
  const events = eventOptions(notice);

  return (
    <Stack gap="xs">
      <Group gap="xs" grow align="flex-start">
        <Select
          size="xs"
          label={dt('noticeDocuments.kind')}
          data={KIND_OPTIONS}
          value={kind}
          onChange={(value) => setKind((value as NoticeDocumentKind | null) ?? 'Notice')}
          allowDeselect={false}
          data-testid="document-kind"
        />
        {events.length > 0 ? (
          <Select
            size="xs"
            label={dt('noticeDocuments.event')}
            data={events}
            value={eventId}
            onChange={setEventId}
            clearable
            data-testid="document-event"
          />
        ) : null}
      </Group>
      <TextInput
        size="xs"
        label={dt('noticeDocuments.note')}
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.currentTarget.value)}
        data-testid="document-note"
      />
      <Paper
        withBorder
        p="sm"
        role="button"
        tabIndex={0}
        aria-label={ft('file.dropHere')}
        style={{
          borderStyle: 'dashed',
          cursor: sending ? 'progress' : 'pointer',
          background: isOver ? 'var(--mantine-color-indigo-0)' : undefined,
        }}
        onClick={() => !sending && input.current?.click()}
        onKeyDown={(event) => {
          if ((event.key === 'Enter' || event.key === ' ') && !sending) {
            event.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="document-drop"
      >
        <Group gap="xs" wrap="nowrap">
          <IconFileUpload size={20} aria-hidden />
          <Stack gap={0}>
            <Text size="sm">{sending ? ft('file.uploading', { name: sending.name }) : ft('file.dropHere')}</Text>
            <Text size="xs" c="dimmed">
              {ft('file.types', { megabytes: MEGABYTES })}
            </Text>
          </Stack>
        </Group>
        {sending ? (
          <Progress
            mt="xs"
            size="sm"
            value={Math.round(sending.fraction * 100)}
            aria-label={ft('file.uploading', { name: sending.name })}
            data-testid="document-progress"
          />
        ) : null}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void send(file);
          }}
          data-testid="document-input"
        />
      </Paper>
      <RefusalAlert messages={refusal} testId="document-refusal" />
    </Stack>
  );
};

const DocumentRow = ({ document, canEdit, onDeleted }: { document: NoticeDocument; canEdit: boolean; onDeleted: () => void }) => (
  <Table.Tr data-testid={`document-${document.id}`}>
    <Table.Td>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => void downloadDocumentFile(document.file.id).then((blob) => downloadBlob(blob, document.file.fileName))}
        data-testid={`document-download-${document.id}`}
      >
        {document.file.fileName}
      </Anchor>
      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {`${NOTICE_DOCUMENT_KIND_TEXT[document.kind]} · ${formatFileSize(document.file.sizeBytes)}`}
      </Text>
      {document.note ? (
        <Text size="xs" c="dimmed">
          {document.note}
        </Text>
      ) : null}
    </Table.Td>
    <Table.Td>
      <Text size="xs">{document.userName ?? ''}</Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(document.at)}
      </Text>
    </Table.Td>
    {canEdit ? (
      <Table.Td>
        <ConfirmAction
          label={
            <>
              <IconTrash size={14} aria-hidden />
              <VisuallyHidden>{dt('noticeDocuments.delete')}</VisuallyHidden>
            </>
          }
          title={dt('noticeDocuments.delete')}
          message={dt('noticeDocuments.deleteConfirm', { name: document.file.fileName })}
          confirmLabel={dt('noticeDocuments.delete')}
          color="red"
          variant="subtle"
          onConfirm={() => deleteNoticeDocument(document.id)}
          onDone={onDeleted}
          testId={`document-delete-${document.id}`}
        />
      </Table.Td>
    ) : null}
  </Table.Tr>
);

export const NoticeDocuments = ({ notice }: { notice: NoticeDetail }) => {
  const queryClient = useQueryClient();
  const rights = useRights(['LitigationEdit']);
  const documents = useQuery(noticeDocumentsQuery(notice.id));
  const onDeleted = (name: string) => {
    notifySuccess(dt('noticeDocuments.deleted', { name }));
    void queryClient.invalidateQueries({ queryKey: noticeDocumentKeys.list(notice.id) });
    void queryClient.invalidateQueries({ queryKey: noticeKeys.detail(notice.id) });
  };
  const items = documents.data ?? [];
  return (
    <Paper withBorder p="sm" data-testid="notice-documents">
      <Stack gap="xs">
        <Title order={5}>{dt('noticeDocuments.title')}</Title>
        {rights.LitigationEdit ? (
          <UploadForm notice={notice} />
        ) : (
          <Text size="xs" c="dimmed">
            {dt('noticeDocuments.readOnly')}
          </Text>
        )}
        {documents.isSuccess && items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="documents-empty">
            {dt('noticeDocuments.empty')}
          </Text>
        ) : null}
        {items.length > 0 ? (
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{dt('noticeDocuments.name')}</Table.Th>
                <Table.Th>{dt('noticeDocuments.by')}</Table.Th>
                {rights.LitigationEdit ? <Table.Th aria-label={dt('noticeDocuments.delete')} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((document) => (
                <DocumentRow
                  key={document.id}
                  document={document}
                  canEdit={rights.LitigationEdit}
                  onDeleted={() => onDeleted(document.file.fileName)}
                />
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
};

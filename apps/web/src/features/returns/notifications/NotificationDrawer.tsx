import { Alert, Anchor, Badge, Button, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  ACTION_REQUIRED_TEXT,
  NOTIFICATION_SOURCE_TEXT,
  NOTIFICATION_STATUS_TEXT,
  REPLY_ACTION_TEXT,
  notificationText as nt,
  type ActionRequired,
  type NotificationDetail,
  type NotificationDocument,
  type NotificationStatus,
  type ReplyActionCode,
} from '@opengst/contracts';
import { DetailDrawer, Field, FieldList } from '../../../shared/DetailDrawer';
import { downloadBlob } from '../../../shared/ExportButton';
import { formatDate, formatIstDateTime } from '../../../shared/format';
import { loadFailureText } from '../../../shared/loadFailure';
import { Amount } from '../../../shared/payments/paymentCells';
import { downloadAttachment, downloadNotificationDocuments, notificationDetail, notificationKeys } from './notificationsApi';

// One notification: to whom, its status and history, the documents with what is asked (per GSTR-2A, 2B and IMS, with
// the reasons) and what the counterparty answered, its reminders and the files it attached. The counterparty's words
// are shown as text, never as markup.

const STATUS_COLOR: Record<NotificationStatus, string> = { YetNotSent: 'gray', Sent: 'blue', Inprogress: 'yellow', ReplyReceived: 'green' };

export const NotificationStatusBadge = ({ status }: { status: NotificationStatus }) => (
  <Badge size="sm" variant="light" color={STATUS_COLOR[status]} data-testid="notification-status">
    {NOTIFICATION_STATUS_TEXT[status]}
  </Badge>
);

const asked = (d: NotificationDocument): { text: string; reason: string }[] =>
  (
    [
      [d.actionRequired, d.gstr2aReason],
      [d.gstr2bActionRequired, d.gstr2bReason],
      [d.imsActionRequired, d.imsReason],
    ] as const
  )
    .filter((pair): pair is readonly [ActionRequired, string | null] => pair[0] !== null)
    .map(([action, reason]) => ({ text: ACTION_REQUIRED_TEXT[action], reason: reason ?? '' }));

const DocumentsTable = ({ documents }: { documents: NotificationDetail['documents'] }) => (
  <ScrollArea>
    <Table withTableBorder fz="xs" data-testid="notification-documents" miw={760}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>{nt('notification.documentNumber')}</Table.Th>
          <Table.Th>{nt('notification.documentDate')}</Table.Th>
          <Table.Th ta="right">{nt('notification.tax')}</Table.Th>
          <Table.Th>{nt('notification.actionRequired').replace(' (GSTR-2A)', '')}</Table.Th>
          <Table.Th>{nt('notification.actionTaken')}</Table.Th>
          <Table.Th>{nt('notification.rectificationDate')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {documents.map((d) => (
          <Table.Tr key={d.id} data-testid={`notification-document-${d.documentNumber}`}>
            <Table.Td>{d.serialNumber}</Table.Td>
            <Table.Td ff="monospace">{`${d.documentType} ${d.documentNumber}`}</Table.Td>
            <Table.Td>{d.documentDate ? formatDate(d.documentDate) : ''}</Table.Td>
            <Table.Td ta="right">
              <Amount paise={d.tax} />
            </Table.Td>
            <Table.Td>
              {asked(d).map((a) => (
                <Stack key={a.text} gap={0}>
                  <Text size="xs">{a.text}</Text>
                  <Text size="xs" c="dimmed">
                    {a.reason}
                  </Text>
                </Stack>
              ))}
            </Table.Td>
            <Table.Td data-testid="notification-action-taken">
              {d.actionTaken ? (REPLY_ACTION_TEXT[d.actionTaken as ReplyActionCode] ?? d.actionTaken) : '—'}
            </Table.Td>
            <Table.Td>{d.rectificationDate ? formatDate(d.rectificationDate) : ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </ScrollArea>
);

const DetailBody = ({ detail }: { detail: NotificationDetail }) => {
  const n = detail.notification;
  return (
    <Stack gap="md" data-testid="notification-detail">
      <FieldList>
        <Field label={nt('notification.status')}>
          <NotificationStatusBadge status={n.status} />
        </Field>
        <Field label={nt('notification.counterparty')}>{`${n.counterpartyName} ${n.counterpartyGstin}`}</Field>
        <Field label={nt('notification.gstin')}>{n.gstin}</Field>
        <Field label={nt('notification.sourceType')}>{NOTIFICATION_SOURCE_TEXT[n.sourceType]}</Field>
        <Field label={nt('notification.emails')}>{n.emails.join(', ') || '—'}</Field>
        <Field label={nt('notification.subject')}>{n.subject}</Field>
        {n.remarks ? <Field label={nt('notification.remarks')}>{n.remarks}</Field> : null}
        <Field label={nt('notification.assignee')}>{[n.assigneeUserName, n.assigneeLevelName].filter(Boolean).join(' · ') || '—'}</Field>
        <Field label={nt('notification.sentAt')}>{n.sentAt ? formatIstDateTime(n.sentAt) : '—'}</Field>
        <Field label={nt('notification.repliedAt')}>{n.repliedAt ? formatIstDateTime(n.repliedAt) : '—'}</Field>
      </FieldList>
      {n.receiverRemarks ? (
        <Alert variant="light" color="green" title={nt('notification.receiverRemarks')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="notification-receiver-remarks">
            {n.receiverRemarks}
          </Text>
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Title order={6}>{`${nt('notification.documents')} (${detail.documents.length})`}</Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          onClick={() =>
            void downloadNotificationDocuments(n.id).then((blob) => downloadBlob(blob, `notification-${n.id}-${n.counterpartyGstin}.xlsx`))
          }
          data-testid="notification-download"
        >
          {nt('notification.download')}
        </Button>
      </Group>
      <DocumentsTable documents={detail.documents} />
      {detail.attachments.length ? (
        <Stack gap={4}>
          <Title order={6}>{nt('notification.attachments')}</Title>
          {detail.attachments.map((a) => (
            <Anchor
              key={a.id}
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={() => void downloadAttachment(a.fileId).then((blob) => downloadBlob(blob, a.name))}
              data-testid="notification-attachment"
            >
              {a.name}
            </Anchor>
          ))}
        </Stack>
      ) : null}
      {detail.reminders.length ? (
        <Stack gap={4}>
          <Title order={6}>{nt('notification.reminders')}</Title>
          <Table withTableBorder fz="xs" data-testid="notification-reminders">
            <Table.Tbody>
              {detail.reminders.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{`${r.financialYear}-${String((r.financialYear + 1) % 100).padStart(2, '0')}`}</Table.Td>
                  <Table.Td>{String(r.returnPeriod).padStart(6, '0')}</Table.Td>
                  <Table.Td>{r.returnType}</Table.Td>
                  <Table.Td>{formatIstDateTime(r.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      <Stack gap={4}>
        <Title order={6}>{nt('notification.history')}</Title>
        <Table withTableBorder fz="xs" data-testid="notification-history">
          <Table.Tbody>
            {detail.events.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatIstDateTime(e.createdAt)}</Table.Td>
                <Table.Td>{e.action}</Table.Td>
                <Table.Td>{e.toStatus ? NOTIFICATION_STATUS_TEXT[e.toStatus] : ''}</Table.Td>
                <Table.Td>{e.note}</Table.Td>
                <Table.Td>{e.userName ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Stack>
  );
};

export const NotificationDrawer = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const query = useQuery({ queryKey: notificationKeys.detail(id ?? 0), queryFn: () => notificationDetail(id ?? 0), enabled: id !== null });
  return (
    <DetailDrawer
      opened={id !== null}
      onClose={onClose}
      title={
        query.data ? `${query.data.notification.counterpartyName || query.data.notification.counterpartyGstin}` : nt('notification.title')
      }
      testId="notification-drawer"
    >
      {query.isError ? (
        <Alert color="red" variant="light">
          {loadFailureText(query.error, 'The notification could not be loaded. Please try again.')}
        </Alert>
      ) : query.data ? (
        <DetailBody detail={query.data} />
      ) : null}
    </DetailDrawer>
  );
};

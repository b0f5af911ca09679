import { useCallback, useEffect, useRef, useState } from 'react';
import { Accordion, Alert, Button, Container, Group, List, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  RECEIVER_REMARKS_MAX,
  REPLY_ATTACHMENT_MAX_BYTES,
  REPLY_FROM_RECEIVER,
  type EnumItem,
  type ErrorItem,
  type ReplyDetailFilters,
  type ReplyDetailResponse,
  type ReplyDocument,
  type ReplyOption,
  type ReplySourceType,
  type ReplyValidateResponse,
} from '@opengst/contracts';
import { ApiError } from '../../../api/http';
import { preLoadSettingsQuery } from '../../../api/sessionData';
import { ReplyAttachments, isUploadUnfinished, type AttachmentRow } from './ReplyAttachments';
import { ReplyDocumentFilters, ReplyDocumentsTable, type Answer } from './ReplyDocuments';
import { replyApi, validateLink, type ReplyApi } from './replyApi';
import { say } from './replyText';

// The public notification-reply page (spec modules §2.8, §4, §5, §8): a counterparty opens the emailed link without an
// account, the link is validated into a short-lived public token, and they answer each document (action taken,
// rectification date), attach files and remark, then submit. /crn-notification-reply and /sales-notification-reply are
// the same page with their source type.

type FetchMode = 'FIRST_TIME' | 'FILTER' | 'LOAD_MORE';
type Labels = { documentType: EnumItem[]; actionRequired: EnumItem[]; imsAction: EnumItem[]; returnType: EnumItem[] };
type Header = Omit<ReplyDetailResponse, 'documents' | 'totalDocuments'>;

const SECTIONS = ['documents', 'reminders', 'attachment', 'remarks'] as const;
const NO_LABELS: Labels = { documentType: [], actionRequired: [], imsAction: [], returnType: [] };
const MEGABYTES = REPLY_ATTACHMENT_MAX_BYTES / (1024 * 1024);

/** "2024" → "2024-25" (spec §2.8: the financial year shown with a dash). */
const financialYearOf = (year: number) => (year > 0 ? `${year}-${String((year + 1) % 100).padStart(2, '0')}` : '');
/** 102024 → "10-2024". */
const returnPeriodOf = (period: number) => {
  if (period <= 0) return '';
  const text = String(period).padStart(6, '0');
  return `${text.slice(0, 2)}-${text.slice(2)}`;
};

/** Spec §5: Documents[i].ActionTaken and Documents[i].RectificationDate name a sent row's field. */
const FIELD_OF = /^Documents\[(\d+)\]\.(ActionTaken|RectificationDate)$/i;

const scrollToTop = () => {
  try {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  } catch {
    // No scrolling where there is no layout (tests); the summary is still shown.
  }
};

const errorItemsOf = (error: unknown): ErrorItem[] =>
  error instanceof ApiError && error.items.length > 0
    ? [...error.items]
    : [{ type: 'Error', code: 'GEN0005', message: error instanceof Error ? error.message : String(error) }];

export const NotificationReplyPage = ({ sourceType }: { sourceType: ReplySourceType }) => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Spec §2.8: the id's plus signs arrive as spaces when the link was decoded once too often.
  const request = (params.get('id') ?? '').replace(/ /g, '+');
  const { data: metadata } = useQuery(preLoadSettingsQuery);
  const pageSize = metadata?.pageSize ?? 50;

  const apiRef = useRef<ReplyApi | null>(null);
  const [link, setLink] = useState<ReplyValidateResponse | null>(null);
  const [header, setHeader] = useState<Header | null>(null);
  const [documents, setDocuments] = useState<ReplyDocument[]>([]);
  const [total, setTotal] = useState(0);
  const [start, setStart] = useState(0);
  const [filters, setFilters] = useState<ReplyDetailFilters>({});
  const [loading, setLoading] = useState(false);
  const [emptySearch, setEmptySearch] = useState(false);
  const [answers, setAnswers] = useState<Map<number, Answer>>(new Map());
  const [invalid, setInvalid] = useState<Map<number, Set<'actionTaken' | 'rectificationDate'>>>(new Map());
  const [remarks, setRemarks] = useState('');
  const [remarksRefused, setRemarksRefused] = useState(false);
  const [rows, setRows] = useState<AttachmentRow[]>([]);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [labels, setLabels] = useState<Labels>(NO_LABELS);
  const [options, setOptions] = useState<ReplyOption[]>([]);
  const [open, setOpen] = useState<string[]>([...SECTIONS]);
  const nextKey = useRef(1);

  /**
   * Runs a call with the public token; the token lives PUBLIC_REPLY_TOKEN_MINUTES, so a counterparty who takes longer
   * gets a fresh one from the same link (once) instead of losing the answers typed. A link no longer valid goes to
   * UnauthorizedAccess.
   */
  const withToken = useCallback(
    async <T,>(work: (api: ReplyApi) => Promise<T>): Promise<T> => {
      const api = apiRef.current;
      if (!api) throw new Error('The link is not validated yet.');
      try {
        return await work(api);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        let fresh: ReplyValidateResponse;
        try {
          fresh = await validateLink(request);
        } catch {
          void navigate('/unauthorized-access', { replace: true });
          throw error;
        }
        const next = replyApi(fresh.authorizationToken);
        apiRef.current = next;
        setLink(fresh);
        return work(next);
      }
    },
    [request, navigate],
  );

  const fetchDocuments = useCallback(
    async (id: number, mode: FetchMode, applied: ReplyDetailFilters, offset: number) => {
      setLoading(true);
      try {
        const page = await withToken((api) => api.detail({ id, start: offset, size: pageSize, filters: applied }));
        const { documents: items, totalDocuments, ...rest } = page;
        if (mode === 'FIRST_TIME') {
          setHeader(rest);
          setRemarks(rest.receiverRemarks);
          setRows(
            rest.attachments.map((attachment) => ({
              key: nextKey.current++,
              name: attachment.name,
              referenceNumber: attachment.referenceNumber,
              state: 'uploaded',
              file: null,
            })),
          );
        }
        setDocuments((current) => (mode === 'LOAD_MORE' ? [...current, ...items] : items));
        setEmptySearch(mode === 'FILTER' && items.length === 0);
        setTotal(totalDocuments);
        setStart(offset);
      } catch {
        // Spec §8: a failed detail fetch stops the table's loading, without a message.
      } finally {
        setLoading(false);
      }
    },
    [pageSize, withToken],
  );

  /** Spec §4 page load: validate, the token, the reply enumerations, then the first page. Also the reset after submit. */
  const load = useCallback(async () => {
    let validated: ReplyValidateResponse;
    try {
      if (!request) throw new Error('no link');
      validated = await validateLink(request);
    } catch {
      void navigate('/unauthorized-access', { replace: true });
      return;
    }
    const api = replyApi(validated.authorizationToken);
    apiRef.current = api;
    setLink(validated);
    setAnswers(new Map());
    setInvalid(new Map());
    setRemarksRefused(false);
    setFilters({});
    const enums = (type: 'DocumentType' | 'ActionRequired' | 'ReturnType' | 'AttachmentFrom') =>
      api.enumByType({ type }).catch(() => [] as EnumItem[]);
    const [documentType, actionRequired, imsAction, returnType, , choices] = await Promise.all([
      enums('DocumentType'),
      enums('ActionRequired'),
      api.enumByType({ type: 'ImsAction', suffixes: 'ImsAll', groups: 'ImsReconciliation' }).catch(() => [] as EnumItem[]),
      enums('ReturnType'),
      enums('AttachmentFrom'),
      api.options(validated.sourceType).catch(() => [] as ReplyOption[]),
    ]);
    setLabels({ documentType, actionRequired, imsAction, returnType });
    setOptions(choices);
    await fetchDocuments(validated.id, 'FIRST_TIME', {}, 0);
  }, [request, navigate, fetchDocuments]);

  useEffect(() => {
    void load();
  }, [load]);

  const showErrors = (items: ErrorItem[]) => {
    setErrors(items);
    scrollToTop();
  };

  const answer = (document: ReplyDocument, patch: Partial<Answer>) =>
    setAnswers((current) => {
      const next = new Map(current);
      const was = current.get(document.id) ?? {
        serialNumber: document.serialNumber,
        actionTaken: document.actionTaken,
        rectificationDate: document.rectificationDate,
      };
      next.set(document.id, { ...was, ...patch });
      return next;
    });

  const choose = (key: number, file: File | null) => {
    const patch = (change: Partial<AttachmentRow>) =>
      setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    if (!file || !apiRef.current) {
      patch({ name: '', referenceNumber: '', state: 'empty', file: null });
      return;
    }
    patch({ name: file.name, referenceNumber: '', state: 'uploading', file });
    withToken((api) => api.upload(file)).then(
      (uploaded) => patch({ referenceNumber: String(uploaded.id), state: 'uploaded' }),
      (error: unknown) => {
        // Spec §4: a refused file (422) stays in the input to be seen; any other failure empties it.
        const refused = error instanceof ApiError && error.status === 422;
        patch({ state: 'failed', referenceNumber: '', ...(refused ? {} : { file: null }) });
        showErrors(errorItemsOf(error));
      },
    );
  };

  const submit = async () => {
    if (!apiRef.current || !link || !header) return;
    // Spec §5: only rows with an action or a date; only named attachment rows; attachments null when none.
    const sent = [...answers]
      .filter(([, value]) => value.actionTaken > 0 || value.rectificationDate)
      .map(([id, value]) => ({
        id,
        serialNumber: value.serialNumber,
        actionTaken: value.actionTaken,
        rectificationDate: value.rectificationDate,
      }));
    const attachments = rows
      .filter((row) => row.name)
      .map((row) => ({ name: row.name, referenceNumber: row.referenceNumber, attachmentFrom: REPLY_FROM_RECEIVER }));
    setSubmitting(true);
    setErrors([]);
    setInvalid(new Map());
    setRemarksRefused(false);
    setSubmitted(false);
    try {
      await withToken((api) =>
        api.submit({
          id: link.id,
          entityId: header.entityId,
          receiverRemarks: remarks,
          sourceType: link.sourceType,
          attachments: attachments.length > 0 ? attachments : null,
          documents: sent,
          reminders: header.reminders,
        }),
      );
      setSubmitted(true);
      await load();
    } catch (error) {
      const items = errorItemsOf(error);
      const refused = new Map<number, Set<'actionTaken' | 'rectificationDate'>>();
      for (const item of items) {
        if (/^ReceiverRemarks$/i.test(item.propertyName ?? '')) setRemarksRefused(true);
        const match = FIELD_OF.exec(item.propertyName ?? '');
        const row = match ? sent[Number(match[1])] : undefined;
        if (!match || !row) continue;
        const fields = refused.get(row.id) ?? new Set();
        fields.add(match[2]?.toLowerCase() === 'actiontaken' ? 'actionTaken' : 'rectificationDate');
        refused.set(row.id, fields);
      }
      setInvalid(refused);
      showErrors(items);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = () => {
    setSubmitted(false);
    setErrors([]);
    void load();
  };

  const blocked = isUploadUnfinished(rows);
  const allOpen = open.length === SECTIONS.length;
  const reminders = header?.reminders ?? [];

  return (
    <Container size="xl" py="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {say(`reply.title.${sourceType}`)}
          </Title>
          <Button size="xs" variant="subtle" onClick={() => setOpen(allOpen ? [] : [...SECTIONS])}>
            {allOpen ? say('reply.collapseAll') : say('reply.expandAll')}
          </Button>
        </Group>
        {submitted && (
          <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="reply-success">
            {say('reply.submitted')}
          </Alert>
        )}
        {errors.length > 0 && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={say('reply.errors')} data-testid="reply-errors">
            <List size="sm">
              {errors.map((item, index) => (
                <List.Item key={`${item.code}-${index}`}>{item.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {header && link && (
          <Text size="sm">
            {say(`reply.intro.${link.sourceType}`, { sender: header.senderName, gstin: header.senderGstin, receiver: header.receiverName })}
          </Text>
        )}
        <Accordion multiple value={open} onChange={setOpen} variant="separated">
          <Accordion.Item value="documents">
            <Accordion.Control>{say('reply.section.documents')}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <ReplyDocumentFilters
                  hasToken={Boolean(link?.authorizationToken)}
                  labels={labels}
                  onApply={(next) => {
                    setFilters(next);
                    if (link) void fetchDocuments(link.id, 'FILTER', next, 0);
                  }}
                />
                <ReplyDocumentsTable
                  documents={documents}
                  total={total}
                  start={start}
                  pageSize={pageSize}
                  loading={loading}
                  emptySearch={emptySearch}
                  labels={labels}
                  options={options}
                  answers={answers}
                  invalid={invalid}
                  startDate={link?.startDate ?? ''}
                  maxDate={link?.maxDate ?? ''}
                  onAnswer={answer}
                  onLoadMore={() => {
                    if (link) void fetchDocuments(link.id, 'LOAD_MORE', filters, start + pageSize);
                  }}
                />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="reminders">
            <Accordion.Control>{say('reply.section.reminders')}</Accordion.Control>
            <Accordion.Panel>
              {reminders.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {say('reply.noRecordsAvailable')}
                </Text>
              ) : (
                <Table fz="xs" withTableBorder data-testid="reply-reminders">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{say('reply.reminder.financialYear')}</Table.Th>
                      <Table.Th>{say('reply.reminder.returnPeriod')}</Table.Th>
                      <Table.Th>{say('reply.reminder.returnType')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {reminders.map((reminder) => (
                      <Table.Tr key={reminder.id}>
                        <Table.Td>{financialYearOf(reminder.financialYear)}</Table.Td>
                        <Table.Td>{returnPeriodOf(reminder.returnPeriod)}</Table.Td>
                        <Table.Td>
                          {labels.returnType.find((item) => item.value === reminder.returnType)?.name ?? reminder.returnType}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="attachment">
            <Accordion.Control>{say('reply.section.attachment')}</Accordion.Control>
            <Accordion.Panel>
              <ReplyAttachments
                rows={rows}
                megabytes={MEGABYTES}
                onAdd={() =>
                  setRows((current) => [...current, { key: nextKey.current++, name: '', referenceNumber: '', state: 'empty', file: null }])
                }
                onChoose={choose}
                onRemove={(key) => setRows((current) => current.filter((row) => row.key !== key))}
              />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="remarks">
            <Accordion.Control>{say('reply.section.remarks')}</Accordion.Control>
            <Accordion.Panel>
              <Textarea
                label={say('reply.remarks')}
                value={remarks}
                onChange={(event) => setRemarks(event.currentTarget.value)}
                maxLength={RECEIVER_REMARKS_MAX}
                autosize
                minRows={3}
                error={remarksRefused || undefined}
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        {blocked && (
          <Text size="xs" c="dimmed" data-testid="reply-blocked">
            {say('reply.blockedByUpload')}
          </Text>
        )}
        <Paper withBorder p="xs">
          <Group justify="flex-end">
            <Button variant="default" onClick={reset} disabled={submitting}>
              {say('reply.reset')}
            </Button>
            <Button onClick={() => void submit()} disabled={blocked || !header} loading={submitting}>
              {say('reply.submit')}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
};

export const NotificationReplyScreen = () => <NotificationReplyPage sourceType="Gsp" />;
export const CrnNotificationReplyScreen = () => <NotificationReplyPage sourceType="Crn" />;
export const SalesNotificationReplyScreen = () => <NotificationReplyPage sourceType="Sales" />;

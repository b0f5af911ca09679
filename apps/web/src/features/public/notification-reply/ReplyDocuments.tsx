import { useState, type KeyboardEvent } from 'react';
import { Anchor, Button, Group, Loader, Select, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { EnumItem, ReplyDetailFilters, ReplyDocument, ReplyOption } from '@opengst/contracts';
import { DateField } from '../../../shared/DateField';
import { formatCount, formatDate } from '../../../shared/format';
import { say } from './replyText';

/** What the counterparty answered for a document (spec §3: actionTaken 0 is none). */
export type Answer = { serialNumber: number; actionTaken: number; rectificationDate: string | null };

type Labels = { documentType: readonly EnumItem[]; actionRequired: readonly EnumItem[]; imsAction: readonly EnumItem[] };

const labelOf = (items: readonly EnumItem[], value: string | null) =>
  value === null ? '' : (items.find((item) => item.value === value)?.name ?? value);

type FilterProps = {
  hasToken: boolean;
  labels: Labels;
  onApply: (filters: ReplyDetailFilters) => void;
};

/** The documents filter block (spec §2.8): number, date, and with a token the document type and action required. */
export const ReplyDocumentFilters = ({ hasToken, labels, onApply }: FilterProps) => {
  const [draft, setDraft] = useState<ReplyDetailFilters>({});
  const apply = (next: ReplyDetailFilters) => {
    const filters = Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as ReplyDetailFilters;
    onApply(filters);
  };
  const set = (patch: ReplyDetailFilters) => setDraft((current) => ({ ...current, ...patch }));
  return (
    <Group align="flex-end" gap="xs" data-testid="reply-filters">
      <TextInput
        size="xs"
        label={say('reply.filter.documentNumber')}
        value={draft.documentNumber ?? ''}
        onChange={(event) => set({ documentNumber: event.currentTarget.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(draft);
        }}
      />
      <DateField
        size="xs"
        label={say('reply.filter.documentDate')}
        value={draft.documentDate ?? ''}
        onChange={(iso) => set({ documentDate: iso })}
      />
      {hasToken && (
        <>
          <Select
            size="xs"
            label={say('reply.filter.documentType')}
            placeholder={say('reply.filter.any')}
            data={labels.documentType.map((item) => ({ value: item.value, label: item.name }))}
            value={draft.documentType ?? null}
            onChange={(value) => set({ documentType: value ?? '' })}
            clearable
          />
          <Select
            size="xs"
            label={say('reply.filter.actionRequired')}
            placeholder={say('reply.filter.any')}
            data={labels.actionRequired.map((item) => ({ value: item.value, label: item.name }))}
            value={draft.actionRequired ?? null}
            onChange={(value) => set({ actionRequired: value ?? '' })}
            clearable
          />
        </>
      )}
      <Button size="xs" onClick={() => apply(draft)}>
        {say('reply.filter.apply')}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          setDraft({});
          apply({});
        }}
      >
        {say('reply.filter.clear')}
      </Button>
    </Group>
  );
};

type TableProps = {
  documents: readonly ReplyDocument[];
  total: number;
  /** The offset of the last page fetched. */
  start: number;
  pageSize: number;
  loading: boolean;
  emptySearch: boolean;
  labels: Labels;
  options: readonly ReplyOption[];
  answers: ReadonlyMap<number, Answer>;
  /** Document ids whose field the server refused, by field. */
  invalid: ReadonlyMap<number, ReadonlySet<'actionTaken' | 'rectificationDate'>>;
  startDate: string;
  maxDate: string;
  onAnswer: (document: ReplyDocument, patch: Partial<Answer>) => void;
  onLoadMore: () => void;
};

/** Spec §2.8: typing in the date clears it (only picking sets it); Tab still moves on. */
const clearOnTyping = (clear: () => void) => (event: KeyboardEvent<HTMLButtonElement>) => {
  if (event.key === 'Tab' || event.key === 'Enter' || event.key === ' ' || event.key === 'Escape') return;
  event.preventDefault();
  clear();
};

export const ReplyDocumentsTable = (props: TableProps) => {
  const { documents, total, start, pageSize, loading, emptySearch, labels, options, answers, invalid } = props;
  const choices = [{ value: '0', label: say('reply.actionTaken.none') }, ...options.map((o) => ({ value: String(o.id), label: o.name }))];
  const empty = documents.length === 0;
  return (
    <>
      <Table.ScrollContainer minWidth={1500}>
        <Table striped withTableBorder fz="xs" verticalSpacing={4} data-testid="reply-documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{say('reply.col.documentNumber')}</Table.Th>
              <Table.Th>{say('reply.col.documentDate')}</Table.Th>
              <Table.Th>{say('reply.col.documentType')}</Table.Th>
              <Table.Th>{say('reply.col.actionRequired2a')}</Table.Th>
              <Table.Th>{say('reply.col.actionRequired2b')}</Table.Th>
              <Table.Th>{say('reply.col.actionRequiredIms')}</Table.Th>
              <Table.Th>{say('reply.col.reason2a')}</Table.Th>
              <Table.Th>{say('reply.col.reason2b')}</Table.Th>
              <Table.Th>{say('reply.col.reasonIms')}</Table.Th>
              <Table.Th>{say('reply.col.imsAction')}</Table.Th>
              <Table.Th miw={230}>{say('reply.col.actionTaken')}</Table.Th>
              <Table.Th miw={150}>{say('reply.col.rectificationDate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((document) => {
              const answer = answers.get(document.id) ?? {
                serialNumber: document.serialNumber,
                actionTaken: document.actionTaken,
                rectificationDate: document.rectificationDate,
              };
              const refused = invalid.get(document.id);
              return (
                <Table.Tr key={document.id} data-testid={`reply-document-${document.id}`}>
                  <Table.Td>{document.documentNumber}</Table.Td>
                  <Table.Td>{document.documentDate ? formatDate(document.documentDate) : ''}</Table.Td>
                  <Table.Td>{labelOf(labels.documentType, document.documentType)}</Table.Td>
                  <Table.Td>{labelOf(labels.actionRequired, document.actionRequired)}</Table.Td>
                  <Table.Td>{labelOf(labels.actionRequired, document.gstr2bActionRequired)}</Table.Td>
                  <Table.Td>{labelOf(labels.actionRequired, document.imsActionRequired)}</Table.Td>
                  <Table.Td>{document.gstr2aReason}</Table.Td>
                  <Table.Td>{document.gstr2bReason}</Table.Td>
                  <Table.Td>{document.imsReason}</Table.Td>
                  <Table.Td>{labelOf(labels.imsAction, document.imsAction)}</Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      aria-label={`${say('reply.col.actionTaken')} ${document.documentNumber}`}
                      data={choices}
                      value={String(answer.actionTaken)}
                      onChange={(value) => props.onAnswer(document, { actionTaken: Number(value ?? 0) })}
                      allowDeselect={false}
                      error={refused?.has('actionTaken') || undefined}
                    />
                  </Table.Td>
                  <Table.Td>
                    <DatePickerInput
                      size="xs"
                      aria-label={`${say('reply.col.rectificationDate')} ${document.documentNumber}`}
                      placeholder="DD-MM-YYYY"
                      valueFormat="DD-MM-YYYY"
                      value={answer.rectificationDate}
                      onChange={(value) => props.onAnswer(document, { rectificationDate: value ?? null })}
                      onKeyDown={clearOnTyping(() => props.onAnswer(document, { rectificationDate: null }))}
                      minDate={props.startDate}
                      maxDate={props.maxDate}
                      clearable
                      // UI.md: no red weekends (colour alone) and no greyed days of the other months.
                      weekendDays={[]}
                      hideOutsideDates
                      error={refused?.has('rectificationDate') || undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loading && <Loader size="sm" aria-label="Loading documents" role="status" />}
      {!loading && empty && (
        <Text size="sm" c="dimmed" data-testid="reply-empty">
          {emptySearch ? say('reply.noSearchResult') : say('reply.noRecordsAvailable')}
        </Text>
      )}
      {!empty &&
        (total > start + pageSize ? (
          <Anchor component="button" size="sm" onClick={props.onLoadMore} disabled={loading} data-testid="reply-load-more">
            {say('reply.loadMore')}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed" data-testid="reply-count" aria-disabled>
            {say('reply.count', { shown: formatCount(documents.length), total: formatCount(total) })}
          </Text>
        ))}
    </>
  );
};

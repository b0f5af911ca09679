import { useEffect, useMemo } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { RECONCILIATION_DOCUMENTS_REPORT, type DocumentFilters, type RunDocument } from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { formatDate } from '../../../shared/format';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { NameOverCode, reportColumn } from '../../../shared/report/reportColumns';
import { useReport } from '../../../shared/report/useReport';
import { Amount } from '../Amount';
import { ReconciliationStatusBadge } from '../ReconciliationStatusBadge';
import { reconciliationKeys } from '../reconciliationApi';

// One side's documents to link (manual reconciliation, link document): the documents report of the run for that
// side, with one or many chosen. The choice is kept as documents, not ids, so the sums stay right when the list
// is filtered again.

const REPORT = RECONCILIATION_DOCUMENTS_REPORT;

export type PickerFilters = Omit<DocumentFilters, 'runId' | 'side'>;

type Props = {
  runId: number;
  side: 'books' | 'portal';
  /** Names the list among the run's queries ("manual-books"). */
  listKey: string;
  filters: PickerFilters;
  selected: readonly RunDocument[];
  onChange: (next: RunDocument[]) => void;
  isSingle?: boolean;
  title: string;
  emptyText: string;
  showStatus?: boolean;
  onTotal?: (total: number) => void;
};

const columns = (t: Translate, showStatus: boolean): Column<RunDocument>[] => [
  ...(showStatus ? [reportColumn(REPORT, 'status', t, { render: (row) => <ReconciliationStatusBadge status={row.status} /> })] : []),
  reportColumn(REPORT, 'supplierName', t, {
    width: 190,
    render: (row) => <NameOverCode name={row.supplierName} code={row.supplierGstin} maxWidth={180} />,
  }),
  reportColumn(REPORT, 'documentNumber', t, {
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.documentNumber}
        </Text>
        <Text size="xs" c="dimmed">
          {`${row.documentType} · ${formatDate(row.documentDate)}`}
        </Text>
      </Stack>
    ),
  }),
  reportColumn(REPORT, 'returnPeriod', t),
  reportColumn(REPORT, 'taxable', t, { render: (row) => <Amount paise={row.taxable} /> }),
  reportColumn(REPORT, 'tax', t, { render: (row) => <Amount paise={row.tax} /> }),
];

export const DocumentPicker = (props: Props) => {
  const t = useText();
  const { runId, side, listKey, selected, onChange, isSingle = false, onTotal } = props;
  const filters = useMemo(() => ({ runId, side, ...props.filters }), [runId, side, props.filters]);
  const list = useReport(REPORT, reconciliationKeys.documents(runId, listKey), filters, undefined);
  useEffect(() => {
    if (!list.isPending) onTotal?.(list.totalRecords);
  }, [list.isPending, list.totalRecords, onTotal]);
  const choose = (ids: number[]) => {
    const known = new Map([...selected, ...list.rows].map((document) => [document.id, document]));
    const added = ids.filter((id) => !selected.some((document) => document.id === id));
    const kept = isSingle ? added.slice(-1) : ids;
    onChange(kept.flatMap((id) => known.get(id) ?? []));
  };
  return (
    <Stack gap={6} data-testid={`picker-${listKey}`}>
      <Title order={3} size="h6">
        {props.title}
      </Title>
      <DataTable
        columns={columns(t, props.showStatus ?? false)}
        rows={list.rows}
        rowId={(row) => row.id}
        rowTestId={(row) => `${listKey}-${row.documentNumber}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={props.emptyText}
        selection={{ selected: selected.map((document) => document.id), onChange: choose, actions: null }}
        onRowClick={(row) =>
          choose(
            selected.some((document) => document.id === row.id)
              ? selected.filter((d) => d.id !== row.id).map((d) => d.id)
              : [...selected.map((d) => d.id), row.id],
          )
        }
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        maxHeight={420}
        rowHeight={44}
      />
    </Stack>
  );
};

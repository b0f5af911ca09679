import { useState } from 'react';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { financialYearOfPeriod } from '@opengst/domain';
import {
  InwardMethodSchema,
  InwardOutcomeSchema,
  returnPeriodsBetween,
  type InwardMethod,
  type InwardOutcome,
  type InwardSource,
  type InwardSummaryFilters,
  type InwardSummaryRow,
} from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { PeriodRangeSelects } from '../../../shared/filter-bar/PeriodPickers';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatCount, formatDateTime } from '../../../shared/format';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { useListQuery } from '../../../shared/list/useListQuery';
import { GstinOverName } from '../../../shared/report/reportColumns';
import { inwardKeys, searchInwardSummary } from './inwardApi';
import { INWARD_SOURCES, lastMonthOf, OUTCOME_COLOR, recentPeriods, SOURCE_NAME } from './inwardRules';

// The "auto data download summary" tab of /gstr-2a-reconciliation (spec core §2): per GSTIN, return period and source,
// the last download or upload (how, when, by whom, how it went, its message) and the data in use, filtered by GSTIN,
// periods, source, how and status, sorted by its columns, loaded a page at a time.

export type AutoDownloadSummaryProps = {
  /** Only these GSTINs (location entity ids), as the screen around it chose; the user picks among theirs when absent. */
  entityIds?: readonly number[] | undefined;
  /** Only these return periods (MMYYYY); the user picks a range when absent. */
  returnPeriods?: readonly string[] | undefined;
};

const DEFAULT_SORT: SortState = { column: 'returnPeriod', direction: 'DESC' };

const OutcomeBadge = ({ row }: { row: InwardSummaryRow }) => {
  const t = useText();
  return (
    <Badge size="sm" variant="light" radius="sm" color={OUTCOME_COLOR[row.outcome]} data-outcome={row.outcome}>
      {t(`returns.inward.outcome.${row.outcome}`)}
    </Badge>
  );
};

const columns = (t: Translate): Column<InwardSummaryRow>[] => [
  {
    key: 'gstin',
    header: t('returns.inward.summary.gstin'),
    sortKey: 'gstin',
    width: 190,
    render: (row) => <GstinOverName gstin={row.gstin} name={row.entityName} />,
  },
  {
    key: 'returnPeriod',
    header: t('returns.inward.summary.period'),
    sortKey: 'returnPeriod',
    width: 90,
    render: (row) => periodLabel(row.returnPeriod),
  },
  { key: 'source', header: t('returns.inward.summary.source'), width: 80, render: (row) => SOURCE_NAME[row.source] },
  { key: 'method', header: t('returns.inward.summary.method'), width: 110, render: (row) => t(`returns.inward.method.${row.method}`) },
  { key: 'status', header: t('returns.inward.summary.status'), sortKey: 'status', width: 130, render: (row) => <OutcomeBadge row={row} /> },
  {
    key: 'documentCount',
    header: t('returns.inward.summary.documents'),
    isNumeric: true,
    width: 90,
    render: (row) => (row.outcome === 'Downloaded' ? formatCount(row.documentCount) : '—'),
  },
  {
    key: 'startedAt',
    header: t('returns.inward.summary.when'),
    sortKey: 'startedAt',
    width: 130,
    render: (row) => formatDateTime(row.completedAt ?? row.startedAt),
  },
  {
    key: 'by',
    header: t('returns.inward.summary.by'),
    width: 130,
    render: (row) => row.userName ?? (row.method === 'Scheduled' ? t('returns.inward.summary.schedule') : '—'),
  },
  {
    key: 'message',
    header: t('returns.inward.summary.message'),
    render: (row) =>
      row.message ? (
        <Text size="xs" c={row.outcome === 'Failed' ? 'red' : undefined} lineClamp={2} title={row.message}>
          {row.message}
        </Text>
      ) : (
        '—'
      ),
  },
  {
    key: 'inUse',
    header: t('returns.inward.summary.inUse'),
    width: 170,
    render: (row) => (
      <Text size="xs" c={row.lastCompletedAt ? undefined : 'dimmed'}>
        {row.lastCompletedAt
          ? t('returns.inward.summary.inUseOf', { n: formatCount(row.documents), time: formatDateTime(row.lastCompletedAt) })
          : t('returns.inward.summary.noneInUse')}
      </Text>
    ),
  },
];

export const AutoDownloadSummary = ({ entityIds, returnPeriods }: AutoDownloadSummaryProps) => {
  const t = useText();
  const now = new Date();
  const periods = recentPeriods(now);
  const [gstins, setGstins] = useState<string[]>([]);
  const [fromPeriod, setFromPeriod] = useState<string | null>(null);
  const [toPeriod, setToPeriod] = useState<string | null>(null);
  const [source, setSource] = useState<InwardSource | null>(null);
  const [method, setMethod] = useState<InwardMethod | null>(null);
  const [outcome, setOutcome] = useState<InwardOutcome | null>(null);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const chosenPeriods =
    returnPeriods ?? (fromPeriod || toPeriod ? returnPeriodsBetween(fromPeriod ?? toPeriod ?? '', toPeriod ?? fromPeriod ?? '') : null);
  const chosenEntities = entityIds ?? (gstins.length > 0 ? gstins.map(Number) : null);
  const filters: InwardSummaryFilters = {
    ...(chosenEntities ? { entityIds: [...chosenEntities] } : {}),
    ...(chosenPeriods ? { returnPeriods: [...chosenPeriods] } : {}),
    ...(source ? { sources: [source] } : {}),
    ...(method ? { methods: [method] } : {}),
    ...(outcome ? { outcomes: [outcome] } : {}),
  };
  const sortExpression = toSortExpression(sort);
  const list = useListQuery(inwardKeys.summary(filters, sortExpression), (page) => searchInwardSummary(filters, sortExpression, page));
  return (
    <Stack gap="sm" data-testid="inward-summary">
      <Group gap="sm" align="flex-end">
        {entityIds ? null : (
          <GstinMultiSelect
            financialYear={financialYearOfPeriod(lastMonthOf(now))}
            value={gstins}
            onChange={setGstins}
            label={t('returns.inward.summary.gstin')}
            placeholder={t('returns.inward.bulk.gstinsPlaceholder')}
            w={320}
            testId="inward-summary-gstins"
          />
        )}
        {returnPeriods ? null : (
          <PeriodRangeSelects
            periods={periods}
            from={fromPeriod}
            to={toPeriod}
            onFromChange={setFromPeriod}
            onToChange={setToPeriod}
            labels={{ from: t('returns.inward.bulk.from'), to: t('returns.inward.bulk.to') }}
            w={120}
            isClearable
            testIdPrefix="inward-summary"
          />
        )}
        <Select
          size="xs"
          w={130}
          label={t('returns.inward.summary.source')}
          placeholder={t('returns.inward.summary.allSources')}
          data={INWARD_SOURCES.map((value) => ({ value, label: SOURCE_NAME[value] }))}
          value={source}
          onChange={(value) => setSource(value as InwardSource | null)}
          clearable
          data-testid="inward-summary-source"
        />
        <Select
          size="xs"
          w={140}
          label={t('returns.inward.summary.method')}
          placeholder={t('returns.inward.summary.anyMethod')}
          data={InwardMethodSchema.options.map((value) => ({ value, label: t(`returns.inward.method.${value}`) }))}
          value={method}
          onChange={(value) => setMethod(value as InwardMethod | null)}
          clearable
          data-testid="inward-summary-method"
        />
        <Select
          size="xs"
          w={150}
          label={t('returns.inward.summary.status')}
          placeholder={t('returns.inward.summary.anyStatus')}
          data={InwardOutcomeSchema.options.map((value) => ({ value, label: t(`returns.inward.outcome.${value}`) }))}
          value={outcome}
          onChange={(value) => setOutcome(value as InwardOutcome | null)}
          clearable
          data-testid="inward-summary-outcome"
        />
      </Group>
      <DataTable
        columns={columns(t)}
        rowId={(row) => row.activityId}
        rowTestId={(row) => `inward-summary-row-${row.gstin}-${row.returnPeriod}-${row.source}`}
        rowLabel={(row) => `${row.gstin} ${periodLabel(row.returnPeriod)} ${SOURCE_NAME[row.source]}`}
        emptyText={t('returns.inward.summary.empty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        {...listTableProps(list)}
        maxHeight={560}
      />
    </Stack>
  );
};

import { useCallback, useEffect, useState } from 'react';
import { Stack, Tabs, Text } from '@mantine/core';
import { RETURN_TYPE_LABELS, FiledReturnFormSchema, type DataActivity, type DataActivityKind } from '@opengst/contracts';
import { useText, type Translate } from '../../i18n/useText';
import { ActivityCountCell, ActivityStartedCell, activityPeriodText, ProcessingStatusBadge } from '../../shared/dataActivityCells';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { GstinOverName } from '../../shared/report/reportColumns';
import { TabLabel } from '../../shared/TabLabel';
import { useRights } from '../../shared/useRights';
import { visibleTabs, type DataActivityTab } from './dataActivityTabs';
import { dataActivityKeys, searchDataActivities } from './dataActivityApi';

// /data-activities (spec core §2 "Data activities"): what was pushed to the tax portal, what was synced from it, and
// the failed callbacks; each list sorted id DESC with load more, each shown only with its right.

const DEFAULT_SORT: SortState = parseSortExpression('id DESC');

const returnTypeLabel = (returnType: string): string => {
  const parsed = FiledReturnFormSchema.safeParse(returnType);
  return parsed.success ? RETURN_TYPE_LABELS[parsed.data] : returnType;
};

const columns = (t: Translate): Column<DataActivity>[] => [
  { key: 'id', header: t('dataActivities.id'), sortKey: 'id', width: 70, isNumeric: true, render: (row) => row.id },
  {
    key: 'createdAt',
    header: t('dataActivities.createdAt'),
    sortKey: 'createdAt',
    width: 136,
    render: (row) => <ActivityStartedCell activity={row} maxWidth={136} />,
  },
  {
    key: 'gstin',
    header: t('returns.gstin'),
    render: (row) => <GstinOverName gstin={row.gstin} name={row.entityName} />,
  },
  {
    key: 'action',
    header: t('returns.action'),
    width: 130,
    render: (row) => (
      <Text span size="sm" fw={500}>
        {row.action}
      </Text>
    ),
  },
  {
    key: 'return',
    header: t('dataActivities.return'),
    width: 120,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {returnTypeLabel(row.returnType)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {activityPeriodText(row.returnPeriod)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'status',
    header: t('returns.status'),
    sortKey: 'status',
    width: 130,
    render: (row) => <ProcessingStatusBadge status={row.status} />,
  },
  {
    key: 'documentCount',
    header: t('returns.documents'),
    isNumeric: true,
    width: 96,
    render: (row) => <ActivityCountCell activity={row} errorText={(n) => t('dataActivities.errorCount', { n })} />,
  },
  {
    key: 'portalReferenceId',
    header: t('dataActivities.reference'),
    width: 150,
    render: (row) => (
      <Text size="xs" ff="monospace" truncate maw={150} title={row.portalReferenceId ?? undefined}>
        {row.portalReferenceId ?? '—'}
      </Text>
    ),
  },
  { key: 'message', header: t('returns.message'), render: (row) => <Text size="xs">{row.message ?? '—'}</Text> },
];

const ActivityList = ({ tab, onTotal }: { tab: DataActivityTab; onTotal: (kind: DataActivityKind, total: number) => void }) => {
  const t = useText();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sortExpression = toSortExpression(sort);
  const list = useListQuery([...dataActivityKeys.list(tab.kind), sortExpression], (page) =>
    searchDataActivities(tab.kind, page, sortExpression),
  );
  useEffect(() => onTotal(tab.kind, list.totalRecords), [list.totalRecords, onTotal, tab.kind]);
  return (
    <DataTable
      columns={columns(t)}
      rows={list.rows}
      rowId={(row) => row.id}
      rowTestId={(row) => `activity-${row.id}`}
      rowLabel={(row) => `${row.action} ${row.gstin} ${row.returnPeriod}`}
      totalRecords={list.totalRecords}
      isLoading={list.isPending}
      emptyText={t(tab.empty)}
      sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
      loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
    />
  );
};

export const DataActivitiesScreen = () => {
  const t = useText();
  const rights = useRights(['DataActivitiesPush', 'DataActivitiesSync', 'DataActivitiesCallbacks']);
  const tabs = visibleTabs(rights);
  const [active, setActive] = useState<DataActivityKind | null>(null);
  const [totals, setTotals] = useState<Partial<Record<DataActivityKind, number>>>({});
  const onTotal = useCallback(
    (kind: DataActivityKind, total: number) => setTotals((current) => (current[kind] === total ? current : { ...current, [kind]: total })),
    [],
  );
  const value = active ?? tabs[0]?.kind ?? null;
  if (tabs.length === 0) return null;
  return (
    <Tabs value={value} onChange={(next) => setActive(next as DataActivityKind | null)}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.kind} value={tab.kind} data-testid={`tab-${tab.kind}`}>
            <TabLabel label={t(tab.label)} count={totals[tab.kind]} countTestId={`tab-count-${tab.kind}`} />
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.kind} value={tab.kind} pt="xs" data-testid={`panel-${tab.kind}`}>
          <ActivityList tab={tab} onTotal={onTotal} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};

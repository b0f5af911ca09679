import { useCallback, useEffect, useState } from 'react';
import { Badge, Group, Stack, Tabs, Text } from '@mantine/core';
import { RETURN_TYPE_LABELS, FiledReturnFormSchema, type DataActivity, type DataActivityKind } from '@opengst/contracts';
import { useText, type TextKey, type Translate } from '../../i18n/useText';
import { periodLabel } from '../../shared/filter-bar/periods';
import { formatCount, formatDateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { useListQuery } from '../../shared/list/useListQuery';
import { useRights } from '../../shared/useRights';
import { PROCESSING_STATUS_COLOR, visibleTabs, type DataActivityTab } from './dataActivityTabs';
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
    // Who started it beneath when, so the table stays within a laptop screen.
    render: (row) => (
      <Stack gap={0}>
        <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatDateTime(row.createdAt)}
        </Text>
        <Text size="xs" c="dimmed" truncate maw={136} title={row.userName ?? undefined}>
          {row.userName ?? '—'}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'gstin',
    header: t('returns.gstin'),
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.gstin}
        </Text>
        <Text size="xs" c="dimmed" truncate maw={180} title={row.entityName}>
          {row.entityName}
        </Text>
      </Stack>
    ),
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
          {/^\d{6}$/.test(row.returnPeriod) ? periodLabel(row.returnPeriod) : row.returnPeriod}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'status',
    header: t('returns.status'),
    sortKey: 'status',
    width: 130,
    render: (row) => (
      <Badge
        size="sm"
        variant="light"
        radius="sm"
        tt="none"
        style={{ minWidth: 'max-content' }}
        color={PROCESSING_STATUS_COLOR[row.status]}
        data-status={row.status}
      >
        {t(`dataActivities.status.${row.status}` as TextKey)}
      </Badge>
    ),
  },
  {
    key: 'documentCount',
    header: t('returns.documents'),
    isNumeric: true,
    width: 96,
    render: (row) => (
      <Stack gap={0} align="flex-end">
        <Text span size="sm">
          {formatCount(row.documentCount)}
        </Text>
        {row.errorCount > 0 ? (
          <Text span size="xs" c="red" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {t('dataActivities.errorCount', { n: formatCount(row.errorCount) })}
          </Text>
        ) : null}
      </Stack>
    ),
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
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500}>
                {t(tab.label)}
              </Text>
              {totals[tab.kind] !== undefined ? (
                <Badge
                  size="sm"
                  variant="light"
                  color="gray"
                  radius="sm"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid={`tab-count-${tab.kind}`}
                >
                  {formatCount(totals[tab.kind] ?? 0)}
                </Badge>
              ) : null}
            </Group>
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

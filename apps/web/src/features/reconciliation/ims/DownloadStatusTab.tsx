import { useCallback, useEffect, useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { DataActivity, DataActivityKind, ProcessingStatus } from '@opengst/contracts';
import { useQuery } from '@tanstack/react-query';
import { loadSettingsQuery } from '../../../api/sessionData';
import { useText, type Translate } from '../../../i18n/useText';
import { ActivityCountCell, ActivityStartedCell, activityPeriodText, ProcessingStatusBadge } from '../../../shared/dataActivityCells';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { useListQuery } from '../../../shared/list/useListQuery';
import { pollIntervalMs } from '../../../shared/polling';
import { imsKeys, searchImsActivities } from './imsApi';
import { activityText } from './imsRules';
import { Regenerate2b, type RunLocation } from './Regenerate2b';

// Data download status (spec core §2 /invoice-management-system): for the run's GSTINs, what came from the portal (IMS
// and GSTR-2B downloads) and what went to it (IMS actions pushed, GSTR-2B recomputed), newest first, each list from
// start 0 with load more, reloaded at poolingTime while one is at work; each behind its data-activities right. Below,
// the GSTR-2B of each GSTIN and period of the run can be recomputed from the actions now.

type Kind = Exclude<DataActivityKind, 'Callback'>;

const WORKING: readonly ProcessingStatus[] = ['Initialized', 'InProcess', 'Attempted'];

const columns = (t: Translate): Column<DataActivity>[] => [
  {
    key: 'createdAt',
    header: t('reconciliation.ims.status.when'),
    width: 140,
    render: (row) => <ActivityStartedCell activity={row} maxWidth={140} />,
  },
  {
    key: 'what',
    header: t('reconciliation.ims.status.what'),
    width: 170,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {activityText(t, row)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {activityPeriodText(row.returnPeriod)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'gstin',
    header: t('reconciliation.ims.status.gstin'),
    width: 160,
    render: (row) => (
      <Text size="sm" ff="monospace">
        {row.gstin}
      </Text>
    ),
  },
  {
    key: 'status',
    header: t('reconciliation.ims.status.status'),
    width: 140,
    render: (row) => <ProcessingStatusBadge status={row.status} />,
  },
  {
    key: 'count',
    header: t('reconciliation.ims.status.count'),
    width: 96,
    isNumeric: true,
    render: (row) => <ActivityCountCell activity={row} errorText={(n) => t('reconciliation.ims.status.errors', { n })} />,
  },
  {
    key: 'message',
    header: t('reconciliation.ims.status.message'),
    render: (row) => <Text size="xs">{row.message ?? '—'}</Text>,
  },
];

const ActivityList = ({ kind, entityIds, onTotal }: { kind: Kind; entityIds: readonly number[]; onTotal: (total: number) => void }) => {
  const t = useText();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const interval = pollIntervalMs(loaded?.settings.poolingTime);
  const list = useListQuery(imsKeys.activityList(kind, entityIds), (page) => searchImsActivities(kind, entityIds, page), {
    refetchInterval: (pages) => (pages.some((page) => page.items.some((item) => WORKING.includes(item.status))) ? interval : false),
  });
  useEffect(() => {
    if (!list.isPending) onTotal(list.totalRecords);
  }, [list.isPending, list.totalRecords, onTotal]);
  return (
    <Stack gap={6} data-testid={`ims-activities-${kind}`}>
      <Title order={3} size="h6">
        {t(kind === 'Sync' ? 'reconciliation.ims.status.downloads' : 'reconciliation.ims.status.pushes')}
      </Title>
      <DataTable
        columns={columns(t)}
        rows={list.rows}
        rowId={(row) => row.id}
        rowTestId={(row) => `ims-activity-${row.id}`}
        rowLabel={(row) => `${activityText(t, row)} ${row.gstin} ${row.returnPeriod}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t(kind === 'Sync' ? 'reconciliation.ims.status.noDownloads' : 'reconciliation.ims.status.noPushes')}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
        rowHeight={44}
      />
    </Stack>
  );
};

type Props = {
  entityIds: readonly number[];
  locations: readonly RunLocation[];
  periods: readonly string[];
  rights: { sync: boolean; push: boolean; ims: boolean };
  onTotal: (total: number) => void;
};

export const DownloadStatusTab = ({ entityIds, locations, periods, rights, onTotal }: Props) => {
  const t = useText();
  const [totals, setTotals] = useState<Partial<Record<Kind, number>>>({});
  const onSync = useCallback((n: number) => setTotals((current) => (current.Sync === n ? current : { ...current, Sync: n })), []);
  const onPush = useCallback((n: number) => setTotals((current) => (current.Push === n ? current : { ...current, Push: n })), []);
  const total = (totals.Sync ?? 0) + (totals.Push ?? 0);
  const canSee = rights.sync || rights.push;
  useEffect(() => {
    if (canSee) onTotal(total);
  }, [canSee, onTotal, total]);
  return (
    <Stack gap="sm" data-testid="ims-status-tab">
      {rights.sync ? (
        <ActivityList kind="Sync" entityIds={entityIds} onTotal={onSync} />
      ) : (
        <FilterPlaceholder kind="empty" text={t('reconciliation.ims.status.noSyncRight')} testId="ims-status-no-sync-right" />
      )}
      {rights.push ? (
        <ActivityList kind="Push" entityIds={entityIds} onTotal={onPush} />
      ) : (
        <FilterPlaceholder kind="empty" text={t('reconciliation.ims.status.noPushRight')} testId="ims-status-no-push-right" />
      )}
      <Paper withBorder radius="sm" p="sm">
        <Regenerate2b locations={locations} periods={periods} canRegenerate={rights.ims} />
      </Paper>
    </Stack>
  );
};

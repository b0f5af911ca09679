import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatInr } from '@opengst/domain';
import type { Run } from '@opengst/contracts';
import { loadSettingsQuery } from '../../api/sessionData';
import { useText, type TextKey, type Translate } from '../../i18n/useText';
import { FilterPlaceholder } from '../../shared/filter-bar/FilterPlaceholder';
import { periodRangeLabel } from '../../shared/filter-bar/periods';
import { formatCount, formatDateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/list/DataTable';
import { listTableProps } from '../../shared/list/listTableProps';
import { useListQuery } from '../../shared/list/useListQuery';
import { pollIntervalMs } from '../../shared/polling';
import { StatusBadge } from '../../shared/StatusBadge';
import { dashboardKeys, searchReconciliations } from './dashboardApi';

// /reconciliation-list (spec core §2 "Dashboard group"): the purchase reconciliations, newest first, with their scope,
// status, progress, counts, ITC at risk and who started them when; each opens in /gstr-2a-reconciliation, a run of IMS
// in /invoice-management-system. While one works, the list reloads at the poolingTime setting.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const SHOWN_GSTINS = 2;

const runLink = (run: Run) => `${run.portalSource === 'IMS' ? '/invoice-management-system' : '/gstr-2a-reconciliation'}?runId=${run.id}`;
const isActive = (run: Run) => run.status === 'YetNotStarted' || run.status === 'InProgress';

const RunProgressCell = ({ t, run }: { t: Translate; run: Run }) => {
  if (!isActive(run)) return <Text size="xs">{run.finishedAt ? formatDateTime(run.finishedAt) : '—'}</Text>;
  const percent = run.total > 0 ? Math.min(100, Math.round((run.done / run.total) * 100)) : null;
  return (
    <Stack gap={2} w={150}>
      <Progress
        size="sm"
        value={percent ?? 100}
        striped={percent === null}
        animated
        aria-label={t('reconciliationList.progress')}
        data-testid={`run-progress-${run.id}`}
      />
      <Text size="xs" c="dimmed" truncate title={run.stage ?? undefined}>
        {run.total > 0 ? `${formatCount(run.done)} / ${formatCount(run.total)}` : (run.stage ?? t('reconciliation.run.queued'))}
      </Text>
    </Stack>
  );
};

const columns = (t: Translate): Column<Run>[] => [
  {
    key: 'scope',
    header: t('reconciliationList.scope'),
    render: (run) => (
      <Stack gap={0}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {periodRangeLabel(run.fromPeriod, run.toPeriod)}
          </Text>
          <Badge size="xs" variant="outline" radius="sm" tt="none" color="indigo">
            {t(`reconciliation.source.${run.portalSource}` as TextKey)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" ff="monospace" title={run.gstins.join(', ')}>
          {run.gstins.slice(0, SHOWN_GSTINS).join(', ')}
          {run.gstins.length > SHOWN_GSTINS ? ` ${t('reconciliation.run.moreGstins', { n: run.gstins.length - SHOWN_GSTINS })}` : ''}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'status',
    header: t('reconciliation.status'),
    width: 120,
    render: (run) => (
      <Stack gap={2}>
        <StatusBadge status={run.status} label={t(`reconciliation.runStatus.${run.status}` as TextKey)} />
        {run.supersededBy !== null ? (
          <Text size="xs" c="dimmed">
            {t('reconciliationList.superseded')}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'progress', header: t('reconciliationList.progressOrFinished'), width: 170, render: (run) => <RunProgressCell t={t} run={run} /> },
  {
    key: 'rows',
    header: t('reconciliationList.rows'),
    isNumeric: true,
    width: 90,
    render: (run) => (
      <Text span size="sm" style={numeric} data-testid={`run-rows-${run.id}`}>
        {formatCount(run.rows)}
      </Text>
    ),
  },
  {
    key: 'documents',
    header: t('reconciliationList.documents'),
    isNumeric: true,
    width: 150,
    render: (run) => (
      <Text span size="sm" style={numeric}>
        {`${formatCount(run.booksDocuments)} / ${formatCount(run.portalDocuments)}`}
      </Text>
    ),
  },
  {
    key: 'itcAtRisk',
    header: t('reconciliation.itcAtRisk'),
    isNumeric: true,
    width: 120,
    render: (run) => (
      <Text span size="sm" style={numeric} c={run.itcAtRisk !== 0 ? 'red' : undefined} fw={run.itcAtRisk !== 0 ? 600 : undefined}>
        {formatInr(run.itcAtRisk)}
      </Text>
    ),
  },
  {
    key: 'started',
    header: t('reconciliationList.started'),
    width: 160,
    render: (run) => (
      <Stack gap={0}>
        <Text size="sm">{run.userName ?? '—'}</Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(run.createdAt)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'open',
    header: '',
    width: 70,
    render: (run) => (
      <Anchor component={Link} to={runLink(run)} size="sm" onClick={(event) => event.stopPropagation()} data-testid={`run-open-${run.id}`}>
        {t('reconciliationList.open')}
      </Anchor>
    ),
  },
];

export const ReconciliationListScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const list = useListQuery(dashboardKeys.reconciliations(), searchReconciliations, {
    refetchInterval: (pages) => (pages.some((page) => page.items.some(isActive)) ? pollIntervalMs(loaded?.settings.poolingTime) : false),
  });
  if (!list.isPending && !list.isError && list.rows.length === 0) {
    return (
      <Stack gap="xs" align="center">
        <FilterPlaceholder kind="empty" text={t('reconciliation.empty')} testId="reconciliations-empty" />
        <Anchor component={Link} to="/gstr-2a-reconciliation?new=1" size="sm" data-testid="reconciliations-start">
          {t('reconciliationList.start')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Anchor component={Link} to="/gstr-2a-reconciliation?new=1" size="sm" data-testid="reconciliations-new">
          {t('reconciliation.new.open')}
        </Anchor>
      </Group>
      <DataTable
        columns={columns(t)}
        rowId={(run) => run.id}
        rowTestId={(run) => `run-${run.id}`}
        rowLabel={(run) => `${periodRangeLabel(run.fromPeriod, run.toPeriod)} ${run.gstins.join(' ')}`}
        emptyText={t('reconciliation.empty')}
        onRowClick={(run) => void navigate(runLink(run))}
        {...listTableProps(list)}
        rowHeight={44}
      />
    </Stack>
  );
};

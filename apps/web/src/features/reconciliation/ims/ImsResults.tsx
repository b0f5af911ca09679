import { useMemo, useState } from 'react';
import { Group, Paper, Tabs, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DATA_ACTIVITY_ENDPOINTS, type RunDetail } from '@opengst/contracts';
import { call } from '../../../api/call';
import { useText } from '../../../i18n/useText';
import { TabLabel } from '../../../shared/TabLabel';
import { PairDrawer } from '../pair/PairDrawer';
import { RowsTab } from '../rows/RowsTab';
import { periodsBetween, statusesWithRows } from '../runRules';
import { SummaryTab } from '../tabs/SummaryTab';
import { VendorsTab } from '../tabs/VendorsTab';
import { useResultTabs } from '../useResultTabs';
import { vendorsCountQuery } from '../useTabCounts';
import { ApplyRecommended } from './ApplyRecommended';
import { DownloadStatusTab } from './DownloadStatusTab';
import { ACTIVITY_ACTIONS, imsKeys } from './imsApi';
import { imsColumns } from './imsColumns';
import { IMS_ACTIONS } from './imsRules';
import { PushToPortal } from './PushToPortal';
import type { RunLocation } from './Regenerate2b';

// The lists of /invoice-management-system (spec core §2), each from start 0 with its count in the tab: the
// reconciliation (the rows tab with the IMS columns, Accept / Reject / Pending, Apply recommended, and Push to portal),
// vendor reconciliation and reconciliation summary (the 2A/2B screen's own tabs), and the data download status. The
// rows tab's filters live here, so the vendors and the summary open it filtered, as on the 2A/2B screen.

export const IMS_TABS = ['reconciliation', 'vendors', 'summary', 'downloadStatus'] as const;
export type ImsTab = (typeof IMS_TABS)[number];
const COUNTED = ['reconciliation', 'vendors', 'downloadStatus'] as const;

export type ImsRights = { ims: boolean; sync: boolean; push: boolean };

type Props = { detail: RunDetail; locations: readonly RunLocation[]; rights: ImsRights };

/** The counts of the tabs not opened yet: one row of each list, with its totalRecords. */
const useUnopenedCounts = (runId: number, entityIds: readonly number[], rights: ImsRights) => {
  const vendors = useQuery(vendorsCountQuery(runId));
  const activities = useQuery({
    queryKey: [...imsKeys.activities(), 'count', rights.sync, rights.push, ...entityIds],
    queryFn: async () => {
      const kinds = (['Sync', 'Push'] as const).filter((kind) => (kind === 'Sync' ? rights.sync : rights.push));
      const totals = await Promise.all(
        kinds.map((kind) =>
          call(DATA_ACTIVITY_ENDPOINTS.search, {
            body: { kind, actions: ACTIVITY_ACTIONS[kind], entityIds: [...entityIds], start: 0, size: 1 },
          }).then((answer) => answer.totalRecords),
        ),
      );
      return totals.reduce((sum, n) => sum + n, 0);
    },
    enabled: rights.sync || rights.push,
  });
  return { vendors: vendors.data, downloadStatus: activities.data };
};

export const ImsResults = ({ detail, locations, rights }: Props) => {
  const t = useText();
  const { run, byStatus } = detail;
  const [tab, showTab] = useState<ImsTab>('reconciliation');
  const { setTab, isOpen, counts, setters, openRows, flow, pairRowId, setPairRowId } = useResultTabs({
    tab,
    showTab,
    rowsTab: 'reconciliation',
    counted: COUNTED,
    rowCount: run.rows,
  });
  const unopened = useUnopenedCounts(run.id, run.entityIds, rights);
  const columns = useMemo(() => imsColumns(t), [t]);
  const periods = useMemo(() => periodsBetween(run.fromPeriod, run.toPeriod), [run.fromPeriod, run.toPeriod]);
  const remarksHint = t('reconciliation.ims.remarksHint');
  const countOf = (name: ImsTab): number | undefined =>
    name === 'summary'
      ? statusesWithRows(byStatus)
      : (counts[name] ?? (name === 'vendors' || name === 'downloadStatus' ? unopened[name] : undefined));

  return (
    <>
      <Tabs value={tab} onChange={(next) => setTab((next as ImsTab | null) ?? 'reconciliation')}>
        <Tabs.List>
          {IMS_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`ims-tab-${name}`}>
              <TabLabel label={t(`reconciliation.tab.${name}`)} count={countOf(name)} countTestId={`ims-tab-${name}-count`} />
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="reconciliation" pt="xs">
          <Paper withBorder radius="sm" px="sm" py={6} mb="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
              <Group gap={6} wrap="nowrap" align="flex-start" maw={720}>
                <IconInfoCircle size={16} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="xs" c="dimmed" data-testid="ims-rules-note">
                  {t('reconciliation.ims.rules')}
                </Text>
              </Group>
              <PushToPortal runId={run.id} canPush={rights.ims} />
            </Group>
          </Paper>
          <RowsTab
            runId={run.id}
            gstins={run.gstins}
            byStatus={byStatus}
            flow={flow}
            isActive={tab === 'reconciliation'}
            onTotal={setters.reconciliation}
            onOpenPair={setPairRowId}
            columns={columns}
            actions={IMS_ACTIONS}
            remarksHint={remarksHint}
            selectionExtra={(selected, onDone) => <ApplyRecommended runId={run.id} selected={selected} onDone={onDone} />}
            emptyText={t('reconciliation.ims.noRows')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="vendors" pt="xs">
          {isOpen('vendors') ? (
            <VendorsTab runId={run.id} isActive={tab === 'vendors'} onTotal={setters.vendors} onOpenRows={openRows} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="summary" pt="xs">
          {isOpen('summary') ? (
            <SummaryTab runId={run.id} byStatus={byStatus} onOpenRows={openRows} actions={IMS_ACTIONS} remarksHint={remarksHint} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="downloadStatus" pt="xs">
          {isOpen('downloadStatus') ? (
            <DownloadStatusTab
              entityIds={run.entityIds}
              locations={locations}
              periods={periods}
              rights={rights}
              onTotal={setters.downloadStatus}
            />
          ) : null}
        </Tabs.Panel>
      </Tabs>
      <PairDrawer runId={run.id} rowId={pairRowId} onClose={() => setPairRowId(null)} />
    </>
  );
};

import { useCallback, useMemo, type ComponentType } from 'react';
import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { RunDetail } from '@opengst/contracts';
import { useText, type TextKey } from '../../i18n/useText';
import { TabLabel } from '../../shared/TabLabel';
import { NotifyAction } from './NotifyAction';
import { PairDrawer } from './pair/PairDrawer';
import { RowsTab } from './rows/RowsTab';
import { DocumentsTab } from './tabs/DocumentsTab';
import { FilingTab } from './tabs/FilingTab';
import { InsightsTab } from './tabs/InsightsTab';
import { LinkDocumentTab } from './tabs/LinkDocumentTab';
import { ManualTab } from './tabs/ManualTab';
import { SummaryTab } from './tabs/SummaryTab';
import { VendorsTab } from './tabs/VendorsTab';
import { periodsBetween, statusesWithRows } from './runRules';
import { useResultTabs } from './useResultTabs';
import { useTabCounts } from './useTabCounts';

// The tabs of a finished run, in the spec's order (core §2 /gstr-2a-reconciliation), each list's count in its label.
// The reconciliation tab's filters live here, so the insights, vendor and summary tabs can open it filtered. A tab is
// drawn when first opened and kept (its filters and choices stay); until then its count is asked for on its own. The
// auto data download summary is the inward data's own component (features/returns/inward): app/ hands it in, as no
// feature imports another; it shows the run's GSTINs and periods. The open tab is in the address (?tab=), so it stays
// open when a re-run's results replace the previous run's, and a tab can be linked to.

export const RESULT_TABS = [
  'reconciliation',
  'insights',
  'vendors',
  'manual',
  'summary',
  'filing',
  'autoDownload',
  'linkDocument',
  'document',
] as const;
export type ResultTab = (typeof RESULT_TABS)[number];
const COUNTED = ['reconciliation', 'vendors', 'manual', 'filing', 'linkDocument', 'document'] as const;
const isResultTab = (name: string | null): name is ResultTab => RESULT_TABS.includes(name as ResultTab);

/** The auto data download summary of some GSTINs and periods (features/returns/inward AutoDownloadSummary). */
export type AutoDownloadSummarySlot = ComponentType<{ entityIds?: readonly number[]; returnPeriods?: readonly string[] }>;

type Props = { detail: RunDetail; autoDownloadSummary?: AutoDownloadSummarySlot | undefined };

export const RunResults = ({ detail, autoDownloadSummary: AutoDownloadSummary }: Props) => {
  const t = useText();
  const { run, byStatus } = detail;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: ResultTab = isResultTab(asked) ? asked : 'reconciliation';
  const showTab = useCallback(
    (next: ResultTab) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'reconciliation') updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const { setTab, isOpen, counts, setters, flow, openRows, pairRowId, setPairRowId } = useResultTabs({
    tab,
    showTab,
    rowsTab: 'reconciliation',
    counted: COUNTED,
    rowCount: run.rows,
  });
  const unopened = useTabCounts(run.id);
  const tabs = RESULT_TABS.filter((name) => name !== 'autoDownload' || AutoDownloadSummary !== undefined);
  const periods = useMemo(() => periodsBetween(run.fromPeriod, run.toPeriod), [run.fromPeriod, run.toPeriod]);
  const countOf = (name: ResultTab): number | undefined =>
    name === 'summary'
      ? statusesWithRows(byStatus)
      : name === 'insights' || name === 'autoDownload'
        ? undefined
        : (counts[name] ?? (name === 'reconciliation' ? undefined : unopened[name]));

  return (
    <>
      <Tabs value={tab} onChange={(next) => setTab((next as ResultTab | null) ?? 'reconciliation')}>
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`tab-${name}`}>
              <TabLabel label={t(`reconciliation.tab.${name}` as TextKey)} count={countOf(name)} countTestId={`tab-${name}-count`} />
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="reconciliation" pt="xs">
          <RowsTab
            runId={run.id}
            gstins={run.gstins}
            byStatus={byStatus}
            flow={flow}
            isActive={tab === 'reconciliation'}
            onTotal={setters.reconciliation}
            onOpenPair={setPairRowId}
            selectionExtra={(selected) =>
              selected.length ? (
                <NotifyAction from={{ kind: 'pairs', runId: run.id, rowIds: selected.map((row) => row.id) }} variant="button" />
              ) : null
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="insights" pt="xs">
          {isOpen('insights') ? <InsightsTab runId={run.id} onOpenRows={openRows} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="vendors" pt="xs">
          {isOpen('vendors') ? (
            <VendorsTab runId={run.id} isActive={tab === 'vendors'} onTotal={setters.vendors} onOpenRows={openRows} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="manual" pt="xs">
          {isOpen('manual') ? <ManualTab runId={run.id} isActive={tab === 'manual'} onTotal={setters.manual} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="summary" pt="xs">
          {isOpen('summary') ? <SummaryTab runId={run.id} byStatus={byStatus} onOpenRows={openRows} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="filing" pt="xs">
          {isOpen('filing') ? <FilingTab runId={run.id} isActive={tab === 'filing'} onTotal={setters.filing} /> : null}
        </Tabs.Panel>
        {AutoDownloadSummary ? (
          <Tabs.Panel value="autoDownload" pt="xs">
            {isOpen('autoDownload') ? <AutoDownloadSummary entityIds={run.entityIds} returnPeriods={periods} /> : null}
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="linkDocument" pt="xs">
          {isOpen('linkDocument') ? (
            <LinkDocumentTab runId={run.id} isActive={tab === 'linkDocument'} onTotal={setters.linkDocument} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="document" pt="xs">
          {isOpen('document') ? (
            <DocumentsTab runId={run.id} isActive={tab === 'document'} onTotal={setters.document} onOpenPair={setPairRowId} />
          ) : null}
        </Tabs.Panel>
      </Tabs>
      <PairDrawer runId={run.id} rowId={pairRowId} onClose={() => setPairRowId(null)} />
    </>
  );
};

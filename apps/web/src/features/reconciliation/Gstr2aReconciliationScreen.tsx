import { useState } from 'react';
import { Button, Loader, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Run } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { FilterPlaceholder } from '../../shared/filter-bar/FilterPlaceholder';
import { loadFailureText } from '../../shared/loadFailure';
import { notifySuccess } from '../../shared/notifySuccess';
import { newestRunQuery, reconciliationKeys } from './reconciliationApi';
import { NewRunForm } from './run/NewRunForm';
import type { AutoDownloadSummarySlot } from './RunResults';
import { RunView } from './RunView';

// /gstr-2a-reconciliation (spec core §2): the purchase register reconciled against GSTR-2B or 2A. The run comes from
// ?runId= (links from /reconciliation-list), else the newest run the user can see; ?new=1 opens the form of a new one.
// A run started here replaces the one in the address, and the one viewed until then stays on screen while it works.
// The auto data download summary tab shows when app/ hands in its component (features/returns/inward).

export const Gstr2aReconciliationScreen = ({ autoDownloadSummary }: { autoDownloadSummary?: AutoDownloadSummarySlot }) => {
  const t = useText();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const runIdParam = Number(params.get('runId')) || null;
  const [isNewOpen, setNewOpen] = useState(() => params.get('new') === '1');
  const [previousRunId, setPreviousRunId] = useState<number | null>(null);
  const newest = useQuery({ ...newestRunQuery, enabled: runIdParam === null });
  const runId = runIdParam ?? newest.data?.id ?? null;

  const started = (run: Run) => {
    setNewOpen(false);
    setPreviousRunId(runId);
    void client.invalidateQueries({ queryKey: reconciliationKeys.runs() });
    setParams({ runId: String(run.id) });
    notifySuccess(t('reconciliation.new.started'));
  };
  const newButton = (
    <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setNewOpen(true)} data-testid="run-new-empty">
      {t('reconciliation.new.open')}
    </Button>
  );

  return (
    <Stack gap="sm">
      {runId !== null ? (
        <RunView
          key={runId}
          runId={runId}
          previousRunId={previousRunId}
          onStarted={started}
          onNew={() => setNewOpen(true)}
          autoDownloadSummary={autoDownloadSummary}
        />
      ) : newest.isError ? (
        <FilterPlaceholder
          kind="empty"
          text={loadFailureText(newest.error, t('reconciliation.run.loadFailed'))}
          testId="runs-load-failed"
        />
      ) : newest.isPending ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="xs" align="center">
          <FilterPlaceholder kind="empty" text={t('reconciliation.empty')} testId="reconciliation-empty" />
          {newButton}
        </Stack>
      )}
      {isNewOpen ? <NewRunForm opened onClose={() => setNewOpen(false)} onStarted={started} /> : null}
    </Stack>
  );
};

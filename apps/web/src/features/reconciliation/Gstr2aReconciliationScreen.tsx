import { Button, Loader, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useText } from '../../i18n/useText';
import { FilterPlaceholder } from '../../shared/filter-bar/FilterPlaceholder';
import { loadFailureText } from '../../shared/loadFailure';
import { newestRunQuery } from './reconciliationApi';
import { NewRunForm } from './run/NewRunForm';
import type { AutoDownloadSummarySlot } from './RunResults';
import { RunView } from './RunView';
import { useRunInView } from './useRunInView';

// /gstr-2a-reconciliation (spec core §2): the purchase register reconciled against GSTR-2B or 2A. The run comes from
// ?runId= (links from /reconciliation-list), else the newest 2B or 2A run the user can see (useRunInView).
// The auto data download summary tab shows when app/ hands in its component (features/returns/inward).

export const Gstr2aReconciliationScreen = ({ autoDownloadSummary }: { autoDownloadSummary?: AutoDownloadSummarySlot }) => {
  const t = useText();
  const { runId, newest, previousRunId, isNewOpen, setNewOpen, started } = useRunInView(newestRunQuery);
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

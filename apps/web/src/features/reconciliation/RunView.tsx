import { useEffect, type ReactNode } from 'react';
import { Alert, Anchor, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Run, RunDetail } from '@opengst/contracts';
import { loadSettingsQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { FilterPlaceholder } from '../../shared/filter-bar/FilterPlaceholder';
import { loadFailureText } from '../../shared/loadFailure';
import { pollIntervalMs } from '../../shared/polling';
import { fetchRun, reconciliationKeys } from './reconciliationApi';
import { RunHeader } from './run/RunHeader';
import { RunProgress } from './run/RunProgress';
import { RunResults, type AutoDownloadSummarySlot } from './RunResults';
import { isRunActive } from './runRules';

// One run: its header, its progress while it works (polled at the poolingTime setting), then its results. While a
// new run works, the results of the run the user was looking at stay on screen, said to be that run's. The IMS screen
// shows its own results (its tabs) and links to its own address.

type Props = {
  runId: number;
  previousRunId: number | null;
  onStarted: (run: Run) => void;
  onNew: () => void;
  autoDownloadSummary?: AutoDownloadSummarySlot | undefined;
  /** The results of a finished run (RunResults by default). */
  renderResults?: ((detail: RunDetail) => ReactNode) | undefined;
  /** The address of another run (a later one that superseded this). */
  linkOf?: ((runId: number) => string) | undefined;
};

export const runLink = (runId: number): string => `/gstr-2a-reconciliation?runId=${runId}`;

export const RunView = ({ runId, previousRunId, onStarted, onNew, autoDownloadSummary, renderResults, linkOf = runLink }: Props) => {
  const t = useText();
  const client = useQueryClient();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const {
    data: detail,
    isError,
    error,
  } = useQuery({
    queryKey: reconciliationKeys.run(runId),
    queryFn: () => fetchRun(runId),
    refetchInterval: (query) => (isRunActive(query.state.data?.run) ? pollIntervalMs(loaded?.settings.poolingTime) : false),
  });
  const run = detail?.run;
  const isActive = isRunActive(run);
  const hasPrevious = previousRunId !== null && previousRunId !== runId;
  const { data: previous } = useQuery({
    queryKey: reconciliationKeys.run(previousRunId ?? 0),
    queryFn: () => fetchRun(previousRunId ?? 0),
    enabled: hasPrevious && isActive,
  });
  // A run that ends changes the list of runs (its status, counts and ITC at risk).
  const status = run?.status;
  useEffect(() => {
    if (status && !isRunActive({ status })) void client.invalidateQueries({ queryKey: reconciliationKeys.runs() });
  }, [client, status]);

  if (isError)
    return <FilterPlaceholder kind="empty" text={loadFailureText(error, t('reconciliation.run.loadFailed'))} testId="run-load-failed" />;
  if (!detail || !run) return <Loader size="sm" />;

  const shownPrevious = isActive && previous?.run.status === 'Completed' ? previous : null;
  const results = (shown: RunDetail) =>
    renderResults ? renderResults(shown) : <RunResults key={shown.run.id} detail={shown} autoDownloadSummary={autoDownloadSummary} />;
  return (
    <Stack gap="sm" data-testid="run-view" data-run-status={run.status}>
      <Paper withBorder radius="sm" p="sm">
        <Stack gap="sm">
          <RunHeader run={run} onStarted={onStarted} onNew={onNew} />
          {isActive ? <RunProgress run={run} /> : null}
          {run.status === 'Failed' ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="run-failed">
              <Text size="sm">{t('reconciliation.run.failed', { message: run.message ?? '' })}</Text>
            </Alert>
          ) : null}
          {run.supersededBy !== null ? (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />} data-testid="run-superseded">
              <Text size="sm">
                {t('reconciliation.run.superseded')}{' '}
                <Anchor component={Link} to={linkOf(run.supersededBy)} size="sm" data-testid="run-superseded-link">
                  {t('reconciliation.run.openNewer')}
                </Anchor>
              </Text>
            </Alert>
          ) : null}
        </Stack>
      </Paper>
      {run.status === 'Completed' ? (
        results(detail)
      ) : shownPrevious ? (
        <>
          <Text size="sm" c="dimmed" data-testid="previous-results">
            {t('reconciliation.run.previousResults')}
          </Text>
          {results(shownPrevious)}
        </>
      ) : isActive ? (
        <FilterPlaceholder kind="summaryInProgress" text={t('reconciliation.run.resultsWhenDone')} testId="results-pending" />
      ) : null}
    </Stack>
  );
};

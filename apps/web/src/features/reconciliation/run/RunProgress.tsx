import { Text } from '@mantine/core';
import type { Run } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { formatCount, formatElapsed } from '../../../shared/format';
import { useNow } from '../../../shared/useNow';
import { WorkProgress } from '../../../shared/WorkProgress';
import { isRunActive, runPercent } from '../runRules';

// A run at work (UI.md "Long work is visible"): what it is doing in words, done of total as a bar, and the time since
// it was queued; the rest of the screen stays usable.

export const RunProgress = ({ run }: { run: Run }) => {
  const t = useText();
  const now = useNow(isRunActive(run));
  const stage = run.stage ?? (run.status === 'YetNotStarted' ? t('reconciliation.run.queued') : t('reconciliation.run.working'));
  return (
    <WorkProgress
      testId="run-progress"
      data={{ 'data-status': run.status }}
      stage={stage}
      stageTestId="run-stage"
      elapsed={t('reconciliation.run.elapsed', { time: formatElapsed(now - Date.parse(run.createdAt)) })}
      percent={runPercent(run)}
      ariaLabel={t('reconciliation.run.progress')}
      footer={
        run.total > 0 ? (
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="run-counts">
            {t('reconciliation.run.doneOf', { done: formatCount(run.done), total: formatCount(run.total) })}
          </Text>
        ) : null
      }
    />
  );
};

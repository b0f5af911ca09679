import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { Run } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { formatCount, formatElapsed } from '../../../shared/format';
import { useNow } from '../../../shared/useNow';
import { isRunActive, runPercent } from '../runRules';

// A run at work (UI.md "Long work is visible"): what it is doing in words, done of total as a bar, and the time since
// it was queued; the rest of the screen stays usable.

export const RunProgress = ({ run }: { run: Run }) => {
  const t = useText();
  const now = useNow(isRunActive(run));
  const percent = runPercent(run);
  const stage = run.stage ?? (run.status === 'YetNotStarted' ? t('reconciliation.run.queued') : t('reconciliation.run.working'));
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="run-progress" data-status={run.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500} data-testid="run-stage">
            {stage}
          </Text>
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="run-elapsed">
            {t('reconciliation.run.elapsed', { time: formatElapsed(now - Date.parse(run.createdAt)) })}
          </Text>
        </Group>
        <Progress.Root size="md">
          <Progress.Section
            value={percent ?? 100}
            animated
            striped={percent === null}
            color="indigo"
            withAria={false}
            role="progressbar"
            aria-label={t('reconciliation.run.progress')}
            aria-valuenow={percent ?? undefined}
            aria-valuemin={0}
            aria-valuemax={100}
          />
        </Progress.Root>
        {run.total > 0 ? (
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="run-counts">
            {t('reconciliation.run.doneOf', { done: formatCount(run.done), total: formatCount(run.total) })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};

import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import type { Run } from '@opengst/contracts';
import { useText, type TextKey } from '../../../i18n/useText';
import { periodRangeLabel } from '../../../shared/filter-bar/periods';
import { formatCount, formatDateTime } from '../../../shared/format';
import { StatusBadge } from '../../../shared/StatusBadge';
import { startRun } from '../reconciliationApi';
import { isRunActive, scopeOf } from '../runRules';

// The run's scope (its GSTINs, periods and source, when and by whom) with its status, and the two ways to start
// another: Re-run over the same scope (decisions are kept) and New reconciliation.

const SHOWN_GSTINS = 3;

type Props = { run: Run; onStarted: (run: Run) => void; onNew: () => void };

export const RunHeader = ({ run, onStarted, onNew }: Props) => {
  const t = useText();
  const [isBusy, setBusy] = useState(false);
  const rerun = async () => {
    setBusy(true);
    try {
      onStarted(await startRun(scopeOf(run)));
    } catch {
      // The client's toast shows the API's message.
    } finally {
      setBusy(false);
    }
  };
  const more = run.gstins.length - SHOWN_GSTINS;
  return (
    <Group justify="space-between" align="flex-start" gap="md" data-testid="run-header">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={700} size="lg" data-testid="run-periods">
            {periodRangeLabel(run.fromPeriod, run.toPeriod)}
          </Text>
          <Badge size="sm" variant="outline" radius="sm" tt="none" color="indigo" data-testid="run-source">
            {t(`reconciliation.source.${run.portalSource}` as TextKey)}
          </Badge>
          <StatusBadge status={run.status} label={t(`reconciliation.runStatus.${run.status}` as TextKey)} />
        </Group>
        <Tooltip label={run.gstins.join(', ')} multiline maw={420} disabled={more <= 0}>
          <Text size="sm" ff="monospace" data-testid="run-gstins">
            {run.gstins.slice(0, SHOWN_GSTINS).join(', ')}
            {more > 0 ? ` ${t('reconciliation.run.moreGstins', { n: formatCount(more) })}` : ''}
          </Text>
        </Tooltip>
        <Text size="xs" c="dimmed" data-testid="run-started">
          {t('reconciliation.run.started', { when: formatDateTime(run.createdAt), who: run.userName ?? '—' })}
          {run.finishedAt ? ` · ${t('reconciliation.run.finished', { when: formatDateTime(run.finishedAt) })}` : ''}
        </Text>
      </Stack>
      <Group gap="xs">
        {/* A disabled button takes no pointer or focus: the tooltip sits on a wrapper. */}
        <Tooltip label={isRunActive(run) ? t('reconciliation.run.rerunBusy') : t('reconciliation.run.rerunHint')} multiline w={280}>
          <span tabIndex={isRunActive(run) ? 0 : undefined} data-testid="run-rerun-why">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              loading={isBusy}
              disabled={isRunActive(run)}
              onClick={() => void rerun()}
              data-testid="run-rerun"
            >
              {t('reconciliation.run.rerun')}
            </Button>
          </span>
        </Tooltip>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onNew} data-testid="run-new">
          {t('reconciliation.new.open')}
        </Button>
      </Group>
    </Group>
  );
};

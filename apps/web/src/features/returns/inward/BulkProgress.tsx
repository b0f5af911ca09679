import { useEffect, useRef } from 'react';
import { Button, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InwardBulkItem, InwardBulkProgress } from '@opengst/contracts';
import { loadSettingsQuery } from '../../../api/sessionData';
import { useText, type Translate } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatCount, formatElapsed } from '../../../shared/format';
import { pollIntervalMs } from '../../../shared/polling';
import { useNow } from '../../../shared/useNow';
import { fetchInwardBulk, inwardKeys } from './inwardApi';
import { failuresOf, notGeneratedOf, SOURCE_NAME } from './inwardRules';

// A bulk download at work (UI.md "Long work is visible"): done of total as a bar with the counts by outcome, the time
// since it started, and each failure in words (a GSTIN without a portal session, the portal's refusal); a GSTR-2B not
// generated yet is listed apart, as the normal answer it is. Polled at poolingTime until every download has ended.

const itemText = (t: Translate, item: InwardBulkItem): string =>
  t('returns.inward.bulk.item', { gstin: item.gstin, period: periodLabel(item.returnPeriod), source: SOURCE_NAME[item.source] });

const Items = ({ items, color, testId }: { items: readonly InwardBulkItem[]; color: string; testId: string }) => {
  const t = useText();
  return (
    <List size="xs" spacing={2} data-testid={testId}>
      {items.map((item) => (
        <List.Item key={item.activityId}>
          <Text span size="xs" ff="monospace">
            {itemText(t, item)}
          </Text>
          <Text span size="xs" c={color}>
            {`: ${item.message ?? t('returns.inward.bulk.noReason')}`}
          </Text>
        </List.Item>
      ))}
    </List>
  );
};

type Props = {
  activityIds: readonly number[];
  onFinished?: ((progress: InwardBulkProgress) => void) | undefined;
  onDismiss: () => void;
  /** The downloads no longer exist for this user (another session's run): forget them. */
  onGone: () => void;
};

export const BulkProgress = ({ activityIds, onFinished, onDismiss, onGone }: Props) => {
  const t = useText();
  const client = useQueryClient();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const { data: progress, isError } = useQuery({
    queryKey: inwardKeys.progress(activityIds),
    queryFn: () => fetchInwardBulk(activityIds),
    refetchInterval: (query) => (query.state.data?.isFinished ? false : pollIntervalMs(loaded?.settings.poolingTime)),
    retry: false,
  });
  const isFinished = progress?.isFinished ?? false;
  const now = useNow(!!progress && !isFinished);
  const announced = useRef(false);
  useEffect(() => {
    if (!progress?.isFinished || announced.current) return;
    announced.current = true;
    void client.invalidateQueries({ queryKey: inwardKeys.summaries() });
    onFinished?.(progress);
  }, [progress, client, onFinished]);
  useEffect(() => {
    if (isError) onGone();
  }, [isError, onGone]);
  if (!progress) return null;
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 100;
  const ended = progress.finishedAt ? Date.parse(progress.finishedAt) : now;
  const failures = failuresOf(progress.items);
  const notGenerated = notGeneratedOf(progress.items);
  const numbers = { done: formatCount(progress.done), total: formatCount(progress.total) };
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="inward-bulk-progress" data-finished={isFinished}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500} data-testid="inward-bulk-stage">
            {isFinished ? t('returns.inward.bulk.finished', numbers) : t('returns.inward.bulk.running', numbers)}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="inward-bulk-elapsed">
              {t('returns.inward.bulk.elapsed', { time: formatElapsed(ended - Date.parse(progress.startedAt)) })}
            </Text>
            {isFinished ? (
              <Button size="compact-xs" variant="subtle" onClick={onDismiss} data-testid="inward-bulk-dismiss">
                {t('returns.inward.bulk.dismiss')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <Progress.Root size="md">
          <Progress.Section
            value={percent}
            animated={!isFinished}
            color={failures.length > 0 ? 'orange' : 'indigo'}
            withAria={false}
            role="progressbar"
            aria-label={t('returns.inward.bulk.progress')}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          />
        </Progress.Root>
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="inward-bulk-counts">
          {t('returns.inward.bulk.counts', {
            downloaded: formatCount(progress.downloaded),
            documents: formatCount(progress.documents),
            notGenerated: formatCount(progress.notGenerated),
            failed: formatCount(progress.failed),
            waiting: formatCount(progress.pending + progress.running),
          })}
        </Text>
        {failures.length > 0 ? (
          <Stack gap={2}>
            <Text size="xs" fw={600} c="red">
              {t('returns.inward.bulk.failures', { n: formatCount(failures.length) })}
            </Text>
            <Items items={failures} color="red" testId="inward-bulk-failures" />
          </Stack>
        ) : null}
        {notGenerated.length > 0 ? (
          <Stack gap={2}>
            <Text size="xs" fw={600}>
              {t('returns.inward.bulk.notGenerated', { n: formatCount(notGenerated.length) })}
            </Text>
            <Items items={notGenerated} color="dimmed" testId="inward-bulk-not-generated" />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
};

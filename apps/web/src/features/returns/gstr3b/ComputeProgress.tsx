import { useState } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Gstr3bDetail } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { formatCount, formatElapsed } from '../../../shared/format';
import { useNow } from '../../../shared/useNow';
import { WorkProgress } from '../../../shared/WorkProgress';
import { computePercent, isComputed, isComputing } from './gstr3bRules';

// The GSTR-3B computation at work (UI.md "Long work is visible"): what it reads in words, the documents read of about
// how many as a bar, and the time since this screen saw it running; the last computation's failure in words otherwise.

const Running = ({ detail }: { detail: Gstr3bDetail }) => {
  const t = useText();
  const [seenAt] = useState(() => Date.now());
  const now = useNow(true);
  const { stage, done, total } = detail.compute;
  return (
    <WorkProgress
      testId="compute-progress"
      data={{ 'data-stage': stage ?? '' }}
      stage={t(`gstr3b.computing.${stage ?? 'queued'}`)}
      stageTestId="compute-stage"
      elapsed={formatElapsed(now - seenAt)}
      percent={computePercent(detail)}
      ariaLabel={t('gstr3b.computing.progress')}
      footer={
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {isComputed(detail) ? t('gstr3b.computing.lastFigures') : t('gstr3b.computing.note')}
          </Text>
          {total > 0 ? (
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="compute-counts">
              {t('gstr3b.computing.rows', { done: formatCount(Math.min(done, total)), total: formatCount(total) })}
            </Text>
          ) : null}
        </Group>
      }
    />
  );
};

export const ComputeProgress = ({ detail }: { detail: Gstr3bDetail }) => {
  const t = useText();
  if (isComputing(detail)) return <Running detail={detail} />;
  if (detail.compute.status !== 'Failed') return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} py={6} data-testid="compute-failed">
      <Text size="sm">{t('gstr3b.computeFailed', { message: detail.compute.message ?? '' })}</Text>
    </Alert>
  );
};

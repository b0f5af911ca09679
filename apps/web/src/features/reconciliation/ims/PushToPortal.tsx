import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { loadSettingsQuery } from '../../../api/sessionData';
import { useText } from '../../../i18n/useText';
import { formatCount } from '../../../shared/format';
import { splitApiErrors } from '../../../shared/forms';
import { pollIntervalMs } from '../../../shared/polling';
import { reconciliationKeys } from '../reconciliationApi';
import { imsKeys, pushIms, waitingQuery, type WaitingCount } from './imsApi';

// "Push to portal": the count of actions the portal does not have yet on the button; a push queues them (a job sends
// them per GSTIN, each batch a Push data activity), then the rows' Sent to portal is refreshed by polling at the
// poolingTime setting until the portal has answered for every action sent. A push that only re-sends refused actions
// leaves no action unanswered (their last refusal stands until the job replaces it), so it is followed for at least
// MIN_POLLS polls; no push is followed longer than MAX_FOLLOW_MS, after which the screen says it stopped looking.

const MIN_POLLS = 3;
const MAX_FOLLOW_MS = 10 * 60 * 1000;

type Push = { startedAt: number; records: number; gstins: string[]; hadUnanswered: boolean };

const waitingText = (count: WaitingCount | undefined): string | null => (count ? formatCount(count.waiting) : null);

export const PushToPortal = ({ runId, canPush }: { runId: number; canPush: boolean }) => {
  const t = useText();
  const client = useQueryClient();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const interval = pollIntervalMs(loaded?.settings.poolingTime);
  const [push, setPush] = useState<Push | null>(null);
  const [outcome, setOutcome] = useState<'answered' | 'stopped' | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [isBusy, setBusy] = useState(false);
  const { data: count, dataUpdatedAt } = useQuery({ ...waitingQuery(runId), refetchInterval: push ? interval : false });
  const lastSeen = useRef<string | null>(null);

  // Each answer while a push is followed: the rows load again when the counts moved; the push ends when answered.
  useEffect(() => {
    if (!push || !count || dataUpdatedAt <= push.startedAt) return;
    const seen = `${count.waiting}|${count.unanswered}`;
    if (seen !== lastSeen.current) {
      lastSeen.current = seen;
      void client.invalidateQueries({ queryKey: [...reconciliationKeys.results(runId), 'rows'] });
    }
    const elapsed = Date.now() - push.startedAt;
    const isAnswered = count.unanswered === 0 && (push.hadUnanswered || elapsed >= MIN_POLLS * interval);
    if (isAnswered || elapsed > MAX_FOLLOW_MS) {
      setPush(null);
      setOutcome(isAnswered ? 'answered' : 'stopped');
      void client.invalidateQueries({ queryKey: [...reconciliationKeys.results(runId), 'rows'] });
      void client.invalidateQueries({ queryKey: imsKeys.activities() });
    }
  }, [client, count, dataUpdatedAt, interval, push, runId]);

  const start = async () => {
    setBusy(true);
    setRefusal([]);
    setOutcome(null);
    setQueued(null);
    try {
      const answer = await pushIms(runId);
      lastSeen.current = null;
      setQueued(t('reconciliation.ims.pushQueued', { n: formatCount(answer.records), gstins: answer.gstins.join(', ') }));
      setPush({ startedAt: Date.now(), records: answer.records, gstins: answer.gstins, hadUnanswered: (count?.unanswered ?? 0) > 0 });
      void client.invalidateQueries({ queryKey: imsKeys.activities() });
    } catch (error) {
      setRefusal(splitApiErrors(error, []).general);
      // REC0009: the portal has every action already; the count is out of date.
      void client.invalidateQueries({ queryKey: imsKeys.waiting(runId) });
    } finally {
      setBusy(false);
    }
  };

  const waiting = count?.waiting ?? 0;
  const reason = !canPush
    ? t('reconciliation.ims.noRight')
    : waiting === 0
      ? t('reconciliation.ims.pushNothing')
      : t('reconciliation.ims.pushHint');
  const isDisabled = !canPush || waiting === 0 || push !== null;
  return (
    <Stack gap={6} align="flex-end" data-testid="ims-push-bar">
      {/* A disabled button takes no pointer or focus: the tooltip sits on a wrapper. */}
      <Tooltip label={reason} multiline w={300}>
        <span tabIndex={isDisabled ? 0 : undefined} data-testid="ims-push-why">
          <Button
            size="xs"
            leftSection={<IconCloudUpload size={14} />}
            rightSection={
              count ? (
                <Badge size="sm" variant="white" radius="sm" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="ims-push-waiting">
                  {waitingText(count)}
                </Badge>
              ) : null
            }
            loading={isBusy}
            disabled={isDisabled}
            onClick={() => void start()}
            data-testid="ims-push"
          >
            {t('reconciliation.ims.push')}
          </Button>
        </span>
      </Tooltip>
      {push ? (
        <Group gap={6} wrap="nowrap" data-testid="ims-push-progress">
          <Loader size="xs" />
          <Text size="xs">{queued}</Text>
          <Text size="xs" c="dimmed">
            {t('reconciliation.ims.pushing', { n: formatCount(count?.unanswered ?? push.records) })}
          </Text>
        </Group>
      ) : null}
      {outcome ? (
        <Alert
          variant="light"
          color={outcome === 'stopped' || waiting > 0 ? 'yellow' : 'green'}
          py={6}
          data-testid="ims-push-outcome"
          data-outcome={outcome}
        >
          <Text size="sm">
            {outcome === 'stopped' ? t('reconciliation.ims.pushStopped') : t('reconciliation.ims.pushDone')}
            {outcome === 'answered' && waiting > 0 ? ` ${t('reconciliation.ims.pushRefused', { n: formatCount(waiting) })}` : ''}
          </Text>
        </Alert>
      ) : null}
      {refusal.length > 0 ? (
        <Alert color="red" variant="light" role="alert" py={6} data-testid="ims-push-refusal">
          <Text size="sm">{t('reconciliation.ims.pushFailed', { message: refusal.join(' ') })}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
};

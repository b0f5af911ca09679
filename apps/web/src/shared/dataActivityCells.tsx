import { Badge, Stack, Text } from '@mantine/core';
import type { DataActivity, ProcessingStatus } from '@opengst/contracts';
import { useText, type TextKey } from '../i18n/useText';
import { periodLabel } from './filter-bar/periods';
import { formatCount, formatDateTime } from './format';

// The cells of a data activity (a call to the tax portal: what went to it, what came from it), drawn alike on
// /data-activities and on the IMS screen's data download status, so a user reads one activity the same on both.

/** UI.md: green done, amber on the way, red given up or refused, grey not started. */
const STATUS_COLOR: Record<ProcessingStatus, string> = {
  Initialized: 'gray',
  InProcess: 'yellow',
  Attempted: 'orange',
  Completed: 'green',
  MaxAttemptReached: 'red',
  Unprocessable: 'red',
  Unhandled: 'red',
  Manual: 'indigo',
};

/** When it started, with who started it beneath, so the table stays within a laptop screen. */
export const ActivityStartedCell = ({ activity, maxWidth }: { activity: DataActivity; maxWidth: number }) => (
  <Stack gap={0}>
    <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatDateTime(activity.createdAt)}
    </Text>
    <Text size="xs" c="dimmed" truncate maw={maxWidth} title={activity.userName ?? undefined}>
      {activity.userName ?? '—'}
    </Text>
  </Stack>
);

/** A return period (MMYYYY) as a month; what the portal keeps by financial year or not at all, as it is. */
export const activityPeriodText = (returnPeriod: string): string =>
  /^\d{6}$/.test(returnPeriod) ? periodLabel(returnPeriod) : returnPeriod;

/** The status in words, coloured; never cut short. */
export const ProcessingStatusBadge = ({ status }: { status: ProcessingStatus }) => {
  const t = useText();
  return (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      tt="none"
      style={{ minWidth: 'max-content' }}
      color={STATUS_COLOR[status]}
      data-status={status}
    >
      {t(`dataActivities.status.${status}` as TextKey)}
    </Badge>
  );
};

/** The documents it carried and, beneath, how many had errors, in the screen's own words (`errorText`). */
export const ActivityCountCell = ({ activity, errorText }: { activity: DataActivity; errorText: (n: string) => string }) => (
  <Stack gap={0} align="flex-end">
    <Text span size="sm">
      {formatCount(activity.documentCount)}
    </Text>
    {activity.errorCount > 0 ? (
      <Text span size="xs" c="red" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {errorText(formatCount(activity.errorCount))}
      </Text>
    ) : null}
  </Stack>
);

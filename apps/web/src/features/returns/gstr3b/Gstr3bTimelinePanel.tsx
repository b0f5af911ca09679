import { Anchor, Group, Loader, Paper, Stack, Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconPoint } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Gstr3bEvent, Gstr3bKey } from '@opengst/contracts';
import { type TextKey, type Translate, useText } from '../../../i18n/useText';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatDateTime } from '../../../shared/format';
import { loadFailureText } from '../../../shared/loadFailure';
import { DueDate, ReturnStatusBadge } from '../ReturnBadges';
import { returnLink } from '../returnRules';
import { gstr3bTimelineQuery } from './gstr3bApi';

// Where the return stands: its status and due date, the GSTR-1 of each month it takes (section 39(10): GSTR-3B is
// filed only after it), and every action on it, newest first as the server lists them.

const ACTION_TEXT: Record<string, TextKey> = {
  Compute: 'gstr3b.action.Compute',
  SaveFigures: 'gstr3b.action.SaveFigures',
  Save: 'gstr3b.action.Save',
  Submit: 'gstr3b.action.Submit',
  Offset: 'gstr3b.action.Offset',
  File: 'gstr3b.action.File',
  Drc01: 'gstr3b.action.Drc01',
};
/** An action without text of its own reads as its name. */
const actionLabel = (t: Translate, action: string): string => {
  const key = ACTION_TEXT[action];
  return key ? t(key) : action;
};

const EventItem = ({ event, t }: { event: Gstr3bEvent; t: Translate }) => (
  <Stack gap={0} data-testid={`timeline-event-${event.action}`}>
    <Group gap="xs">
      <Text size="sm" fw={600}>
        {actionLabel(t, event.action)}
      </Text>
      {event.toStatus && event.toStatus !== event.fromStatus ? <ReturnStatusBadge status={event.toStatus} /> : null}
    </Group>
    <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatDateTime(event.createdAt)}
      {event.userName ? ` · ${event.userName}` : ''}
    </Text>
    {event.message ? <Text size="sm">{event.message}</Text> : null}
  </Stack>
);

export const Gstr3bTimelinePanel = ({ returnKey }: { returnKey: Gstr3bKey }) => {
  const t = useText();
  const { data: timeline, isError, error } = useQuery(gstr3bTimelineQuery(returnKey));
  if (isError) return <FilterPlaceholder kind="empty" text={loadFailureText(error, t('gstr3b.loadFailed'))} testId="timeline-failed" />;
  if (!timeline) return <Loader size="sm" />;
  return (
    <Stack gap="sm" data-testid="gstr3b-timeline">
      <Paper withBorder radius="sm" p="sm">
        <Group gap="xl" align="flex-start">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('returns.status')}
            </Text>
            <ReturnStatusBadge status={timeline.status} />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('returns.dueDate')}
            </Text>
            <DueDate dueDate={timeline.dueDate} status={timeline.status} deadline="Due" />
          </Stack>
          {timeline.filedAt && timeline.arn ? (
            <Text size="sm" data-testid="timeline-arn">
              {t('gstr3b.timeline.filed', { date: formatDateTime(timeline.filedAt), arn: timeline.arn })}
            </Text>
          ) : null}
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('gstr3b.timeline.gstr1')}
            </Text>
            {timeline.gstr1.map((filing) => (
              <Group key={filing.returnPeriod} gap="xs" data-testid={`timeline-gstr1-${filing.returnPeriod}`}>
                <Anchor component={Link} to={returnLink('GSTR1', returnKey.entityId, filing.returnPeriod)} size="sm">
                  GSTR-1 {periodLabel(filing.returnPeriod)}
                </Anchor>
                {filing.status ? (
                  <ReturnStatusBadge status={filing.status} />
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('gstr3b.timeline.gstr1None', { period: periodLabel(filing.returnPeriod) })}
                  </Text>
                )}
                {filing.filedAt ? (
                  <Text size="xs" c="dimmed">
                    {formatDateTime(filing.filedAt)}
                  </Text>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder radius="sm" p="sm">
        <Text size="sm" fw={600} mb="xs">
          {t('gstr3b.timeline.events')}
        </Text>
        {timeline.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('gstr3b.timeline.empty')}
          </Text>
        ) : (
          <Timeline bulletSize={18} lineWidth={2} active={timeline.events.length - 1}>
            {timeline.events.map((event) => (
              <Timeline.Item key={event.id} bullet={event.toStatus === 'Filed' ? <IconCircleCheck size={12} /> : <IconPoint size={12} />}>
                <EventItem event={event} t={t} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
};

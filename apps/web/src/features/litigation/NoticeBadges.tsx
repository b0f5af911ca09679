import { Badge, Group, Stack, Text } from '@mantine/core';
import { litigationText as lt, NOTICE_STATUS_TEXT, type NoticeOptions, type NoticeStatusCode } from '@opengst/contracts';
import { formatDate } from '../../shared/format';

// A notice's status (the spec's code with its words: colour never alone) and its reply date with the days left: red
// once overdue, amber within a week (UI.md: status colours only for status).

const STATUS_COLOUR: Readonly<Record<NoticeStatusCode, string>> = {
  ACT: 'blue',
  REP: 'green',
  CLS: 'gray',
  DDL: 'red',
  ROPEN: 'orange',
};

export const NoticeStatusBadge = ({ status }: { status: NoticeStatusCode }) => (
  <Badge
    size="sm"
    variant="light"
    radius="sm"
    color={STATUS_COLOUR[status]}
    // The code and its words in full: a narrow column must not cut them.
    styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible', textTransform: 'none' } }}
    data-status={status}
    data-testid="notice-status"
  >
    {`${status} · ${NOTICE_STATUS_TEXT[status]}`}
  </Badge>
);

export const daysLeftText = (daysLeft: number): string =>
  daysLeft < 0 ? lt('notice.overdueBy', { n: -daysLeft }) : daysLeft === 0 ? lt('notice.dueToday') : lt('notice.daysLeft', { n: daysLeft });

/** Amber darker than Mantine's orange.9 (4.3:1): small text needs 4.5:1 on white and on a hovered row (WCAG 1.4.3). */
const AMBER = '#b03a00';
export const daysLeftColour = (daysLeft: number): string => (daysLeft < 0 ? 'red.8' : daysLeft <= 7 ? AMBER : 'dimmed');

/** Statuses where the reply is still the taxpayer's to give: only then do the days left (and, on a notice, its date) count. */
export const AWAITING_REPLY: ReadonlySet<NoticeStatusCode> = new Set(['ACT', 'ROPEN', 'DDL']);

/** The due date and, while the reply is still owed, the days left. */
export const DueCell = ({
  dueOn,
  daysLeft,
  status,
  inline = false,
}: {
  dueOn: string | null;
  daysLeft: number | null;
  status: NoticeStatusCode;
  /** On one line, after a label (the notice's header). */
  inline?: boolean;
}) =>
  dueOn === null ? (
    <Text size="sm" c="dimmed">
      —
    </Text>
  ) : (
    <Stack gap={0} {...(inline ? { style: { flexDirection: 'row', gap: 8, alignItems: 'baseline' } } : {})}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {inline ? `${lt('notice.dueOn')} ${formatDate(dueOn)}` : formatDate(dueOn)}
      </Text>
      {daysLeft !== null && AWAITING_REPLY.has(status) ? (
        <Text size="xs" c={daysLeftColour(daysLeft)} fw={daysLeft <= 7 ? 600 : undefined} data-testid="notice-days-left">
          {daysLeftText(daysLeft)}
        </Text>
      ) : null}
    </Stack>
  );

type TagOption = NoticeOptions['tags'][number];

/** A notice's tags as badges in each tag's colour (its name always written: colour never alone). */
export const TagBadges = ({ tagIds, tags }: { tagIds: readonly number[]; tags: readonly TagOption[] }) => {
  const shown = tagIds.flatMap((id) => tags.filter((tag) => tag.id === id));
  if (shown.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="notice-tags">
      {shown.map((tag) => (
        <Badge
          key={tag.id}
          size="xs"
          variant="light"
          radius="sm"
          color={tag.color}
          styles={{ label: { textTransform: 'none' } }}
          data-color={tag.color}
          data-testid="notice-tag"
        >
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
};

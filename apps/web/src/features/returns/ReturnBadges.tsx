import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatInr } from '@opengst/domain';
import type { ReturnDeadline, ReturnFilingStatus, TaskStatus } from '@opengst/contracts';
import { useText, type TextKey } from '../../i18n/useText';
import { formatDate, formatDateTime } from '../../shared/format';
import { isOverdue, RETURN_STATUS_COLOR, todayIso } from './returnRules';

// The small pieces every return screen shows the same way: the filing status, the generation state, a due date that
// says when it has passed, and amounts in en-IN figures.

export const ReturnStatusBadge = ({ status }: { status: ReturnFilingStatus }) => {
  const t = useText();
  return (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      tt="none"
      style={{ minWidth: 'max-content' }}
      color={RETURN_STATUS_COLOR[status]}
      data-status={status}
      data-testid="return-status"
    >
      {t(`returns.status.${status}` as TextKey)}
    </Badge>
  );
};

const GENERATION_COLOR: Record<TaskStatus, string> = { YetNotStarted: 'gray', InProgress: 'yellow', Completed: 'green', Failed: 'red' };

export const GenerationBadge = ({ status }: { status: TaskStatus }) => {
  const t = useText();
  return (
    <Badge
      size="sm"
      variant="outline"
      radius="sm"
      tt="none"
      style={{ minWidth: 'max-content' }}
      color={GENERATION_COLOR[status]}
      data-status={status}
      data-testid="generation-status"
    >
      {t(`returns.generation.${status}` as TextKey)}
    </Badge>
  );
};

/**
 * The due date, red with "Overdue" once it has passed unfiled; an optional return (GSTR-1A) says so instead of a date,
 * a period before the registration has none, and one the product does not track shows its date without alarm.
 */
export const DueDate = ({ dueDate, status, deadline }: { dueDate: string; status: ReturnFilingStatus; deadline: ReturnDeadline }) => {
  const t = useText();
  if (deadline === 'Optional' || deadline === 'BeforeRegistration') {
    return (
      <Stack
        gap={0}
        data-testid="due-date"
        data-overdue={false}
        data-deadline={deadline}
        title={deadline === 'Optional' ? t('returns.optionalHint') : undefined}
      >
        <Text span size="sm" c="dimmed" fw={deadline === 'Optional' ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
          {deadline === 'Optional' ? t('returns.optional') : t('returns.beforeRegistration')}
        </Text>
        {deadline === 'Optional' && status !== 'Filed' ? (
          <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('returns.openUntil3b')}
          </Text>
        ) : null}
      </Stack>
    );
  }
  const overdue = isOverdue({ dueDate, status, deadline }, todayIso());
  return (
    <Group gap={4} wrap="nowrap" data-testid="due-date" data-overdue={overdue} data-deadline={deadline}>
      <Text span size="sm" c={overdue ? 'red.8' : undefined} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatDate(dueDate)}
      </Text>
      {overdue ? (
        <Text span size="xs" c="red.8" fw={600} style={{ whiteSpace: 'nowrap' }}>
          <IconAlertTriangle size={12} aria-hidden style={{ verticalAlign: -1 }} /> {t('returns.overdue')}
        </Text>
      ) : null}
      {deadline === 'NotTracked' && status !== 'Filed' ? (
        <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title={t('returns.notTrackedHint')}>
          {t('returns.notTracked')}
        </Text>
      ) : null}
    </Group>
  );
};

/** A date (or date and time) on one line in tabular figures. */
export const DateText = ({ iso, withTime = false }: { iso: string; withTime?: boolean }) => (
  <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
    {withTime ? formatDateTime(iso) : formatDate(iso)}
  </Text>
);

export const Amount = ({ paise, fw }: { paise: number; fw?: number }) => (
  <Text span size="sm" fw={fw} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
    {formatInr(paise)}
  </Text>
);

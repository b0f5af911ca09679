import { Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useText } from '../../i18n/useText';
import { formatCount } from '../format';

// The status-count bar under the search block (spec modules §2.9, §3 "Status count item"): every status with its
// count and the total; clicking one filters the list by it, All removes the status filter. Statuses with no document
// are left out, so the bar reads as what is there.

/** A status and its count; `total` (the same on every item) when the API counts the whole list itself. */
export type StatusCount = { status: string; count: number; total?: number };

type Props = {
  items: readonly StatusCount[];
  active: readonly string[] | null | undefined;
  labelOf: (status: string) => string;
  onSelect: (status: string | null) => void;
  disabled?: boolean;
  /** The counts are not known yet: placeholders, not "All 0". */
  isLoading?: boolean;
};

const Segment = ({
  label,
  count,
  isActive,
  onClick,
  testId,
  disabled,
}: {
  label: string;
  count: number;
  isActive: boolean;
  onClick: () => void;
  testId: string;
  disabled: boolean;
}) => (
  <UnstyledButton
    onClick={onClick}
    disabled={disabled}
    aria-pressed={isActive}
    data-testid={testId}
    px="sm"
    py={4}
    style={{
      borderRadius: 'var(--mantine-radius-sm)',
      border: `1px solid ${isActive ? 'var(--mantine-color-indigo-5)' : 'var(--mantine-color-gray-3)'}`,
      background: isActive ? 'var(--mantine-color-indigo-0)' : 'white',
    }}
  >
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c={isActive ? 'indigo.8' : 'dark.6'} fw={isActive ? 600 : 500}>
        {label}
      </Text>
      <Text size="xs" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`${testId}-count`}>
        {formatCount(count)}
      </Text>
    </Group>
  </UnstyledButton>
);

export const StatusCountBar = ({ items, active, labelOf, onSelect, disabled = false, isLoading = false }: Props) => {
  const t = useText();
  if (isLoading)
    return (
      <Group gap={6} aria-busy data-testid="status-bar-loading">
        {[72, 96, 88].map((width) => (
          <Skeleton key={width} height={26} width={width} radius="sm" />
        ))}
      </Group>
    );
  const total = items[0]?.total ?? items.reduce((sum, item) => sum + item.count, 0);
  const isAll = !active || active.length === 0;
  return (
    <Group gap={6} role="group" aria-label={t('filter.statusBar')} data-testid="status-bar">
      <Segment
        label={t('filter.statusAll')}
        count={total}
        isActive={isAll}
        onClick={() => onSelect(null)}
        testId="status-all"
        disabled={disabled}
      />
      {/* A status no document has is left out, unless it is the one filtered by. */}
      {items
        .filter((item) => item.count > 0 || (!isAll && active.includes(item.status)))
        .map((item) => (
          <Segment
            key={item.status}
            label={labelOf(item.status)}
            count={item.count}
            isActive={!isAll && active.length === 1 && active[0] === item.status}
            onClick={() => onSelect(item.status)}
            testId={`status-${item.status}`}
            disabled={disabled}
          />
        ))}
    </Group>
  );
};

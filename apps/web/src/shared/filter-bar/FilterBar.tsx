import type { ReactNode } from 'react';
import { Alert, Anchor, Group, Paper, Pill, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useText } from '../../i18n/useText';
import { showsClearAll, type FilterChip } from './filterChips';

// The search block of the shared filter bar (spec modules §2.9, §4): the module's own controls, the Apply filter link
// while the chips differ from the saved ones (Refresh otherwise), More filters, Save Report, the chips with their
// tooltips and Clear all above the module's chip threshold. While the module's import runs the whole block is
// disabled and says why (modules §4, last line).

type Props = {
  chips: readonly FilterChip[];
  isDirty: boolean;
  /** Why the block is disabled, or null. */
  lockedReason: string | null;
  clearAllThreshold: number;
  onApply: () => void;
  onRefresh: () => void;
  onClearAll: () => void;
  onRemoveChip: (chip: FilterChip) => void;
  /** Opens the advance filter drawer; absent when the module has no more filters. */
  onMoreFilters?: () => void;
  /** Inline controls: financial year, location, return period, text, bulk apply. */
  controls: ReactNode;
  /** Links beside Apply filter/Refresh: saved reports, the filter preference. */
  extras?: ReactNode;
};

const linkStyle = { fontSize: 'var(--mantine-font-size-sm)' } as const;

export const FilterBar = ({
  chips,
  isDirty,
  lockedReason,
  clearAllThreshold,
  onApply,
  onRefresh,
  onClearAll,
  onRemoveChip,
  onMoreFilters,
  controls,
  extras,
}: Props) => {
  const t = useText();
  const isLocked = lockedReason !== null;
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="filter-bar">
      <Stack gap={8}>
        {isLocked ? (
          <Alert variant="light" color="yellow" p={6} icon={<IconLock size={16} />} data-testid="filter-locked">
            <Text size="sm">{lockedReason}</Text>
          </Alert>
        ) : null}
        <fieldset disabled={isLocked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap={8}>
            <Group justify="space-between" align="flex-end" gap="sm">
              <Group gap="xs" align="flex-end">
                {controls}
              </Group>
              <Group gap="md" align="center">
                {isDirty ? (
                  <Anchor component="button" type="button" fw={600} style={linkStyle} onClick={onApply} data-testid="filter-apply">
                    {t('filter.applyFilter')}
                  </Anchor>
                ) : (
                  <Anchor component="button" type="button" style={linkStyle} onClick={onRefresh} data-testid="filter-refresh">
                    {t('filter.refresh')}
                  </Anchor>
                )}
                {onMoreFilters ? (
                  <Anchor component="button" type="button" style={linkStyle} onClick={onMoreFilters} data-testid="filter-more">
                    {t('filter.moreFilters')}
                  </Anchor>
                ) : null}
                {extras}
              </Group>
            </Group>
            <Group gap={6}>
              {/* The list holds the chips only; Clear all and the pending note follow it. */}
              <Group gap={6} role="list" aria-label={t('filter.chips')} data-testid="filter-chips">
                {chips.map((chip) => (
                  <Tooltip key={chip.id} label={chip.tooltip} multiline maw={420} openDelay={300}>
                    <Pill
                      role="listitem"
                      size="sm"
                      withRemoveButton={chip.isRemovable && !isLocked}
                      onRemove={() => onRemoveChip(chip)}
                      removeButtonProps={
                        { 'aria-label': t('filter.removeChip', { chip: chip.text }), 'data-testid': `chip-remove-${chip.id}` } as Record<
                          string,
                          string
                        >
                      }
                      data-testid={`chip-${chip.id}`}
                    >
                      {chip.text}
                    </Pill>
                  </Tooltip>
                ))}
              </Group>
              {showsClearAll(chips, clearAllThreshold) ? (
                <Anchor component="button" type="button" size="xs" c="red.8" onClick={onClearAll} data-testid="filter-clear-all">
                  {t('filter.clearAll')}
                </Anchor>
              ) : null}
              {isDirty ? (
                <Text size="xs" c="dimmed" data-testid="filter-pending">
                  {t('filter.pending')}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </fieldset>
      </Stack>
    </Paper>
  );
};

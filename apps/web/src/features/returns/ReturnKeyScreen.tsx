import type { ReactNode } from 'react';
import { Group, Paper, Stack } from '@mantine/core';
import { FilterPlaceholder } from '../../shared/filter-bar/FilterPlaceholder';
import { GstinSelect, ReturnPeriodPicker } from './ReturnPeriodPicker';
import { useReturnQuery } from './useReturnQuery';

/**
 * A screen of one GSTIN and period: the bar that picks them (kept in the address), then what the screen shows for
 * them, or what to do while no GSTIN is chosen.
 */
export const ReturnKeyScreen = ({
  chooseText,
  chooseTestId,
  barLinks,
  children,
}: {
  chooseText: string;
  chooseTestId: string;
  barLinks?: ReactNode;
  children: (key: { entityId: number; returnPeriod: string }) => ReactNode;
}) => {
  const { entityId, returnPeriod, change } = useReturnQuery();
  return (
    <Stack gap="sm">
      <Paper withBorder radius="sm" px="sm" py={8}>
        <Group gap="sm" align="flex-end">
          <GstinSelect returnPeriod={returnPeriod} value={entityId} onChange={(next) => change({ entityId: next, returnPeriod })} />
          <ReturnPeriodPicker value={returnPeriod} onChange={(next) => change({ entityId, returnPeriod: next })} />
          {barLinks}
        </Group>
      </Paper>
      {entityId === null ? (
        <FilterPlaceholder kind="empty" testId={chooseTestId} text={chooseText} />
      ) : (
        children({ entityId, returnPeriod })
      )}
    </Stack>
  );
};

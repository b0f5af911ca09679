import type { ReactNode } from 'react';
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useText } from '../../i18n/useText';

// More filters (spec modules §2.9): a side panel titled "advance filter" with Reset and Apply filter; its overlay
// closes it (choices made stay as pending chips until applied), and so does Esc.

type Props = { opened: boolean; onClose: () => void; onReset: () => void; onApply: () => void; children: ReactNode };

export const AdvanceFilterDrawer = ({ opened, onClose, onReset, onApply, children }: Props) => {
  const t = useText();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={<Text fw={600}>{t('filter.advanceFilter')}</Text>}
      data-testid="advance-filter"
    >
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button size="xs" variant="default" onClick={onReset} data-testid="advance-reset">
            {t('filter.reset')}
          </Button>
          <Button size="xs" onClick={onApply} data-testid="advance-apply">
            {t('filter.applyFilter')}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
};

import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useText } from '../../i18n/useText';
import type { ReturnPeriodPreference } from './filterPreference';

// The filter-preference modal (spec modules §2.9): the 'current' (default) or 'saved' return period; OK emits the
// choice.

type Props = { value: ReturnPeriodPreference; currentPeriod: string; onChoose: (preference: ReturnPeriodPreference) => void };

export const FilterPreferenceModal = ({ value, currentPeriod, onChoose }: Props) => {
  const t = useText();
  const [opened, setOpened] = useState(false);
  const [choice, setChoice] = useState<ReturnPeriodPreference>(value);
  return (
    <>
      <Tooltip label={t('filter.preference')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('filter.preference')}
          onClick={() => {
            setChoice(value);
            setOpened(true);
          }}
          data-testid="filter-preference"
        >
          <IconAdjustmentsHorizontal size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={<Text fw={600}>{t('filter.preference')}</Text>} size="sm">
        <Stack gap="sm">
          <Radio.Group
            value={choice}
            onChange={(next) => setChoice(next === 'saved' ? 'saved' : 'current')}
            label={t('filter.preferenceQuestion')}
          >
            <Stack gap={8} mt={8}>
              <Radio
                size="xs"
                value="current"
                label={t('filter.preferenceCurrent', { period: currentPeriod })}
                data-testid="preference-current"
              />
              <Radio size="xs" value="saved" label={t('filter.preferenceSaved')} data-testid="preference-saved" />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button
              size="xs"
              onClick={() => {
                setOpened(false);
                onChoose(choice);
              }}
              data-testid="preference-ok"
            >
              {t('filter.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};

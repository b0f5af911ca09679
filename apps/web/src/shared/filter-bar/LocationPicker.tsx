import { Button, Checkbox, Divider, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useText } from '../../i18n/useText';
import { isLocationTicked, toggleLocation, type LocationBusiness } from './locationSelection';

// The location tree of the filter bar: a business with its locations; the selection collapses into business chips
// (see locationSelection.ts).

type Props = { tree: readonly LocationBusiness[]; selected: readonly number[]; onChange: (next: number[]) => void };

export const LocationPicker = ({ tree, selected, onChange }: Props) => {
  const t = useText();
  const ticked = (id: number) => isLocationTicked(tree, selected, id);
  return (
    <Stack gap={2}>
      <Text size="xs" fw={500}>
        {t('filter.location')}
      </Text>
      <Popover position="bottom-start" shadow="md" width={340} trapFocus>
        <Popover.Target>
          <Button
            size="xs"
            variant="default"
            w={180}
            rightSection={<IconChevronDown size={14} />}
            justify="space-between"
            data-testid="filter-location"
          >
            {selected.length === 0 ? t('filter.locationAll') : t('filter.locationCount', { n: selected.length })}
          </Button>
        </Popover.Target>
        <Popover.Dropdown p="xs">
          <ScrollArea.Autosize mah={320} type="auto">
            <Stack gap={6}>
              {tree.map((business, index) => (
                <Stack key={business.entityId} gap={6}>
                  {index > 0 ? <Divider /> : null}
                  <Checkbox
                    size="xs"
                    label={
                      <Text size="sm" fw={600} span>
                        {business.entityName}
                      </Text>
                    }
                    checked={selected.includes(business.entityId)}
                    indeterminate={
                      !selected.includes(business.entityId) && business.locations.some((leaf) => selected.includes(leaf.entityId))
                    }
                    onChange={() => onChange(toggleLocation(tree, selected, business.entityId))}
                    data-testid={`location-${business.entityId}`}
                  />
                  {business.locations.map((leaf) => (
                    <Checkbox
                      key={leaf.entityId}
                      size="xs"
                      ml={20 + leaf.depth * 20}
                      checked={ticked(leaf.entityId)}
                      onChange={() => onChange(toggleLocation(tree, selected, leaf.entityId))}
                      data-testid={`location-${leaf.entityId}`}
                      label={
                        <Text size="sm" span>
                          {leaf.entityName}
                          {leaf.gstin ? (
                            <Text span size="xs" c="dimmed" ff="monospace" ml={6}>
                              {leaf.gstin}
                            </Text>
                          ) : null}
                        </Text>
                      }
                    />
                  ))}
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Stack>
  );
};

import { Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { RIGHT_MODULE_LABELS, type RightsTree } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { moduleTickState, toggleModule, toggleRight } from './rightsSelection';

/** Checkboxes per module and per right; premium rights carry a badge, rights outside the subscription are locked. */
export const RightsTreeEditor = ({
  tree,
  selected,
  isReadOnly,
  onChange,
}: {
  tree: RightsTree;
  selected: ReadonlySet<string>;
  isReadOnly: boolean;
  onChange: (next: Set<string>) => void;
}) => {
  const t = useText();
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
      {tree.map((module) => {
        const state = moduleTickState(module, selected);
        const count = module.rights.filter((right) => selected.has(right.rightId)).length;
        return (
          <Paper key={module.module} withBorder p="sm" radius="sm" data-testid={`role-module-${module.module}`}>
            <Group justify="space-between" mb={6}>
              <Checkbox
                size="xs"
                fw={600}
                label={RIGHT_MODULE_LABELS[module.module]}
                checked={state === 'all'}
                indeterminate={state === 'some'}
                disabled={isReadOnly}
                onChange={() => onChange(toggleModule(module, selected))}
              />
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {count}/{module.rights.length}
              </Text>
            </Group>
            <Stack gap={4} pl="md">
              {module.rights.map((right) => {
                const box = (
                  <Checkbox
                    size="xs"
                    label={
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm" span>
                          {right.name}
                        </Text>
                        {right.isPremium ? (
                          <Badge size="xs" variant="light" color="grape" radius="sm">
                            {t('role.premium')}
                          </Badge>
                        ) : null}
                      </Group>
                    }
                    checked={selected.has(right.rightId)}
                    disabled={isReadOnly || !right.subscribed}
                    onChange={() => onChange(toggleRight(right.rightId, selected))}
                    data-testid={`role-right-${right.rightId}`}
                  />
                );
                return right.subscribed ? (
                  <div key={right.rightId}>{box}</div>
                ) : (
                  <Tooltip key={right.rightId} label={t('right.notSubscribed')} position="top-start">
                    <div>{box}</div>
                  </Tooltip>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
};

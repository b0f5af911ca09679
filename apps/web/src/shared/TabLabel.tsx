import { Badge, Group, Text } from '@mantine/core';
import { formatCount } from './format';

// A tab's label with its list's count beside it (UI.md: counts in the tab label where the spec keeps totalRecords);
// no count while it is not known.

export const TabLabel = ({ label, count, countTestId }: { label: string; count: number | undefined; countTestId: string }) => (
  <Group gap={6} wrap="nowrap">
    <Text size="sm" fw={500}>
      {label}
    </Text>
    {count !== undefined ? (
      <Badge size="sm" variant="light" color="gray" radius="sm" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={countTestId}>
        {formatCount(count)}
      </Badge>
    ) : null}
  </Group>
);

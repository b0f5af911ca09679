import { Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

// The filter bar's placeholders (spec modules §2.9): an empty state that says what to do next, and the summary that
// is still being prepared while the module's import runs.

export const FilterPlaceholder = ({ kind, text, testId }: { kind: 'empty' | 'summaryInProgress'; text: string; testId?: string }) => (
  <Paper withBorder radius="sm" p="xl" data-testid={testId ?? `placeholder-${kind}`}>
    <Stack align="center" gap="xs">
      {kind === 'empty' ? <IconFilterOff size={28} color="var(--mantine-color-gray-5)" aria-hidden /> : <Loader size="sm" type="dots" />}
      <Text size="sm" c="dimmed" ta="center" maw={520}>
        {text}
      </Text>
    </Stack>
  </Paper>
);

import type { ReactNode } from 'react';
import { Group, Paper, Progress, Stack, Text } from '@mantine/core';

// Long work at the server, as a card (UI.md "Long work is visible"): what it is doing in words, how far as a bar
// (striped and full while its share is not known), the time it has taken, and a line of detail beneath.

type Props = {
  testId: string;
  /** The stage in words, and its test id. */
  stage: ReactNode;
  stageTestId: string;
  /** The time taken, already in words. */
  elapsed: string;
  /** 0 to 100; null while the share is not known. */
  percent: number | null;
  ariaLabel: string;
  footer?: ReactNode;
  /** Extra attributes for tests (data-status, data-stage). */
  data?: Record<`data-${string}`, string>;
};

export const WorkProgress = ({ testId, stage, stageTestId, elapsed, percent, ariaLabel, footer, data }: Props) => (
  <Paper withBorder radius="sm" p="sm" data-testid={testId} {...data}>
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500} data-testid={stageTestId}>
          {stage}
        </Text>
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {elapsed}
        </Text>
      </Group>
      <Progress.Root size="md">
        <Progress.Section
          value={percent ?? 100}
          animated
          striped={percent === null}
          color="indigo"
          withAria={false}
          role="progressbar"
          aria-label={ariaLabel}
          aria-valuenow={percent ?? undefined}
          aria-valuemin={0}
          aria-valuemax={100}
        />
      </Progress.Root>
      {footer}
    </Stack>
  </Paper>
);

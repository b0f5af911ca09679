import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack } from '@mantine/core';
import type { RunDocument } from '@opengst/contracts';
import { LinkBar } from './LinkBar';

// Linking by hand, as manual reconciliation and link document both do it: a search above, the books' and the portal's
// pickers side by side (one above the other on a narrow screen), and the link of the two choices under them.

type Props = {
  testId: string;
  search: ReactNode;
  /** The two pickers, books first. */
  children: ReactNode;
  runId: number;
  books: readonly RunDocument[];
  portal: readonly RunDocument[];
  /** The linked documents are chosen no more. */
  onLinked: () => void;
};

export const LinkWorkspace = ({ testId, search, children, runId, books, portal, onLinked }: Props) => (
  <Stack gap="xs" data-testid={testId}>
    <Paper withBorder radius="sm" px="sm" py={6}>
      {search}
    </Paper>
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
      {children}
    </SimpleGrid>
    <LinkBar runId={runId} books={books} portal={portal} onLinked={onLinked} />
  </Stack>
);

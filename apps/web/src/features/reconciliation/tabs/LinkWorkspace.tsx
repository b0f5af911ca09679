import { useCallback, useState, type ReactNode } from 'react';
import { Paper, SimpleGrid, Stack } from '@mantine/core';
import type { RunDocument } from '@opengst/contracts';
import { LinkBar } from './LinkBar';

// Linking by hand, as manual reconciliation and link document both do it: a search above, the books' and the portal's
// pickers side by side (one above the other on a narrow screen), and the link of the two choices under them. Linked
// documents are chosen no more: the pickers list only unpaired ones once the run's lists load again.

/** The documents chosen on each side. */
export const useLinkChoice = () => {
  const [books, setBooks] = useState<RunDocument[]>([]);
  const [portal, setPortal] = useState<RunDocument[]>([]);
  const clear = useCallback(() => {
    setBooks([]);
    setPortal([]);
  }, []);
  return { books, portal, setBooks, setPortal, clear };
};

type Props = {
  testId: string;
  search: ReactNode;
  /** The two pickers, books first. */
  children: ReactNode;
  runId: number;
  choice: ReturnType<typeof useLinkChoice>;
};

export const LinkWorkspace = ({ testId, search, children, runId, choice }: Props) => (
  <Stack gap="xs" data-testid={testId}>
    <Paper withBorder radius="sm" px="sm" py={6}>
      {search}
    </Paper>
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
      {children}
    </SimpleGrid>
    <LinkBar runId={runId} books={choice.books} portal={choice.portal} onLinked={choice.clear} />
  </Stack>
);

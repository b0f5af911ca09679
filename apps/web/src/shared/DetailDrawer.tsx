import type { ReactNode } from 'react';
import { Drawer, Group, Stack, Text } from '@mantine/core';

// Detail and edit views of a list open in a side drawer (UI.md "Layout"); Esc closes it (Mantine's default).

export const DetailDrawer = ({
  opened,
  onClose,
  title,
  size = 'lg',
  children,
  testId,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: string;
  children: ReactNode;
  testId?: string;
}) => (
  <Drawer opened={opened} onClose={onClose} position="right" size={size} title={<Text fw={600}>{title}</Text>} data-testid={testId}>
    {opened ? children : null}
  </Drawer>
);

/** A label and its value in a detail view. */
export const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group gap="xs" wrap="nowrap" align="flex-start">
    <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
      {label}
    </Text>
    <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
      {children ?? '—'}
    </Text>
  </Group>
);

export const FieldList = ({ children }: { children: ReactNode }) => <Stack gap={6}>{children}</Stack>;

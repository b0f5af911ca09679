import type { ReactNode } from 'react';
import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';

type Props = { icon: ReactNode; heading: string; body: string; color?: string; children?: ReactNode };

/** A calm full-width message: what happened and what to do next. */
export const StatusPage = ({ icon, heading, body, color = 'gray', children }: Props) => (
  <Center py={64}>
    <Stack align="center" gap="sm" maw={520} ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={1} size="h2">
        {heading}
      </Title>
      <Text c="dimmed">{body}</Text>
      {children}
    </Stack>
  </Center>
);

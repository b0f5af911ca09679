import type { ReactNode } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { preLoadSettingsQuery } from '../../api/sessionData';

/** The tenant's application title, linking Home; a page's own menu (`nav`) takes the subtitle's place. */
export const PublicHeader = ({ actions, nav }: { actions?: ReactNode; nav?: ReactNode }) => {
  const { data: metadata } = useQuery({ ...preLoadSettingsQuery, enabled: false });
  return (
    <Group
      justify="space-between"
      px="md"
      h={52}
      bg="white"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      component="header"
    >
      <Anchor component={Link} to="/home" underline="never" c="indigo.8" fw={700} size="lg">
        {metadata?.applicationTitle || 'OpenGST'}
      </Anchor>
      {nav ?? null}
      {!nav && metadata?.applicationSubTitle ? (
        <Text size="sm" c="dimmed" visibleFrom="sm" style={{ flex: 1 }}>
          {metadata.applicationSubTitle}
        </Text>
      ) : null}
      {actions}
    </Group>
  );
};

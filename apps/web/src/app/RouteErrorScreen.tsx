import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { ApiError } from '../api/http';

/** Shown when a screen's code or its master data could not be loaded; the toast already told the details. */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  const detail = error instanceof ApiError ? error.message : error instanceof Error ? error.message : null;
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="xs" maw={480}>
        <Title order={2}>This page could not be loaded</Title>
        <Text c="dimmed" ta="center">
          The server did not answer as expected, or a new version of the application was installed. Reload to try again.
        </Text>
        {detail ? (
          <Text size="sm" c="dimmed" ta="center">
            {detail}
          </Text>
        ) : null}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
};

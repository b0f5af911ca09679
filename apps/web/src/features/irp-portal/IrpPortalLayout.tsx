import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IRP_PORTAL_ENDPOINTS, type IrpLoadSettings } from '@opengst/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, useNavigate } from 'react-router';
import { call } from '../../api/call';
import { ApiError } from '../../api/http';
import { useText } from '../../i18n/useText';
import { clearIrpToken, irpKeys, irpOptions, readIrpToken } from './irpSession';

/**
 * The e-invoicing portal's frame: its own title bar (the portal's name, the GSTIN and user signed in, the environment),
 * its own navigation and sign-out; without a live portal session, its sign-in page.
 */
export const IrpPortalLayout = ({ children }: { children: (settings: IrpLoadSettings) => ReactNode }) => {
  const t = useText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const token = readIrpToken();
  const settings = useQuery({
    queryKey: irpKeys.settings(token),
    queryFn: () => call(IRP_PORTAL_ENDPOINTS.loadSettings, undefined, irpOptions()),
    enabled: token !== null,
    retry: false,
  });
  if (!token || (settings.error instanceof ApiError && settings.error.status === 401)) {
    clearIrpToken();
    return <Navigate to="/irp-portal/login" replace />;
  }
  if (!settings.data) {
    return (
      <Center h="60vh">
        <Loader size="sm" aria-label={t('irpPortal.title')} />
      </Center>
    );
  }
  const signOut = async () => {
    await call(IRP_PORTAL_ENDPOINTS.logout, undefined, irpOptions()).catch(() => undefined);
    clearIrpToken();
    client.removeQueries({ queryKey: ['irp-portal'] });
    void navigate('/irp-portal/login', { replace: true });
  };
  const link = (to: string, label: string) => (
    <Anchor
      component={NavLink}
      to={to}
      end
      size="sm"
      fw={500}
      style={({ isActive }: { isActive: boolean }) => ({ textDecoration: isActive ? 'underline' : 'none' })}
    >
      {label}
    </Anchor>
  );
  return (
    <Box>
      <Box component="header" px="lg" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Stack gap={0}>
              <Title order={1} size="h4">
                {settings.data.applicationTitle}
              </Title>
              <Text size="xs" c="dimmed">
                {t('irpPortal.subTitle')}
              </Text>
            </Stack>
            <Group gap="md" component="nav" aria-label={settings.data.applicationTitle}>
              {link('/irp-portal', t('irpPortal.nav.einvoices'))}
              {link('/irp-portal/api-registration', t('irpPortal.nav.apiRegistration'))}
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Badge variant="light" color="gray" data-testid="irp-environment">
              {settings.data.environment}
            </Badge>
            <Stack gap={0} align="flex-end">
              <Text size="sm" fw={600} data-testid="irp-gstin" ff="monospace">
                {settings.data.gstin}
              </Text>
              <Text size="xs" c="dimmed">
                {settings.data.userName}
              </Text>
            </Stack>
            <Button size="xs" variant="default" onClick={() => void signOut()}>
              {t('irpPortal.logout')}
            </Button>
          </Group>
        </Group>
      </Box>
      <Box component="main" px="lg" py="md">
        {children(settings.data)}
      </Box>
    </Box>
  );
};

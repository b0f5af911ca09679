import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconPlugConnected } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PORTAL_SIGN_IN_RIGHTS, type PortalSession } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { formatDateTime } from '../../shared/format';
import { splitApiErrors } from '../../shared/forms';
import { notifySuccess } from '../../shared/notifySuccess';
import { useRights } from '../../shared/useRights';
import { authenticatePortal, portalSessionQuery, requestPortalOtp, returnKeys } from './returnsApi';

// The GST portal session of a GSTIN (spec modules: an OTP-based session per GSTIN): request an OTP, enter it, and the
// session is active until it expires. When this installation talks to its own portal sandbox it says so plainly.

export const SandboxNotice = () => {
  const t = useText();
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />} py={6} data-testid="sandbox-notice">
      <Text size="sm">{t('returns.portal.sandbox')}</Text>
    </Alert>
  );
};

const OtpForm = ({ entityId, onConnected }: { entityId: number; onConnected: (session: PortalSession) => void }) => {
  const t = useText();
  const [isSent, setSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<PortalSession>, after: (session: PortalSession) => void) => {
    setBusy(true);
    setError(null);
    try {
      after(await call());
    } catch (failure) {
      setError(splitApiErrors(failure, []).general.join(' '));
    } finally {
      setBusy(false);
    }
  };
  const requestOtp = () =>
    void run(
      () => requestPortalOtp(entityId),
      () => setSent(true),
    );
  return (
    <Stack gap={6}>
      {isSent ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => authenticatePortal(entityId, otp), onConnected);
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              size="xs"
              w={130}
              label={t('returns.portal.otp')}
              value={otp}
              onChange={(event) => setOtp(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              data-testid="portal-otp"
            />
            <Button size="xs" type="submit" loading={isBusy} disabled={otp.length !== 6} data-testid="portal-connect">
              {t('returns.portal.connect')}
            </Button>
            <Anchor component="button" type="button" size="xs" onClick={requestOtp} disabled={isBusy}>
              {t('returns.portal.resend')}
            </Anchor>
          </Group>
        </form>
      ) : (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlugConnected size={14} />}
            loading={isBusy}
            onClick={requestOtp}
            data-testid="portal-request-otp"
          >
            {t('returns.portal.requestOtp')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('returns.portal.otpHint')}
          </Text>
        </Group>
      )}
      {error ? (
        <Text size="sm" c="red.8" role="alert" data-testid="portal-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
};

export const PortalSessionCard = ({ entityId }: { entityId: number }) => {
  const t = useText();
  const queryClient = useQueryClient();
  const { data: session, isPending } = useQuery(portalSessionQuery(entityId));
  // Signing in is for whoever talks to the portal (the server's rights, PORTAL_SIGN_IN_RIGHTS); viewers only see the state.
  const rights = useRights(PORTAL_SIGN_IN_RIGHTS);
  const canConnect = PORTAL_SIGN_IN_RIGHTS.some((right) => rights[right]);
  const connected = (next: PortalSession) => {
    queryClient.setQueryData(returnKeys.portalSession(entityId), next);
    void queryClient.invalidateQueries({ queryKey: returnKeys.overviews() });
    notifySuccess(t(next.sandbox ? 'returns.portal.connectedSandbox' : 'returns.portal.connected'));
  };
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="portal-session" data-active={session?.active ?? false}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t('returns.portal.title')}
          </Text>
          {session?.active ? (
            <Group gap={6} wrap="nowrap">
              <Box w={8} h={8} bg="green.6" style={{ borderRadius: '50%' }} aria-hidden />
              <Text size="sm" data-testid="portal-state">
                {session.expiresAt
                  ? t('returns.portal.activeUntil', { time: formatDateTime(session.expiresAt) })
                  : t('returns.portal.active')}
              </Text>
            </Group>
          ) : session ? (
            <Text size="sm" c="dimmed" data-testid="portal-state">
              {t('returns.portal.inactive')}
            </Text>
          ) : null}
        </Group>
        {isPending ? <Loader size="xs" /> : null}
        {session?.sandbox ? <SandboxNotice /> : null}
        {session && !session.hasCredentials ? (
          <Text size="sm" data-testid="portal-no-credentials">
            {t('returns.portal.noCredentials')}{' '}
            <Anchor component={Link} to="/entities" size="sm">
              {t('returns.portal.toEntities')}
            </Anchor>
          </Text>
        ) : null}
        {session && session.hasCredentials && !session.active ? (
          canConnect ? (
            <OtpForm entityId={entityId} onConnected={connected} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('returns.portal.noRight')}
            </Text>
          )
        ) : null}
      </Stack>
    </Paper>
  );
};

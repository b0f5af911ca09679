import { useEffect, useRef } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { IRP_PORTAL_ENDPOINTS } from '@opengst/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { useText } from '../../i18n/useText';

/** The e-invoicing portal's own session, as features/irp-portal keeps it (no feature imports another: the key is the contract). */
const IRP_TOKEN_KEY = 'opengst.irp-auth-token';

/**
 * /portal-redirect?request=... (spec core §2 "a login for switching to the e-invoicing portal"): the product's one-time
 * request token swapped for a session of the e-invoicing portal for its GSTIN, then the portal's home; any failure
 * (expired, used, tampered) is Unauthorized Access.
 */
export const PortalRedirectScreen = () => {
  const t = useText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const request = searchParams.get('request') ?? '';
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!request) {
      void navigate('/unauthorized-access', { replace: true });
      return;
    }
    call(IRP_PORTAL_ENDPOINTS.userToken, { query: { request } }, { silent: true }).then(
      (session) => {
        sessionStorage.setItem(IRP_TOKEN_KEY, session.token);
        void navigate('/irp-portal', { replace: true });
      },
      () => void navigate('/unauthorized-access', { replace: true }),
    );
  }, [request, navigate]);

  return (
    <Center h="60vh">
      <Loader size="sm" mr="xs" />
      <Text size="sm">{t('irpPortal.switching')}</Text>
    </Center>
  );
};

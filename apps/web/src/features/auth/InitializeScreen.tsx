import { useEffect, useRef } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { REQUEST_TOKEN_ENDPOINTS } from '@opengst/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { writeAuthToken } from '../../api/storage';
import { useText } from '../../i18n/useText';

/**
 * /initialize?request=... (spec core §2): a link from another system carries a one-time request token; it is swapped
 * for a session, stored as a sign-in stores it, and the user goes on through /redirect; any failure (expired, used,
 * tampered) is Unauthorized Access.
 */
export const InitializeScreen = () => {
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
    call(REQUEST_TOKEN_ENDPOINTS.userToken, { query: { request } }, { silent: true }).then(
      (answer) => {
        writeAuthToken(answer.token);
        void navigate('/redirect', { replace: true });
      },
      () => void navigate('/unauthorized-access', { replace: true }),
    );
  }, [request, navigate]);

  return (
    <Center h="60vh">
      <Loader size="sm" mr="xs" />
      <Text size="sm">{t('irpPortal.initializing')}</Text>
    </Center>
  );
};

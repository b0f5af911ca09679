import { Button } from '@mantine/core';
import { AUTH_ENDPOINTS } from '@opengst/contracts';
import { call } from '../../api/call';
import { useText } from '../../i18n/useText';

/** Spec core §7: `{sso}/getUrl?userName=` answers the SAML sign-in URL; the browser goes there. */
export const SsoButton = ({ userName }: { userName: string }) => {
  const t = useText();
  const start = async () => {
    const url = await call(AUTH_ENDPOINTS.ssoUrl, { query: { userName: userName.trim() } });
    window.location.assign(url);
  };
  return (
    <Button variant="default" fullWidth onClick={() => void start().catch(() => undefined)}>
      {t('login.sso')}
    </Button>
  );
};

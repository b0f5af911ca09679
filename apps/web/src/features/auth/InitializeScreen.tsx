import { REQUEST_TOKEN_ENDPOINTS } from '@opengst/contracts';
import { call } from '../../api/call';
import { writeAuthToken } from '../../api/storage';
import { useText } from '../../i18n/useText';
import { RequestTokenSwap } from './RequestTokenSwap';

const swap = async (request: string) =>
  writeAuthToken((await call(REQUEST_TOKEN_ENDPOINTS.userToken, { query: { request } }, { silent: true })).token);

/**
 * /initialize?request=... (spec core §2): a link from another system carries a one-time request token; it is swapped
 * for a session, stored as a sign-in stores it, and the user goes on through /redirect.
 */
export const InitializeScreen = () => {
  const t = useText();
  return <RequestTokenSwap swap={swap} next="/redirect" text={t('irpPortal.initializing')} />;
};

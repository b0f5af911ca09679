import { IRP_PORTAL_ENDPOINTS } from '@opengst/contracts';
import { call } from '../../api/call';
import { writeIrpToken } from '../../api/storage';
import { useText } from '../../i18n/useText';
import { RequestTokenSwap } from './RequestTokenSwap';

const swap = async (request: string) =>
  writeIrpToken((await call(IRP_PORTAL_ENDPOINTS.userToken, { query: { request } }, { silent: true })).token);

/**
 * /portal-redirect?request=... (spec core §2 "a login for switching to the e-invoicing portal"): the product's one-time
 * request token swapped for a session of the e-invoicing portal for its GSTIN, then the portal's home.
 */
export const PortalRedirectScreen = () => {
  const t = useText();
  return <RequestTokenSwap swap={swap} next="/irp-portal" text={t('irpPortal.switching')} />;
};

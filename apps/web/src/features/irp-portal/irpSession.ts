import { IRP_PORTAL_HEADERS } from '@opengst/contracts';
import type { CallOptions } from '../../api/call';

import { readIrpToken } from '../../api/storage';

// The e-invoicing portal's calls: its own session token (api/storage.ts) as irp-auth-token.
export { clearIrpToken, readIrpToken, writeIrpToken } from '../../api/storage';

/** The options of a signed-in portal call: its session header; a 401 is the layout's to handle (back to the portal's login). */
export const irpOptions = (): CallOptions => ({ headers: { [IRP_PORTAL_HEADERS.authToken]: readIrpToken() ?? '' }, silent: [401] });

/** Query keys of the portal's data, under the session token so another sign-in never reads the previous one's cache. */
export const irpKeys = {
  settings: (token: string | null) => ['irp-portal', token, 'settings'] as const,
  invoices: (token: string | null, filters: unknown) => ['irp-portal', token, 'invoices', filters] as const,
  clients: (token: string | null) => ['irp-portal', token, 'clients'] as const,
};

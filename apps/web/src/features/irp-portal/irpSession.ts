import { IRP_PORTAL_HEADERS } from '@opengst/contracts';
import type { CallOptions } from '../../api/call';

// The e-invoicing portal's own session (spec core §7 "the e-invoicing portal host uses its own auth"): its token kept
// for the browser tab only, sent as irp-auth-token, never mixed with the product's auth-token.

const KEY = 'opengst.irp-auth-token';

export const readIrpToken = (): string | null => sessionStorage.getItem(KEY);
export const writeIrpToken = (token: string): void => sessionStorage.setItem(KEY, token);
export const clearIrpToken = (): void => sessionStorage.removeItem(KEY);

/** The options of a signed-in portal call: its session header; a 401 is the layout's to handle (back to the portal's login). */
export const irpOptions = (): CallOptions => ({ headers: { [IRP_PORTAL_HEADERS.authToken]: readIrpToken() ?? '' }, silent: [401] });

/** Query keys of the portal's data, under the session token so another sign-in never reads the previous one's cache. */
export const irpKeys = {
  settings: (token: string | null) => ['irp-portal', token, 'settings'] as const,
  invoices: (token: string | null, filters: unknown) => ['irp-portal', token, 'invoices', filters] as const,
  clients: (token: string | null) => ['irp-portal', token, 'clients'] as const,
};

import type { AppSettings, FinancialYear, RightItem } from '@opengst/contracts';

// Persisted local data of spec core §3. One key per store; values are JSON.
export type StoredSettings = { authToken: string | null; settings: AppSettings | null };
export type StoredReturnPeriods = { regular: unknown[]; jobWork: unknown[] };

type Stores = {
  settings: StoredSettings;
  rights: RightItem[];
  sidemenuConfig: { hiddenKeys: string[] };
  isUnderMaintenance: boolean;
  buildVersion: string;
  financialYears: Pick<FinancialYear, 'id' | 'label'>[];
  returnPeriods: StoredReturnPeriods;
  hamburger: boolean;
};
export type StoreKey = keyof Stores;

export const readStore = <K extends StoreKey>(key: K): Stores[K] | null => {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as Stores[K];
  } catch {
    return null;
  }
};

export const writeStore = <K extends StoreKey>(key: K, value: Stores[K]): void => {
  localStorage.setItem(key, JSON.stringify(value));
};

export const removeStore = (key: StoreKey): void => localStorage.removeItem(key);

export const readAuthToken = (): string | null => readStore('settings')?.authToken ?? null;

export const writeAuthToken = (authToken: string): void => {
  writeStore('settings', { authToken, settings: readStore('settings')?.settings ?? null });
  sessionStorage.removeItem(SESSION_ENDED_KEY);
};

// Why the server ended the session (401 AUTH0013), kept in this tab until the next sign-in: a reload, or a second
// request failing while the first one's redirect is under way, still lands on Login with the reason, not on Home.
const SESSION_ENDED_KEY = 'sessionEnded';

export const rememberSessionEnded = (message: string): void => sessionStorage.setItem(SESSION_ENDED_KEY, message);

export const sessionEndedMessage = (): string | null => sessionStorage.getItem(SESSION_ENDED_KEY);

export const isUnderMaintenance = (): boolean => readStore('isUnderMaintenance') === true;

/**
 * Clears local storage on logout and session expiry. The sidebar state and the build version survive:
 * the user keeps their menu preference, and a cleared version must not force a reload on the next visit.
 */
export const clearLocalData = (): void => {
  const hamburger = readStore('hamburger');
  const buildVersion = readStore('buildVersion');
  localStorage.clear();
  if (hamburger !== null) writeStore('hamburger', hamburger);
  if (buildVersion !== null) writeStore('buildVersion', buildVersion);
};

// The e-invoicing portal's own session (spec core §7 "the e-invoicing portal host uses its own auth"): its token kept
// for the browser tab only, sent as irp-auth-token, never mixed with the product's auth-token. Written by /portal-redirect,
// read by the portal's screens.
const IRP_TOKEN_KEY = 'opengst.irp-auth-token';
export const readIrpToken = (): string | null => sessionStorage.getItem(IRP_TOKEN_KEY);
export const writeIrpToken = (token: string): void => sessionStorage.setItem(IRP_TOKEN_KEY, token);
export const clearIrpToken = (): void => sessionStorage.removeItem(IRP_TOKEN_KEY);

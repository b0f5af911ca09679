import type { SandboxSql } from '../sql';
import type { IrpKeyRow } from './store';

/** What every route of the IRP sandbox uses. */
export type IrpSandbox = {
  sql: SandboxSql;
  now: () => Date;
  /** The key pair whose public key encrypts the authentication request. */
  authKeys: () => Promise<IrpKeyRow>;
  /** The key pair that signs SignedInvoice and SignedQRCode, with its certificate. */
  signKeys: () => Promise<IrpKeyRow & { certificate_pem: string }>;
  /** Errors of an INV-01 JSON against NIC's published schema (repaired by the domain); none when valid. */
  checkSchema: (payload: unknown) => string[];
  /** IRP mode: only a client system registered for the header GSTIN and not revoked may call (clients.ts). */
  requireRegisteredClients: boolean;
};

const IST_OFFSET_MS = 330 * 60_000;

/** 'yyyy-MM-dd HH:mm:ss' in IST, the IRP's form of AckDt, TokenExpiry and CancelDate. */
export const istStamp = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** The IST calendar date (YYYY-MM-DD) of an instant. */
export const istDate = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

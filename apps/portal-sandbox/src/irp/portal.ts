// The e-invoicing portal's own sign-in and the data of its screens (README.md "IRP mode"): a GSTIN's e-invoice user
// (irp_users, the user the API authenticates) signs in with a password AES-256-CBC-encrypted with a one-time key/iv
// (the IRP variant of the encryptor, irp_login_keys), and gets a portal session of its own (irp_portal_sessions,
// the token kept as its SHA-256), apart from the product's sessions: "the e-invoicing portal host uses its own auth".
// A product user switching to the portal (/portal-redirect) gets a session of the GSTIN without a password, once
// per request token (irp_used_requests).
import { createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SandboxSql } from '../sql';
import { sameText } from '../crypto';
import { istStamp, type IrpSandbox } from './context';
import { cancelIrn } from './invoice';

/** A portal session lasts 2 hours; its one-time login key 5 minutes (as the product's encryptor). */
export const PORTAL_SESSION_MINUTES = 120;
const LOGIN_KEY_MINUTES = 5;
/** Cancellation within 24 hours of the IRN (the API's rule: invoice.ts). */
export const PORTAL_CANCEL_HOURS = 24;

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const plus = (at: Date, minutes: number): Date => new Date(at.getTime() + minutes * 60_000);

/** Why a portal sign-in or session was refused (the server turns each into its error code). */
export class IrpPortalRefusal extends Error {
  constructor(readonly reason: 'key' | 'decrypt' | 'credentials') {
    super(reason);
    this.name = 'IrpPortalRefusal';
  }
}

export type IrpPortalSession = { token: string; gstin: string; userName: string; expiresAt: string };

/** GET public/irp/encryptor/get: a fresh AES-256-CBC key and IV, accepted once within 5 minutes. */
export const issuePortalLoginKey = async (sql: SandboxSql, now: Date): Promise<{ identifier: string; key: string; iv: string }> => {
  const value = { identifier: randomUUID(), key: randomBytes(32).toString('base64'), iv: randomBytes(16).toString('base64') };
  await sql.query('DELETE FROM portal_sandbox.irp_login_keys WHERE expires_at <= $1', [now.toISOString()]);
  await sql.query('INSERT INTO portal_sandbox.irp_login_keys (identifier, key, iv, expires_at) VALUES ($1, $2, $3, $4)', [
    value.identifier,
    value.key,
    value.iv,
    plus(now, LOGIN_KEY_MINUTES).toISOString(),
  ]);
  return value;
};

const openSession = async (sql: SandboxSql, gstin: string, userName: string, now: Date): Promise<IrpPortalSession> => {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = plus(now, PORTAL_SESSION_MINUTES);
  await sql.query(
    `INSERT INTO portal_sandbox.irp_portal_sessions (token_sha256, gstin, username, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [sha256(token), gstin, userName, now.toISOString(), expiresAt.toISOString()],
  );
  return { token, gstin, userName, expiresAt: expiresAt.toISOString() };
};

/** The portal's sign-in: the GSTIN's e-invoice user name and password, the password encrypted with the login key. */
export const signInPortal = async (
  sql: SandboxSql,
  values: { gstin: string; userName: string; encryptedPassword: string; identifier: string; now: Date },
): Promise<IrpPortalSession> => {
  const [key] = await sql.query<{ key: string; iv: string }>(
    'DELETE FROM portal_sandbox.irp_login_keys WHERE identifier = $1 AND expires_at > $2 RETURNING key, iv',
    [values.identifier, values.now.toISOString()],
  );
  if (!key) throw new IrpPortalRefusal('key');
  let password: string;
  try {
    const decipher = createDecipheriv('aes-256-cbc', Buffer.from(key.key, 'base64'), Buffer.from(key.iv, 'base64'));
    password = Buffer.concat([decipher.update(Buffer.from(values.encryptedPassword, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new IrpPortalRefusal('decrypt');
  }
  const [user] = await sql.query<{ username: string; password: string }>(
    'SELECT username, password FROM portal_sandbox.irp_users WHERE gstin = $1',
    [values.gstin],
  );
  // One answer for an unknown GSTIN, another user name and a wrong password: nothing tells which was wrong.
  const rightUser = user !== undefined && sameText(user.username.toLowerCase(), values.userName.trim().toLowerCase());
  const rightPassword = user !== undefined && sameText(user.password, password);
  if (!user || !rightUser || !rightPassword) throw new IrpPortalRefusal('credentials');
  return openSession(sql, values.gstin, user.username, values.now);
};

/**
 * A product user's switch to the portal: a session of the GSTIN's e-invoice user. A GSTIN whose API user is not yet
 * registered gets a session under the name API_<GSTIN> without registering anyone: its first API authentication (from
 * a client system registered here) still fixes its user name and password, as the IRP registers a GSTIN then. (A user
 * registered here with a password nobody knows would lock the GSTIN's API out: 1019 at every authentication.)
 */
export const openPortalSessionForGstin = async (sql: SandboxSql, gstin: string, now: Date): Promise<IrpPortalSession> => {
  const [user] = await sql.query<{ username: string }>('SELECT username FROM portal_sandbox.irp_users WHERE gstin = $1', [gstin]);
  return openSession(sql, gstin, user?.username ?? `API_${gstin}`, now);
};

/** The live portal session of a token, or undefined. */
export const portalSessionOf = async (sql: SandboxSql, token: string, now: Date): Promise<Omit<IrpPortalSession, 'token'> | undefined> => {
  if (!token) return undefined;
  const [row] = await sql.query<{ gstin: string; username: string; expires_at: Date | string }>(
    `SELECT gstin, username, expires_at FROM portal_sandbox.irp_portal_sessions
     WHERE token_sha256 = $1 AND ended_at IS NULL AND expires_at > $2`,
    [sha256(token), now.toISOString()],
  );
  return row ? { gstin: row.gstin, userName: row.username, expiresAt: new Date(row.expires_at).toISOString() } : undefined;
};

export const endPortalSession = async (sql: SandboxSql, token: string, now: Date): Promise<void> => {
  await sql.query('UPDATE portal_sandbox.irp_portal_sessions SET ended_at = $2 WHERE token_sha256 = $1 AND ended_at IS NULL', [
    sha256(token),
    now.toISOString(),
  ]);
};

/** Records a request token's id; false when it was used already (a replay). Expired records are dropped. */
export const useRequestOnce = async (sql: SandboxSql, jti: string, expiresAt: Date, now: Date): Promise<boolean> => {
  await sql.query('DELETE FROM portal_sandbox.irp_used_requests WHERE expires_at < $1', [now.toISOString()]);
  const inserted = await sql.query(
    'INSERT INTO portal_sandbox.irp_used_requests (jti, used_at, expires_at) VALUES ($1, $2, $3) ON CONFLICT (jti) DO NOTHING RETURNING jti',
    [jti, now.toISOString(), expiresAt.toISOString()],
  );
  return inserted.length === 1;
};

export type IrpPortalInvoice = {
  irn: string;
  docType: string;
  docNo: string;
  docDate: string;
  ackNo: string;
  ackDate: string;
  status: 'ACT' | 'CNL';
  ewbNo: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  cancelRemarks: string | null;
  /** Until when the IRN can be cancelled (24 hours from its acknowledgement), as an ISO instant. */
  cancellableUntil: string;
};

type Stored = {
  irn: string;
  doc_type: string;
  doc_no: string;
  doc_date: string;
  ack_no: string;
  ack_at: Date | string;
  status: string;
  ewb_no: string | null;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  cancel_remarks: string | null;
  total: number | string;
};

/** The GSTIN's IRNs, newest first: searched by IRN or document number (any case), filtered by status. */
export const listPortalInvoices = async (
  sql: SandboxSql,
  gstin: string,
  query: { search?: string | undefined; status?: 'ACT' | 'CNL' | undefined; start: number; size: number },
): Promise<{ items: IrpPortalInvoice[]; totalRecords: number }> => {
  const search = query.search?.trim() ?? '';
  const rows = await sql.query<Stored>(
    `SELECT irn, doc_type, doc_no, doc_date, ack_no, ack_at, status, ewb_no, cancelled_at, cancel_reason, cancel_remarks,
            count(*) OVER () AS total
     FROM portal_sandbox.irp_invoices
     WHERE gstin = $1 AND ($2 = '' OR irn = lower($2) OR upper(doc_no) LIKE '%' || upper($2) || '%') AND ($3 = '' OR status = $3)
     ORDER BY ack_at DESC, irn LIMIT $4 OFFSET $5`,
    [gstin, search, query.status ?? '', query.size, query.start],
  );
  return {
    totalRecords: rows[0] ? Number(rows[0].total) : 0,
    items: rows.map((row) => ({
      irn: row.irn,
      docType: row.doc_type,
      docNo: row.doc_no,
      docDate: row.doc_date,
      ackNo: String(row.ack_no),
      ackDate: istStamp(new Date(row.ack_at)),
      status: row.status === 'CNL' ? 'CNL' : 'ACT',
      ewbNo: row.ewb_no === null ? null : String(row.ewb_no),
      cancelledAt: row.cancelled_at === null ? null : new Date(row.cancelled_at).toISOString(),
      cancelReason: row.cancel_reason,
      cancelRemarks: row.cancel_remarks,
      cancellableUntil: new Date(new Date(row.ack_at).getTime() + PORTAL_CANCEL_HOURS * 3_600_000).toISOString(),
    })),
  };
};

/** Cancels an IRN of the GSTIN from the portal's screen, by the API's rules (24 hours, no live e-way bill, reason 1-4). */
export const cancelPortalInvoice = async (
  irp: Pick<IrpSandbox, 'sql' | 'now'>,
  gstin: string,
  values: { irn: string; reason: '1' | '2' | '3' | '4'; remarks: string },
): Promise<{ irn: string; cancelDate: string }> => {
  const done = await cancelIrn(irp, { gstin }, { Irn: values.irn, CnlRsn: values.reason, CnlRem: values.remarks });
  return { irn: done.Irn, cancelDate: done.CancelDate };
};

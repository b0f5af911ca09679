// The e-invoicing portal's "API registration" (README.md "IRP mode"): a taxpayer registers each client system (its
// ERP) that will call the IRP's API for its GSTIN, and gets a client id and client secret, the secret shown once and
// kept as its SHA-256. In IRP mode the authentication accepts only a registered, unrevoked pair of the header GSTIN
// (NIC error 1010 "Invalid Client-ID/Client-Secret" otherwise).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxSql } from '../sql';

export type IrpClientRow = { clientId: string; gstin: string; name: string; createdAt: string; revokedAt: string | null };

/** A client system's name as the portal takes it: 3 to 100 characters. */
export const CLIENT_NAME_MAX = 100;
const CLIENT_NAME_MIN = 3;

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

type Stored = { client_id: string; gstin: string; name: string; created_at: Date | string; revoked_at: Date | string | null };
const rowOf = (row: Stored): IrpClientRow => ({
  clientId: row.client_id,
  gstin: row.gstin,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
});

export class IrpClientNameError extends Error {}

/** Registers a client system of the GSTIN: the answer carries the secret, which is not kept and never shown again. */
export const registerIrpClient = async (
  sql: SandboxSql,
  values: { gstin: string; name: string; now: Date },
): Promise<IrpClientRow & { clientSecret: string }> => {
  const name = values.name.trim();
  if (name.length < CLIENT_NAME_MIN || name.length > CLIENT_NAME_MAX)
    throw new IrpClientNameError(`The client system's name takes ${CLIENT_NAME_MIN} to ${CLIENT_NAME_MAX} characters.`);
  // NIC's client ids are opaque strings handed out by the portal; ours: a prefix and 24 hex characters.
  const clientId = `AAB${randomBytes(12).toString('hex').toUpperCase()}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const [row] = await sql.query<Stored>(
    `INSERT INTO portal_sandbox.irp_clients (client_id, client_secret_sha256, gstin, name, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING client_id, gstin, name, created_at, revoked_at`,
    [clientId, sha256(clientSecret), values.gstin, name, values.now.toISOString()],
  );
  if (!row) throw new Error('The IRP could not store the client system.');
  return { ...rowOf(row), clientSecret };
};

/** The GSTIN's client systems, newest first, revoked ones included (with when). */
export const listIrpClients = async (sql: SandboxSql, gstin: string): Promise<IrpClientRow[]> =>
  (
    await sql.query<Stored>(
      `SELECT client_id, gstin, name, created_at, revoked_at FROM portal_sandbox.irp_clients WHERE gstin = $1
       ORDER BY created_at DESC, client_id`,
      [gstin],
    )
  ).map(rowOf);

/** Revokes a client system of the GSTIN; its sessions end at their next call. Undefined when the GSTIN has no such live client. */
export const revokeIrpClient = async (
  sql: SandboxSql,
  values: { gstin: string; clientId: string; now: Date },
): Promise<IrpClientRow | undefined> => {
  const [row] = await sql.query<Stored>(
    `UPDATE portal_sandbox.irp_clients SET revoked_at = $3 WHERE client_id = $1 AND gstin = $2 AND revoked_at IS NULL
     RETURNING client_id, gstin, name, created_at, revoked_at`,
    [values.clientId, values.gstin, values.now.toISOString()],
  );
  return row ? rowOf(row) : undefined;
};

/** Whether the pair is a live client system registered for the GSTIN (the secret compared in constant time). */
export const isRegisteredIrpClient = async (sql: SandboxSql, gstin: string, clientId: string, clientSecret: string): Promise<boolean> => {
  const [row] = await sql.query<{ client_secret_sha256: string; gstin: string; revoked_at: Date | string | null }>(
    'SELECT client_secret_sha256, gstin, revoked_at FROM portal_sandbox.irp_clients WHERE client_id = $1',
    [clientId],
  );
  const given = Buffer.from(sha256(clientSecret), 'hex');
  const stored = Buffer.from(row?.client_secret_sha256 ?? '0'.repeat(64), 'hex');
  const same = given.length === stored.length && timingSafeEqual(given, stored);
  return row !== undefined && same && row.gstin === gstin && row.revoked_at === null;
};

// The IRP sandbox's tables, beside the GST portal sandbox's in the schema `portal_sandbox`, named irp_*: created at
// start by numbered versions recorded in portal_sandbox.irp_schema_versions (its own list, so the two sandboxes migrate
// independently), idempotently, on PGlite and PostgreSQL.
import type { SandboxSql } from '../sql';

const VERSIONS: readonly { version: number; script: string }[] = [
  {
    version: 1,
    script: `
      CREATE TABLE IF NOT EXISTS portal_sandbox.irp_keys (
        purpose text PRIMARY KEY, public_pem text NOT NULL, private_pem text NOT NULL, certificate_pem text,
        created_at timestamptz NOT NULL);
      CREATE TABLE IF NOT EXISTS portal_sandbox.irp_users (
        gstin text PRIMARY KEY, username text NOT NULL, password text NOT NULL, registered_at timestamptz NOT NULL);
      CREATE TABLE IF NOT EXISTS portal_sandbox.irp_sessions (
        auth_token text PRIMARY KEY, gstin text NOT NULL, username text NOT NULL, client_id text NOT NULL,
        sek text NOT NULL, issued_at timestamptz NOT NULL, expires_at timestamptz NOT NULL);
      CREATE INDEX IF NOT EXISTS irp_sessions_by_user ON portal_sandbox.irp_sessions (gstin, username, client_id, expires_at);
      CREATE SEQUENCE IF NOT EXISTS portal_sandbox.irp_ack_numbers;
      CREATE TABLE IF NOT EXISTS portal_sandbox.irp_invoices (
        irn text PRIMARY KEY, gstin text NOT NULL, doc_type text NOT NULL, doc_no text NOT NULL, doc_date text NOT NULL,
        ack_no text NOT NULL UNIQUE, ack_at timestamptz NOT NULL, status text NOT NULL,
        signed_invoice text NOT NULL, signed_qr text NOT NULL, payload jsonb NOT NULL,
        ewb_no text, ewb_date text, ewb_valid_till text,
        cancel_reason text, cancel_remarks text, cancelled_at timestamptz);
      CREATE INDEX IF NOT EXISTS irp_invoices_by_document ON portal_sandbox.irp_invoices (gstin, doc_type, upper(doc_no), doc_date);
    `,
  },
  {
    // The aggregate turnover a test gives a GSTIN (README.md "IRP sandbox"), for the 30-day reporting limit.
    version: 2,
    script: `ALTER TABLE portal_sandbox.irp_users ADD COLUMN IF NOT EXISTS aato_paise bigint;`,
  },
  {
    // IRP mode (README.md "IRP mode"): the client systems registered per GSTIN (the portal's "API registration", the
    // secret kept as its SHA-256), the e-invoicing portal's own sign-in (its sessions, the key/iv its login encrypts the
    // password with) and the request tokens already swapped for a portal session (refused when replayed).
    version: 3,
    script: `
      CREATE TABLE IF NOT EXISTS portal_sandbox.irp_clients (
        client_id text PRIMARY KEY, client_secret_sha256 text NOT NULL, gstin text NOT NULL, name text NOT NULL,
        created_at timestamptz NOT NULL, revoked_at timestamptz);
      CREATE INDEX IF NOT EXISTS irp_clients_by_gstin ON portal_sandbox.irp_clients (gstin, created_at);
      CREATE TABLE IF NOT EXISTS portal_sandbox.irp_portal_sessions (
        token_sha256 text PRIMARY KEY, gstin text NOT NULL, username text NOT NULL,
        issued_at timestamptz NOT NULL, expires_at timestamptz NOT NULL, ended_at timestamptz);
      CREATE TABLE IF NOT EXISTS portal_sandbox.irp_login_keys (
        identifier text PRIMARY KEY, key text NOT NULL, iv text NOT NULL, expires_at timestamptz NOT NULL);
      CREATE TABLE IF NOT EXISTS portal_sandbox.irp_used_requests (
        jti text PRIMARY KEY, used_at timestamptz NOT NULL, expires_at timestamptz NOT NULL);
    `,
  },
];

/** One transaction under an advisory lock of its own: processes mounting the sandbox on one PostgreSQL migrate in turn. */
export const migrateIrpSandbox = async (sql: SandboxSql): Promise<void> => {
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7246813004)');
    await tx.exec(`
      CREATE SCHEMA IF NOT EXISTS portal_sandbox;
      CREATE TABLE IF NOT EXISTS portal_sandbox.irp_schema_versions (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    `);
    const applied = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM portal_sandbox.irp_schema_versions')).map((r) => Number(r.version)),
    );
    for (const { version, script } of VERSIONS) {
      if (applied.has(version)) continue;
      await tx.exec(script);
      await tx.query('INSERT INTO portal_sandbox.irp_schema_versions (version) VALUES ($1)', [version]);
    }
  });
};

export type IrpKeyRow = { public_pem: string; private_pem: string; certificate_pem: string | null };

/**
 * A key pair of the IRP, made at its first use and kept: 'auth' encrypts the credentials sent to the authentication
 * API, 'sign' signs SignedInvoice and SignedQRCode (NIC too uses two keys: the one for verification is another).
 */
export const loadOrCreateIrpKeys = async (
  sql: SandboxSql,
  purpose: 'auth' | 'sign',
  create: () => { publicPem: string; privatePem: string; certificatePem: string | null },
  now: Date,
): Promise<IrpKeyRow> => {
  const read = () =>
    sql.query<IrpKeyRow>('SELECT public_pem, private_pem, certificate_pem FROM portal_sandbox.irp_keys WHERE purpose = $1', [purpose]);
  const [found] = await read();
  if (found) return found;
  const pair = create();
  await sql.query(
    `INSERT INTO portal_sandbox.irp_keys (purpose, public_pem, private_pem, certificate_pem, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (purpose) DO NOTHING`,
    [purpose, pair.publicPem, pair.privatePem, pair.certificatePem, now.toISOString()],
  );
  const [row] = await read();
  if (!row) throw new Error('The IRP sandbox could not store its key pair.');
  return row;
};

// The sandbox's tables, in its own schema `portal_sandbox` (never in the server's drizzle schema): created at start
// by numbered versions recorded in portal_sandbox.schema_versions, idempotently, on PGlite and PostgreSQL.
import type { SandboxSql } from './sql';

const VERSIONS: readonly { version: number; script: string }[] = [
  {
    version: 1,
    script: `
      CREATE TABLE portal_sandbox.keys (
        id integer PRIMARY KEY, public_pem text NOT NULL, private_pem text NOT NULL, created_at timestamptz NOT NULL);
      CREATE TABLE portal_sandbox.taxpayers (
        gstin text PRIMARY KEY, username text NOT NULL, registered_at timestamptz NOT NULL);
      CREATE TABLE portal_sandbox.otp_requests (
        gstin text NOT NULL, purpose text NOT NULL, requested_at timestamptz NOT NULL, PRIMARY KEY (gstin, purpose));
      CREATE TABLE portal_sandbox.sessions (
        auth_token text PRIMARY KEY, gstin text NOT NULL, username text NOT NULL, ek text NOT NULL, expires_at timestamptz NOT NULL);
      CREATE TABLE portal_sandbox.returns (
        gstin text NOT NULL, form text NOT NULL, period text NOT NULL, status text NOT NULL,
        submitted_at timestamptz, filed_at timestamptz, arn text, PRIMARY KEY (gstin, form, period));
      CREATE TABLE portal_sandbox.documents (
        gstin text NOT NULL, form text NOT NULL, period text NOT NULL, section text NOT NULL, doc_key text NOT NULL,
        grp jsonb NOT NULL, body jsonb NOT NULL, doc_number text, number_kind text, ctin text, fy text,
        seq bigserial NOT NULL, PRIMARY KEY (gstin, form, period, section, doc_key));
      CREATE INDEX documents_by_recipient ON portal_sandbox.documents (ctin, section);
      CREATE INDEX documents_by_number ON portal_sandbox.documents (gstin, fy, number_kind, doc_number);
      CREATE TABLE portal_sandbox.saves (
        reference_id text PRIMARY KEY, gstin text NOT NULL, form text NOT NULL, period text NOT NULL,
        status text NOT NULL, error_report jsonb NOT NULL, saved_at timestamptz NOT NULL);
    `,
  },
];

/**
 * One transaction holding an advisory lock of its own: server processes that mount the sandbox on one PostgreSQL and
 * start together migrate it one at a time (two of them creating the schema at once collided on pg_type).
 */
export const migrateSandbox = async (sql: SandboxSql): Promise<void> => {
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7246813003)');
    await tx.exec(`
      CREATE SCHEMA IF NOT EXISTS portal_sandbox;
      CREATE TABLE IF NOT EXISTS portal_sandbox.schema_versions (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    `);
    const applied = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM portal_sandbox.schema_versions')).map((r) => Number(r.version)),
    );
    for (const { version, script } of VERSIONS) {
      if (applied.has(version)) continue;
      await tx.exec(script);
      await tx.query('INSERT INTO portal_sandbox.schema_versions (version) VALUES ($1)', [version]);
    }
  });
};

export type KeyPairRow = { public_pem: string; private_pem: string };

/** The sandbox's RSA key pair, generated at the first start and kept. */
export const loadOrCreateKeys = async (
  sql: SandboxSql,
  create: () => { publicPem: string; privatePem: string },
  now: Date,
): Promise<KeyPairRow> => {
  const [found] = await sql.query<KeyPairRow>('SELECT public_pem, private_pem FROM portal_sandbox.keys WHERE id = 1');
  if (found) return found;
  const pair = create();
  await sql.query(
    'INSERT INTO portal_sandbox.keys (id, public_pem, private_pem, created_at) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING',
    [pair.publicPem, pair.privatePem, now.toISOString()],
  );
  const [row] = await sql.query<KeyPairRow>('SELECT public_pem, private_pem FROM portal_sandbox.keys WHERE id = 1');
  if (!row) throw new Error('The portal sandbox could not store its key pair.');
  return row;
};

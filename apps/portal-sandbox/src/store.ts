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
  {
    // IMS (README.md "IMS"): every action a recipient saves or resets is a row, so the state at any instant (the 2B
    // generated on the 14th) can be read back; GSTR-2B generations as they were made; queued (token) answers and
    // their files.
    version: 2,
    script: `
      CREATE TABLE IF NOT EXISTS portal_sandbox.ims_actions (
        seq bigserial PRIMARY KEY, recipient text NOT NULL, section text NOT NULL, supplier text NOT NULL,
        supplier_period text NOT NULL, doc_key text NOT NULL, action text NOT NULL, remarks text, itc_red_req text,
        declared jsonb, record_hash text NOT NULL, reference_id text NOT NULL, acted_at timestamptz NOT NULL);
      CREATE INDEX IF NOT EXISTS ims_actions_by_recipient ON portal_sandbox.ims_actions (recipient, acted_at);
      CREATE TABLE IF NOT EXISTS portal_sandbox.ims_requests (
        reference_id text PRIMARY KEY, gstin text NOT NULL, kind text NOT NULL, status text NOT NULL,
        processed integer NOT NULL, failed integer NOT NULL, error jsonb, error_report jsonb NOT NULL,
        requested_at timestamptz NOT NULL);
      CREATE TABLE IF NOT EXISTS portal_sandbox.gstr2b_generations (
        recipient text NOT NULL, period text NOT NULL, generation integer NOT NULL, reference_id text UNIQUE,
        generated_at timestamptz NOT NULL, data jsonb NOT NULL, included jsonb NOT NULL,
        PRIMARY KEY (recipient, period, generation));
      CREATE TABLE IF NOT EXISTS portal_sandbox.file_requests (
        token text PRIMARY KEY, gstin text NOT NULL, form text NOT NULL, period text, ek text NOT NULL,
        urls jsonb NOT NULL, polls integer NOT NULL DEFAULT 0, requested_at timestamptz NOT NULL);
      CREATE TABLE IF NOT EXISTS portal_sandbox.files (
        name text PRIMARY KEY, token text NOT NULL REFERENCES portal_sandbox.file_requests (token) ON DELETE CASCADE,
        body bytea NOT NULL);
    `,
  },
  {
    // A file is named by its form, period and GSTIN: two tokens of one download hold files of one name.
    version: 3,
    script: `
      ALTER TABLE portal_sandbox.files DROP CONSTRAINT IF EXISTS files_pkey;
      ALTER TABLE portal_sandbox.files ADD PRIMARY KEY (token, name);
    `,
  },
  {
    // GSTR-3B and payments (README.md "GSTR-3B, ledgers and challans"): the saved 3B of a period; every ledger entry
    // (cash, credit, liability, the credit reversal and RCM statements) as a row, amounts per head and minor head in
    // paise; challans (PMT-06) with their CPIN and, once paid, CIN.
    version: 4,
    script: `
      CREATE TABLE IF NOT EXISTS portal_sandbox.gstr3b (
        gstin text NOT NULL, period text NOT NULL, data jsonb NOT NULL, saved_at timestamptz NOT NULL,
        offsets jsonb NOT NULL DEFAULT '[]', PRIMARY KEY (gstin, period));
      CREATE TABLE IF NOT EXISTS portal_sandbox.ledger_entries (
        seq bigserial PRIMARY KEY, gstin text NOT NULL, ledger text NOT NULL, period text, kind text,
        at timestamptz NOT NULL, tr_typ text NOT NULL, description text NOT NULL, ref_no text NOT NULL,
        discharge text, amounts jsonb NOT NULL);
      CREATE INDEX IF NOT EXISTS ledger_entries_by_gstin ON portal_sandbox.ledger_entries (gstin, ledger, seq);
      CREATE TABLE IF NOT EXISTS portal_sandbox.challans (
        cpin text PRIMARY KEY, gstin text NOT NULL, created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL,
        mode text NOT NULL, bank_code text NOT NULL, amounts jsonb NOT NULL,
        cin text UNIQUE, brn text, paid_at timestamptz);
      CREATE INDEX IF NOT EXISTS challans_by_gstin ON portal_sandbox.challans (gstin, created_at);
    `,
  },
  {
    // DRC-01B and DRC-01C (README.md "DRC-01B and DRC-01C"): the intimations raised when a GSTR-3B is filed, their
    // Part B replies, and the thresholds a test sets per GSTIN (the sandbox's control hook).
    version: 5,
    script: `
      CREATE TABLE IF NOT EXISTS portal_sandbox.drc01_intimations (
        ref_no text PRIMARY KEY, gstin text NOT NULL, form text NOT NULL, period text NOT NULL,
        issued_at timestamptz NOT NULL, due_date text NOT NULL, figures jsonb NOT NULL, status text NOT NULL,
        reply jsonb, replied_at timestamptz, UNIQUE (gstin, form, period));
      CREATE TABLE IF NOT EXISTS portal_sandbox.drc01_thresholds (
        gstin text NOT NULL, form text NOT NULL, threshold jsonb NOT NULL, PRIMARY KEY (gstin, form));
    `,
  },
  {
    // Notices and orders issued to a GSTIN (README.md "Notices and orders"), by the control hook; amounts in paise.
    version: 6,
    script: `
      CREATE TABLE IF NOT EXISTS portal_sandbox.notices (
        gstin text NOT NULL, ref_id text NOT NULL, case_id text NOT NULL, form text NOT NULL, issued_on date NOT NULL,
        due_on date, section text NOT NULL, fys jsonb NOT NULL, subject text NOT NULL, officer jsonb NOT NULL,
        tax jsonb NOT NULL, interest bigint NOT NULL, penalty bigint NOT NULL, issued_at timestamptz NOT NULL,
        seq bigserial NOT NULL, PRIMARY KEY (gstin, ref_id));
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

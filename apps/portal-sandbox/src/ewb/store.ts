// The e-way bill sandbox's tables, beside the GST portal and IRP sandboxes' in the schema `portal_sandbox`, named
// ewb_*: created at start by numbered versions recorded in portal_sandbox.ewb_schema_versions (its own list, so the
// sandboxes migrate independently), idempotently, on PGlite and PostgreSQL. No drizzle migration: the server's schema
// does not know them.
import type { SandboxSql } from '../sql';

const VERSIONS: readonly { version: number; script: string }[] = [
  {
    version: 1,
    script: `
      CREATE TABLE IF NOT EXISTS portal_sandbox.ewb_keys (
        purpose text PRIMARY KEY, public_pem text NOT NULL, private_pem text NOT NULL, created_at timestamptz NOT NULL);
      CREATE TABLE IF NOT EXISTS portal_sandbox.ewb_users (
        gstin text PRIMARY KEY, username text NOT NULL, password text NOT NULL, registered_at timestamptz NOT NULL);
      CREATE TABLE IF NOT EXISTS portal_sandbox.ewb_sessions (
        auth_token text PRIMARY KEY, gstin text NOT NULL, username text NOT NULL, client_id text NOT NULL,
        sek text NOT NULL, issued_at timestamptz NOT NULL, expires_at timestamptz NOT NULL);
      CREATE SEQUENCE IF NOT EXISTS portal_sandbox.ewb_numbers;
      CREATE SEQUENCE IF NOT EXISTS portal_sandbox.ewb_trip_sheet_numbers;
      CREATE TABLE IF NOT EXISTS portal_sandbox.ewb_bills (
        ewb_no text PRIMARY KEY, gstin text NOT NULL, supply_type text NOT NULL, doc_type text NOT NULL,
        doc_no text NOT NULL, doc_date text NOT NULL, from_gstin text NOT NULL, to_gstin text NOT NULL,
        generated_at timestamptz NOT NULL, valid_until timestamptz, distance_km integer NOT NULL,
        vehicle_type text NOT NULL, transporter_id text, transporter_name text, transporter_part_b boolean NOT NULL DEFAULT false,
        status text NOT NULL, cancel_reason text, cancel_remarks text, cancelled_at timestamptz,
        rejected_at timestamptz, rejected_by text, extended_times integer NOT NULL DEFAULT 0,
        multi_vehicle boolean NOT NULL DEFAULT false, payload jsonb NOT NULL);
      -- One active e-way bill per document of a generator (604); a cancelled one frees the number.
      CREATE UNIQUE INDEX IF NOT EXISTS ewb_bills_active_document
        ON portal_sandbox.ewb_bills (gstin, doc_type, upper(doc_no)) WHERE status = 'ACT';
      CREATE INDEX IF NOT EXISTS ewb_bills_by_gstin ON portal_sandbox.ewb_bills (gstin, generated_at);
      CREATE TABLE IF NOT EXISTS portal_sandbox.ewb_vehicles (
        id bigserial PRIMARY KEY, ewb_no text NOT NULL, upd_mode text NOT NULL, vehicle_no text, trans_doc_no text,
        trans_doc_date text, trans_mode text NOT NULL, from_place text, from_state integer, user_gstin text NOT NULL,
        entered_at timestamptz NOT NULL, trip_sheet_no text, group_no integer, quantity numeric, reason_code text,
        reason_rem text, active boolean NOT NULL DEFAULT true);
      CREATE INDEX IF NOT EXISTS ewb_vehicles_by_bill ON portal_sandbox.ewb_vehicles (ewb_no, id);
      CREATE TABLE IF NOT EXISTS portal_sandbox.ewb_groups (
        ewb_no text NOT NULL, group_no integer NOT NULL, from_place text NOT NULL, from_state integer NOT NULL,
        to_place text NOT NULL, to_state integer NOT NULL, trans_mode text NOT NULL, total_quantity numeric NOT NULL,
        unit_code text NOT NULL, reason_code text NOT NULL, reason_rem text NOT NULL, created_at timestamptz NOT NULL,
        PRIMARY KEY (ewb_no, group_no));
      CREATE TABLE IF NOT EXISTS portal_sandbox.ewb_trip_sheets (
        trip_sheet_no text PRIMARY KEY, gstin text NOT NULL, created_at timestamptz NOT NULL, from_place text NOT NULL,
        from_state integer NOT NULL, vehicle_no text, trans_mode text NOT NULL, trans_doc_no text, trans_doc_date text,
        ewb_nos jsonb NOT NULL, status text NOT NULL, regenerated_as text);
    `,
  },
  {
    // An officer's verification in movement (Rule 138B), set by a test (README.md "E-way bill sandbox"): no cancel after it.
    version: 2,
    script: `ALTER TABLE portal_sandbox.ewb_bills ADD COLUMN IF NOT EXISTS verified_at timestamptz;`,
  },
];

/** One transaction under an advisory lock of its own: processes mounting the sandbox on one PostgreSQL migrate in turn. */
export const migrateEwbSandbox = async (sql: SandboxSql): Promise<void> => {
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7246813005)');
    await tx.exec(`
      CREATE SCHEMA IF NOT EXISTS portal_sandbox;
      CREATE TABLE IF NOT EXISTS portal_sandbox.ewb_schema_versions (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    `);
    const applied = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM portal_sandbox.ewb_schema_versions')).map((r) => Number(r.version)),
    );
    for (const { version, script } of VERSIONS) {
      if (applied.has(version)) continue;
      await tx.exec(script);
      await tx.query('INSERT INTO portal_sandbox.ewb_schema_versions (version) VALUES ($1)', [version]);
    }
  });
};

export type EwbKeyRow = { public_pem: string; private_pem: string };

/** The key pair of the authentication, made at its first use and kept. */
export const loadOrCreateEwbKeys = async (
  sql: SandboxSql,
  create: () => { publicPem: string; privatePem: string },
  now: Date,
): Promise<EwbKeyRow> => {
  const read = () => sql.query<EwbKeyRow>("SELECT public_pem, private_pem FROM portal_sandbox.ewb_keys WHERE purpose = 'auth'");
  const [found] = await read();
  if (found) return found;
  const pair = create();
  await sql.query(
    `INSERT INTO portal_sandbox.ewb_keys (purpose, public_pem, private_pem, created_at) VALUES ('auth', $1, $2, $3)
     ON CONFLICT (purpose) DO NOTHING`,
    [pair.publicPem, pair.privatePem, now.toISOString()],
  );
  const [row] = await read();
  if (!row) throw new Error('The e-way bill sandbox could not store its key pair.');
  return row;
};

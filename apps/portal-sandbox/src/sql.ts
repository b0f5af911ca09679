// The sandbox runs plain SQL on PGlite or PostgreSQL: its own database when standalone, the server's when mounted.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type postgres from 'postgres';

export type Row = Record<string, unknown>;

export type SandboxSql = {
  query: <T extends Row = Row>(text: string, params?: readonly unknown[]) => Promise<T[]>;
  /** Several statements without parameters (the schema). */
  exec: (script: string) => Promise<void>;
  /** Runs `work` in one transaction; its queries go through the handle it gets. */
  transaction: <T>(work: (sql: SandboxSql) => Promise<T>) => Promise<T>;
};

const ofPgliteTx = (tx: Transaction): SandboxSql => ({
  query: async <T extends Row>(text: string, params: readonly unknown[] = []) => (await tx.query<T>(text, [...params])).rows,
  exec: async (script) => {
    await tx.exec(script);
  },
  transaction: (work) => work(ofPgliteTx(tx)),
});

export const sandboxSqlOfPglite = (client: PGlite): SandboxSql => ({
  query: async <T extends Row>(text: string, params: readonly unknown[] = []) => (await client.query<T>(text, [...params])).rows,
  exec: async (script) => {
    await client.exec(script);
  },
  transaction: (work) => client.transaction((tx) => work(ofPgliteTx(tx))),
});

type PostgresLike = postgres.Sql | postgres.TransactionSql;

const ofPostgres = (client: PostgresLike, inTransaction: boolean): SandboxSql => ({
  query: async <T extends Row>(text: string, params: readonly unknown[] = []) =>
    (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[],
  exec: async (script) => {
    await client.unsafe(script);
  },
  transaction: async (work) => {
    if (inTransaction) return work(ofPostgres(client, true));
    return (await (client as postgres.Sql).begin((tx) => work(ofPostgres(tx, true)))) as Awaited<ReturnType<typeof work>>;
  },
});

/** PostgreSQL's type ids of json and jsonb. */
const JSON_TYPES = [114, 3802];

/**
 * The sandbox passes JSON parameters as text (JSON.stringify), as PGlite takes them; postgres.js would encode such a
 * string again (a JSON string, not the object), so json and jsonb parameters go as given (drizzle sets the same on the
 * server's client, which the mounted sandbox shares).
 */
export const sandboxSqlOfPostgres = (client: postgres.Sql): SandboxSql => {
  for (const type of JSON_TYPES) client.options.serializers[type] = (value: unknown) => value;
  return ofPostgres(client, false);
};

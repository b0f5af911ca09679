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

export const sandboxSqlOfPostgres = (client: postgres.Sql): SandboxSql => ofPostgres(client, false);

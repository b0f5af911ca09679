import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { acquireDataDirLock } from './lockfile';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or a transaction: repository functions take either. */
export type DbOrTx = Db | Tx;

/** What pg-boss needs to run its SQL (its `db` option). */
export type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

export type Database = {
  engine: 'pglite' | 'postgres';
  db: Db;
  /** pg-boss runs on the same database: through its own connection on PostgreSQL, through this adapter on PGlite. */
  boss: { connectionString: string } | { db: SqlExecutor };
  close: () => Promise<void>;
};

export type DatabaseConfig = { databaseUrl?: string | undefined; dataDir: string };

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

export const openDatabase = async (config: DatabaseConfig): Promise<Database> =>
  config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);

const openPostgres = async (url: string): Promise<Database> => {
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  return { engine: 'postgres', db, boss: { connectionString: url }, close: () => client.end({ timeout: 5 }) };
};

const openPglite = async (dataDir: string): Promise<Database> => {
  const release = acquireDataDirLock(dataDir);
  try {
    const client = new PGlite(join(dataDir, 'pg'));
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      engine: 'pglite',
      db,
      boss: { db: pgliteExecutor(client) },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
};

/** pg-boss sends parameterised single statements, or parameterless scripts of several statements. */
const pgliteExecutor = (client: PGlite): SqlExecutor => ({
  executeSql: async (text, values) => {
    if (values && values.length > 0) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    }
    const results = await client.exec(text);
    const withRows = results.filter((r) => r.fields.length > 0);
    return { rows: withRows.at(-1)?.rows ?? [] };
  },
});

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { once } from 'node:events';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
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

/**
 * On PostgreSQL, runs `fn` holding an advisory lock of the installation (on a connection of its own, released when it
 * closes), so that server and worker processes starting together migrate and seed one at a time.
 */
export const withStartupLock = async <T>(databaseUrl: string | undefined, fn: () => Promise<T>): Promise<T> => {
  if (!databaseUrl) return fn();
  const lock = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await lock.unsafe('select pg_advisory_lock(7246813001)');
    return await fn();
  } finally {
    await lock.end({ timeout: 5 });
  }
};

const openPostgres = async (url: string): Promise<Database> => {
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  await withStartupLock(url, () => migratePostgres(drizzlePostgres(client), { migrationsFolder }));
  return { engine: 'postgres', db, boss: { connectionString: url }, close: () => client.end({ timeout: 5 }) };
};

const openPglite = async (dataDir: string): Promise<Database> => {
  const release = acquireDataDirLock(dataDir);
  try {
    // pg_trgm: the reconciliation's number search (migration 0021 creates it; PGlite has only the extensions it is given).
    const client = new PGlite(join(dataDir, 'pg'), { extensions: { pg_trgm } });
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

/**
 * Bulk load into one table with COPY ... FROM: each write is whole lines (text, or its UTF-8 bytes), by default of tab-separated values in the
 * text format (escaped by the caller, see copy-text.ts); `options` may name another format, e.g. "WITH (FORMAT csv)".
 * On PostgreSQL the lines stream through one COPY FROM STDIN of a pooled connection; on PGlite, which takes COPY data
 * only as a blob, they are sent as COPY FROM '/dev/blob' of a few MB each.
 * Runs outside any transaction (on PGlite an open transaction holds the only connection): stage data with it, then
 * move it into the real tables inside one transaction.
 */
export type CopyIn = { write: (lines: string | Uint8Array) => Promise<void>; end: () => Promise<void>; abort: () => void };

const PGLITE_COPY_CHUNK = 8 * 1024 * 1024;
const POSTGRES_COPY_CHUNK = 256 * 1024;

const clientOf = (db: Db): PGlite | postgres.Sql => (db as unknown as { $client: PGlite | postgres.Sql }).$client;

/** Rows of a raw query, on either engine (PGlite answers { rows }, postgres.js the rows themselves). */
export const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
};

/** Whether the database is a PostgreSQL server (several connections) rather than the embedded PGlite (one). */
export const isServerDatabase = (db: Db): boolean => !(clientOf(db) instanceof PGlite);

export const copyIn = async (db: Db, table: string, columns: readonly string[], options = ''): Promise<CopyIn> => {
  const client = clientOf(db);
  const target = `${table} (${columns.join(', ')})`;
  if (client instanceof PGlite) {
    // Lines are kept as UTF-8 bytes, not strings: a few MB of text built piece by piece would be a tree of small
    // strings in the heap, several times its size.
    let buffer = Buffer.allocUnsafe(PGLITE_COPY_CHUNK);
    let used = 0;
    const send = async (bytes: Uint8Array) => {
      await client.query(`COPY ${target} FROM '/dev/blob' ${options}`, [], { blob: new Blob([bytes]) });
    };
    const flush = async () => {
      if (used === 0) return;
      const bytes = buffer.subarray(0, used);
      buffer = Buffer.allocUnsafe(PGLITE_COPY_CHUNK);
      used = 0;
      await send(bytes);
    };
    return {
      write: async (lines) => {
        const size = typeof lines === 'string' ? Buffer.byteLength(lines) : lines.length;
        if (used + size > buffer.length) await flush();
        if (size > buffer.length) await send(typeof lines === 'string' ? Buffer.from(lines) : lines);
        else if (typeof lines === 'string') used += buffer.write(lines, used);
        else {
          buffer.set(lines, used);
          used += size;
        }
      },
      end: flush,
      abort: () => {
        used = 0;
      },
    };
  }
  const query = client.unsafe(`COPY ${target} FROM STDIN ${options}`);
  const stream = await query.writable();
  // postgres.js 3.4 loses a server error that comes after the end of the data (a statement trigger's, a constraint's
  // on the last rows): the stream never finishes and the error reaches only the query's own reject, which it calls on
  // a promise already settled (porsager/postgres#1173, fix proposed in #1183). That reject is caught here.
  const failed = new Promise<never>((_, reject) => {
    const rejectQuery = (query as unknown as { reject: (error: unknown) => void }).reject;
    (query as unknown as { reject: (error: unknown) => void }).reject = (error) => {
      reject(error);
      rejectQuery(error);
    };
  });
  const done = Promise.race([finished(stream), failed]);
  // Until end() awaits it, a failed COPY must not surface as an unhandled rejection.
  done.catch(() => {});
  const send = async (chunk: Uint8Array) => {
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
  };
  // Lines are copied into bytes as they come, as on PGlite: a string of 256 kB joined from them waited across awaits
  // long enough to reach V8's old generation, and the reconciliation job's heap grew by a GB over a million rows.
  let buffer = Buffer.allocUnsafe(POSTGRES_COPY_CHUNK);
  let used = 0;
  const flush = async () => {
    if (used === 0) return;
    const bytes = buffer.subarray(0, used);
    buffer = Buffer.allocUnsafe(POSTGRES_COPY_CHUNK);
    used = 0;
    await send(bytes);
  };
  return {
    write: async (lines) => {
      if (typeof lines !== 'string') {
        // Bytes come in batches of their own size (from the import's reader thread): sent as they are, in order.
        await flush();
        await send(lines);
        return;
      }
      const size = Buffer.byteLength(lines);
      if (used + size > buffer.length) await flush();
      if (size > buffer.length) await send(Buffer.from(lines));
      else used += buffer.write(lines, used);
    },
    end: async () => {
      await flush();
      stream.end();
      await done;
    },
    abort: () => {
      stream.destroy(new Error('COPY aborted'));
    },
  };
};

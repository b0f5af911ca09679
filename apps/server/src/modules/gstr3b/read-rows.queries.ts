// Reading a period's documents (up to a million and a half rows) into the builder's input. PGlite decodes its wire
// protocol in JavaScript, field by field, so there rows are read as JSON, one json_agg text a batch parsed by
// JSON.parse; PostgreSQL (postgres.js) answers rows faster than it builds JSON, so there they are read as rows.
// Measured with 200,000 purchases of 14 columns on one machine: PGlite 7.3 s as rows, 2.4 s as JSON; PostgreSQL 2.5 s
// as rows, 4.2 s as JSON. JSON gives bigint paise as numbers (safe below 2^53) and jsonb as its value, as Drizzle's
// columns decode them.
import { and, asc, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isServerDatabase, rowsOf, type Db } from '../../db/database';

/** Rows a query: a batch (PGlite: its JSON text) stays a few tens of megabytes. */
const BATCH = 100_000;

/**
 * One copy of each repeated text (dates, periods, GSTINs, state codes, types): the drivers make a new string for each
 * field of each row, and a million rows hold a few thousand distinct values of these (measured: strings were 40% of
 * the heap of a computation). Not for texts nearly unique per row, such as document numbers.
 */
export const stringPool = () => {
  const pool = new Map<string, string>();
  return <T extends string | null | undefined>(text: T): T => {
    if (typeof text !== 'string') return text;
    const kept = pool.get(text);
    if (kept !== undefined) return kept as T;
    pool.set(text, text);
    return text;
  };
};

/** Told the rows of each batch as it is read. */
export type OnRows = (rows: number) => Promise<void>;

export type ReadRow<C extends Record<string, PgColumn>> = { [K in keyof C]: C[K]['_']['data'] | null };

/** A table, or two joined. */
export type RowSource = { table: PgTable; join?: { table: PgTable; on: SQL } };

/**
 * The rows of `from` where `where`, as objects of `columns`' names, in the order of `columns.id` (a bigint or integer
 * column), a batch a query, each turned by `into` into what the caller keeps (null: left out) while its batch is read:
 * the raw rows of a batch go before the next one comes, so a period's rows are never held twice. `onBatch` hears how
 * many rows each batch read (a job's progress).
 */
export const readRows = async <C extends { id: PgColumn } & Record<string, PgColumn>, T>(
  db: Db,
  columns: C,
  from: RowSource,
  where: SQL,
  into: (row: ReadRow<C>) => T | null,
  onBatch?: OnRows,
): Promise<T[]> => {
  const out: T[] = [];
  const keep = (row: ReadRow<C>) => {
    const kept = into(row);
    if (kept !== null) out.push(kept);
  };
  const id = columns.id;
  if (isServerDatabase(db)) {
    // A batch a query too: the driver's rows of a whole period at once would double the memory the objects take.
    for (let after = 0; ;) {
      const query = db
        .select(columns as Record<string, PgColumn>)
        .from(from.table)
        .$dynamic();
      if (from.join) query.innerJoin(from.join.table, from.join.on);
      const rows = (await query
        .where(and(where, gt(id, after)))
        .orderBy(asc(id))
        .limit(BATCH)) as ReadRow<C>[];
      for (const row of rows) keep(row);
      await onBatch?.(rows.length);
      if (rows.length < BATCH) return out;
      after = Number(rows[rows.length - 1]!.id);
    }
  }
  const tables = from.join ? sql`${from.table} inner join ${from.join.table} on ${from.join.on}` : sql`${from.table}`;
  const names = Object.keys(columns) as (keyof C)[];
  const values = sql.join(
    names.map((n) => sql`${columns[n]}`),
    sql`, `,
  );
  let after = 0;
  for (;;) {
    const [batch] = await rowsOf<{ rows: string | null; last: number | string | null }>(
      db,
      sql`select json_agg(b.r order by b.id)::text as rows, max(b.id) as last
            from (select ${id} as id, json_build_array(${values}) as r from ${tables}
                   where ${where} and ${id} > ${after} order by ${id} limit ${BATCH}) b`,
    );
    if (!batch?.rows) return out;
    const parsed = JSON.parse(batch.rows) as unknown[][];
    for (const values of parsed) {
      const row = {} as ReadRow<C>;
      names.forEach((n, i) => (row[n] = values[i] as ReadRow<C>[keyof C]));
      keep(row);
    }
    await onBatch?.(parsed.length);
    after = Number(batch.last);
  }
};

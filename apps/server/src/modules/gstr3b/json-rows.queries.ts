// Reading a period's documents (up to a million rows) into the builder's input. PGlite decodes its wire protocol in
// JavaScript, field by field: 100,000 purchases of 14 columns took 12.9 s as rows and 3.5 s as one json_agg text parsed
// by JSON.parse (measured on the GSTR-3B benchmark's machine). So rows are read as JSON, a batch of rows a query in id
// order; PostgreSQL answers the same queries as readily. Values arrive as JSON gives them: bigint paise as numbers
// (safe below 2^53), jsonb as its value, text and booleans as they are.
import { sql, type Column, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

/** Rows a query: a batch's JSON text stays a few tens of megabytes. */
const BATCH = 100_000;

export type JsonRow<C extends Record<string, Column>> = { [K in keyof C]: C[K]['_']['data'] | null };

/** The rows of `from` where `where`, as objects of `columns`' names, in the order of `id` (a bigint or integer column). */
export const readJsonRows = async <C extends Record<string, Column>>(
  db: Db,
  columns: C,
  from: SQL,
  where: SQL,
  id: Column,
): Promise<JsonRow<C>[]> => {
  const names = Object.keys(columns) as (keyof C)[];
  const values = sql.join(
    names.map((n) => sql`${columns[n]}`),
    sql`, `,
  );
  const out: JsonRow<C>[] = [];
  let after = 0;
  for (;;) {
    const [batch] = await rowsOf<{ rows: string | null; last: number | string | null }>(
      db,
      sql`select json_agg(b.r order by b.id)::text as rows, max(b.id) as last
            from (select ${id} as id, json_build_array(${values}) as r from ${from}
                   where ${where} and ${id} > ${after} order by ${id} limit ${BATCH}) b`,
    );
    if (!batch?.rows) return out;
    for (const values of JSON.parse(batch.rows) as unknown[][]) {
      const row = {} as JsonRow<C>;
      names.forEach((n, i) => (row[n] = values[i] as JsonRow<C>[keyof C]));
      out.push(row);
    }
    after = Number(batch.last);
  }
};

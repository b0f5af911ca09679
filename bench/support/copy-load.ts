// Loading a benchmark's rows into the database with COPY, a table's secondary indexes dropped for the load.
import { sql } from 'drizzle-orm';
import { copyText } from '../../apps/server/src/db/copy-text';
import { copyIn, rowsOf, type Db } from '../../apps/server/src/db/database';

/** One row as a line of COPY text. */
export const copyLine = (values: (string | number | boolean | null | undefined)[]): string => values.map(copyText).join('\t') + '\n';

/** Drops a table's secondary indexes (not constraints) for the load; answers the step that builds them again. */
export const withoutIndexes = async (db: Db, table: string): Promise<() => Promise<void>> => {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql.raw(`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = '${table}'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`),
  );
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.name}`));
  return async () => {
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  };
};

/** Writes `n` rows, `lineOf(i)` each, into `table` with one COPY, in batches of 64 kB; aborts it on an error. */
export const copyAll = async (
  db: Db,
  table: string,
  columns: readonly string[],
  lineOf: (i: number) => string,
  n: number,
): Promise<void> => {
  const copy = await copyIn(db, table, columns);
  try {
    let batch = '';
    for (let i = 0; i < n; i++) {
      batch += lineOf(i);
      if (batch.length >= 64 * 1024) {
        await copy.write(batch);
        batch = '';
      }
    }
    if (batch !== '') await copy.write(batch);
    await copy.end();
  } catch (error) {
    copy.abort();
    throw error;
  }
};

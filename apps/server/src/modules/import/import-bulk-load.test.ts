// A load larger than the table on PGlite: the store drops the indexes of documents and items and builds them again
// (db/bulk-load.ts). They come back exactly as the migrations made them (new index objects, same definitions), a
// smaller load keeps them up as usual, and the documents are the same either way. On PostgreSQL they are never dropped.
import { and, count, eq, like, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropIndexes } from '../../db/bulk-load';
import { rowsOf } from '../../db/database';
import { documentItems, documents } from '../../db/schema';
import { createTenant, ENGINES, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { importCsvDirectly, saleRow } from '../../test-support/import-fixtures';

/** Documents of each file; the store of the test takes 100 documents or items as a bulk load. */
const DOCUMENTS = 300;
const BULK_LOAD = 100;

describe.each(ENGINES)('the indexes around a bulk load on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let dir: string;

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    dir = mkdtempSync(join(tmpdir(), 'opengst-bulk-'));
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => h.ctx.database.db;
  /** Each index of the two tables: its object id (new when rebuilt) and its definition. */
  const indexes = () =>
    rowsOf<{ name: string; oid: unknown; definition: string }>(
      db(),
      sql`SELECT c.relname AS name, c.oid AS oid, pg_get_indexdef(c.oid) AS definition
    FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid WHERE x.indrelid IN ('documents'::regclass, 'document_items'::regclass) ORDER BY c.relname`,
    );

  /** Two lines for each of DOCUMENTS documents numbered `prefix`/n. */
  const run = (name: string, prefix: string) =>
    importCsvDirectly(
      db(),
      t,
      dir,
      name,
      Array.from({ length: DOCUMENTS }, (_, n) => [
        saleRow({ documentNumber: `${prefix}/${n}` }),
        saleRow({ documentNumber: `${prefix}/${n}`, description: 'Mouse' }),
      ]).flat(),
      { deps: { bulkLoad: BULK_LOAD } },
    );
  const storedOf = async (prefix: string) => {
    const [docs] = await db()
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), like(documents.documentNumber, `${prefix}/%`)));
    const [items] = await db()
      .select({ n: count() })
      .from(documentItems)
      .innerJoin(documents, eq(documents.id, documentItems.documentId))
      .where(and(eq(documents.subscriberId, t.subscriberId), like(documents.documentNumber, `${prefix}/%`)));
    return { documents: docs?.n, items: items?.n };
  };

  it('rebuilds the indexes as they were for a load larger than the table (PGlite), and keeps them up otherwise', async () => {
    const [existing] = await db().select({ n: count() }).from(documents);
    expect(existing?.n, 'the first file must be larger than the table').toBeLessThan(DOCUMENTS);
    const before = await indexes();
    expect(before.map((i) => i.name)).toEqual(
      expect.arrayContaining(['document_items_pkey', 'documents_pkey', 'documents_sales_key', 'documents_register_page']),
    );

    expect(await run('first.csv', 'BL')).toMatchObject({ status: 'Success', validRows: DOCUMENTS * 2 });
    expect(await storedOf('BL')).toEqual({ documents: DOCUMENTS, items: DOCUMENTS * 2 });
    const afterFirst = await indexes();
    expect(afterFirst.map(({ name, definition }) => ({ name, definition }))).toEqual(
      before.map(({ name, definition }) => ({ name, definition })),
    );
    const rebuilt = afterFirst.filter((i, n) => String(i.oid) !== String(before[n]?.oid)).map((i) => i.name);
    // The documents' primary key is kept (the update of documents already there finds them by it).
    expect(rebuilt).toEqual(engine === 'pglite' ? before.map((i) => i.name).filter((name) => name !== 'documents_pkey') : []);

    // The same file again updates its documents, then another file as large as the table keeps the indexes up.
    expect(await run('again.csv', 'BL')).toMatchObject({ status: 'Success', validRows: DOCUMENTS * 2 });
    const afterAgain = await indexes();
    expect(await run('second.csv', 'BM')).toMatchObject({ status: 'Success', validRows: DOCUMENTS * 2 });
    expect(await storedOf('BL')).toEqual({ documents: DOCUMENTS, items: DOCUMENTS * 2 });
    expect(await storedOf('BM')).toEqual({ documents: DOCUMENTS, items: DOCUMENTS * 2 });
    expect((await indexes()).map((i) => String(i.oid))).toEqual(afterAgain.map((i) => String(i.oid)));
  });

  it('fails the transaction when a rebuilt unique index finds a duplicate', async () => {
    await db().execute(sql`CREATE TABLE bulk_scratch (k integer PRIMARY KEY, v text)`);
    await db().execute(sql`CREATE UNIQUE INDEX bulk_scratch_v ON bulk_scratch (v)`);
    const load = db().transaction(async (tx) => {
      const rebuild = await dropIndexes(tx, 'bulk_scratch', { primaryKey: true });
      await tx.execute(sql`INSERT INTO bulk_scratch VALUES (1, 'a'), (2, 'a')`);
      await rebuild();
    });
    await expect(load).rejects.toThrow();
    const [rows] = await rowsOf<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM bulk_scratch`);
    expect(Number(rows?.n)).toBe(0);
    expect(
      (
        await rowsOf<{ indexname: string }>(db(), sql`SELECT indexname FROM pg_indexes WHERE tablename = 'bulk_scratch' ORDER BY indexname`)
      ).map((r) => r.indexname),
    ).toEqual(['bulk_scratch_pkey', 'bulk_scratch_v']);
  });
});

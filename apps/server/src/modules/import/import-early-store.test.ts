// Storing while reading (store-early.repo.ts, PostgreSQL): a file read in many chunks ends exactly as one stored after its
// read: documents whose rows are apart across chunks regrouped, documents already stored updated (filed ones as
// amendments) rather than inserted, and a refused or failing file leaves nothing. On PGlite the same file goes through
// the store after the read, and the test holds it to the same results. Each case is read on the main thread and in the
// reader thread, which must give the same.
import { and, asc, count, eq, like } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentItems, documents, importErrors, imports } from '../../db/schema';
import type { ImportObserver } from './import-process.service';
import { createTenant, ENGINES, setSubscriberSettings, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { importCsvDirectly, saleRow, workTableCount } from '../../test-support/import-fixtures';

/** Rows enough for several 128 KB read batches, so chunks of 50 documents are cut many times. */
const DOCUMENTS = 1500;

/** Each engine with the file read on the main thread and in a reader thread of its own (stage-thread.service.ts). */
const CASES = ENGINES.flatMap(
  (engine) =>
    [
      [engine, 'main thread'],
      [engine, 'reader thread'],
    ] as const,
);

describe.each(CASES)('storing a document file while it is read on %s, read on the %s', (engine, reader) => {
  let h: Harness;
  let t: Tenant;
  let dir: string;

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    dir = mkdtempSync(join(tmpdir(), 'opengst-early-'));
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => h.ctx.database.db;
  const workTables = () => workTableCount(db());
  const stored = (prefix: string) =>
    db()
      .select()
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), like(documents.documentNumber, `${prefix}%`)))
      .orderBy(asc(documents.id));
  const itemsOf = (documentId: number) =>
    db().select().from(documentItems).where(eq(documentItems.documentId, documentId)).orderBy(asc(documentItems.lineNumber));

  /** Imports rows through the real job with small chunks; answers the import's final row. */
  const run = (name: string, rows: readonly (readonly string[])[], isAllOrNothing = false, observe?: ImportObserver) => {
    const readerThreadBytes = reader === 'reader thread' ? 0 : Number.MAX_SAFE_INTEGER;
    return importCsvDirectly(db(), t, dir, name, rows, {
      deps: { earlyChunkDocuments: 50, readerThreadBytes },
      isAllOrNothing,
      ...(observe ? { observe } : {}),
    });
  };

  /** Two lines per document (₹101 and ₹102, more by `rupeesMore`, at 18% IGST); the second line of every 100th document comes 700 rows later (chunks apart). */
  const file = (prefix: string, lineText: string, rupeesMore = 0): string[][] => {
    const rows: string[][] = [];
    const later: { at: number; row: string[] }[] = [];
    for (let n = 0; n < DOCUMENTS; n++) {
      while (later[0] && later[0].at <= rows.length) rows.push((later.shift() as { row: string[] }).row);
      const line = (k: number) =>
        saleRow({
          documentNumber: `${prefix}/${n}`,
          description: `${lineText} ${n}.${k} ${'x'.repeat(40)}`,
          taxable: `${100 + k + rupeesMore}.00`,
          igst: (0.18 * (100 + k + rupeesMore)).toFixed(2),
        });
      rows.push(line(1));
      if (n % 100 === 7) later.push({ at: rows.length + 700, row: line(2) });
      else rows.push(line(2));
    }
    for (const { row } of later) rows.push(row);
    return rows;
  };

  it('stores every document once with all its lines, those apart across chunks included, and none that failed once regrouped', async () => {
    // EZ/1: its first line is stored with the first chunk; its second line, at the end, disagrees on the date, so the
    // regrouped document fails and must leave nothing behind.
    const rows = [
      saleRow({ documentNumber: 'EZ/1' }),
      ...file('EA', 'first'),
      saleRow({ documentNumber: 'EZ/1', documentDate: '16-04-2024' }),
    ];
    const final = await run('first.csv', rows);
    expect(final).toMatchObject({ status: 'SuccessWithError', totalRows: DOCUMENTS * 2 + 2, validRows: DOCUMENTS * 2, errorRows: 2 });
    expect(await stored('EZ/')).toHaveLength(0);
    const docs = await stored('EA/');
    expect(docs).toHaveLength(DOCUMENTS);
    const [items] = await db()
      .select({ n: count() })
      .from(documentItems)
      .innerJoin(documents, eq(documents.id, documentItems.documentId))
      .where(eq(documents.importId, final.id));
    expect(items?.n).toBe(DOCUMENTS * 2);
    const apart = docs.find((d) => d.documentNumber === 'EA/707');
    expect(apart).toMatchObject({ taxable: 20_300, importId: final.id });
    expect((await itemsOf(apart?.id ?? 0)).map((i) => [i.lineNumber, i.description?.slice(0, 14)])).toEqual([
      [1, 'first 707.1 xx'],
      [2, 'first 707.2 xx'],
    ]);
    expect(await workTables()).toBe(0);
  });

  it('a re-import with new documents among stored ones updates those (a filed one as an amendment) and never duplicates', async () => {
    const [filed] = await db()
      .update(documents)
      .set({ status: 'Completed', filedReturnId: 4242, filedNumber: 'EA/3', filedDate: documents.documentDate })
      .where(and(eq(documents.subscriberId, t.subscriberId), eq(documents.documentNumber, 'EA/3')))
      .returning();
    // Every other document is new (EB), in between the stored ones (EA) with changed lines.
    const rows = file('EA', 'again', 1).flatMap((row, i) =>
      i % 2 === 0 ? [row, ...(i % 40 === 0 ? [saleRow({ documentNumber: `EB/${i}` })] : [])] : [row],
    );
    const final = await run('again.csv', rows);
    expect(final.status).toBe('Success');
    const docs = await stored('EA/');
    expect(docs).toHaveLength(DOCUMENTS);
    expect(docs.every((d) => d.importId === final.id)).toBe(true);
    expect(docs.find((d) => d.id === filed?.id)).toMatchObject({ amendmentPending: true, returnPeriod: filed?.returnPeriod });
    expect((await itemsOf(docs.find((d) => d.documentNumber === 'EA/707')?.id ?? 0)).map((i) => i.description?.slice(0, 14))).toEqual([
      'again 707.1 xx',
      'again 707.2 xx',
    ]);
    expect(await stored('EB/')).toHaveLength(rows.length - DOCUMENTS * 2);
    const [items] = await db()
      .select({ n: count() })
      .from(documentItems)
      .innerJoin(documents, eq(documents.id, documentItems.documentId))
      .where(eq(documents.importId, final.id));
    expect(items?.n).toBe(rows.length);
  });

  // Only PostgreSQL answers another connection while the file's transaction is open.
  it.runIf(engine === 'postgres')('tells the progress poll that every row is read while the documents are stored', async () => {
    let whileStoring: { totalRows: number; processedRows: number; status: string } | undefined;
    const rows = file('EE', 'storing');
    const final = await run('storing.csv', rows, false, async (phase) => {
      if (phase === 'storing') [whileStoring] = await db().select().from(imports).where(eq(imports.fileName, 'storing.csv'));
    });
    expect(final.status).toBe('Success');
    expect(whileStoring).toMatchObject({ status: 'InProcess', totalRows: rows.length, processedRows: rows.length });
  });

  it('all or nothing: an error in the last row rolls back every chunk already stored', async () => {
    const rows = file('EC', 'refused');
    rows.push(saleRow({ documentNumber: 'EC/bad', taxable: '12.345' }));
    const final = await run('refused.csv', rows, true);
    expect(final).toMatchObject({ status: 'Failed', validRows: 0, errorRows: 1 });
    expect(await stored('EC/')).toHaveLength(0);
    expect(await workTables()).toBe(0);
  });

  it('a file that fails after chunks were stored (more rows than the limit) keeps none of them', async () => {
    await setSubscriberSettings(h, t.subscriberId, { importValidation: { maxRows: DOCUMENTS } });
    try {
      const final = await run('too-long.csv', file('ED', 'long'));
      expect(final).toMatchObject({ status: 'Failed' });
      const [error] = await db().select().from(importErrors).where(eq(importErrors.importId, final.id));
      expect(error?.code).toBe('IMP0007');
      expect(await stored('ED/')).toHaveLength(0);
      expect(await workTables()).toBe(0);
    } finally {
      await setSubscriberSettings(h, t.subscriberId, { importValidation: { maxRows: 1_000_000 } });
    }
  });
});

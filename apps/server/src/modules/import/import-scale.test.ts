// The document import at scale: COPY text escaping round-trips on both engines, the streamed CSV parser matches
// papaparse wherever a chunk ends, rows of a document apart in the file are one document, a re-import replaces items,
// all-or-nothing leaves nothing (work tables included), and a 20,000-row file imports with bounded memory.
import { IMPORT_API as I } from '@opengst/contracts';
import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyText } from '../../db/copy-text';
import { copyIn, rowsOf as rowsOfQuery } from '../../db/database';
import { documentItems, documents, imports } from '../../db/schema';
import { processImport } from './import-process.service';
import { createCsvParser } from '../../files/csv';
import { ENGINES, setSubscriberSettings, type Harness, type Tenant } from '../../test-support/harness';
import { csvOf, headerOf, importFile, saleRow, workTableCount } from '../../test-support/import-fixtures';
import { type ApiClient, openSignedIn } from '../../test-support/org-fixtures';

/** Text that COPY's text format must escape, or that must pass through untouched. */
const AWKWARD = [
  'tab\there',
  'line\nbreak',
  'cr\rand crlf\r\n',
  'back\\slash \\N \\t \\\\',
  '"quoted", \'single\'',
  'ünïcödé ₹ हिन्दी 😀',
  '',
  '\\',
  'a\tb\\nc',
  '\\N',
];

describe('the streamed CSV parser', () => {
  const sample = csvOf([
    ['a', 'b,c', 'd "e"', ''],
    ['multi\nline', 'crlf\r\ninside', '"', ',,'],
    ['', '', '', ''],
    ['ünï ₹', 'x', 'y', 'z'],
  ]).replace(/\r\n$/, '');

  it("gives papaparse's rows wherever the text is cut into chunks", () => {
    const expected = Papa.parse<string[]>(sample, { header: false }).data;
    for (let cut = 0; cut <= sample.length; cut++) {
      for (const second of [cut, Math.min(sample.length, cut + 3)]) {
        const parser = createCsvParser(',');
        const rows: string[][] = [];
        parser.push(sample.slice(0, cut), rows);
        parser.push(sample.slice(cut, second), rows);
        parser.push(sample.slice(second), rows);
        parser.end(rows);
        expect(rows, `cut at ${cut}/${second}`).toEqual(expected);
      }
    }
  });

  it('reads LF and lone CR line ends and other delimiters', () => {
    const rows: string[][] = [];
    const parser = createCsvParser(';');
    parser.push('a;b\nc;"d;e"\rf;g', rows);
    parser.end(rows);
    expect(rows).toEqual([
      ['a', 'b'],
      ['c', 'd;e'],
      ['f', 'g'],
    ]);
  });
});

describe.each(ENGINES)('the document import at scale on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let token: string;
  let api: ApiClient;

  beforeAll(async () => {
    ({ h, t, token, api } = await openSignedIn(engine));
  });
  afterAll(async () => {
    await h.close();
  });

  const db = () => h.ctx.database.db;
  const stored = (number: string) =>
    db()
      .select()
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), eq(documents.documentNumber, number)));
  const itemsOf = (documentId: number) =>
    db().select().from(documentItems).where(eq(documentItems.documentId, documentId)).orderBy(asc(documentItems.lineNumber));
  const rowsOf = <T>(text: string): Promise<T[]> => rowsOfQuery<T>(db(), sql.raw(text));
  const workTables = () => workTableCount(db());

  it('round-trips tabs, line breaks, backslashes, quotes and unicode through COPY, in chunks of several MB', async () => {
    await db().execute(sql.raw('CREATE TABLE copy_round_trip (n bigint, v text, b boolean)'));
    const copy = await copyIn(db(), 'copy_round_trip', ['n', 'v', 'b']);
    const values: (string | null)[] = [...AWKWARD, null];
    for (const [n, v] of values.entries()) await copy.write(`${copyText(n)}\t${copyText(v)}\t${copyText(n % 2 === 0)}\n`);
    // 12 MB more, so PGlite's blobs and the PostgreSQL stream both flush more than once.
    const filler = 'x'.repeat(118);
    for (let n = 100; n < 100_100; n++) await copy.write(`${n}\t${filler}\t\\N\n`);
    await copy.end();
    const rows = await rowsOf<{ n: unknown; v: string | null; b: boolean }>('SELECT n, v, b FROM copy_round_trip WHERE n < 100 ORDER BY n');
    expect(rows.map((r) => r.v)).toEqual(values);
    expect(rows.map((r) => r.b)).toEqual(values.map((_, n) => n % 2 === 0));
    const [total] = await rowsOf<{ c: unknown }>('SELECT count(*) AS c FROM copy_round_trip');
    expect(Number(total?.c)).toBe(values.length + 100_000);
  }, 120_000);

  it('stores awkward descriptions and names exactly as written in the file', async () => {
    const rows = AWKWARD.filter((v) => v.trim() !== '' && !/^[=+\-@]/.test(v.trim())).map((description, n) =>
      saleRow({ documentNumber: `ESC/${n}`, description, counterpartyName: `${description} & Co` }),
    );
    const { progress } = await importFile(h, token, 'escapes.csv', csvOf([headerOf(), ...rows]));
    expect(progress.status).toBe('Success');
    for (const [n, row] of rows.entries()) {
      const [doc] = await stored(`ESC/${n}`);
      const expected = row[headerOf().indexOf('Description')]?.trim();
      expect((await itemsOf(doc?.id ?? 0))[0]?.description, `ESC/${n}`).toBe(expected);
      expect(doc?.counterpartyName).toBe(`${row[headerOf().indexOf('Description')]} & Co`.trim());
    }
  });

  it('makes one document of rows apart in the file, items in file order, and checks them together', async () => {
    const csv = csvOf([
      headerOf(),
      saleRow({ documentNumber: 'NA/1', description: 'Laptop' }), // row 2
      saleRow({ documentNumber: 'NA/2' }), // row 3
      saleRow({ documentNumber: 'NA/1', description: 'Mouse', taxable: '200.00', igst: '36.00' }), // row 4
      saleRow({ documentNumber: 'NA/3', description: 'Desk' }), // row 5
      saleRow({ documentNumber: 'NA/1', description: 'Chair', taxable: '300.00', igst: '54.00' }), // row 6
      saleRow({ documentNumber: 'NA/5' }), // row 7
      saleRow({ documentNumber: 'NA/3', description: 'Lamp' }), // row 8
      saleRow({ documentNumber: 'NA/5', documentDate: '16-04-2024' }), // row 9: disagrees with row 7
      saleRow({ documentNumber: 'NA/6', igst: '999.00' }), // row 10: wrong IGST on its own
      saleRow({ documentNumber: 'NA/7' }), // row 11
      saleRow({ documentNumber: 'NA/7', igst: '999.00' }), // row 12: wrong IGST, next to row 11
      saleRow({ documentNumber: 'NA/8' }), // row 13
      saleRow({ documentNumber: 'NA/9' }), // row 14
      saleRow({ documentNumber: 'NA/8', igst: '999.00' }), // row 15: wrong IGST, apart from row 13
    ]);
    const { importId, progress } = await importFile(h, token, 'apart.csv', csv);
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 14, validRows: 7, errorRows: 7 });
    const [na1] = await stored('NA/1');
    expect(na1).toMatchObject({ taxable: 100_050 + 20_000 + 30_000, igst: 18_009 + 3_600 + 5_400 });
    expect((await itemsOf(na1?.id ?? 0)).map((i) => [i.lineNumber, i.description])).toEqual([
      [1, 'Laptop'],
      [2, 'Mouse'],
      [3, 'Chair'],
    ]);
    const [na3] = await stored('NA/3');
    expect((await itemsOf(na3?.id ?? 0)).map((i) => [i.lineNumber, i.description])).toEqual([
      [1, 'Desk'],
      [2, 'Lamp'],
    ]);
    for (const number of ['NA/5', 'NA/6', 'NA/7', 'NA/8']) expect(await stored(number), number).toHaveLength(0);
    expect(await stored('NA/9')).toHaveLength(1);
    const errors = (
      (await api.post(I.errors, { importId, size: 100 })).json().data.items as {
        row: number;
        column: string | null;
        code: string;
        type: string;
      }[]
    ).filter((e) => e.type === 'Error');
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [9, 'Document date', 'IMP0017'],
      [10, 'IGST', 'VAL0568'],
      [12, 'IGST', 'VAL0568'],
      [15, 'IGST', 'VAL0568'],
    ]);
    expect(await workTables()).toBe(0);
  });

  it('a re-import updates each document in place and replaces its items, never duplicates', async () => {
    await importFile(
      h,
      token,
      'first.csv',
      csvOf([
        headerOf(),
        saleRow({ documentNumber: 'RE/1', description: 'Laptop' }),
        saleRow({ documentNumber: 'RE/1', description: 'Bag' }),
        saleRow({ documentNumber: 'RE/2' }),
      ]),
    );
    const [before] = await stored('RE/1');
    const { importId, progress } = await importFile(
      h,
      token,
      'again.csv',
      csvOf([
        headerOf(),
        saleRow({ documentNumber: 'RE/2', description: 'Pen' }),
        saleRow({ documentNumber: 'RE/1', description: 'Phone', taxable: '500.00', igst: '90.00' }),
        saleRow({ documentNumber: 'RE/3' }),
        saleRow({ documentNumber: 'RE/1', description: 'Case', taxable: '100.00', igst: '18.00' }),
        saleRow({ documentNumber: 'RE/1', description: 'Charger', taxable: '200.00', igst: '36.00' }),
      ]),
    );
    expect(progress.status).toBe('Success');
    const after = await stored('RE/1');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before?.id, taxable: 80_000, igst: 14_400, importId });
    expect((await itemsOf(after[0]?.id ?? 0)).map((i) => [i.lineNumber, i.description, i.taxable])).toEqual([
      [1, 'Phone', 50_000],
      [2, 'Case', 10_000],
      [3, 'Charger', 20_000],
    ]);
    const [re2] = await stored('RE/2');
    expect((await itemsOf(re2?.id ?? 0)).map((i) => i.description)).toEqual(['Pen']);
    const [all] = await db()
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), like(documents.documentNumber, 'RE/%')));
    expect(all?.n).toBe(3);
  });

  it('all or nothing: one bad row among many stores nothing, and leaves no work tables', async () => {
    await setSubscriberSettings(h, t.subscriberId, { importValidation: { allOrNothing: true } });
    try {
      const rows = Array.from({ length: 300 }, (_, n) => saleRow({ documentNumber: `AON/${n}` }));
      rows[150] = saleRow({ documentNumber: 'AON/150', taxable: '12.345' });
      const { importId, progress } = await importFile(h, token, 'aon-many.csv', csvOf([headerOf(), ...rows]));
      expect(progress).toMatchObject({ status: 'Failed', totalRows: 300, validRows: 0, errorRows: 1 });
      const [n] = await db().select({ n: count() }).from(documents).where(eq(documents.importId, importId));
      expect(n?.n).toBe(0);
      expect(await stored('AON/0')).toHaveLength(0);
      expect(await workTables()).toBe(0);
    } finally {
      await setSubscriberSettings(h, t.subscriberId, { importValidation: { allOrNothing: false } });
    }
  });

  it('imports 20,000 rows while its heap stays bounded, far below holding the file', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const dir = mkdtempSync(join(tmpdir(), 'opengst-scale-'));
    try {
      const rows = Array.from({ length: 20_000 }, (_, n) =>
        saleRow({ documentNumber: `MED/${n >> 1}`, description: `Item ${n} ${'d'.repeat(60)}` }),
      );
      mkdirSync(join(dir, 'uploads'));
      writeFileSync(join(dir, 'uploads', 'medium.csv'), csvOf([headerOf(), ...rows]));
      const [job] = await db()
        .insert(imports)
        .values({
          subscriberId: t.subscriberId,
          importType: 'SalesDocuments',
          fileName: 'medium.csv',
          fileSize: 1,
          fileFormat: 'csv',
          storagePath: 'uploads/medium.csv',
          createdBy: t.adminUserId,
        })
        .returning();
      rows.length = 0;
      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peak = 0;
      await processImport({ db: db(), dataDir: dir, now: () => new Date() }, job?.id ?? 0, (phase) => {
        if (phase !== 'reading') return;
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      });
      const [final] = await db()
        .select()
        .from(imports)
        .where(eq(imports.id, job?.id ?? 0));
      expect(final).toMatchObject({ status: 'Success', totalRows: 20_000, validRows: 20_000 });
      const [docs] = await db()
        .select({ n: count() })
        .from(documents)
        .where(eq(documents.importId, job?.id ?? 0));
      expect(docs?.n).toBe(10_000);
      // Holding the parsed rows (cells, values, items) of 20,000 rows takes well over 40 MB; streaming holds a few MB
      // (PGlite's COPY blob of up to 8 MB among them).
      expect(peak).toBeLessThan(24 * 1024 * 1024);
      expect(await workTables()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

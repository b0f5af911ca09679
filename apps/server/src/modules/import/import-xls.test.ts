import { IMPORT_API as I } from '@opengst/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentItems, documents, imports } from '../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../test-support/harness';
import { CUSTOMER_GSTIN, headerOf, importFile, saleRow, upload } from '../../test-support/import-fixtures';
import { compoundFile, workbookStream, xlsOf, type XlsCell } from '../../test-support/import-xls-writer';
import { type ApiClient, openSignedIn } from '../../test-support/org-fixtures';

describe.each(ENGINES)('import of an .xls (Excel 97-2003) on %s', (engine) => {
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

  const stored = (numbers: string[]) =>
    h.ctx.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), inArray(documents.documentNumber, numbers)))
      .orderBy(documents.documentNumber);
  const header = headerOf();
  const at = (name: string) => header.indexOf(name);
  /** A template row as .xls cells: numbers as numbers (RK or NUMBER), the date as a date cell. */
  const xlsRow = (values: Record<string, string>, date: string): XlsCell[] => {
    const cells: XlsCell[] = saleRow(values).map((text) => (text === '' ? null : text));
    cells[at('Document date')] = { date };
    for (const name of ['Taxable value', 'IGST']) cells[at(name)] = Number(saleRow(values)[at(name)]);
    cells[at('Rate %')] = { rk: 18 };
    cells[at('Quantity')] = { rk: 1 };
    return cells;
  };

  it('imports a sales .xls with a planted error: SuccessWithError, valid documents stored with their amounts and dates', async () => {
    const rows: XlsCell[][] = [
      header,
      xlsRow({ documentNumber: 'XLS/1' }, '2024-04-15'),
      xlsRow({ documentNumber: 'XLS/1', description: 'Mouse — वायरलेस', taxable: '250.25', igst: '45.05' }, '2024-04-15'),
      xlsRow({ documentNumber: 'XLS/2', taxable: '100.505' }, '2024-04-16'),
      xlsRow({ documentNumber: 'XLS/3', taxable: '2000', igst: '360' }, '2024-05-02'),
    ];
    const { importId, progress } = await importFile(h, token, 'sales.xls', xlsOf(rows, { sstChunk: 200 }));
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 4, validRows: 3, errorRows: 1 });
    const errors = (await api.post(I.errors, { importId })).json().data.items as {
      row: number;
      column: string;
      value: string;
      code: string;
      type: string;
    }[];
    expect(errors.filter((e) => e.type === 'Error')).toEqual([
      expect.objectContaining({ row: 4, column: 'Taxable value', value: '100.505', code: 'IMP0011' }),
    ]);
    const [xls1, xls3] = await stored(['XLS/1', 'XLS/2', 'XLS/3']);
    expect(xls1).toMatchObject({
      documentNumber: 'XLS/1',
      documentDate: '2024-04-15',
      returnPeriod: '042024',
      counterpartyGstin: CUSTOMER_GSTIN,
      taxable: 125_075,
      igst: 22_514,
      documentValue: 147_589,
    });
    expect(xls3).toMatchObject({
      documentNumber: 'XLS/3',
      documentDate: '2024-05-02',
      returnPeriod: '052024',
      taxable: 200_000,
      igst: 36_000,
    });
    const items = await h.ctx.database.db
      .select()
      .from(documentItems)
      .where(eq(documentItems.documentId, xls1?.id ?? 0))
      .orderBy(documentItems.lineNumber);
    expect(items.map((i) => [i.description, i.taxable, i.rate, i.quantity])).toEqual([
      ['Laptop', 100_050, 18_000, 1000],
      ['Mouse — वायरलेस', 25_025, 18_000, 1000],
    ]);
    const format = await h.ctx.database.db.select({ fileFormat: imports.fileFormat }).from(imports).where(eq(imports.id, importId));
    expect(format[0]?.fileFormat).toBe('xls');
  });

  it('refuses an encrypted .xls, a BIFF5 workbook and a damaged container on upload, storing nothing', async () => {
    const rows: XlsCell[][] = [header, xlsRow({ documentNumber: 'BAD/1' }, '2024-04-15')];
    const before = await h.ctx.database.db.select({ id: imports.id }).from(imports).where(eq(imports.subscriberId, t.subscriberId));
    const refused = async (name: string, bytes: Buffer) => {
      const res = await upload(h, token, name, bytes);
      expect(res.statusCode, name).toBe(422);
      return res.json().errors[0] as { code: string; message: string };
    };
    expect(await refused('locked.xls', xlsOf(rows, { filepass: true }))).toMatchObject({
      code: 'IMP0023',
      message: expect.stringContaining('password-protected'),
    });
    expect(await refused('excel95.xls', xlsOf(rows, { biff5: true }))).toMatchObject({
      code: 'IMP0003',
      message: expect.stringContaining('Excel 5.0/95'),
    });
    const broken = compoundFile('Workbook', workbookStream(rows, { regularSectors: true }));
    const first = broken.layout.streamSectors[0]!;
    broken.bytes.writeUInt32LE(first, broken.bytes.readUInt32LE(0x4c) * 512 + 512 + first * 4);
    expect(await refused('loop.xls', broken.bytes)).toMatchObject({ code: 'IMP0024', message: expect.stringContaining('damaged') });
    expect(await stored(['BAD/1'])).toHaveLength(0);
    const after = await h.ctx.database.db.select({ id: imports.id }).from(imports).where(eq(imports.subscriberId, t.subscriberId));
    expect(after).toHaveLength(before.length);
  });
});

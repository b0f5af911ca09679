import ExcelJS from 'exceljs';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { sniffFormat } from '../../modules/import/sniff.rules';
import { xlsRows, xlsxRowBatches } from '../first-sheet-rows';
import { compoundFile, workbookStream, xlsOf, type XlsCell } from '../../test-support/import-xls-writer';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'opengst-xls-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
const saved = async (bytes: Buffer, extension = 'xls') => {
  const path = join(dir, `file-${++files}.${extension}`);
  await writeFile(path, bytes);
  return path;
};
const rowsOf = async (bytes: Buffer) => {
  const path = await saved(bytes);
  expect(await sniffFormat(path)).toBe('xls');
  const rows: { row: number; cells: string[] }[] = [];
  for await (const row of xlsRows(path)) rows.push(row);
  return rows;
};
const refusal = async (bytes: Buffer): Promise<{ code: string; message: string }> => {
  const path = await saved(bytes);
  try {
    await sniffFormat(path);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the file was accepted');
};

describe('the .xls (BIFF8) reader', () => {
  it('reads strings (SST split across CONTINUE, unicode), numbers, RK, MULRK, dates, formulas, booleans and blanks cell by cell', async () => {
    const long = `Laptop ${'x'.repeat(150)} end`;
    const hindi = `लैपटॉप कंप्यूटर ${'क'.repeat(80)} ₹`;
    const rows: XlsCell[][] = [
      ['Name', 'Amount', 'When', 'Flag'],
      [long, 1000.5, { date: '2024-04-15' }, true],
      [hindi, { rk: 42 }, { date: '2024-04-16', format: 'custom' }, false],
      [{ label: 'Café label' }, { rk: 12.34 }, { rk: -7 }, { rk: 100_000 }],
      [{ formula: 1000.5 }, { formula: '=cmd|" /C calc"!A0' }, { formula: true }, { formula: { error: 0x07 } }],
      [{ blank: true }, { blank: true }, 'after blanks', { error: 0x2a }],
      [{ formula: 45_397, date: true }, { formula: '' }, 'Müller ₹ 𝔸', -0.25],
      [null, null, null, 'only D'],
    ];
    const read = await rowsOf(xlsOf(rows, { sstChunk: 60, secondSheet: [['must not be read']] }));
    expect(read).toEqual([
      { row: 1, cells: ['Name', 'Amount', 'When', 'Flag'] },
      { row: 2, cells: [long, '1000.5', '2024-04-15', 'TRUE'] },
      { row: 3, cells: [hindi, '42', '2024-04-16', 'FALSE'] },
      { row: 4, cells: ['Café label', '12.34', '-7', '100000'] },
      // Formulas: "=" and the cached result, so the import refuses them (IMP0015) as it does formulas in .xlsx.
      { row: 5, cells: ['=1000.5', '==cmd|" /C calc"!A0', '=TRUE', '=#DIV/0!'] },
      { row: 6, cells: ['', '', 'after blanks', '#N/A'] },
      { row: 7, cells: ['=2024-04-15', '=', 'Müller ₹ 𝔸', '-0.25'] },
      { row: 8, cells: ['', '', '', 'only D'] },
    ]);
  });

  it('splits a string across CONTINUE records with the option byte repeated, both 8-bit and UTF-16', async () => {
    const narrow = 'abcdefghij'.repeat(30);
    const wide = 'अआइईउऊ'.repeat(40);
    const stream = workbookStream([[narrow, wide, narrow + wide]], { sstChunk: 41 });
    // 41-byte chunks: every string of 240+ characters crosses several CONTINUE records.
    expect(stream.includes(Buffer.from([0x3c, 0x00, 41, 0x00]))).toBe(true);
    const [row] = await rowsOf(compoundFile('Workbook', stream).bytes);
    expect(row?.cells).toEqual([narrow, wide, narrow + wide]);
  });

  it('gives dates of the 1904 date system as the same days', async () => {
    const [, row] = await rowsOf(xlsOf([['When'], [{ date: '2024-04-15' }]], { date1904: true }));
    expect(row?.cells).toEqual(['2024-04-15']);
  });

  it('reads a workbook stream kept in regular sectors as well as one in the mini stream', async () => {
    const rows: XlsCell[][] = [['A', 'B'], ...Array.from({ length: 400 }, (_, i) => [`Row ${i}`, i * 1.5])];
    const stream = workbookStream(rows);
    expect(stream.length).toBeGreaterThan(4096);
    const read = await rowsOf(compoundFile('Workbook', stream).bytes);
    expect(read).toHaveLength(401);
    expect(read[400]).toEqual({ row: 401, cells: ['Row 399', '598.5'] });
    const small = await rowsOf(xlsOf([['tiny']]));
    expect(small).toEqual([{ row: 1, cells: ['tiny'] }]);
  });

  it('reads a container whose FAT is longer than the header lists (DIFAT sectors)', async () => {
    const text = (i: number) => `${String(i).padStart(6, '0')} ${'ā'.repeat(120)}`;
    const rows: XlsCell[][] = Array.from({ length: 30_000 }, (_, i) => [{ label: text(i) }, i]);
    const { bytes } = compoundFile('Workbook', workbookStream(rows));
    // More than 109 FAT sectors of 128 entries: the FAT itself is listed in DIFAT sectors.
    expect(bytes.length).toBeGreaterThan(109 * 128 * 512);
    const read = await rowsOf(bytes);
    expect(read).toHaveLength(30_000);
    expect(read[29_999]).toEqual({ row: 30_000, cells: [text(29_999), '29999'] });
    expect(read[12_345]?.cells).toEqual([text(12_345), '12345']);
  });

  it('refuses an encrypted workbook, a BIFF5 workbook and a damaged or lying container with their own codes', async () => {
    expect(await refusal(xlsOf([['secret']], { filepass: true }))).toMatchObject({
      code: 'IMP0023',
      message: expect.stringContaining('password'),
    });
    // An encrypted .xlsx is a compound file too, with the encrypted package instead of a Workbook stream.
    expect((await refusal(compoundFile('EncryptedPackage', Buffer.alloc(5000, 1)).bytes)).code).toBe('IMP0023');
    expect(await refusal(xlsOf([['old']], { biff5: true }))).toMatchObject({
      code: 'IMP0003',
      message: expect.stringContaining('Excel 5.0/95'),
    });
    expect((await refusal(compoundFile('Workbook', workbookStream([['old']], { biff5: true })).bytes)).code).toBe('IMP0003');
    // A Word document's container holds no workbook.
    expect((await refusal(compoundFile('WordDocument', Buffer.alloc(5000, 1)).bytes)).code).toBe('IMP0002');

    const regular = () => compoundFile('Workbook', workbookStream([['A'], ['B']], { regularSectors: true }));
    // A sector chain that loops back on itself.
    const loop = regular();
    const first = loop.layout.streamSectors[0]!;
    loop.bytes.writeUInt32LE(first, loop.layout.fatOffset + loop.layout.streamSectors[3]! * 4);
    expect(await refusal(loop.bytes)).toMatchObject({ code: 'IMP0024', message: expect.stringContaining('chain') });
    // A chain pointing past the end of the file.
    const outside = regular();
    outside.bytes.writeUInt32LE(1_000_000, outside.layout.fatOffset + first * 4);
    expect((await refusal(outside.bytes)).code).toBe('IMP0024');
    // A stream claiming 2 GB in a file of a few kilobytes.
    const lying = regular();
    lying.bytes.writeUInt32LE(0x7fffffff, lying.layout.directoryOffset + 128 + 0x78);
    expect(await refusal(lying.bytes)).toMatchObject({ code: 'IMP0025' });
    // Cut in half, and a header that is only the signature.
    const whole = regular().bytes;
    expect((await refusal(whole.subarray(0, Math.floor(whole.length / 2)))).code).toBe('IMP0024');
    expect((await refusal(Buffer.concat([whole.subarray(0, 8), Buffer.alloc(512)]))).code).toBe('IMP0024');
    // Excel 2.x-4.0 files are a bare BIFF stream.
    expect((await refusal(Buffer.from([0x09, 0x04, 0x06, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00]))).code).toBe('IMP0003');
  });

  it('refuses a sheet whose records are damaged when the rows are read', async () => {
    const stream = workbookStream([
      ['A', 'B'],
      ['C', 'D'],
    ]);
    // The last LABELSST names a string the SST does not have.
    const at = stream.lastIndexOf(Buffer.from([0xfd, 0x00, 0x0a, 0x00]));
    stream.writeUInt32LE(999, at + 4 + 6);
    const path = await saved(compoundFile('Workbook', stream).bytes);
    expect(await sniffFormat(path)).toBe('xls');
    const read = async () => {
      for await (const row of xlsRows(path)) expect(row).toBeDefined();
    };
    await expect(read()).rejects.toMatchObject({ code: 'IMP0024' });
  });
});

const soffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0;

describe('an .xls written by LibreOffice', () => {
  it.skipIf(!soffice)(
    'reads what exceljs reads from the xlsx it was converted from (needs soffice: apt-get install libreoffice-calc-nogui)',
    async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Data');
      sheet.addRow(['Location GSTIN', 'Document date', 'Taxable value', 'Rate %', 'Name', 'Flag', 'Formula']);
      for (let i = 0; i < 1200; i++) {
        const row = sheet.addRow([
          '07AAACA1234A1ZM',
          new Date(Date.UTC(2024, 3, 1 + (i % 28))),
          1000 + i * 0.25,
          i % 3 === 0 ? 18 : 5,
          `Customer ${i} ${i % 7 === 0 ? 'लैपटॉप ₹' : 'Müller'}`,
          i % 2 === 0,
          null,
        ]);
        row.getCell(2).numFmt = 'dd-mm-yyyy';
        row.getCell(7).value = { formula: `C${i + 2}*2`, result: (1000 + i * 0.25) * 2 };
      }
      sheet.addRow([]);
      sheet.addRow(['after a blank row', null, 12_345_678.9]);
      workbook.addWorksheet('Second').addRow(['not read']);
      const xlsx = join(dir, 'libre.xlsx');
      await workbook.xlsx.writeFile(xlsx);
      execFileSync(
        'soffice',
        [
          '--headless',
          '--norestore',
          `-env:UserInstallation=file://${join(dir, 'lo-profile')}`,
          '--convert-to',
          'xls',
          '--outdir',
          dir,
          xlsx,
        ],
        { stdio: 'ignore', timeout: 120_000 },
      );
      const xls = join(dir, 'libre.xls');
      expect(await sniffFormat(xls)).toBe('xls');
      const fromXls: { row: number; cells: string[] }[] = [];
      for await (const row of xlsRows(xls)) fromXls.push(row);
      const fromXlsx: { row: number; cells: string[] }[] = [];
      for await (const batch of xlsxRowBatches(xlsx)) fromXlsx.push(...batch);
      expect(fromXls).toHaveLength(1202);
      // The same rows and cells, except formulas: the .xlsx reader gives their text, the .xls reader "=" and their cached result.
      fromXlsx.forEach((row, index) => {
        const other = fromXls[index];
        expect(other?.row).toBe(row.row);
        expect(other?.cells.slice(0, 5)).toEqual(row.cells.slice(0, 5));
        // LibreOffice stores a boolean cell in .xls as the formula TRUE() or FALSE(): it reads as that formula's result.
        expect(other?.cells[5]).toBe(row.row === 1 || row.row > 1201 ? row.cells[5] : `=${row.cells[5]}`);
        if (row.row > 1 && row.row < 1202) expect(other?.cells[6]).toBe(`=${Number(row.cells[2]) * 2}`);
      });
      expect(fromXls.at(-1)?.cells.slice(0, 3)).toEqual(['after a blank row', '', '12345678.9']);
      // Big enough for regular sectors and an SST continued over several records.
      expect((await readFile(xls)).length).toBeGreaterThan(32_768);
    },
    180_000,
  );
});

import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { cellText, readHsnDirectory } from './hsn-directory';

describe('readHsnDirectory', () => {
  it('cleans the quirks of the portal rows', () => {
    const { records, issues } = readHsnDirectory([
      [null, 'HSN_CD', 'HSN_Description'],
      [null, '2307 00', 'RESIDUES AND WASTE~Wine lees; argol'],
      [null, '230700', 'WINE LEES, ARGOL'],
      [null, '30559', 'FISH~Fish, dried_x000D_\r\n salted '],
      [null, '52083110', { formula: '--- LUNGI', result: { error: '#NAME?' } }],
      [null, 9954, 'Construction services'],
      [],
      [null, 'abc', 'junk'],
      [null, '0101', ''],
      ['SAC', '9983', 'Other professional services'],
      [null, '230700', 'again'],
      [null, { richText: [{ text: '01' }] }, { text: 'LIVE ANIMALS' }],
    ]);
    expect(records.map((r) => r.code)).toEqual(['230700', '030559', '52083110', '9954', '0101', '9983', '01']);
    expect(records[0]).toMatchObject({ description: 'WINE LEES, ARGOL', level: 'subheading', kind: 'HSN', row: 3 });
    expect(records[1]).toMatchObject({ description: 'Fish, dried salted', context: 'FISH', level: 'subheading' });
    expect(records[2]?.description).toBe('LUNGI');
    expect(records[3]).toMatchObject({ kind: 'SAC', level: 'heading' });
    expect(records[6]).toMatchObject({ level: 'chapter', description: 'LIVE ANIMALS' });
    expect(issues.map((i) => i.code).sort()).toEqual(
      ['HSN_DIR_CODE', 'HSN_DIR_DESCRIPTION', 'HSN_DIR_DUPLICATE', 'HSN_DIR_DUPLICATE', 'HSN_DIR_FIXED', 'HSN_DIR_FIXED'].sort(),
    );
  });
  it('cellText handles every cell shape', () => {
    expect(cellText(undefined)).toBe('');
    expect(cellText(true)).toBe('true');
    expect(cellText({ result: 5 })).toBe('5');
    expect(cellText({})).toBe('');
    expect(cellText(Symbol.iterator)).toBe('');
  });
  it('reads the real portal workbook (HSN_SAC_2024-11.xlsx)', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(new URL('../../../../official/masters/HSN_SAC_2024-11.xlsx', import.meta.url).pathname);
    const rows: unknown[][] = [];
    for (const ws of wb.worksheets) ws.eachRow((row) => rows.push(row.values as unknown[]));
    const { records } = readHsnDirectory(rows);
    const codes = new Map(records.map((r) => [r.code, r]));
    expect(records.length).toBeGreaterThan(22_000);
    for (const r of records) expect(r.code).toMatch(/^([0-9]{2}){1,4}$/);
    expect(codes.get('230700')?.description).toBe('WINE LEES, ARGOL');
    expect(codes.get('030559')).toBeDefined();
    expect(codes.get('52083110')?.description).toContain('LUNGI');
    expect(codes.get('995411')?.kind).toBe('SAC');
    expect(records.some((r) => r.description.includes('_x000D_') || /\r|\n/.test(r.description))).toBe(false);
  }, 60_000);
});

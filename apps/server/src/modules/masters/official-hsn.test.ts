import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { officialHsnDirectory, searchOfficialHsn } from './official-hsn.service';

const DIRECTORY = fileURLToPath(new URL('../../../../../official/masters/HSN_SAC_2024-11.xlsx', import.meta.url));

describe("the GST portal's HSN/SAC directory in official/", () => {
  it('reads every code once, repaired as its import repairs it', async () => {
    const entries = await officialHsnDirectory(DIRECTORY);
    expect(entries.length).toBeGreaterThan(22_000);
    expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length);
    expect(entries.find((e) => e.code === '230700')?.description).toBe('WINE LEES, ARGOL');
    expect(entries.find((e) => e.code === '995411')?.isService).toBe(true);
  });

  it('finds codes by their leading digits and by the words of their description, shortest codes first', async () => {
    const byCode = await searchOfficialHsn(DIRECTORY, '8471', 20);
    expect(byCode[0]).toMatchObject({ code: '8471', source: 'Official', rate: null, isService: false });
    expect(byCode.every((item) => item.code.startsWith('8471'))).toBe(true);
    expect(byCode).toHaveLength(20);
    const byWords = await searchOfficialHsn(DIRECTORY, 'goods transport agency', 5);
    expect(byWords.length).toBeGreaterThan(0);
    expect(byWords.map((item) => item.code)).toEqual(expect.arrayContaining(['996791', '996792']));
    expect(byWords.every((item) => ['GOODS', 'TRANSPORT', 'AGENCY'].every((w) => item.description.toUpperCase().includes(w)))).toBe(true);
    expect(await searchOfficialHsn(DIRECTORY, 'zzqx', 5)).toEqual([]);
  });
});

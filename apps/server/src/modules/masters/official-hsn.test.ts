import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { officialHsnIndex, searchOfficialHsn } from './official-hsn.service';

const DIRECTORY = fileURLToPath(new URL('../../../../../official/masters/HSN_SAC_2024-11.xlsx', import.meta.url));

describe("the GST portal's HSN/SAC directory in official/", () => {
  it('reads every code once, repaired as its import repairs it, into one index per process', async () => {
    const index = await officialHsnIndex(DIRECTORY);
    const records = index.entries.map((e) => e.record);
    expect(records.length).toBeGreaterThan(22_000);
    expect(new Set(records.map((r) => r.code)).size).toBe(records.length);
    expect(records.find((r) => r.code === '230700')?.description).toBe('WINE LEES, ARGOL');
    expect(records.find((r) => r.code === '995411')?.kind).toBe('SAC');
    expect(await officialHsnIndex(DIRECTORY)).toBe(index);
  });

  it("answers the document screen's lookup from the same search: codes by their leading digits, words, shortest codes first", async () => {
    const byCode = await searchOfficialHsn(DIRECTORY, '8471', 20);
    expect(byCode[0]).toMatchObject({ code: '8471', source: 'Official', rate: null, isService: false });
    expect(byCode.every((item) => item.code.startsWith('8471'))).toBe(true);
    expect(byCode).toHaveLength(20);
    const byWords = await searchOfficialHsn(DIRECTORY, 'goods transport agency', 5);
    expect(byWords.map((item) => item.code)).toEqual(expect.arrayContaining(['996791', '996792']));
    expect(byWords.every((item) => ['GOODS', 'TRANSPORT', 'AGENCY'].every((w) => item.description.toUpperCase().includes(w)))).toBe(true);
    expect((await searchOfficialHsn(DIRECTORY, 'laptop', 1))[0]).toMatchObject({ code: '847130', isService: false });
    expect(await searchOfficialHsn(DIRECTORY, 'zzqx', 5)).toEqual([]);
  });
});

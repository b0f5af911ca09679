import { HSN_SEARCH_API, type HsnSearchItem } from '@opengst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, someIp, startHarness, type Harness } from '../../test-support/harness';

// The public HSN/SAC search (issue 20) through the API, by anyone, on each engine.
const RATE_PER_MINUTE = 30;

describe.each(ENGINES)('public HSN/SAC search on %s', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine, { env: { SIGNIN_RATE_PER_MINUTE: String(RATE_PER_MINUTE) } });
  });
  afterAll(async () => {
    await h.close();
  });

  const search = (query: Record<string, string | number>, remoteAddress = someIp()) =>
    h.app.inject({
      method: 'GET',
      url: HSN_SEARCH_API.search,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      remoteAddress,
    });
  const items = async (query: Record<string, string | number>) => {
    const res = await search(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: HsnSearchItem[]; totalRecords: number };
  };

  it('answers anyone, without a sign-in, with the exact code first and its hierarchy', async () => {
    const { items: found, totalRecords } = await items({ text: '8471', size: 5 });
    expect(found.map((i) => [i.code, i.match])).toEqual([
      ['8471', 'code'],
      ['847130', 'codePrefix'],
      ['847141', 'codePrefix'],
      ['847149', 'codePrefix'],
      ['847150', 'codePrefix'],
    ]);
    expect(totalRecords).toBeGreaterThan(30);
    expect(found[0]).toMatchObject({ kind: 'HSN', level: 'heading', rate: null });
    expect(found[0]?.description).toMatch(/^AUTOMATIC DATA PROCESSING MACHINES/);
    expect(found[1]?.hierarchy).toEqual([
      { level: 'chapter', code: '84', description: expect.stringMatching(/NUCLEAR REACTORS/i) },
      { level: 'heading', code: '8471', description: found[0]?.description },
    ]);
  });

  it('finds 8471 by words and by a misspelt word, exact matches above typos', async () => {
    const computer = await items({ text: 'computer' });
    expect(computer.items[0]).toMatchObject({ code: '8471', match: 'words' });
    const laptop = await items({ text: 'Laptop' });
    expect(laptop.items.slice(0, 3).map((i) => [i.code, i.match])).toEqual([
      ['847130', 'words'],
      ['84713010', 'words'],
      ['84713090', 'words'],
    ]);
    expect(laptop.items.slice(3).every((i) => i.match === 'wordsWithTypos')).toBe(true);
    const misspelt = await items({ text: 'lptop' });
    expect(misspelt.items.map((i) => [i.code, i.match])).toEqual(
      expect.arrayContaining([
        ['847130', 'wordsWithTypos'],
        ['84713010', 'wordsWithTypos'],
      ]),
    );
    const services = await items({ text: 'goods transport agency', size: 100 });
    const tiers = services.items.map((i) => i.match);
    expect(tiers.indexOf('wordsWithTypos') === -1 || tiers.lastIndexOf('words') < tiers.indexOf('wordsWithTypos')).toBe(true);
    expect(services.items.map((i) => i.code)).toEqual(expect.arrayContaining(['996791', '996792']));
    expect(services.items.find((i) => i.code === '996791')?.kind).toBe('SAC');
    expect((await items({ text: 'zzqxw' })).items).toEqual([]);
  });

  it('pages with start and size over the same ranking', async () => {
    const first = await items({ text: '84', size: 20 });
    const second = await items({ text: '84', start: 10, size: 10 });
    expect(second.totalRecords).toBe(first.totalRecords);
    expect(second.items.map((i) => i.code)).toEqual(first.items.slice(10, 20).map((i) => i.code));
  });

  it('refuses bad parameters with the fields named', async () => {
    const bad: Record<string, string | number>[] = [
      {},
      { text: '   ' },
      { text: 'x'.repeat(101) },
      { text: 'rice', size: 0 },
      { text: 'rice', size: 101 },
      { text: 'rice', start: -1 },
      { text: 'rice', size: 'ten' },
    ];
    for (const query of bad) {
      const res = await search(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      const errors = res.json().errors as { code: string; propertyName?: string; type: string }[];
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((e) => e.type === 'Error' && typeof e.code === 'string')).toBe(true);
      // The API names fields capitalised.
      expect(errors.map((e) => e.propertyName?.toLowerCase())).toEqual(expect.arrayContaining([Object.keys(query).at(-1) ?? 'text']));
    }
  });

  it('limits the requests of one address', async () => {
    const ip = someIp();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_PER_MINUTE; i++) statuses.push((await search({ text: '1006' }, ip)).statusCode);
    expect(statuses.slice(0, RATE_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await search({ text: '1006' })).statusCode).toBe(200);
  });
});

import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readHsnDirectory, type HsnRecord } from './hsn-directory';
import { buildHsnIndex, HSN_COMMON_NAMES, searchHsn, searchWords, typosAllowed, type HsnSearchIndex, type HsnSearchMatch } from './search';

const record = (code: string, description: string): HsnRecord => ({
  code,
  description,
  kind: code.startsWith('99') ? 'SAC' : 'HSN',
  level: ({ 2: 'chapter', 4: 'heading', 6: 'subheading', 8: 'tariffItem' } as const)[code.length as 2 | 4 | 6 | 8],
  row: 1,
});

// The rule, written the slow way: the fewest edits turning `word` into some beginning of `target`.
const prefixDistance = (word: string, target: string): number => {
  let row = Array.from({ length: word.length + 1 }, (_, j) => j);
  let best = row[word.length]!;
  for (let d = 1; d <= target.length; d++) {
    const next = [d];
    for (let j = 1; j <= word.length; j++)
      next[j] = Math.min(row[j - 1]! + (word[j - 1] === target[d - 1] ? 0 : 1), row[j]! + 1, next[j - 1]! + 1);
    row = next;
    best = Math.min(best, row[word.length]!);
  }
  return best;
};

const wordsOf = (r: HsnRecord): string[] => [
  ...searchWords(r.description),
  ...HSN_COMMON_NAMES.filter((n) => r.code.startsWith(n.code)).flatMap((n) => n.words),
];

/** What a record matches a word query as, by the rule of searchHsn's comment; undefined when it does not. */
const expectedMatch = (r: HsnRecord, query: string): HsnSearchMatch | undefined => {
  const words = [...new Set(searchWords(query))].slice(0, 8);
  if (words.length === 0) return undefined;
  const own = wordsOf(r);
  if (words.every((w) => own.some((o) => o.startsWith(w)))) return 'words';
  if (words.every((w) => own.some((o) => prefixDistance(w, o) <= typosAllowed(w)))) return 'wordsWithTypos';
  return undefined;
};

const TIER: Record<HsnSearchMatch, number> = { code: 0, codePrefix: 1, words: 2, wordsWithTypos: 3 };
const isRanked = (results: readonly { code: string; match: HsnSearchMatch }[]): boolean =>
  results.every((r, i) => {
    const before = results[i - 1];
    if (!before) return true;
    const order = TIER[before.match] - TIER[r.match] || before.code.length - r.code.length;
    return order < 0 || (order === 0 && before.code < r.code);
  });

describe('searchHsn on a small directory', () => {
  const index = buildHsnIndex(
    [
      record('84713010', 'PERSONAL COMPUTER'),
      record('8471', 'AUTOMATIC DATA PROCESSING MACHINES AND UNITS THEREOF'),
      record('847130', 'PORTABLE AUTOMATIC DATA PROCESSING MACHINES, WEIGHING NOT MORE THAN 10 KG'),
      record('84713090', 'OTHER'),
      record('84', 'NUCLEAR REACTORS, BOILERS, MACHINERY'),
      record('1006', 'RICE'),
      record('10063010', 'RICE PARBOILED'),
      record('996791', 'Goods transport agency services for road transport'),
      record('09', 'COFFEE, TEA, MATE AND SPICES'),
      record('09011111', 'ARABICA PLANTATION'),
    ],
    [
      { code: '8471', ratePercent: 18, effectiveFrom: '2017-07-01', source: 'test: heading rate' },
      { code: '847130', ratePercent: 12, effectiveFrom: '2017-07-01', effectiveTo: '2025-09-21', source: 'test: old sub-heading rate' },
      { code: '847130', ratePercent: 5, effectiveFrom: '2025-09-22', source: 'test: new sub-heading rate' },
    ],
  );
  const codes = (query: string, limit = 20) => searchHsn(index, query, limit).results.map((r) => r.code);

  it('puts the exact code first, then the codes starting with it, shorter first', () => {
    expect(codes('8471')).toEqual(['8471', '847130', '84713010', '84713090']);
    expect(searchHsn(index, '8471', 20).results.map((r) => r.match)).toEqual(['code', 'codePrefix', 'codePrefix', 'codePrefix']);
    expect(codes('84')).toEqual(['84', '8471', '847130', '84713010', '84713090']);
    expect(codes('8471 30')).toEqual(['847130', '84713010', '84713090']);
    expect(codes('8471.3010')).toEqual(['84713010']);
    expect(codes('8472')).toEqual([]);
    expect(codes('123456789')).toEqual([]);
  });

  it('matches every word by the start of a description word, exact before typos, then by code length', () => {
    expect(codes('rice')).toEqual(['1006', '10063010']);
    expect(codes('rice parb')).toEqual(['10063010']);
    expect(codes('goods agency')).toEqual(['996791']);
    expect(codes('computer')).toEqual(['8471', '847130', '84713010', '84713090']);
    expect(codes('laptop')).toEqual(['847130', '84713010', '84713090']);
    // A typo in a word of 4 to 7 letters, two in one of 8 or more, ranked below exact matches.
    expect(codes('lptop')).toEqual(['847130', '84713010', '84713090']);
    expect(codes('computr')).toEqual(['8471', '847130', '84713010', '84713090']);
    expect(codes('procesing machnes')).toEqual(['8471', '847130']);
    expect(codes('prtable mchines')).toEqual(['847130']);
    expect(searchHsn(index, 'ric', 5).results.map((r) => r.match)).toEqual(['words', 'words']);
    const mixed = searchHsn(index, 'arabica', 5).results;
    expect(mixed.map((r) => [r.code, r.match])).toEqual([['09011111', 'words']]);
    // Short words are matched as typed: "tee" is not "tea".
    expect(codes('tee')).toEqual([]);
    expect(codes('tea')).toEqual(['09']);
    expect(codes('zzqx')).toEqual([]);
    expect(codes('  ,;  ')).toEqual([]);
  });

  it('gives the hierarchy above a code, with the text the directory has', () => {
    const [item] = searchHsn(index, '84713010', 1).results;
    expect(item?.hierarchy).toEqual([
      { level: 'chapter', code: '84', description: 'NUCLEAR REACTORS, BOILERS, MACHINERY' },
      { level: 'heading', code: '8471', description: 'AUTOMATIC DATA PROCESSING MACHINES AND UNITS THEREOF' },
      { level: 'subheading', code: '847130', description: 'PORTABLE AUTOMATIC DATA PROCESSING MACHINES, WEIGHING NOT MORE THAN 10 KG' },
    ]);
    expect(searchHsn(index, '10063010', 1).results[0]?.hierarchy).toEqual([
      { level: 'chapter', code: '10', description: null },
      { level: 'heading', code: '1006', description: 'RICE' },
      { level: 'subheading', code: '100630', description: null },
    ]);
    expect(searchHsn(index, '84', 1).results[0]?.hierarchy).toEqual([]);
  });

  it('gives the rate in force on the date from the most specific code that has one, and none otherwise', () => {
    const rateOn = (code: string, onDate: string) => searchHsn(index, code, 1, { onDate }).results[0]?.rate;
    expect(rateOn('8471', '2025-10-01')).toEqual({ ratePercent: 18, effectiveFrom: '2017-07-01', source: 'test: heading rate' });
    expect(rateOn('84713010', '2025-09-21')).toMatchObject({ ratePercent: 12, effectiveFrom: '2017-07-01' });
    expect(rateOn('84713010', '2025-09-22')).toMatchObject({ ratePercent: 5, effectiveFrom: '2025-09-22' });
    expect(rateOn('84', '2025-10-01')).toBeNull();
    expect(rateOn('1006', '2025-10-01')).toBeNull();
    expect(rateOn('8471', '2017-06-30')).toBeNull();
    expect(searchHsn(index, '8471', 1).results[0]?.rate).toBeNull();
  });

  it('pages through the ranked matches', () => {
    const all = codes('8471');
    const second = searchHsn(index, '8471', 2, { offset: 2 });
    expect(second).toMatchObject({ total: 4 });
    expect(second.results.map((r) => r.code)).toEqual(all.slice(2, 4));
    expect(searchHsn(index, '8471', 2, { offset: 10 })).toEqual({ total: 4, results: [] });
  });
});

describe('searchHsn against the rule, on generated directories', () => {
  // Few letters, so that words share prefixes and near misses abound.
  const word = fc.stringMatching(/^[ABCDE]{1,9}$/);
  const directory = fc.uniqueArray(
    fc.record({ code: fc.stringMatching(/^(1[0-2]){1,4}$/), description: fc.array(word, { minLength: 1, maxLength: 4 }) }),
    { selector: (r) => r.code, minLength: 1, maxLength: 40 },
  );

  it('finds exactly the records the rule matches, ranked', () => {
    fc.assert(
      fc.property(directory, fc.array(word, { minLength: 1, maxLength: 3 }), (rows, queryWords) => {
        const records = rows.map((r) => record(r.code, r.description.join(' ')));
        const query = queryWords.join(' ');
        const { total, results } = searchHsn(buildHsnIndex(records), query, 1000);
        const expected = records.flatMap((r) => {
          const match = expectedMatch(r, query);
          return match ? [{ code: r.code, match }] : [];
        });
        expect(total).toBe(expected.length);
        expect(results.map((r) => ({ code: r.code, match: r.match }))).toEqual(expect.arrayContaining(expected));
        expect(isRanked(results)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('answers a code with that code first and then every code starting with it', () => {
    fc.assert(
      fc.property(directory, fc.nat(), fc.integer({ min: 1, max: 8 }), (rows, pick, digits) => {
        const records = rows.map((r) => record(r.code, r.description.join(' ')));
        const code = records[pick % records.length]!.code.slice(0, digits);
        const { results } = searchHsn(buildHsnIndex(records), code, 1000);
        expect(results.map((r) => r.code).sort()).toEqual(
          records
            .map((r) => r.code)
            .filter((c) => c.startsWith(code))
            .sort(),
        );
        if (records.some((r) => r.code === code)) expect(results[0]).toMatchObject({ code, match: 'code' });
        expect(isRanked(results)).toBe(true);
      }),
    );
  });
});

describe("searchHsn over the GST portal's directory", () => {
  let index: HsnSearchIndex;
  let records: HsnRecord[];
  beforeAll(async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(new URL('../../../../official/masters/HSN_SAC_2024-11.xlsx', import.meta.url).pathname);
    const rows: unknown[][] = [];
    for (const ws of wb.worksheets) ws.eachRow((row) => rows.push(row.values as unknown[]));
    records = readHsnDirectory(rows).records;
    index = buildHsnIndex(records);
  }, 60_000);

  it('finds 8471 and its tariff items by "computer", "laptop" and their misspellings', () => {
    for (const query of ['computer', 'laptop', 'computr', 'lptop', 'laptp', 'Computers']) {
      const { results } = searchHsn(index, query, 50);
      expect(results.length, query).toBeGreaterThan(0);
      expect(
        results.some((r) => r.code.startsWith('8471')),
        query,
      ).toBe(true);
      expect(
        results.some((r) => r.code.length === 8 && r.code.startsWith('847130')),
        query,
      ).toBe(true);
    }
    expect(searchHsn(index, 'computer', 1).results[0]).toMatchObject({ code: '8471', match: 'words' });
    expect(searchHsn(index, 'computr', 1).results[0]).toMatchObject({ code: '8471', match: 'wordsWithTypos' });
    expect(searchHsn(index, 'laptop', 1).results[0]?.hierarchy.map((a) => a.code)).toEqual(['84', '8471']);
  });

  it('puts an exact code first and gives a real rate only where one is known', () => {
    const { results, total } = searchHsn(index, '8471', 10, { onDate: '2026-11-27' });
    expect(results[0]).toMatchObject({ code: '8471', match: 'code', rate: null });
    expect(total).toBe(records.filter((r) => r.code.startsWith('8471')).length);
    expect(searchHsn(index, '996791', 1).results[0]?.hierarchy).toEqual([
      { level: 'chapter', code: '99', description: 'All Services' },
      { level: 'heading', code: '9967', description: expect.any(String) },
    ]);
  });

  it('finds for any word of any description the record it came from', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (pick, wordPick) => {
        const r = records[pick % records.length]!;
        const words = searchWords(r.description);
        fc.pre(words.length > 0);
        const query = words[wordPick % words.length]!;
        // Digits alone search codes.
        fc.pre(!/^[0-9]+$/.test(query));
        const { results, total } = searchHsn(index, query, records.length);
        expect(results.some((x) => x.code === r.code)).toBe(true);
        expect(total).toBe(results.length);
        for (const x of results.slice(0, 50))
          expect(
            expectedMatch(
              records.find((y) => y.code === x.code)!,
              query,
            ),
          ).toBe(x.match);
      }),
      { numRuns: 40 },
    );
  });
});

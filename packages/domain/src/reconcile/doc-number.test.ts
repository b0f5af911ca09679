import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseDocumentNumber, isFinancialYearPair, nearNumberRejection, normaliseDocumentNumber } from './doc-number';
import { DEFAULT_RECONCILE_SETTINGS } from './types';

const N = DEFAULT_RECONCILE_SETTINGS.numberNormalisation;
const norm = (s: string) => normaliseDocumentNumber(s, N);

describe('document-number normalisation', () => {
  it.each([
    ['INV/001/24-25', 'INV-1'],
    ['INV/1/2024-25', 'inv1'],
    ['INV 1 2024/25', 'INV\\1'],
    ['FY2024-2025/INV/0001', 'INV-1'],
    ['S008400', 's-8400'],
    ['INV/001/24-25', 'INV 1'],
    ['FY2024-25/INV/7', 'INV-7'],
    ['fy 2024-2025 inv 0007', 'INV-7'],
  ])('%s equals %s', (a, b) => expect(norm(a)).toBe(norm(b)));
  it.each([
    ['12/3', '1/23'],
    ['1', 'INV 10'],
    ['BILL-23-00040', 'BILL-23-00045'],
    ['RS/23/24-25', 'RS/25/24-25'],
    ['RS/2023/24-25', 'RS/25/2024-25'],
  ])('%s differs from %s', (a, b) => expect(norm(a)).not.toBe(norm(b)));
  it('keeps a number that is only a financial year', () => expect(norm('2024-25')).toBe('2024·25'));
  it('never takes a serial for a financial year (issue 18: RS/23/24-25 was RS25, the key of RS/25/24-25)', () => {
    expect(norm('RS/25/24-25')).toBe('RS25');
    expect(norm('RS/23/24-25')).not.toBe(norm('RS/25/24-25'));
    // "23/24-25" reads as 23 of 2024-25 or as 25 of 2023-24: kept as typed, digits and separators.
    expect(analyseDocumentNumber('RS/23/24-25', N)).toEqual({ key: 'RS23/24-25', numbers: ['23', '24', '25'] });
    expect(norm('rs 2023/24-25')).toBe('RS2023/24-25');
    expect(norm('RS/023/24-25')).toBe('RS23');
    // Decided: 023 cannot be a year, so RS/023/24-25 is serial 23 of 2024-25; RS/23/24-25 may be serial 25 of
    // 2023-24. They stay apart (a user links them if they are one document); equal keys would be a guess.
    expect(norm('RS/023/24-25')).not.toBe(norm('RS/23/24-25'));
    expect(norm('RS/23/FY24-25')).toBe('RS23');
    expect(norm('RS/23/2024-25')).toBe('RS23');
  });
  it('drops a year only when a serial is left', () => {
    expect(norm('INV/24-25')).toBe('INV24·25');
    expect(norm('FY2024-25')).toBe('FY2024·25');
    expect(norm('2024-25/7')).toBe('7');
    expect(norm('2024-25/2023-24/7')).toBe('7');
    expect(norm('INV/7/24-25/3')).toBe('INV7·3');
  });
  it('each option can be switched off', () => {
    const off = { ignoreLeadingZeros: false, ignoreSeparators: false, ignoreCase: false, ignoreFinancialYear: false };
    expect(analyseDocumentNumber('inv/007/24-25', off)).toEqual({ key: 'inv/007/24-25', numbers: ['7', '24', '25'] });
    expect(analyseDocumentNumber('inv/007/24-25', N)).toEqual({ key: 'INV7', numbers: ['7'] });
  });
  it('recognises financial-year fragments', () => {
    expect(isFinancialYearPair('2024', '25')).toBe(true);
    expect(isFinancialYearPair('2024', '2025')).toBe(true);
    expect(isFinancialYearPair('99', '00')).toBe(true);
    expect(isFinancialYearPair('2024', '26')).toBe(false);
    expect(isFinancialYearPair('2024', '202')).toBe(false);
    expect(isFinancialYearPair('1234', '35')).toBe(false);
    expect(isFinancialYearPair('23', '40')).toBe(false);
  });
  it('near numbers need equal trailing digit runs', () => {
    expect(nearNumberRejection(['8400'], ['2024', '8400'])).toBeNull();
    expect(nearNumberRejection(['1'], ['10'])).toContain('digits differ');
    expect(nearNumberRejection([], ['1'])).toContain('without digits');
  });
  it('is case-insensitive and ignores surrounding spaces (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        expect(norm(s.toLowerCase())).toBe(norm(s.toUpperCase()));
        expect(norm(` ${s} `)).toBe(norm(s));
      }),
    );
  });
});

/** The parts of a document number: letters, a serial, a financial year in a recognised format, at the end or at the start. */
// Small pools as well as the full ranges, so that two numbers often share a prefix, a serial or a year.
const numberParts = fc.record({
  prefix: fc.oneof(fc.constantFrom('RS', 'inv', 'A'), fc.stringMatching(/^[A-Za-z]{1,4}$/)),
  zeros: fc.constantFrom('', '0', '00'),
  serial: fc.integer({ min: 0, max: 999_999 }),
  /** When set, the serial is this offset from the year (23 or 2023 of 2024-25, 26 or 2026: the serials a year can swallow). */
  serialNearYear: fc.option(fc.integer({ min: -2, max: 2 }), { freq: 2 }),
  serialAsFullYear: fc.boolean(),
  beforeSerial: fc.constantFrom('', '/', '-', ' ', '\\', '_'),
  beforeYear: fc.constantFrom('/', '-', ' ', '\\', '_', ' / '),
  year: fc.oneof(fc.integer({ min: 2019, max: 2026 }), fc.integer({ min: 2000, max: 2098 })),
  format: fc.constantFrom('2024-25', '24-25', '2024/25', '2024-2025'),
  fy: fc.constantFrom('', 'FY', 'fy', 'FY '),
  atStart: fc.boolean(),
});
type NumberParts = typeof numberParts extends fc.Arbitrary<infer T> ? T : never;

const serialOf = (x: NumberParts): number =>
  x.serialNearYear === null ? x.serial : x.serialAsFullYear ? x.year + x.serialNearYear : (x.year + x.serialNearYear + 100) % 100;

/** The number as typed, and whether the rule must find it ambiguous (an oracle written from the rule, not from the code). */
const render = (x: NumberParts): { raw: string; isAmbiguous: boolean } => {
  const y2 = String((x.year + 1) % 100).padStart(2, '0');
  const formats: Record<NumberParts['format'], [string, string]> = {
    '2024-25': [String(x.year), `-${y2}`],
    '24-25': [String(x.year % 100).padStart(2, '0'), `-${y2}`],
    '2024/25': [String(x.year), `/${y2}`],
    '2024-2025': [String(x.year), `-${x.year + 1}`],
  };
  const [first, second] = formats[x.format];
  const fy = `${x.fy}${first}${second}`;
  const serial = `${x.zeros}${serialOf(x)}`;
  // At the end, "serial/first-second" is ambiguous when "serial/first" names a year too; at the start the
  // letters stand between the year and the serial.
  const isAmbiguous = !x.atStart && x.fy === '' && (x.beforeYear === '-' || x.beforeYear === '/') && isFinancialYearPair(serial, first);
  const raw = x.atStart
    ? `${fy}${x.beforeYear}${x.prefix}${x.beforeSerial}${serial}`
    : `${x.prefix}${x.beforeSerial}${serial}${x.beforeYear}${fy}`;
  return { raw, isAmbiguous };
};

const flipCase = (s: string, mask: number): string => [...s].map((c, i) => ((mask >> i) & 1 ? c.toLowerCase() : c.toUpperCase())).join('');

describe('normalisation never makes two serial numbers equal (property)', () => {
  it('numbers whose serials differ never share a key (year at the end or at the start, every format)', () => {
    fc.assert(
      fc.property(numberParts, numberParts, fc.boolean(), fc.boolean(), (a, other, samePrefix, sameYear) => {
        const b = { ...other, prefix: samePrefix ? a.prefix : other.prefix, year: sameYear ? a.year : other.year };
        fc.pre(serialOf(a) !== serialOf(b));
        expect(norm(render(a).raw)).not.toBe(norm(render(b).raw));
      }),
      { numRuns: 3000 },
    );
  });
  it('a serial beside a year is never taken for part of it (the serials a year can swallow)', () => {
    const beside = (
      year: number,
      format: NumberParts['format'],
      separator: '/' | '-',
      offset: number,
      asFullYear: boolean,
    ): NumberParts => ({
      prefix: 'RS',
      zeros: '',
      serial: 0,
      serialNearYear: offset,
      serialAsFullYear: asFullYear,
      beforeSerial: '/',
      beforeYear: separator,
      year,
      format,
      fy: '',
      atStart: false,
    });
    const format = fc.constantFrom('2024-25' as const, '24-25' as const, '2024/25' as const, '2024-2025' as const);
    const offset = fc.integer({ min: -2, max: 2 });
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2098 }),
        format,
        format,
        fc.constantFrom('/' as const, '-' as const),
        fc.constantFrom('/' as const, '-' as const),
        offset,
        offset,
        fc.boolean(),
        fc.boolean(),
        (year, fa, fb, sa, sb, da, db, ya, yb) => {
          const a = beside(year, fa, sa, da, ya);
          const b = beside(year, fb, sb, db, yb);
          fc.pre(serialOf(a) !== serialOf(b));
          expect(norm(render(a).raw)).not.toBe(norm(render(b).raw));
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('numbers with one serial value and one prefix share a key whenever neither is ambiguous', () => {
    fc.assert(
      fc.property(numberParts, numberParts, fc.nat(15), (a, other, mask) => {
        // Another way of typing a's serial: b's zeros, separators, year, format, position and a's prefix in another case.
        const b = { ...other, serial: serialOf(a), serialNearYear: null, prefix: flipCase(a.prefix, mask) };
        const ra = render(a);
        const rb = render(b);
        fc.pre(!ra.isAmbiguous && !rb.isAmbiguous);
        expect(norm(rb.raw)).toBe(norm(ra.raw));
      }),
      { numRuns: 3000 },
    );
  });
  it('an unambiguous number is its prefix and serial; an ambiguous one keeps its digits and separators as typed', () => {
    fc.assert(
      fc.property(numberParts, (x) => {
        const { raw, isAmbiguous } = render(x);
        const { key, numbers } = analyseDocumentNumber(raw, N);
        if (isAmbiguous) {
          expect(key).toContain(raw.slice(x.prefix.length + x.beforeSerial.length));
          expect(key).not.toContain('\u00b7');
        } else expect(key).toBe(`${x.prefix.toUpperCase()}${serialOf(x)}`);
        expect(numbers).toContain(String(serialOf(x)));
      }),
      { numRuns: 1000 },
    );
  });
  it('ambiguous numbers are still found as near matches by their last digit run', () => {
    expect(nearNumberRejection(analyseDocumentNumber('RS/23/24-25', N).numbers, analyseDocumentNumber('25', N).numbers)).toBeNull();
  });
});

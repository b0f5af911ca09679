import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertPaise, formatInr, formatRupees, groupIndian, paiseToRupees, parseAmount, rupeesToPaise, sumPaise } from './amount';

describe('parseAmount', () => {
  it.each([
    ['1,23,456.78', 12345678],
    ['123456.78', 12345678],
    ['1,234,567.8', 123456780],
    [' 12 ', 1200],
    ['-12.5', -1250],
    ['+3', 300],
    ['.5', 50],
    ['5.', 500],
    ['12.500', 1250],
    ['₹ 1,000', 100000],
    ['-0', 0],
    ['0.01', 1],
    ['1,00,00,000', 1000000000],
    ['90071992547409.91', 9007199254740991],
  ])('parses %j as %d paise', (text, paise) => expect(parseAmount(text)).toEqual({ ok: true, paise }));
  it.each([
    ['', 'AMOUNT_EMPTY'],
    ['   ', 'AMOUNT_EMPTY'],
    ['1.234', 'AMOUNT_DECIMALS'],
    ['123.456', 'AMOUNT_DECIMALS'],
    ['abc', 'AMOUNT_FORMAT'],
    ['1,2,3', 'AMOUNT_FORMAT'],
    [',100', 'AMOUNT_FORMAT'],
    ['1,00', 'AMOUNT_FORMAT'],
    ['12,34,56,7890', 'AMOUNT_FORMAT'],
    ['1e5', 'AMOUNT_FORMAT'],
    ['1.2.3', 'AMOUNT_FORMAT'],
    ['.', 'AMOUNT_FORMAT'],
    ['-', 'AMOUNT_FORMAT'],
    ['1 000', 'AMOUNT_FORMAT'],
    ['1234,567', 'AMOUNT_FORMAT'],
    ['90071992547409.92', 'AMOUNT_RANGE'],
    ['1'.repeat(30), 'AMOUNT_RANGE'],
  ])('rejects %j with %s', (text, code) => expect(parseAmount(text)).toMatchObject({ ok: false, code }));
  it('rejects non-strings as empty', () => expect(parseAmount(5 as unknown as string)).toMatchObject({ ok: false, code: 'AMOUNT_EMPTY' }));

  it('property: never throws on any string', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseAmount(s);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[-+ ]?[0-9,.]{0,25}$/), (s) => {
        parseAmount(s);
      }),
      { numRuns: 5000 },
    );
  });
  it('property: formatInr / formatRupees round-trip through parseAmount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (p) => {
        expect(parseAmount(formatInr(p))).toEqual({ ok: true, paise: p });
        expect(parseAmount(formatRupees(p))).toEqual({ ok: true, paise: p });
      }),
      { numRuns: 5000 },
    );
  });
  it('property: sums of parsed amounts are exact', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e12, max: 1e12 }), { maxLength: 50 }), (xs) => {
        const parsed = xs.map((x) => {
          const r = parseAmount(formatInr(x));
          return r.ok ? r.paise : NaN;
        });
        expect(sumPaise(parsed)).toBe(xs.reduce((a, b) => a + b, 0));
        // the same total, computed in bigint, agrees
        expect(BigInt(sumPaise(parsed))).toBe(xs.reduce((a, b) => a + BigInt(b), 0n));
      }),
    );
  });
});

describe('formatInr', () => {
  it('uses en-IN grouping', () => {
    expect(formatInr(12345678)).toBe('1,23,456.78');
    expect(formatInr(100000000000)).toBe('1,00,00,00,000.00');
    expect(formatInr(99900)).toBe('999.00');
    expect(formatInr(-5)).toBe('-0.05');
    expect(formatInr(0)).toBe('0.00');
    expect(formatRupees(-12345678)).toBe('-123456.78');
    expect(paiseToRupees(12345)).toBe(123.45);
    expect(groupIndian('1234567')).toBe('12,34,567');
  });
  it('throws RangeError for non-integers', () => {
    expect(() => formatInr(1.5)).toThrow(RangeError);
    expect(() => assertPaise(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => sumPaise([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('rupeesToPaise', () => {
  it.each(
    [
      [1234.5, 123450],
      [0.1 + 0.2, 30],
      [1.005, 101],
      [-2.675, -268],
      [1234.56 + 0.005, 123457],
      [0.005, 1],
      [0.0049, 0],
      [-0.004, 0],
      [99.995, 10000],
      [1e-7, 0],
      [12345678901234.56, 1234567890123456],
      [0, 0],
      [-0, 0],
      [1e15, 1e17 > Number.MAX_SAFE_INTEGER ? NaN : 0],
    ].filter(([, p]) => !Number.isNaN(p)),
  )('%d rupees -> %d paise', (r, p) => expect(rupeesToPaise(r)).toBe(p));
  it('rounds noise at 15 significant digits with a carry', () => {
    expect(rupeesToPaise(9.999999999999998)).toBe(1000);
    expect(rupeesToPaise(0.9999999999999999)).toBe(100);
  });
  it('throws RangeError for non-finite or out-of-range values', () => {
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Infinity)).toThrow(RangeError);
    expect(() => rupeesToPaise(1e15)).toThrow(RangeError);
    expect(() => rupeesToPaise(1e22)).toThrow(RangeError);
    expect(() => rupeesToPaise(90071992547409.92)).toThrow(RangeError);
  });
  it('property: agrees with exact 2-decimal rupee values', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (p) => {
        expect(rupeesToPaise(p / 100)).toBe(p);
      }),
      { numRuns: 5000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hsnMinimumDigits, hsnTurnoverYear, isServiceCode, validateHsn } from './hsn';

const CRORE = 100 * 1_00_00_000;

describe('validateHsn', () => {
  it.each([
    ['8471', 'HSN', 4],
    ['84713010', 'HSN', 8],
    ['2307 00', 'HSN', 6],
    ['8471.30', 'HSN', 6],
    ['998314', 'SAC', 6],
    ['99', 'SAC', 2],
    [9954, 'SAC', 4],
  ])('accepts %j as %s with %d digits', (value, kind, digits) => expect(validateHsn(value)).toMatchObject({ ok: true, kind, digits }));
  it.each([
    ['', 'HSN_EMPTY'],
    [null, 'HSN_EMPTY'],
    ['84A1', 'HSN_FORMAT'],
    ['847', 'HSN_LENGTH'],
    ['847130101', 'HSN_LENGTH'],
    ['0000', 'HSN_ZERO'],
  ])('rejects %j with %s', (value, code) => expect(validateHsn(value)).toMatchObject({ ok: false, code }));
  it('isServiceCode is chapter 99', () => {
    expect(isServiceCode('9983')).toBe(true);
    expect(isServiceCode('9801')).toBe(false);
    expect(isServiceCode('9')).toBe(false);
  });
  it('never throws', () =>
    fc.assert(
      fc.property(fc.anything(), (v) => {
        validateHsn(v);
      }),
    ));
});

describe('hsnMinimumDigits (Notification 78/2020-CT from 01-04-2021; 12/2017-CT before)', () => {
  it('4 digits up to 5 crore, 6 digits above, on both sides of the value', () => {
    expect(hsnMinimumDigits('2024-05-01', 5 * CRORE)).toBe(4);
    expect(hsnMinimumDigits('2024-05-01', 5 * CRORE + 1)).toBe(6);
    expect(hsnMinimumDigits('2024-05-01', 5 * CRORE, true)).toBe(0);
    expect(hsnMinimumDigits('2024-05-01', 5 * CRORE + 1, true)).toBe(6);
  });
  it('changes on 01-04-2021, on both sides of the date', () => {
    expect(hsnMinimumDigits('2021-03-31', 5 * CRORE)).toBe(2);
    expect(hsnMinimumDigits('2021-04-01', 5 * CRORE)).toBe(4);
    expect(hsnMinimumDigits('2021-03-31', 150 * 100 * 1_00_000)).toBe(0);
    expect(hsnMinimumDigits('2021-03-31', 150 * 100 * 1_00_000 + 1)).toBe(2);
    expect(hsnMinimumDigits('2021-03-31', 5 * CRORE + 1)).toBe(4);
    expect(hsnMinimumDigits('2021-04-01', 5 * CRORE + 1)).toBe(6);
    expect(hsnMinimumDigits('2017-06-30', 5 * CRORE + 1)).toBe(0);
  });
});

describe('hsnTurnoverYear (Notification 78/2020-CT: the preceding financial year)', () => {
  it('is the financial year before the invoice date', () => {
    expect(hsnTurnoverYear('2025-10-15')).toBe('2024-25');
    expect(hsnTurnoverYear('2026-03-31')).toBe('2024-25');
    expect(hsnTurnoverYear('2026-04-01')).toBe('2025-26');
  });
});

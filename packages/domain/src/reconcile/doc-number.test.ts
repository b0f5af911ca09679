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
  ])('%s equals %s', (a, b) => expect(norm(a)).toBe(norm(b)));
  it.each([
    ['12/3', '1/23'],
    ['1', 'INV 10'],
    ['BILL-23-00040', 'BILL-23-00045'],
  ])('%s differs from %s', (a, b) => expect(norm(a)).not.toBe(norm(b)));
  it('keeps a number that is only a financial year', () => expect(norm('2024-25')).toBe('2024·25'));
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

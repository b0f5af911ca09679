import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canNumber,
  formatSeriesNumber,
  isSeriesDocumentType,
  prefixesCollide,
  SERIES_DOCUMENT_TYPES,
  seriesIssues,
  seriesLastNumber,
} from './series';
import { validateDocument } from './validate-document';

const props = (issues: { propertyName: string }[]) => issues.map((i) => i.propertyName);

describe('document number series (Rule 46(b))', () => {
  it('forms the prefix and the zero-padded number, wider than the padding when the number is', () => {
    expect(formatSeriesNumber({ prefix: 'INV/26-27/', padding: 4 }, 7)).toBe('INV/26-27/0007');
    expect(formatSeriesNumber({ prefix: 'CN-', padding: 2 }, 123)).toBe('CN-123');
    expect(formatSeriesNumber({ prefix: '', padding: 6 }, 42)).toBe('000042');
  });

  it('accepts a series whose numbers are 16 characters at most and refuses one character more, with the rule', () => {
    expect(seriesIssues({ prefix: 'ABCDEFGHIJKL', padding: 4, startNumber: 1 })).toEqual([]);
    const [issue] = seriesIssues({ prefix: 'ABCDEFGHIJKLM', padding: 4, startNumber: 1 });
    expect(issue?.propertyName).toBe('padding');
    expect(issue?.message).toContain('17 characters');
    expect(issue?.message).toContain('Rule 46(b)');
  });

  it('refuses characters the rule does not allow in the prefix', () => {
    for (const prefix of ['INV 1', 'INV_', 'INV#', 'इन्व', 'INV\\']) {
      expect(props(seriesIssues({ prefix, padding: 4, startNumber: 1 })), prefix).toEqual(['prefix']);
    }
    expect(seriesIssues({ prefix: 'a/B-9', padding: 4, startNumber: 1 })).toEqual([]);
  });

  it('refuses a padding out of 1..10 and a first number below 1 or not whole', () => {
    expect(props(seriesIssues({ prefix: 'A', padding: 0, startNumber: 1 }))).toEqual(['padding']);
    expect(props(seriesIssues({ prefix: 'A', padding: 11, startNumber: 1 }))).toEqual(['padding']);
    expect(props(seriesIssues({ prefix: 'A', padding: 3, startNumber: 0 }))).toEqual(['startNumber']);
    expect(props(seriesIssues({ prefix: 'A', padding: 3, startNumber: 1.5 }))).toEqual(['startNumber']);
  });

  it('refuses a next number below the first, and one that no longer fits in 16 characters', () => {
    expect(props(seriesIssues({ prefix: 'A', padding: 3, startNumber: 10, nextNumber: 9 }))).toEqual(['nextNumber']);
    const prefix = 'INVOICE/2026/';
    expect(seriesIssues({ prefix, padding: 3, startNumber: 1, nextNumber: 999 })).toEqual([]);
    const [issue] = seriesIssues({ prefix, padding: 3, startNumber: 1, nextNumber: 1000 });
    expect(issue?.propertyName).toBe('nextNumber');
    expect(issue?.message).toContain('INVOICE/2026/1000');
  });

  it('refuses a number of only zeros, slashes and dashes (no significant character), as the document check does', () => {
    expect(props(seriesIssues({ prefix: '0/-', padding: 1, startNumber: 1 }))).toEqual([]);
    expect(canNumber({ prefix: '-', padding: 3 }, 1)).toBe(true);
    expect(canNumber({ prefix: '', padding: 3 }, 0)).toBe(false);
  });

  it('knows the last number a series can form, and every number up to it passes the document check', () => {
    expect(seriesLastNumber({ prefix: 'INVOICE/2026/', padding: 3 })).toBe(999);
    expect(seriesLastNumber({ prefix: 'ABCDEFGHIJKLMNOP', padding: 1 })).toBe(0);
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9/-]{0,12}$/),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 9999 }),
        (prefix, padding, n) => {
          const series = { prefix: `${prefix}X`.slice(-12), padding };
          const number = formatSeriesNumber(series, Math.min(n, seriesLastNumber(series)));
          const codes = validateDocument({
            documentType: 'INV',
            documentNumber: number,
            documentDate: '2026-05-10',
            supplierGstin: '27AAPFU0939F1ZV',
            placeOfSupply: '27',
            items: [],
          }).map((i) => i.code);
          return !codes.includes('VAL0065') && number.length <= 16;
        },
      ),
    );
  });

  it('says two prefixes collide when equal ignoring case, or when one is the other followed by digits only', () => {
    expect(prefixesCollide('INV/', 'inv/')).toBe(true);
    expect(prefixesCollide('INV', 'INV2')).toBe(true);
    expect(prefixesCollide('INV20', 'INV')).toBe(true);
    expect(prefixesCollide('INV', 'INVA')).toBe(false);
    expect(prefixesCollide('INV/', 'INV-')).toBe(false);
    expect(prefixesCollide('', '2026')).toBe(true);
    expect(prefixesCollide('', 'A')).toBe(false);
  });

  it('numbers outward documents only', () => {
    expect(SERIES_DOCUMENT_TYPES).toContain('INV');
    expect(SERIES_DOCUMENT_TYPES).toContain('CRN');
    expect(SERIES_DOCUMENT_TYPES).not.toContain('BOE');
    expect(isSeriesDocumentType('PV')).toBe(false);
    expect(isSeriesDocumentType('XYZ')).toBe(false);
  });
});

import { parseAmount, parsePortalDate, stateFromCode, validateGstin } from '@opengst/domain';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_TYPES } from './import.schemas';
import { headerKey } from './known-headers';

// The sample template's example row is what users copy: every example must pass the rules it documents.
describe('import columns', () => {
  for (const { importType } of IMPORT_TYPES) {
    it(`${importType}: every example value is valid for its column`, () => {
      for (const column of IMPORT_COLUMNS[importType]) {
        const { example, format } = column;
        if (example === '') continue;
        if (format === 'gstin') expect(validateGstin(example).ok, `${column.name}: ${example}`).toBe(true);
        if (format === 'amount' || format === 'percent' || format === 'quantity')
          expect(parseAmount(example).ok, `${column.name}: ${example}`).toBe(true);
        if (format === 'date') expect(parsePortalDate(example), `${column.name}: ${example}`).not.toBeNull();
        if (format === 'stateCode') expect(stateFromCode(example), `${column.name}: ${example}`).toBeDefined();
        if (column.choices) expect(column.choices, column.name).toContain(example);
        if (column.maxLength) expect(example.length, column.name).toBeLessThanOrEqual(column.maxLength);
      }
    });
  }
});

// A known header that meant two columns, or another column's own name, would put a file's values in the wrong column.
describe('known headers', () => {
  for (const { importType } of IMPORT_TYPES) {
    it(`${importType}: each header key stands for one column only`, () => {
      const owner = new Map<string, string>();
      for (const column of IMPORT_COLUMNS[importType]) {
        for (const header of [column.name, column.key, ...column.aliases]) {
          const key = headerKey(header);
          expect(key, header).not.toBe('');
          const first = owner.get(key);
          if (first !== undefined) expect(first, `"${header}" of ${column.key}`).toBe(column.key);
          owner.set(key, column.key);
        }
      }
    });
  }
  it('compares headers without case, spaces and punctuation, but keeps "%"', () => {
    expect(headerKey('Invoice No.')).toBe(headerKey('invoice  no'));
    expect(headerKey('GSTIN/UIN of Recipient')).toBe('gstinuinofrecipient');
    expect(headerKey('CGST %')).not.toBe(headerKey('CGST'));
    expect(headerKey('Andaman & Nicobar')).toBe(headerKey('andaman and nicobar'));
  });
});

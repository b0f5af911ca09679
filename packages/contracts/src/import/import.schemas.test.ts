import { parseAmount, parsePortalDate, stateFromCode, validateGstin } from '@opengst/domain';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_TYPES } from './import.schemas';

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

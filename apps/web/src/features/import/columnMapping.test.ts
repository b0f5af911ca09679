import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '@opengst/contracts';
import { aliasesFromMapping, mappingFromAliases, mappingProblems, missingColumnsOf } from './columnMapping';

const VENDORS = IMPORT_COLUMNS.Vendors;

describe('column mapping', () => {
  it('puts the first alias of a column in its input and keeps the others as they are', () => {
    const mapping = mappingFromAliases(VENDORS, [
      { column: 'legalName', alias: 'Supplier Name' },
      { column: 'legalName', alias: 'Party' },
      { column: 'code', alias: 'Code No' },
    ]);
    expect(mapping.values.legalName).toBe('Supplier Name');
    expect(mapping.extras.legalName).toEqual(['Party']);
    expect(aliasesFromMapping(VENDORS, { ...mapping, values: { ...mapping.values, email: '  Mail  ' } })).toEqual([
      { column: 'code', alias: 'Code No' },
      { column: 'legalName', alias: 'Supplier Name' },
      { column: 'legalName', alias: 'Party' },
      { column: 'email', alias: 'Mail' },
    ]);
  });

  it("refuses more than 40 characters, one header for two columns, and another column's name", () => {
    const base = mappingFromAliases(VENDORS, []);
    const values = { ...base.values, legalName: 'x'.repeat(41), tradeName: 'Name', pan: 'name ', code: 'GSTIN', email: 'y'.repeat(40) };
    expect(mappingProblems(VENDORS, { ...base, values })).toEqual({
      legalName: { kind: 'tooLong' },
      pan: { kind: 'duplicate', column: 'Trade name' },
      code: { kind: 'duplicate', column: 'GSTIN' },
    });
    expect(mappingProblems(VENDORS, base)).toEqual({});
  });

  it('reads the missing columns from the IMP0008 message', () => {
    expect(missingColumnsOf(VENDORS, 'Required columns missing from the header row: Legal name.')).toEqual(['legalName']);
    expect(missingColumnsOf(IMPORT_COLUMNS.HsnSac, 'Required columns missing from the header row: HSN/SAC code, Description.')).toEqual([
      'hsn',
      'description',
    ]);
    expect(missingColumnsOf(VENDORS, null)).toEqual([]);
  });
});

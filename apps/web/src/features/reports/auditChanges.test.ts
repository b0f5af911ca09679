import { describe, expect, it } from 'vitest';
import { changedFields, displayValue, isoOfDdMmYyyy } from './auditChanges';

describe('audit changes', () => {
  it('lists only the fields that changed, nested ones with their path', () => {
    const before = { name: 'Pune', status: 'Active', policy: { minLength: 10, requireDigit: true } };
    const after = { name: 'Pune West', status: 'Active', policy: { minLength: 12, requireDigit: true }, code: 'PW' };
    expect(changedFields(before, after)).toEqual([
      { field: 'code', before: undefined, after: 'PW' },
      { field: 'name', before: 'Pune', after: 'Pune West' },
      { field: 'policy.minLength', before: 10, after: 12 },
    ]);
  });

  it('shows a created row as every field from nothing', () => {
    expect(changedFields(null, { name: 'Sales' })).toEqual([{ field: 'name', before: undefined, after: 'Sales' }]);
  });

  it('formats values and typed dates', () => {
    expect(displayValue(['EntityView', 'UserView'])).toBe('EntityView, UserView');
    expect(displayValue(null)).toBe('');
    expect(isoOfDdMmYyyy('31-03-2026')).toBe('2026-03-31');
    expect(isoOfDdMmYyyy('31-02-2026')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dueDate } from '../periods/due-dates';
import { isReturnForm, normaliseReturnForm, RETURN_FORMS } from './return-forms';

describe('return forms', () => {
  it('lists each form once, by its portal code', () => {
    expect(new Set(RETURN_FORMS).size).toBe(RETURN_FORMS.length);
    for (const form of RETURN_FORMS) expect(form).toMatch(/^[A-Z0-9]+$/);
  });
  it('reads written form names', () => {
    expect(normaliseReturnForm('GSTR-3B')).toBe('GSTR3B');
    expect(normaliseReturnForm('gstr 1a')).toBe('GSTR1A');
    expect(normaliseReturnForm('ITC-04')).toBe('ITC04');
    expect(normaliseReturnForm('CMP-08')).toBe('CMP08');
    expect(() => normaliseReturnForm('GSTR-99')).toThrow(RangeError);
    expect(() => normaliseReturnForm('')).toThrow(RangeError);
  });
  it('tells a form code from any other text', () => {
    expect(isReturnForm('GSTR9C')).toBe(true);
    expect(isReturnForm('GSTR-9C')).toBe(false);
    expect(isReturnForm('gstr9c')).toBe(false);
  });
  it('has no due date for a form without a due-date rule', () => {
    expect(() => dueDate('GSTR2B', '042024')).toThrow(RangeError);
    expect(() => dueDate('GSTR1A', '072024')).toThrow(RangeError);
  });
});

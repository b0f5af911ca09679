import { describe, expect, it } from 'vitest';
import { fieldsOf, humanize, validateGroup } from './settingsFields';

describe('settings fields', () => {
  it('derives the inputs from the values, numbers before switches, and marks rupee tolerances', () => {
    expect(fieldsOf('reconciliation', { igstTolerance: 1, panLevelMatching: true, dateToleranceDays: 0 })).toEqual([
      { name: 'igstTolerance', kind: 'number', isRupees: true },
      { name: 'dateToleranceDays', kind: 'number', isRupees: false },
      { name: 'panLevelMatching', kind: 'boolean', isRupees: false },
    ]);
  });

  it('names the field a rule refuses', () => {
    const messages = validateGroup('passwordPolicy', {
      minLength: 4,
      requireUpper: true,
      requireLower: true,
      requireDigit: true,
      requireSpecial: true,
      historyCount: 5,
      expiryDays: 90,
    });
    expect(Object.keys(messages)).toEqual(['minLength']);
    expect(validateGroup('autoCompute', { computeTax: false })).toEqual({});
  });

  it('turns a key into a label', () => {
    expect(humanize('otpValidityMinutes')).toBe('Otp validity minutes');
  });
});

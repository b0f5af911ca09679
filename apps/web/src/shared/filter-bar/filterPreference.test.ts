import { afterEach, describe, expect, it } from 'vitest';
import { openingPeriods, readPreference, readSavedPeriods, writePreference, writeSavedPeriods } from './filterPreference';

describe('filter preference', () => {
  afterEach(() => localStorage.clear());

  it('defaults to the current return period and remembers the choice per user', () => {
    expect(readPreference(7)).toBe('current');
    writePreference(7, 'saved');
    expect(readPreference(7)).toBe('saved');
    expect(readPreference(8)).toBe('current');
  });

  it('opens with the current period, or the periods last applied on the screen when the user chose saved', () => {
    const today = new Date('2026-11-21T10:00:00Z');
    expect(openingPeriods('current', ['062025'], today)).toEqual({ financialYear: '2026-27', returnPeriods: ['102026'] });
    writeSavedPeriods(7, 'RegularSales', ['062025', '052025']);
    const saved = readSavedPeriods(7, 'RegularSales');
    expect(openingPeriods('saved', saved, today)).toEqual({ financialYear: '2025-26', returnPeriods: ['062025', '052025'] });
    expect(openingPeriods('saved', readSavedPeriods(7, 'RegularPurchase'), today).returnPeriods).toEqual(['102026']);
    localStorage.setItem('filterSavedPeriods:7:RegularPurchase', '["13-2026"]');
    expect(readSavedPeriods(7, 'RegularPurchase')).toBeNull();
  });
});

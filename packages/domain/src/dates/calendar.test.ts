import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysBetween, daysInMonth, formatPortalDate, isIsoDate, parsePortalDate, toIsoDate } from './calendar';

describe('calendar', () => {
  it('validates ISO dates including leap years', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(isIsoDate('2024-01-0a')).toBe(false);
    expect(isIsoDate('2024/01/01')).toBe(false);
    expect(daysInMonth(2024, 13)).toBe(0);
  });
  it('converts inputs to ISO days in UTC', () => {
    expect(toIsoDate('2024-04-01')).toBe('2024-04-01');
    expect(toIsoDate('2024-04-01T23:59:59+05:30')).toBe('2024-04-01');
    expect(toIsoDate(new Date(Date.UTC(2024, 2, 31, 23, 0)))).toBe('2024-03-31');
    expect(() => toIsoDate('31-03-2024')).toThrow(RangeError);
    expect(() => toIsoDate(new Date(Number.NaN))).toThrow(RangeError);
  });
  it('parses and formats portal dates', () => {
    expect(parsePortalDate('31-03-2024')).toBe('2024-03-31');
    expect(parsePortalDate(' 01/04/2024 ')).toBe('2024-04-01');
    expect(parsePortalDate('31-02-2024')).toBeNull();
    expect(parsePortalDate('31.03.2024')).toBeNull();
    expect(parsePortalDate('31-03/2024')).toBeNull();
    expect(parsePortalDate('1-3-2024')).toBeNull();
    expect(formatPortalDate('2024-03-31')).toBe('31-03-2024');
    expect(formatPortalDate('2024-03-31', '/')).toBe('31/03/2024');
  });
  it('does day arithmetic', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });
  it('property: portal format round-trips', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }), (d) => {
        const iso = toIsoDate(d);
        expect(parsePortalDate(formatPortalDate(iso))).toBe(iso);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        parsePortalDate(s);
        isIsoDate(s);
      }),
    );
  });
});

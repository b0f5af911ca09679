import { describe, expect, it } from 'vitest';
import { formatDate, formatElapsed, parseDisplayDate } from './format';

describe('parseDisplayDate', () => {
  it('reads the Indian order and ISO', () => {
    expect(parseDisplayDate('15-04-2024')).toBe('2024-04-15');
    expect(parseDisplayDate('5/4/2024')).toBe('2024-04-05');
    expect(parseDisplayDate('05.04.2024')).toBe('2024-04-05');
    expect(parseDisplayDate('2024-04-15')).toBe('2024-04-15');
  });

  it('refuses impossible and partial dates', () => {
    expect(parseDisplayDate('31-02-2025')).toBeNull();
    expect(parseDisplayDate('29-02-2023')).toBeNull();
    expect(parseDisplayDate('29-02-2024')).toBe('2024-02-29');
    expect(parseDisplayDate('15-04-24')).toBeNull();
    expect(parseDisplayDate('')).toBeNull();
  });

  it('round-trips with formatDate', () => {
    expect(formatDate(parseDisplayDate('01-08-2024') ?? '')).toBe('01-08-2024');
  });
});

describe('formatElapsed', () => {
  it('formats elapsed time', () => {
    expect(formatElapsed(42_400)).toBe('42 s');
    expect(formatElapsed(185_000)).toBe('3 min 05 s');
    expect(formatElapsed(3_720_000)).toBe('1 h 02 min');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatElapsed, formatIstDateTime, parseDisplayDate } from './format';

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

describe('formatIstDateTime', () => {
  it('writes an instant on India’s clock (UTC+5:30), across midnight, and nothing for no instant', () => {
    expect(formatIstDateTime('2026-11-20T04:30:00.000Z')).toBe('20-11-2026 10:00 IST');
    expect(formatIstDateTime('2026-11-20T18:30:00.000Z')).toBe('21-11-2026 00:00 IST');
    expect(formatIstDateTime('2026-12-31T18:29:59.000Z')).toBe('31-12-2026 23:59 IST');
    expect(formatIstDateTime(null)).toBe('');
    expect(formatIstDateTime('not a time')).toBe('');
  });
});

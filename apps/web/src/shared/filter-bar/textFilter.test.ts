import { describe, expect, it } from 'vitest';
import { isBlockedKey, parseTextFilter } from './textFilter';

describe('parseTextFilter', () => {
  it('does not apply an empty value', () => {
    expect(parseTextFilter('   ', { type: 'text' })).toBeNull();
    expect(parseTextFilter('', { type: 'number', allowDecimals: false })).toBeNull();
  });

  it('parses a whole number when decimals are restricted, a decimal otherwise', () => {
    expect(parseTextFilter(' 42 ', { type: 'number', allowDecimals: false })).toBe(42);
    expect(parseTextFilter('42.5', { type: 'number', allowDecimals: false })).toBeNull();
    expect(parseTextFilter('42.5', { type: 'number', allowDecimals: true })).toBe(42.5);
    expect(parseTextFilter('4a', { type: 'number', allowDecimals: true })).toBeNull();
    expect(parseTextFilter(' Acme ', { type: 'text' })).toBe('Acme');
  });
});

describe('isBlockedKey', () => {
  it('blocks the decimal key when decimals are restricted, and a second point otherwise', () => {
    const whole = { type: 'number', allowDecimals: false } as const;
    const decimal = { type: 'number', allowDecimals: true } as const;
    expect(isBlockedKey('.', '12', whole)).toBe(true);
    expect(isBlockedKey('.', '12', decimal)).toBe(false);
    expect(isBlockedKey('.', '1.2', decimal)).toBe(true);
    expect(isBlockedKey('7', '12', whole)).toBe(false);
    expect(isBlockedKey('e', '12', decimal)).toBe(true);
    expect(isBlockedKey('Backspace', '12', whole)).toBe(false);
    expect(isBlockedKey('.', 'x', { type: 'text' })).toBe(false);
  });
});

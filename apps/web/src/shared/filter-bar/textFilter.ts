// The text filter of the shared filter bar (spec modules §5): a numeric filter parses a whole number when decimals are
// restricted (and blocks the decimal key), otherwise a decimal; an empty value is not applied.

export type TextFilterKind = { type: 'text' } | { type: 'number'; allowDecimals: boolean };

/** The value to apply, or null when there is nothing (valid) to apply. */
export const parseTextFilter = (raw: string, kind: TextFilterKind): string | number | null => {
  const value = raw.trim();
  if (value === '') return null;
  if (kind.type === 'text') return value;
  const pattern = kind.allowDecimals ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/;
  if (!pattern.test(value)) return null;
  const parsed = kind.allowDecimals ? Number.parseFloat(value) : Number.parseInt(value, 10);
  return Number.isSafeInteger(Math.trunc(parsed)) ? parsed : null;
};

/** Keys a numeric filter refuses as they are typed: anything but digits (and one point when decimals are allowed). */
export const isBlockedKey = (key: string, current: string, kind: TextFilterKind): boolean => {
  if (kind.type === 'text' || key.length !== 1) return false;
  if (/\d/.test(key)) return false;
  if (key === '.' && kind.allowDecimals) return current.includes('.');
  return true;
};

import { AppError } from './errors';

// PostgreSQL's text cannot hold U+0000, so a NUL in any field failed deep in SQL as a 500 (issue 16). Every request's
// query and JSON body are checked once, before validation, and refused in words.

const MAX_DEPTH = 64;

const hasNul = (value: unknown, depth: number): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || hasNul(inner, depth + 1));
};

export const assertNoNulCharacter = (...parts: readonly unknown[]): void => {
  if (parts.some((part) => hasNul(part, 0)))
    throw new AppError('GEN0009', { message: 'Text may not contain the NUL character (U+0000): remove it and send again.' });
};

// Document-number normalisation. Numbers are split into tokens (letter runs and digit runs,
// also split at every separator), so "INV/001/24-25" and "INV-1" both become "INV1", while
// digit runs are never glued together across a separator ("12/3" is not "1/23").
import type { ReconcileSettings } from './types';

export type NumberNormalisation = ReconcileSettings['numberNormalisation'];

export type AnalysedNumber = {
  /** The normalised key used by the second pass. */
  key: string;
  /** Digit runs (leading zeros removed, financial-year fragments removed), in order. */
  numbers: string[];
};

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127;

type Token = { text: string; isNumber: boolean; separator: string };

const tokenize = (raw: string): Token[] => {
  const tokens: Token[] = [];
  let separator = '';
  let i = 0;
  const n = raw.length;
  while (i < n) {
    const c = raw.charCodeAt(i);
    if (isDigit(c) || isLetter(c)) {
      const digit = isDigit(c);
      let j = i + 1;
      while (j < n) {
        const d = raw.charCodeAt(j);
        if (digit ? !isDigit(d) : !isLetter(d)) break;
        j++;
      }
      tokens.push({ text: raw.slice(i, j), isNumber: digit, separator });
      separator = '';
      i = j;
    } else {
      separator += raw[i];
      i++;
    }
  }
  return tokens;
};

/**
 * True when two digit runs joined by one "-" or "/" name a financial year:
 * 2024-25, 24-25, 2024/25, 2024-2025 (the second year is the first plus one).
 */
export const isFinancialYearPair = (a: string, b: string): boolean => {
  if (a.length === 4 && (a.startsWith('19') || a.startsWith('20'))) {
    const y = Number(a);
    if (b.length === 2) return Number(b) === (y + 1) % 100;
    if (b.length === 4) return Number(b) === y + 1;
    return false;
  }
  if (a.length === 2 && b.length === 2) return Number(b) === (Number(a) + 1) % 100;
  return false;
};

const stripZeros = (digits: string): string => {
  let k = 0;
  while (k < digits.length - 1 && digits.charCodeAt(k) === 48) k++;
  return k === 0 ? digits : digits.slice(k);
};

/** Removes financial-year fragments (and an "FY" just before them); keeps the number if nothing else is left. */
const dropFinancialYears = (tokens: Token[]): Token[] => {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (t.isNumber && next?.isNumber && (next.separator === '-' || next.separator === '/') && isFinancialYearPair(t.text, next.text)) {
      const prev = out[out.length - 1];
      if (prev && !prev.isNumber && prev.text.toUpperCase() === 'FY' && t.separator.length <= 1) out.pop();
      i++;
      continue;
    }
    out.push(t);
  }
  return out.length === 0 ? tokens : out;
};

/** Normalises a document number as the settings say; see README.md for examples. */
export const analyseDocumentNumber = (raw: string, options: NumberNormalisation): AnalysedNumber => {
  let tokens = tokenize(raw.trim());
  if (options.ignoreFinancialYear) tokens = dropFinancialYears(tokens);
  let key = '';
  const numbers: string[] = [];
  let previousWasNumber = false;
  for (const t of tokens) {
    let text = t.text;
    if (t.isNumber) {
      if (options.ignoreLeadingZeros) text = stripZeros(text);
      numbers.push(options.ignoreLeadingZeros ? text : stripZeros(text));
    } else if (options.ignoreCase) {
      text = text.toUpperCase();
    }
    if (options.ignoreSeparators) {
      // Digit runs stay apart: "12/3" must not equal "1/23".
      if (t.isNumber && previousWasNumber) key += '\u00b7';
    } else {
      key += t.separator;
    }
    key += text;
    previousWasNumber = t.isNumber;
  }
  return { key, numbers };
};

export const normaliseDocumentNumber = (raw: string, options: NumberNormalisation): string => analyseDocumentNumber(raw, options).key;

/**
 * Whether two numbers may be a near match: both have digits, the last digit runs are equal and
 * one's digit runs are a suffix of the other's. "1" vs "INV 10" fails (1 ≠ 10);
 * "BILL-23-00040" vs "BILL-23-00045" fails (40 ≠ 45); "8400" vs "S/8400" passes.
 * Returns null when they may pair, else the reason.
 */
export const nearNumberRejection = (a: readonly string[], b: readonly string[]): string | null => {
  if (a.length === 0 || b.length === 0) return 'a number without digits cannot be a near match';
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const offset = long.length - short.length;
  for (let i = short.length - 1; i >= 0; i--) {
    if (short[i] !== long[i + offset]) {
      return `digits differ (${a.join('/')} vs ${b.join('/')})`;
    }
  }
  return null;
};

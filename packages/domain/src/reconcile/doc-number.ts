// Document-number normalisation. Numbers are split into tokens (letter runs and digit runs,
// also split at every separator), so "INV/001/24-25" and "INV-1" both become "INV1", while
// digit runs are never glued together across a separator ("12/3" is not "1/23"), and a
// financial-year fragment is dropped only when no other reading of the digits exists
// ("RS/23/24-25" stays as typed: 23 of 2024-25, or 25 of 2023-24), so that normalisation never
// makes two serial numbers equal. Rule 46(b): the serial is what identifies a document in a year.
import type { ReconcileSettings } from './types';

export type NumberNormalisation = ReconcileSettings['numberNormalisation'];

export type AnalysedNumber = {
  /** The normalised key used by the second pass. */
  key: string;
  /**
   * Digit runs (leading zeros removed, financial-year fragments removed), in order. An ambiguous
   * chain lists all its runs, so the near pass can still find the number by its last run.
   */
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

// What the financial-year rule decided for each token.
const KEEP = 0;
/** A financial-year fragment, or the "FY" just before one: left out of the key and of `numbers`. */
const DROP = 1;
/** Part of an ambiguous chain of digit runs: kept as typed. */
const VERBATIM = 2;

const isFinancialYearTokens = (a: Token, b: Token): boolean =>
  (b.separator === '-' || b.separator === '/') && isFinancialYearPair(a.text, b.text);

/**
 * Decides which digit runs are financial-year fragments. A chain is a run of digit runs with only
 * separators between them. A pair of its runs joined by one "-" or "/" that names a year is dropped
 * only when it is unambiguous: it overlaps no other such pair ("23/24-25" holds 23/24 and 24-25,
 * both years: is 23 the serial of 2024-25, or 25 the serial of 2023-24?), and a digit run is left
 * in the number once every such pair is dropped ("2024-25" alone stays). An ambiguous chain is kept
 * verbatim, so that no reading of it can collide with another number. Returns null when nothing changes.
 */
const planFinancialYears = (tokens: readonly Token[]): Uint8Array | null => {
  const n = tokens.length;
  let plan: Uint8Array | null = null;
  let digitRuns = 0;
  let dropped = 0;
  let i = 0;
  while (i < n) {
    if (!tokens[i]!.isNumber) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && tokens[j]!.isNumber) j++;
    digitRuns += j - i;
    // FY-shaped pairs (k, k + 1) of the chain i..j-1; two of them overlap when their starts are adjacent.
    let ambiguous = false;
    let previous = -2;
    let pairs = 0;
    for (let k = i; k + 1 < j; k++) {
      if (!isFinancialYearTokens(tokens[k]!, tokens[k + 1]!)) continue;
      if (k === previous + 1) ambiguous = true;
      previous = k;
      pairs++;
    }
    if (pairs > 0) {
      plan ??= new Uint8Array(n);
      if (ambiguous) {
        for (let k = i; k < j; k++) plan[k] = VERBATIM;
      } else {
        for (let k = i; k + 1 < j; k++) {
          if (!isFinancialYearTokens(tokens[k]!, tokens[k + 1]!)) continue;
          plan[k] = DROP;
          plan[k + 1] = DROP;
          dropped += 2;
          const before = tokens[k - 1];
          // "FY2024-25", "FY 2024-25": the FY goes with the year.
          if (k === i && before && before.text.toUpperCase() === 'FY' && tokens[k]!.separator.length <= 1) plan[k - 1] = DROP;
          k++;
        }
      }
    }
    i = j;
  }
  // Nothing but years ("2024-25"): they are the number, keep them. (A verbatim chain always leaves its runs.)
  return dropped === digitRuns ? null : plan;
};

/** Normalises a document number as the settings say; see README.md for examples. */
export const analyseDocumentNumber = (raw: string, options: NumberNormalisation): AnalysedNumber => {
  const tokens = tokenize(raw.trim());
  const plan = options.ignoreFinancialYear ? planFinancialYears(tokens) : null;
  let key = '';
  const numbers: string[] = [];
  let previousWasNumber = false;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const decision = plan === null ? KEEP : plan[k]!;
    if (decision === DROP) continue;
    let text = t.text;
    if (decision === VERBATIM) {
      numbers.push(stripZeros(text));
      // Digits and separators as typed (never the marker), so no reading of the chain meets another number.
      const first = k === 0 || plan![k - 1] !== VERBATIM;
      if (!first) key += t.separator;
      else if (!options.ignoreSeparators) key += t.separator;
      key += text;
      previousWasNumber = true;
      continue;
    }
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

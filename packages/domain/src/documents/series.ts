// Document number series (masters /series): a prefix and a zero-padded running number, drawn one by one as documents
// are saved. Rule 46(b) of the CGST Rules: the number of a tax invoice (and, by Rules 49-53, of a bill of supply,
// receipt, refund and payment voucher, credit and debit note) is a consecutive serial number of at most 16 characters,
// of letters, digits, '-' and '/' only, unique for a financial year. The length and characters are the same check the
// document validation makes (documentNumberValid, VAL0065); a series is checked against it before it numbers anything.
import { DOCUMENT_TYPES, isDocumentType, type DocumentTypeCode } from '../codes/document-types';
import { MAX_LENGTHS } from '../codes/limits';
import { documentNumberValid } from './validate-document';

export type SeriesShape = { prefix: string; padding: number };
export type SeriesInput = SeriesShape & { startNumber: number; nextNumber?: number | undefined };
export type SeriesIssue = { propertyName: 'prefix' | 'padding' | 'startNumber' | 'nextNumber'; message: string };

export const SERIES_MAX_PADDING = 10;
const PREFIX_CHARS = /^[A-Za-z0-9/-]*$/;

/**
 * The documents a location numbers itself: its outward documents (Rule 46 invoices, Rule 49 bills of supply, Rule 50-51
 * vouchers, Rule 53 notes, Rule 55 challans). A bill of entry is numbered by customs; a self invoice and a payment
 * voucher are numbered by the recipient, but are entered as purchases, which a series does not number.
 */
export const SERIES_DOCUMENT_TYPES = (Object.keys(DOCUMENT_TYPES) as DocumentTypeCode[]).filter((code) => DOCUMENT_TYPES[code].outward);

export const isSeriesDocumentType = (code: string): boolean => isDocumentType(code) && DOCUMENT_TYPES[code].outward;

/** The number the series forms for `n`: the prefix, then n with leading zeros to `padding` digits (wider when n is). */
export const formatSeriesNumber = (series: SeriesShape, n: number): string => `${series.prefix}${String(n).padStart(series.padding, '0')}`;

/** The largest running number whose formed number still has at most 16 characters. */
export const seriesLastNumber = (series: SeriesShape): number => {
  const digits = MAX_LENGTHS.documentNumber - series.prefix.length;
  return digits <= 0 ? 0 : Math.min(Number.MAX_SAFE_INTEGER, 10 ** Math.min(digits, 15) - 1);
};

/** Whether the series can form a valid number for `n` (Rule 46(b): length and characters). */
export const canNumber = (series: SeriesShape, n: number): boolean =>
  Number.isSafeInteger(n) && n >= 1 && documentNumberValid(formatSeriesNumber(series, n));

/**
 * The issues of a series as defined: its prefix's characters, its padding, and that its first number (and its next,
 * when given) forms a valid Rule 46(b) number; the padding itself must fit in 16 characters, so that every number up
 * to the padding's width is valid.
 */
export const seriesIssues = (input: SeriesInput): SeriesIssue[] => {
  const issues: SeriesIssue[] = [];
  const { prefix, padding } = input;
  if (!PREFIX_CHARS.test(prefix)) {
    issues.push({
      propertyName: 'prefix',
      message: "The prefix may hold only letters, digits, '/' and '-' (Rule 46(b) of the CGST Rules).",
    });
  }
  if (!Number.isInteger(padding) || padding < 1 || padding > SERIES_MAX_PADDING) {
    issues.push({ propertyName: 'padding', message: `The number's digits (padding) are 1 to ${SERIES_MAX_PADDING}.` });
  } else if (prefix.length + padding > MAX_LENGTHS.documentNumber) {
    issues.push({
      propertyName: 'padding',
      message: `The prefix (${prefix.length} characters) and ${padding} digits make ${prefix.length + padding} characters: a document number has at most ${MAX_LENGTHS.documentNumber} (Rule 46(b) of the CGST Rules).`,
    });
  }
  if (!Number.isSafeInteger(input.startNumber) || input.startNumber < 1) {
    issues.push({ propertyName: 'startNumber', message: 'The first number is a whole number from 1.' });
  }
  if (input.nextNumber !== undefined && (!Number.isSafeInteger(input.nextNumber) || input.nextNumber < input.startNumber)) {
    issues.push({ propertyName: 'nextNumber', message: 'The next number is a whole number, not below the first number.' });
  }
  if (issues.length > 0) return issues;
  for (const [propertyName, n] of [
    ['startNumber', input.startNumber],
    ['nextNumber', input.nextNumber],
  ] as const) {
    if (n === undefined || canNumber(input, n)) continue;
    issues.push({
      propertyName,
      message: `${formatSeriesNumber(input, n)} is not a valid document number: at most ${MAX_LENGTHS.documentNumber} characters of letters, digits, '/' and '-', not only zeros (Rule 46(b) of the CGST Rules).`,
    });
  }
  return issues;
};

/**
 * Whether two series could form the same number. A series forms its prefix followed by digits only, so two prefixes
 * collide when they are equal (ignoring case, as the portal compares invoice numbers) or when the longer one is the
 * shorter followed by digits only ('INV' and 'INV2': INV2001 is number 2001 of the first and 1 of the second).
 */
export const prefixesCollide = (a: string, b: string): boolean => {
  const [short, long] = a.length <= b.length ? [a.toUpperCase(), b.toUpperCase()] : [b.toUpperCase(), a.toUpperCase()];
  return long.startsWith(short) && /^[0-9]*$/.test(long.slice(short.length));
};

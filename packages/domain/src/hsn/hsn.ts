// HSN (goods, Customs Tariff / WCO Harmonized System) and SAC (services, chapter 99 of the GST scheme of classification).
import { type DateInput, dateNumberOf, toIsoDate } from '../dates/calendar';
import { financialYearName, financialYearStart } from '../periods/financial-year';

export type HsnKind = 'HSN' | 'SAC';

export type HsnResult =
  | { ok: true; code: string; kind: HsnKind; digits: 2 | 4 | 6 | 8 }
  | { ok: false; code: 'HSN_EMPTY' | 'HSN_FORMAT' | 'HSN_LENGTH' | 'HSN_ZERO'; message: string };

const DIGITS = /^[0-9]+$/;

/** Services Accounting Codes are chapter 99 of the classification; no goods chapter 99 exists in the tariff. */
export const isServiceCode = (code: string): boolean => code.length >= 2 && code.charCodeAt(0) === 57 && code.charCodeAt(1) === 57;

/**
 * Validates an HSN/SAC code: digits only (spaces and dots, as in "2307 00" or "8471.30", are removed), 2, 4, 6 or 8
 * digits (GSTR-1 hsn_sc is 2-8 digits, HSN maximum length 8 per spec core §5; the e-invoice takes 4, 6 or 8), not all zeros.
 */
export function validateHsn(value: unknown): HsnResult {
  if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, code: 'HSN_EMPTY', message: 'HSN/SAC code is required.' };
  const code = String(value).replace(/[\s.]/g, '');
  if (code === '') return { ok: false, code: 'HSN_EMPTY', message: 'HSN/SAC code is required.' };
  if (!DIGITS.test(code)) return { ok: false, code: 'HSN_FORMAT', message: 'HSN/SAC code must contain digits only.' };
  if (code.length > 8 || code.length % 2 === 1)
    return { ok: false, code: 'HSN_LENGTH', message: 'HSN/SAC code must have 2, 4, 6 or 8 digits.' };
  if (/^0+$/.test(code)) return { ok: false, code: 'HSN_ZERO', message: 'HSN/SAC code cannot be all zeros.' };
  return { ok: true, code, kind: isServiceCode(code) ? 'SAC' : 'HSN', digits: code.length as 2 | 4 | 6 | 8 };
}

// Rule 46 proviso: digits of HSN required on invoices by aggregate turnover in the previous FY.
export type HsnDigitRule = { effectiveFrom: string; effectiveTo?: string; upToPaise: number; b2b: number; b2c: number; source: string };

const CRORE = 100 * 1_00_00_000; // paise in one crore rupees
const LAKH = 100 * 1_00_000;

export const HSN_DIGIT_RULES: readonly HsnDigitRule[] = [
  {
    effectiveFrom: '2017-07-01',
    effectiveTo: '2021-03-31',
    upToPaise: 150 * LAKH,
    b2b: 0,
    b2c: 0,
    source: 'Notification 12/2017-CT: AATO up to 1.5 crore, HSN not required',
  },
  {
    effectiveFrom: '2017-07-01',
    effectiveTo: '2021-03-31',
    upToPaise: 5 * CRORE,
    b2b: 2,
    b2c: 2,
    source: 'Notification 12/2017-CT: AATO above 1.5 crore up to 5 crore, 2 digits',
  },
  {
    effectiveFrom: '2017-07-01',
    effectiveTo: '2021-03-31',
    upToPaise: Number.MAX_SAFE_INTEGER,
    b2b: 4,
    b2c: 4,
    source: 'Notification 12/2017-CT: AATO above 5 crore, 4 digits',
  },
  {
    effectiveFrom: '2021-04-01',
    upToPaise: 5 * CRORE,
    b2b: 4,
    b2c: 0,
    source: 'Notification 78/2020-CT: AATO up to 5 crore, 4 digits (optional on B2C supplies)',
  },
  {
    effectiveFrom: '2021-04-01',
    upToPaise: Number.MAX_SAFE_INTEGER,
    b2b: 6,
    b2c: 6,
    source: 'Notification 78/2020-CT: AATO above 5 crore, 6 digits',
  },
];

const RULE_FROM = Int32Array.from(HSN_DIGIT_RULES, (r) => dateNumberOf(r.effectiveFrom, 0));
const RULE_TO = Int32Array.from(HSN_DIGIT_RULES, (r) => dateNumberOf(r.effectiveTo, 99_991_231));

/** Allocation-free: minimum HSN digits on a yyyymmdd date number for an aggregate turnover (paise). */
export function hsnMinimumDigitsNumber(dateNumber: number, aatoPaise: number, isB2C: boolean): number {
  for (let i = 0; i < HSN_DIGIT_RULES.length; i++) {
    const r = HSN_DIGIT_RULES[i]!;
    if (RULE_FROM[i]! <= dateNumber && dateNumber <= RULE_TO[i]! && aatoPaise <= r.upToPaise) return isB2C ? r.b2c : r.b2b;
  }
  return 0;
}

/** Minimum HSN digits on an ISO date. */
export const hsnMinimumDigitsIso = (iso: string, aatoPaise: number, isB2C: boolean): number =>
  hsnMinimumDigitsNumber(dateNumberOf(iso, -1), aatoPaise, isB2C);

/** Minimum HSN digits required on an invoice dated `date` for a supplier with aggregate turnover `aatoPaise`. */
export const hsnMinimumDigits = (date: DateInput, aatoPaise: number, isB2C = false): number =>
  hsnMinimumDigitsIso(toIsoDate(date), aatoPaise, isB2C);

/**
 * The financial year whose aggregate turnover decides the HSN digits of an invoice dated `isoDate`: the preceding one
 * (Notification 78/2020-CT: "aggregate turnover in the preceding financial year"). "2025-10-15" → "2024-25".
 */
export const hsnTurnoverYear = (isoDate: string): string =>
  financialYearName(financialYearStart(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7))) - 1);

/** Exports: the shipping bill needs the 8-digit ITC(HS) tariff item (Customs; GST-RULES.md). */
export const EXPORT_HSN_DIGITS = 8;

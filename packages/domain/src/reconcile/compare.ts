// Field comparison, pairing rules and scores shared by the engine and the explanations.
import type { AnalysedNumber } from './doc-number';
import { nearNumberRejection } from './doc-number';
import {
  DEFAULT_RECONCILE_SETTINGS,
  MONEY_FIELDS,
  type MatchRule,
  type MoneyField,
  type ReconcileDocument,
  type ReconcileSettings,
  type ReconcileSettingsInput,
} from './types';

/** Settings with tolerances converted to paise once. */
export type ResolvedSettings = {
  settings: ReconcileSettings;
  tolerancePaise: Record<MoneyField, number>;
};

const checkNonNegative = (name: string, value: number): number => {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`reconcile setting ${name} must be a number >= 0, got ${value}`);
  return value;
};

export const resolveSettings = (input?: ReconcileSettingsInput | ReconcileSettings): ResolvedSettings => {
  const d = DEFAULT_RECONCILE_SETTINGS;
  const settings: ReconcileSettings = {
    tolerances: { ...d.tolerances, ...input?.tolerances },
    dateToleranceDays: input?.dateToleranceDays ?? d.dateToleranceDays,
    numberNormalisation: { ...d.numberNormalisation, ...input?.numberNormalisation },
    matchAcrossFinancialYears: input?.matchAcrossFinancialYears ?? d.matchAcrossFinancialYears,
    panLevelMatching: input?.panLevelMatching ?? d.panLevelMatching,
    nearMatching: input?.nearMatching ?? d.nearMatching,
    nearMatchDateWindowDays: input?.nearMatchDateWindowDays ?? d.nearMatchDateWindowDays,
    matchColumns: { ...d.matchColumns, ...input?.matchColumns },
    maxExplainedCandidates: input?.maxExplainedCandidates ?? d.maxExplainedCandidates,
  };
  const tolerancePaise = {} as Record<MoneyField, number>;
  for (const f of MONEY_FIELDS) {
    // Spec core §9 "Rows tolerance: 2 decimal places": rupee tolerances are rounded to paise.
    tolerancePaise[f] = Math.round(checkNonNegative(`tolerances.${f}`, settings.tolerances[f]) * 100);
  }
  checkNonNegative('dateToleranceDays', settings.dateToleranceDays);
  checkNonNegative('nearMatchDateWindowDays', settings.nearMatchDateWindowDays);
  checkNonNegative('maxExplainedCandidates', settings.maxExplainedCandidates);
  return { settings, tolerancePaise };
};

/** The value of the `n` ASCII digits of `s` at `at`, or -1 if one of them is not a digit. */
const digitsAt = (s: string, at: number, n: number): number => {
  let v = 0;
  for (let k = at; k < at + n; k++) {
    const c = s.charCodeAt(k) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    v = v * 10 + c;
  }
  return v;
};

/** Days since 1970-01-01 of an ISO date 'YYYY-MM-DD'; NaN when it is not one. */
export const dayNumber = (iso: string): number => {
  if (iso.length !== 10 || iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45) return NaN;
  // Plain digits (the usual case) are read without slicing; anything else goes through Number().
  let y = digitsAt(iso, 0, 4);
  let m = digitsAt(iso, 5, 2);
  let d = digitsAt(iso, 8, 2);
  if (y < 0 || m < 0 || d < 0) {
    y = Number(iso.slice(0, 4));
    m = Number(iso.slice(5, 7));
    d = Number(iso.slice(8, 10));
    if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return NaN;
  }
  if (m < 1 || m > 12 || d < 1 || d > 31) return NaN;
  // Howard Hinnant's days_from_civil.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
};

/** Start year of the financial year (April to March, spec core §9) of an ISO date; NaN if none. */
export const financialYear = (iso: string): number => {
  if (iso.length === 10) {
    const yd = digitsAt(iso, 0, 4);
    const md = digitsAt(iso, 5, 2);
    if (yd >= 0 && md >= 0) return md < 4 ? yd - 1 : yd;
  }
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  if (iso.length !== 10 || !Number.isInteger(y) || !Number.isInteger(m)) return NaN;
  return m < 4 ? y - 1 : y;
};

export const financialYearLabel = (fy: number): string =>
  Number.isNaN(fy) ? 'unknown' : `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;

export const totalTax = (d: ReconcileDocument): number => d.igst + d.cgst + d.sgst + d.cess;

/** Upper-cased GSTIN without surrounding spaces; avoids allocating when it already is. */
export const cleanGstin = (g: string): string => {
  for (let i = 0; i < g.length; i++) {
    const c = g.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c === 32) return g.trim().toUpperCase();
  }
  return g;
};

/** The buyer's GSTIN a document sits with, cleaned; null when not given. */
export const recipientOf = (d: ReconcileDocument): string | null => {
  const r = d.recipientGstin;
  if (r === undefined || r === '') return null;
  const c = cleanGstin(r);
  return c === '' ? null : c;
};

/**
 * Whether a pair sits with two registrations of the buyer: a recipient GSTIN given on both sides, and two that
 * differ. ITC belongs to the registration in whose GSTR-2B the document appears (CGST Act s.16(2)(aa)); each
 * registration is a distinct person (s.25(4)).
 */
export const recipientsDiffer = (books: readonly ReconcileDocument[], portal: readonly ReconcileDocument[]): boolean => {
  for (const b of books) {
    const rb = recipientOf(b);
    if (rb === null) continue;
    for (const g of portal) {
      const rg = recipientOf(g);
      if (rg !== null && rg !== rb) return true;
    }
  }
  return false;
};

/** Months from one MMYYYY period to another; NaN when either is not one. */
export const periodDistance = (from: string, to: string): number => {
  const index = (p: string): number => {
    if (!/^(0[1-9]|1[0-2])\d{4}$/.test(p)) return NaN;
    return Number(p.slice(2)) * 12 + Number(p.slice(0, 2)) - 1;
  };
  return index(to) - index(from);
};

export const dateDifference = (books: string, portal: string): number => (books === portal ? 0 : dayNumber(portal) - dayNumber(books));

const sameRates = (a: readonly number[] | undefined, b: readonly number[] | undefined): boolean => {
  const x = [...new Set(a ?? [])].sort((p, q) => p - q);
  const y = [...new Set(b ?? [])].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** 0 all money equal, 1 all within tolerance, 2 some beyond. */
export const moneyCode = (p: ReconcileDocument, g: ReconcileDocument, rs: ResolvedSettings): number => {
  const t = rs.tolerancePaise;
  let code = 0;
  let d = g.invoiceValue - p.invoiceValue;
  if (d !== 0) {
    if (d > t.invoiceValue || -d > t.invoiceValue) return 2;
    code = 1;
  }
  d = g.taxable - p.taxable;
  if (d !== 0) {
    if (d > t.taxable || -d > t.taxable) return 2;
    code = 1;
  }
  d = g.igst - p.igst;
  if (d !== 0) {
    if (d > t.igst || -d > t.igst) return 2;
    code = 1;
  }
  d = g.cgst - p.cgst;
  if (d !== 0) {
    if (d > t.cgst || -d > t.cgst) return 2;
    code = 1;
  }
  d = g.sgst - p.sgst;
  if (d !== 0) {
    if (d > t.sgst || -d > t.sgst) return 2;
    code = 1;
  }
  d = g.cess - p.cess;
  if (d !== 0) {
    if (d > t.cess || -d > t.cess) return 2;
    code = 1;
  }
  return code;
};

/** 0 equal, 1 within tolerance, 2 some match column beyond tolerance. */
export const compareCode = (p: ReconcileDocument, g: ReconcileDocument, rs: ResolvedSettings): number => {
  let code = moneyCode(p, g, rs);
  if (code === 2) return 2;
  const c = rs.settings.matchColumns;
  if (c.documentDate && p.documentDate !== g.documentDate) {
    const dd = Math.abs(dateDifference(p.documentDate, g.documentDate));
    if (!(dd <= rs.settings.dateToleranceDays)) return 2;
    code = 1;
  }
  if (c.documentType && p.documentType !== g.documentType) return 2;
  if (c.placeOfSupply && (p.placeOfSupply ?? null) !== (g.placeOfSupply ?? null)) return 2;
  if (c.reverseCharge && Boolean(p.isReverseCharge) !== Boolean(g.isReverseCharge)) return 2;
  if (c.rate && !sameRates(p.rates, g.rates)) return 2;
  return code;
};

/** Why a pair is refused by the financial-year rule, or null. Dates within the date tolerance may cross a year end. */
export const yearRejection = (p: ReconcileDocument, g: ReconcileDocument, rs: ResolvedSettings): string | null => {
  if (rs.settings.matchAcrossFinancialYears) return null;
  // Equal dates are in one year (or, if not dates at all, 0 days apart: within any tolerance).
  if (p.documentDate === g.documentDate) return null;
  const a = financialYear(p.documentDate);
  const b = financialYear(g.documentDate);
  if (a === b) return null;
  const dd = Math.abs(dateDifference(p.documentDate, g.documentDate));
  if (dd <= rs.settings.dateToleranceDays) return null;
  return `different financial years (books ${financialYearLabel(a)}, portal ${financialYearLabel(b)}) and matching across financial years is off`;
};

const rupees = (paise: number): string => (paise / 100).toFixed(2);

/** Why a near pair is refused (other than by the number), or null. */
export const nearRejection = (
  p: ReconcileDocument,
  g: ReconcileDocument,
  pn: AnalysedNumber,
  gn: AnalysedNumber,
  rs: ResolvedSettings,
): string | null => {
  const byNumber = nearNumberRejection(pn.numbers, gn.numbers);
  if (byNumber) return byNumber;
  if (p.documentType !== g.documentType) return `document types differ (${p.documentType} vs ${g.documentType})`;
  const t = rs.tolerancePaise;
  for (const f of MONEY_FIELDS) {
    const d = g[f] - p[f];
    if (Math.abs(d) > t[f]) return `${f} differs by ₹${rupees(d)} (portal minus books), beyond the ₹${rupees(t[f])} tolerance`;
  }
  const dd = Math.abs(dateDifference(p.documentDate, g.documentDate));
  if (!(dd <= rs.settings.nearMatchDateWindowDays)) {
    return `dates ${p.documentDate} and ${g.documentDate} are more than ${rs.settings.nearMatchDateWindowDays} days apart`;
  }
  return yearRejection(p, g, rs);
};

/** Higher is better. Used to order candidate pairs inside one key; ties break on ids. */
export const pairScore = (p: ReconcileDocument, g: ReconcileDocument): number => {
  let s = 0;
  // The copy reported to the GSTIN that booked it comes first (its ITC is that registration's, s.16(2)(aa));
  // an unknown recipient beats a different one.
  const rp = recipientOf(p);
  const rg = recipientOf(g);
  if (rp === null || rg === null) s += 5000;
  else if (rp === rg) s += 10_000;
  if (p.documentType === g.documentType) s += 1000;
  if (financialYear(p.documentDate) === financialYear(g.documentDate)) s += 100;
  if ((p.placeOfSupply ?? null) === (g.placeOfSupply ?? null)) s += 10;
  const dd = Math.abs(dateDifference(p.documentDate, g.documentDate));
  s -= Number.isNaN(dd) ? 40 : Math.min(dd, 400) / 10;
  let money = 0;
  for (const f of MONEY_FIELDS) money += Math.abs(g[f] - p[f]);
  s -= Math.min(money / 100, 1e6) / 1000;
  return Math.round(s * 1000) / 1000;
};

export const RULE_TEXT: Record<MatchRule, string> = {
  'exact-number': 'Same supplier and the same document number as typed',
  'normalised-number':
    'Same supplier and the same document number after normalisation (case, separators, leading zeros, financial-year fragments as set)',
  'near-number':
    'Same supplier and type, the same digits at the end of the number, amounts within tolerance and dates within the near-match window',
  manual: 'Linked by a user',
  unpaired: 'No document on the other side passed the pairing rules',
  excluded: 'Left out of reconciliation by a user',
  discarded: 'Discarded by a user',
};

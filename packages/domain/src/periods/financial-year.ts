// Financial year April-March (CGST Act s.2(48) "financial year"; General Clauses Act: 1 April to 31 March), named "2024-25".
// Tax period "MMYYYY" as the GSTN APIs use it (`fp`, `ret_period`); a quarterly (QRMP) return's period is the quarter's last month.
import { type DateInput, isoMonth, isoYear, pad2, toIsoDate } from '../dates/calendar';

export type Frequency = 'monthly' | 'quarterly';

export type QuarterInfo = {
  financialYear: string;
  quarter: 1 | 2 | 3 | 4;
  label: 'Apr-Jun' | 'Jul-Sep' | 'Oct-Dec' | 'Jan-Mar';
  /** The three monthly periods, in order. */
  months: [string, string, string];
  /** The quarterly return's period: the quarter's last month. */
  returnPeriod: string;
};

const QUARTER_LABELS = ['Apr-Jun', 'Jul-Sep', 'Oct-Dec', 'Jan-Mar'] as const;

export const financialYearName = (startYear: number): string => `${startYear}-${pad2((startYear + 1) % 100)}`;

/** First calendar year of the financial year of a month: Jan-Mar belong to the previous year's FY (spec core §9). */
export const financialYearStart = (year: number, month: number): number => (month < 4 ? year - 1 : year);

/** "2024-25" for any date from 2024-04-01 to 2025-03-31. */
export function financialYearOf(date: DateInput): string {
  const iso = toIsoDate(date);
  return financialYearName(financialYearStart(isoYear(iso), isoMonth(iso)));
}

/** "MMYYYY" of a date. */
export function returnPeriodOf(date: DateInput): string {
  const iso = toIsoDate(date);
  return iso.slice(5, 7) + iso.slice(0, 4);
}

/** { month, year } of "MMYYYY", or null when malformed. */
export function parseReturnPeriod(period: string): { month: number; year: number } | null {
  if (!/^(0[1-9]|1[0-2])[0-9]{4}$/.test(period)) return null;
  const year = Number(period.slice(2));
  return year >= 2017 ? { month: Number(period.slice(0, 2)), year } : null;
}

/** Start year of "2024-25", or null when malformed or inconsistent ("2024-26"). */
export function parseFinancialYear(financialYear: string): number | null {
  const m = /^([0-9]{4})-([0-9]{2})$/.exec(financialYear);
  if (!m) return null;
  const start = Number(m[1]);
  return (start + 1) % 100 === Number(m[2]) ? start : null;
}

export const returnPeriod = (year: number, month: number): string => pad2(month) + String(year);

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "102026" → "Oct 2026": how a return period reads on screen and in exports (UI.md). */
export const periodLabel = (period: string): string =>
  `${MONTH_NAMES[Number(period.slice(0, 2)) - 1] ?? period.slice(0, 2)} ${period.slice(2)}`;

/** The period `months` months after (or before, when negative) a period "MMYYYY". */
export const shiftPeriod = (period: string, months: number): string => {
  const index = Number(period.slice(2)) * 12 + Number(period.slice(0, 2)) - 1 + months;
  return returnPeriod(Math.floor(index / 12), (index % 12) + 1);
};

/** Every period from `from` to `to` inclusive, in order ([] when `from` is after `to`). */
export const periodsBetween = (from: string, to: string): string[] => {
  const out: string[] = [];
  const last = Number(to.slice(2)) * 12 + Number(to.slice(0, 2));
  for (let p = from, i = Number(from.slice(2)) * 12 + Number(from.slice(0, 2)); i <= last; i++, p = shiftPeriod(p, 1)) out.push(p);
  return out;
};

/** First day ('YYYY-MM-DD') of a return period. */
export const periodStart = (period: string): string => `${period.slice(2)}-${period.slice(0, 2)}-01`;

/** The financial year of a return period "MMYYYY". */
export function financialYearOfPeriod(period: string): string {
  const p = parseReturnPeriod(period);
  if (!p) throw new RangeError(`not a return period MMYYYY: ${period}`);
  return financialYearName(financialYearStart(p.year, p.month));
}

/** Spec core §9: quarter months June, September, December, March; half-year months September, March. */
export const isQuarterEndMonth = (month: number): boolean => month === 6 || month === 9 || month === 12 || month === 3;
export const isHalfYearEndMonth = (month: number): boolean => month === 9 || month === 3;

/** The FY quarter of a date or of a return period "MMYYYY". */
export function quarterOf(dateOrPeriod: DateInput): QuarterInfo {
  let year: number;
  let month: number;
  const p = typeof dateOrPeriod === 'string' && dateOrPeriod.length === 6 ? parseReturnPeriod(dateOrPeriod) : null;
  if (p) ({ year, month } = p);
  else {
    const iso = toIsoDate(dateOrPeriod);
    year = isoYear(iso);
    month = isoMonth(iso);
  }
  const start = financialYearStart(year, month);
  const index = Math.floor(((month + 8) % 12) / 3); // Apr-Jun 0 … Jan-Mar 3
  const firstMonth = ((index * 3 + 3) % 12) + 1;
  const calendarYear = index === 3 ? start + 1 : start;
  const months: [string, string, string] = [
    returnPeriod(calendarYear, firstMonth),
    returnPeriod(calendarYear, firstMonth + 1),
    returnPeriod(calendarYear, firstMonth + 2),
  ];
  return {
    financialYear: financialYearName(start),
    quarter: (index + 1) as 1 | 2 | 3 | 4,
    label: QUARTER_LABELS[index]!,
    months,
    returnPeriod: months[2],
  };
}

/** Return periods of a financial year: 12 months (monthly) or the 4 quarter-end months (QRMP quarterly returns). */
export function periodsOf(financialYear: string, frequency: Frequency): string[] {
  const start = parseFinancialYear(financialYear);
  if (start === null) throw new RangeError(`not a financial year like 2024-25: ${financialYear}`);
  const out: string[] = [];
  for (let i = 0; i < 12; i++) {
    const month = ((i + 3) % 12) + 1;
    if (frequency === 'quarterly' && !isQuarterEndMonth(month)) continue;
    out.push(returnPeriod(month < 4 ? start + 1 : start, month));
  }
  return out;
}

/**
 * Spec core §9 "Return cutoff dates: 26 and 25 for months 4 to 10": the day of the month from which the current
 * month counts as an open return period in period pickers — 25 for April to October, 26 otherwise.
 * This is an application convention of the specified product, not a statutory date.
 */
export const returnCutoffDay = (month: number): number => (month >= 4 && month <= 10 ? 25 : 26);

/** Latest return period offered on `today`: the current month from its cutoff day, else the previous month. */
export function latestOpenReturnPeriod(today: DateInput): string {
  const iso = toIsoDate(today);
  const year = isoYear(iso);
  const month = isoMonth(iso);
  if (Number(iso.slice(8, 10)) >= returnCutoffDay(month)) return returnPeriod(year, month);
  return month === 1 ? returnPeriod(year - 1, 12) : returnPeriod(year, month - 1);
}

/**
 * The last day a document reported in a return of the financial year may still be amended (Section 37(3) proviso,
 * CGST Act, as substituted by the Finance Act 2022 from 01-10-2022: "the thirtieth day of November following the end
 * of the financial year", or the annual return's filing if earlier — that earlier date is the caller's to apply).
 * YYYY-MM-DD; null for a malformed financial year.
 */
export function amendmentDeadline(financialYear: string): string | null {
  const start = parseFinancialYear(financialYear);
  return start === null ? null : `${start + 1}-11-30`;
}

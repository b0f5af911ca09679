// Calendar days in UTC. ISO 'YYYY-MM-DD' strings compare correctly as strings, so rule tables store them as such.
export type DateInput = string | Date;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export const daysInMonth = (year: number, month: number): number =>
  month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);

const digit = (s: string, i: number): number => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1000;
};

/** True for a real calendar date written 'YYYY-MM-DD' (years 1000-9999). Allocation-free. */
export function isIsoDate(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const y = digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3);
  const m = digit(s, 5) * 10 + digit(s, 6);
  const d = digit(s, 8) * 10 + digit(s, 9);
  return y >= 1000 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** yyyymmdd as an integer (20240831) for a valid ISO date, else -1. Allocation-free; rule tables compare these. */
export function isoDateNumber(s: string): number {
  if (!isIsoDate(s)) return -1;
  return (
    (digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3)) * 10000 +
    (digit(s, 5) * 10 + digit(s, 6)) * 100 +
    digit(s, 8) * 10 +
    digit(s, 9)
  );
}

/** isoDateNumber of a known-valid ISO date (rule tables). */
export const dateNumberOf = (iso: string | undefined, fallback: number): number => (iso === undefined ? fallback : isoDateNumber(iso));

export const isoYear = (iso: string): number => Number(iso.slice(0, 4));
export const isoMonth = (iso: string): number => digit(iso, 5) * 10 + digit(iso, 6);
export const isoDay = (iso: string): number => digit(iso, 8) * 10 + digit(iso, 9);

export const pad2 = (n: number): string => (n < 10 ? '0' : '') + n;

export const isoOf = (year: number, month: number, day: number): string => `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;

/** 'YYYY-MM-DD' from an ISO string (a longer ISO timestamp is cut to its date) or a Date (its UTC calendar day). Throws RangeError when invalid. */
export function toIsoDate(value: DateInput): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('invalid Date');
    return value.toISOString().slice(0, 10);
  }
  const s = value.length > 10 && value.charCodeAt(10) === 84 ? value.slice(0, 10) : value;
  if (!isIsoDate(s)) throw new RangeError(`not a date in YYYY-MM-DD: ${value}`);
  return s;
}

/** 'DD-MM-YYYY' (also 'DD/MM/YYYY', as NIC's e-invoice uses) to 'YYYY-MM-DD', or null when invalid. */
export function parsePortalDate(text: string): string | null {
  const s = text.trim();
  if (s.length !== 10) return null;
  const sep = s.charAt(2);
  if ((sep !== '-' && sep !== '/') || s.charAt(5) !== sep) return null;
  const iso = `${s.slice(6, 10)}-${s.slice(3, 5)}-${s.slice(0, 2)}`;
  return isIsoDate(iso) ? iso : null;
}

/** 'YYYY-MM-DD' (or a Date) to the portal's 'DD-MM-YYYY' (separator '/' for the e-invoice). */
export function formatPortalDate(value: DateInput, separator: '-' | '/' = '-'): string {
  const iso = toIsoDate(value);
  return iso.slice(8, 10) + separator + iso.slice(5, 7) + separator + iso.slice(0, 4);
}

/** Days since 1970-01-01 of an ISO date. */
export const dayNumber = (iso: string): number => Date.UTC(isoYear(iso), isoMonth(iso) - 1, isoDay(iso)) / 86_400_000;

export const isoFromDayNumber = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

export const addDays = (iso: string, days: number): string => isoFromDayNumber(dayNumber(iso) + days);

/** Whole days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

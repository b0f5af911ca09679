// The portal's calendar is India's (IST, UTC+05:30): GSTR-2B windows, generation days and IMS deadlines.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const IST_MS = 330 * 60_000;

const istParts = (at: Date): { day: number; month: number; year: number } => {
  const ist = new Date(at.getTime() + IST_MS);
  return { day: ist.getUTCDate(), month: ist.getUTCMonth(), year: ist.getUTCFullYear() };
};

/** "18-Nov-19": 2A's filing date. */
export const shortDate = (at: Date): string => {
  const p = istParts(at);
  return `${String(p.day).padStart(2, '0')}-${MONTHS[p.month]}-${String(p.year % 100).padStart(2, '0')}`;
};

/** "Nov-19": 2A's filing period, from MMYYYY. */
export const shortPeriod = (period: string): string => `${MONTHS[Number(period.slice(0, 2)) - 1]}-${period.slice(4)}`;

/** "18-11-2019": 2B's dates. */
export const longDate = (at: Date): string => {
  const p = istParts(at);
  return `${String(p.day).padStart(2, '0')}-${String(p.month + 1).padStart(2, '0')}-${p.year}`;
};

/** 00:00 IST on a day of the month `offset` months after a period MMYYYY. */
export const dayAfter = (period: string, offset: number, day: number): Date => {
  const month = Number(period.slice(0, 2)) - 1 + offset;
  return new Date(Date.UTC(Number(period.slice(2)), month, day) - IST_MS);
};

/** 00:00 IST on the 14th of the month after a period (offset 1: its 2B is generated), or of the period itself (offset 0). */
export const fourteenth = (period: string, offset: number): Date => dayAfter(period, offset, 14);

/** The period MMYYYY `offset` months after another. */
export const periodPlus = (period: string, offset: number): string => {
  const d = new Date(Date.UTC(Number(period.slice(2)), Number(period.slice(0, 2)) - 1 + offset, 1));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}${d.getUTCFullYear()}`;
};

/**
 * 00:00 IST on the 12th of the month `offset` months after a period: where the GSTR-2B windows of monthly GSTR-1 filers
 * meet (a period's 2B holds what was filed from the 12th of its month to the 11th of the next, the GSTR-1 due date;
 * GSTN's GSTR-2B advisory, as the product's packages/domain/src/returns/gstr2b-window.ts has it). The sandbox files
 * monthly GSTR-1 and GSTR-1A only (no IFF, whose window runs from the 14th to the 13th).
 */
export const windowStart = (period: string, offset: number): Date => dayAfter(period, offset, 12);

/** The GSTR-2B whose window holds a filing: from the 12th of a month to the 11th of the next, it is that month's. */
export const twoBPeriodOf = (filedAt: Date): string => {
  const p = istParts(filedAt);
  const month = p.day >= 12 ? p.month : p.month - 1;
  const d = new Date(Date.UTC(p.year, month, 1));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}${d.getUTCFullYear()}`;
};

/** MMYYYY → YYYYMM, to compare periods. */
export const sortable = (period: string): string => `${period.slice(2)}${period.slice(0, 2)}`;

/** "18/11/2019": the ledgers' and challans' dates. */
export const slashDate = (at: Date): string => longDate(at).replaceAll('-', '/');

/** "14:05:09": a deposit's time (IST). */
export const istTime = (at: Date): string => new Date(at.getTime() + IST_MS).toISOString().slice(11, 19);

/** 00:00 IST of a "DD/MM/YYYY" day (with `nextDay`, of the day after it: the end of the day), or null. */
export const startOfSlashDate = (text: string, nextDay = false): Date | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(year, month - 1, day + (nextDay ? 1 : 0)) - IST_MS);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day ? at : null;
};

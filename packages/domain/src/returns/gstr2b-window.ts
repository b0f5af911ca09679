// GSTR-2B's cut-off windows. Rule 60(7) of the CGST Rules (Notification 82/2020-Central Tax, QRMP scheme) and GSTN's
// advisory on GSTR-2B: the 2B of month M is generated on the 14th of M+1 and holds the documents suppliers filed in a
// monthly GSTR-1 from 00:00 on the 12th of M to 23:59 on the 11th of M+1 (the day after one GSTR-1 due date to the
// next), and in IFF, a quarterly GSTR-1, GSTR-5 or GSTR-6 from the 14th of M to the 13th of M+1 (their due date is the
// 13th). A document filed later appears in the next GSTR-2B generated after its filing, whatever its own date. Dates
// are India calendar days ('YYYY-MM-DD', IST); periods 'MMYYYY'.
import { isIsoDate, isoDay, isoMonth, isoOf, isoYear, pad2, toIsoDate } from '../dates/calendar';
import { type Frequency, parseReturnPeriod, returnPeriod } from '../periods/financial-year';

export const GSTR2B_WINDOW_RULE = {
  /** First tax period ('YYYY-MM') the windows govern: the 2Bs of July to December 2020 were generated on the 12th. */
  effectiveFrom: '2021-01',
  /** A monthly GSTR-1 filer's window opens on this day of M (the day after the GSTR-1 due date, the 11th). */
  monthlyFromDay: 12,
  /** IFF, quarterly GSTR-1, GSTR-5 and GSTR-6 (due the 13th): the window opens on this day of M. */
  quarterlyFromDay: 14,
  /** The 2B of M is generated on this day of M+1. */
  generatedDay: 14,
  source: 'Rule 60(7) CGST Rules (Notification 82/2020-CT); GSTN advisory on GSTR-2B',
} as const;

/** Filing dates from `from` to `to`, both included ('YYYY-MM-DD'). */
export type FilingWindow = { from: string; to: string };

export type Gstr2bWindow = {
  /** 'MMYYYY' */
  period: string;
  /** Documents filed in a monthly GSTR-1. */
  monthly: FilingWindow;
  /** Documents filed in IFF, a quarterly GSTR-1, GSTR-5 or GSTR-6. */
  quarterly: FilingWindow;
  /** The day the 2B is generated ('YYYY-MM-DD'). */
  generatedOn: string;
};

type Month = { year: number; month: number };

const nextMonth = ({ year, month }: Month): Month => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
const previousMonth = ({ year, month }: Month): Month => (month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });
const isGoverned = ({ year, month }: Month): boolean => `${year}-${pad2(month)}` >= GSTR2B_WINDOW_RULE.effectiveFrom;

/** The cut-off window of a period's GSTR-2B; null for a malformed period or one before the rule. */
export function gstr2bWindow(period: string): Gstr2bWindow | null {
  const m = parseReturnPeriod(period);
  if (!m || !isGoverned(m)) return null;
  const n = nextMonth(m);
  return {
    period,
    monthly: {
      from: isoOf(m.year, m.month, GSTR2B_WINDOW_RULE.monthlyFromDay),
      to: isoOf(n.year, n.month, GSTR2B_WINDOW_RULE.monthlyFromDay - 1),
    },
    quarterly: {
      from: isoOf(m.year, m.month, GSTR2B_WINDOW_RULE.quarterlyFromDay),
      to: isoOf(n.year, n.month, GSTR2B_WINDOW_RULE.quarterlyFromDay - 1),
    },
    generatedOn: isoOf(n.year, n.month, GSTR2B_WINDOW_RULE.generatedDay),
  };
}

/** Whether the period's GSTR-2B is generated on `today` (an India date 'YYYY-MM-DD'); null when the rule does not cover the period. */
export function isGstr2bGenerated(period: string, today: string): boolean | null {
  const window = gstr2bWindow(period);
  return window === null ? null : toIsoDate(today) >= window.generatedOn;
}

/** The India calendar day (IST, UTC+05:30) of an instant: the portal's dates are India dates. */
export const indiaDateOf = (at: Date): string => toIsoDate(new Date(at.getTime() + 330 * 60_000));

/** The period of the GSTR-2B that holds a document filed on `filedOn` by a supplier filing monthly or quarterly. */
const periodOfFiling = (filedOn: string, frequency: Frequency): Month => {
  const filed = { year: isoYear(filedOn), month: isoMonth(filedOn) };
  const opens = frequency === 'monthly' ? GSTR2B_WINDOW_RULE.monthlyFromDay : GSTR2B_WINDOW_RULE.quarterlyFromDay;
  return isoDay(filedOn) >= opens ? filed : previousMonth(filed);
};

/** One GSTR-2B, or two when the filing date falls on the 12th or 13th and the supplier's filing frequency decides. */
export type Gstr2bPeriodOfFiling = { kind: 'one'; period: string } | { kind: 'byFrequency'; monthly: string; quarterly: string };

/**
 * The GSTR-2B a document filed on `filedOn` falls into. Without the supplier's frequency, a filing on the 12th or 13th
 * answers both (monthly filers: this month's 2B; IFF and quarterly filers: the previous month's). Null for an invalid
 * date or a 2B before the rule.
 */
export function gstr2bPeriodOfFiling(filedOn: string, frequency?: Frequency): Gstr2bPeriodOfFiling | null {
  if (!isIsoDate(filedOn)) return null;
  const monthly = periodOfFiling(filedOn, 'monthly');
  const quarterly = periodOfFiling(filedOn, 'quarterly');
  if (!isGoverned(monthly) || !isGoverned(quarterly)) return null;
  const m = returnPeriod(monthly.year, monthly.month);
  const q = returnPeriod(quarterly.year, quarterly.month);
  if (frequency === 'monthly' || m === q) return { kind: 'one', period: m };
  if (frequency === 'quarterly') return { kind: 'one', period: q };
  return { kind: 'byFrequency', monthly: m, quarterly: q };
}

/** Where a document of a period's GSTR-2A stands against that period's GSTR-2B. */
export type Gstr2bPlacement =
  /** The supplier has not filed the document: it is in no GSTR-2B until filed. */
  | { kind: 'notFiled' }
  /** No filing date to place it by. */
  | { kind: 'unknown' }
  | { kind: 'thisPeriod' }
  /** Filed after this period's cut-off (`isLater`), or before its window opened: in the 2B of `period`. */
  | { kind: 'otherPeriod'; period: string; isLater: boolean }
  /** Filed on the 12th or 13th after the period: the supplier's filing frequency decides. */
  | { kind: 'byFrequency'; monthly: string; quarterly: string };

const periodOrder = (period: string): number => Number(period.slice(2)) * 12 + Number(period.slice(0, 2));

/** Places a document of `period`'s GSTR-2A (the supplier's filing flag and date) against `period`'s GSTR-2B. */
export function gstr2bPlacement(
  period: string,
  document: { supplierFiled: boolean | null; supplierFilingDate: string | null },
  frequency?: Frequency,
): Gstr2bPlacement {
  if (document.supplierFiled === false) return { kind: 'notFiled' };
  const found = document.supplierFilingDate === null ? null : gstr2bPeriodOfFiling(document.supplierFilingDate, frequency);
  if (found === null || parseReturnPeriod(period) === null) return { kind: 'unknown' };
  if (found.kind === 'byFrequency') return { kind: 'byFrequency', monthly: found.monthly, quarterly: found.quarterly };
  if (found.period === period) return { kind: 'thisPeriod' };
  return { kind: 'otherPeriod', period: found.period, isLater: periodOrder(found.period) > periodOrder(period) };
}

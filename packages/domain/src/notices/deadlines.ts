// Deadlines of GST notices and appeals (GST-RULES-DETAIL §5), on India's calendar days (YYYY-MM-DD).
// - Reply windows: DRC-01B Part B and DRC-01C Part B within 7 days (Rules 88C(2), 88D(2)); ASMT-11 within 30 days of
//   the ASMT-10 (Rule 99(2)); REG-04 within 7 working days of the REG-03 (Rule 9(2)); REG-18 within 7 working days of
//   the REG-17 (Rule 22(2)). The others (DRC-01, DRC-01A, ADT-01, ...) within the time the notice states.
//   Working days: Sundays are skipped; public holidays are not known here, so the date is the earliest it can be and
//   said to be an estimate.
// - Appeals: to the Appellate Authority within three months of the order's communication, and one more month if the
//   authority condones the delay (CGST s.107(1), 107(4)); to the Tribunal within three months (s.112(1)). A period of
//   months ends on the same date of the last month (the month's last day when it has none).
import { addDays, dayNumber, isoDay, isoMonth, isoOf, isoYear, daysInMonth } from '../dates/calendar';

type Window = { days: number; working: boolean; rule: string; replyForm: string };

/** By form (register.ts NOTICE_FORMS): the forms whose reply window the rules fix. */
export const REPLY_WINDOWS: Readonly<Record<string, Window>> = {
  'DRC-01B': { days: 7, working: false, rule: 'Rule 88C(2)', replyForm: 'DRC-01B Part B' },
  'DRC-01C': { days: 7, working: false, rule: 'Rule 88D(2)', replyForm: 'DRC-01C Part B' },
  'ASMT-10': { days: 30, working: false, rule: 'Rule 99(2)', replyForm: 'ASMT-11' },
  'REG-03': { days: 7, working: true, rule: 'Rule 9(2)', replyForm: 'REG-04' },
  'REG-17': { days: 7, working: true, rule: 'Rule 22(2)', replyForm: 'REG-18' },
};

export type ReplyDue =
  | { dueOn: string; source: 'notice' }
  | { dueOn: string; source: 'rule'; rule: string; replyForm: string; isEstimate: boolean }
  | { dueOn: null; source: 'none' };

/** `days` working days after `from`, Sundays skipped. */
const addWorkingDays = (from: string, days: number): string => {
  let at = from;
  for (let left = days; left > 0;) {
    at = addDays(at, 1);
    // 1970-01-01 was a Thursday: day number 3 (mod 7) is a Sunday.
    if (((dayNumber(at) % 7) + 7) % 7 !== 3) left--;
  }
  return at;
};

/**
 * When the reply to a notice is due: the date the notice states, else its form's statutory window counted from the
 * date it was issued (served), else none known.
 */
export const replyDueDate = (notice: { form: string; issuedOn: string; statedDueOn?: string | null }): ReplyDue => {
  if (notice.statedDueOn) return { dueOn: notice.statedDueOn, source: 'notice' };
  const window = REPLY_WINDOWS[notice.form];
  if (!window) return { dueOn: null, source: 'none' };
  return {
    dueOn: window.working ? addWorkingDays(notice.issuedOn, window.days) : addDays(notice.issuedOn, window.days),
    source: 'rule',
    rule: window.rule,
    replyForm: window.replyForm,
    isEstimate: window.working,
  };
};

/** The same date `months` later, or that month's last day. */
export const addMonths = (iso: string, months: number): string => {
  const total = isoYear(iso) * 12 + (isoMonth(iso) - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return isoOf(year, month, Math.min(isoDay(iso), daysInMonth(year, month)));
};

export type AppealForum = 'appellateAuthority' | 'tribunal';

/** The last day to appeal an order communicated on `communicatedOn`, and the last day a delay can be condoned. */
export const appealDeadline = (communicatedOn: string, forum: AppealForum = 'appellateAuthority') => ({
  dueOn: addMonths(communicatedOn, 3),
  /** s.107(4): one more month, if the Appellate Authority accepts the cause of the delay; none before the Tribunal here. */
  condonableUntil: forum === 'appellateAuthority' ? addMonths(communicatedOn, 4) : null,
  section: forum === 'appellateAuthority' ? 'CGST Act s.107(1), 107(4)' : 'CGST Act s.112(1)',
});

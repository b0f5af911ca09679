// Late fee for GSTR-3B and GSTR-1 filed after the due date (section 47 of the CGST Act and of each SGST Act;
// GST-RULES-DETAIL §1.8). Amounts in paise. It is charged per Act (CGST and SGST/UTGST alike, none under IGST),
// computed once the return is filed, and paid in cash in the next period's table 5.1.
//
// - Per day of delay (the statute's ₹100 a day per Act, reduced by notification): ₹25 a day per Act, ₹10 for a nil
//   return (GSTR-3B: Notification 76/2018-CT; GSTR-1: Notification 4/2018-CT; confirmed by 19/2021 and 20/2021).
// - Caps per return from the June 2021 period (Notification 19/2021-CT for GSTR-3B, 20/2021-CT for GSTR-1, both
//   01-06-2021), by the aggregate turnover of the preceding financial year: nil return ₹250 per Act; up to ₹1.5 crore
//   ₹1,000; above ₹1.5 crore up to ₹5 crore ₹2,500; above ₹5 crore the statute's ₹5,000.
// - Earlier periods: the statute's cap of ₹5,000 per Act. The amnesty of Notification 19/2021 (returns of July 2017 to
//   April 2021 filed by 30-11-2021) is not applied: those returns were due years ago.
import { addDays, daysBetween, formatPortalDate, isIsoDate } from '../dates/index';
import { formatInr } from '../money/index';
import { periodStart } from '../periods/index';

export type LateFeeForm = 'GSTR3B' | 'GSTR1';
export type LateFee = { cgst: number; sgst: number; days: number; perDay: number; cap: number; explanation: string };

const RUPEE = 100;
const CRORE = 10_000_000 * RUPEE;
/** The first tax period of the caps by turnover (Notifications 19/2021-CT and 20/2021-CT). */
export const LATE_FEE_CAPS_FROM = '062021';

/** The cap per Act, paise. */
const capOf = (period: string, isNil: boolean, aggregateTurnover: number): number => {
  if (periodStart(period) < periodStart(LATE_FEE_CAPS_FROM)) return 5_000 * RUPEE;
  if (isNil) return 250 * RUPEE;
  if (aggregateTurnover <= 1.5 * CRORE) return 1_000 * RUPEE;
  if (aggregateTurnover <= 5 * CRORE) return 2_500 * RUPEE;
  return 5_000 * RUPEE;
};

/**
 * The late fee of a return of `period` (MMYYYY) due on `dueDate` and filed on `filedOn`; `isNil` when it reports no
 * supply (GSTR-1) or no tax (GSTR-3B); `aggregateTurnover` of the preceding financial year, paise. Per Act: the same
 * amount under CGST and under SGST/UTGST.
 */
export const lateFee = (input: {
  form: LateFeeForm;
  period: string;
  dueDate: string;
  filedOn: string;
  isNil: boolean;
  aggregateTurnover: number;
}): LateFee => {
  for (const [what, iso] of [
    ['dueDate', input.dueDate],
    ['filedOn', input.filedOn],
  ] as const)
    if (!isIsoDate(iso)) throw new RangeError(`${what} must be a date YYYY-MM-DD: ${iso}`);
  if (!/^(0[1-9]|1[0-2])\d{4}$/.test(input.period)) throw new RangeError(`period must be MMYYYY: ${input.period}`);
  if (!Number.isSafeInteger(input.aggregateTurnover) || input.aggregateTurnover < 0)
    throw new RangeError(`aggregateTurnover must be whole paise, not negative: ${input.aggregateTurnover}`);
  const days = Math.max(0, daysBetween(input.dueDate, input.filedOn));
  const perDay = (input.isNil ? 10 : 25) * RUPEE;
  const cap = capOf(input.period, input.isNil, input.aggregateTurnover);
  const perAct = Math.min(days * perDay, cap);
  const form = input.form === 'GSTR3B' ? 'GSTR-3B' : 'GSTR-1';
  const explanation =
    days === 0
      ? `${form} filed by its due date: no late fee`
      : `₹ ${formatInr(perAct)} CGST and ₹ ${formatInr(perAct)} SGST for ${days} day${days === 1 ? '' : 's'} from ${formatPortalDate(addDays(input.dueDate, 1))}` +
        ` at ₹ ${formatInr(perDay)} a day each${days * perDay > cap ? `, capped at ₹ ${formatInr(cap)} each` : ''}`;
  return { cgst: perAct, sgst: perAct, days, perDay, cap, explanation };
};

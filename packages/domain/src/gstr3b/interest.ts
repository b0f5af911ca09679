// Interest under section 50 of the CGST Act, as Rule 88B computes it (GST-RULES-DETAIL §1.7). Amounts in paise, dates
// as YYYY-MM-DD; each head rounded to the nearest rupee (s.170).
//
// - Late return (Rule 88B(1)): on the tax paid in cash for the return's own supplies, for the days the return was late
//   (due 20-06, filed 28-06: 8 days), at 18% a year (s.50(1); Notification 13/2017-CT). The proviso: cash that stood
//   in the electronic cash ledger from the due date until the return debited it bears no interest, so the interest is
//   on the cash paid less the least cash balance of the head over those days.
// - ITC wrongly availed and utilised (s.50(3), Rule 88B(3)): at 18% a year (Notification 13/2017-CT as amended by
//   09/2022-CT, from 01-07-2017); it counts as utilised by as much as the credit ledger's balance (IGST, CGST and SGST
//   together) falls below the credit wrongly availed, from the day it falls until the credit is reversed or paid.
import { addDays, daysBetween, formatPortalDate, isIsoDate } from '../dates/index';
import { formatInr } from '../money/index';
import { mulDivRoundHalfAway } from '../money/rounding';
import { TAX_HEADS, type Heads, type TaxHead } from './set-off';

/** Interest rates, percent a year (s.50(1) and s.50(3); Notification 13/2017-CT, 09/2022-CT). */
export const INTEREST_RATE_PERCENT = { latePayment: 18, wrongCredit: 18 } as const;

/** One head's interest with its explanation ("₹ 98.63 on ₹ 50,000.00 for 4 days from 21-06-2025 at 18%"). */
export type InterestLine = { head: TaxHead; amount: number; base: number; days: number; from: string; explanation: string };
export type Interest = { interest: Heads; days: number; lines: InterestLine[] };

const checkDate = (what: string, iso: string) => {
  if (!isIsoDate(iso)) throw new RangeError(`${what} must be a date YYYY-MM-DD: ${iso}`);
};
const checkPaise = (what: string, paise: number) => {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`${what} must be whole paise, not negative: ${paise}`);
};

/** base × rate% × days / 365, rounded to the nearest rupee (s.170), in paise; exact past 2^53. */
const interestOf = (base: number, days: number, ratePercent: number): number => {
  if (base === 0 || days <= 0) return 0;
  const paise = BigInt(base) * BigInt(ratePercent) * BigInt(days);
  const rupees = (paise + 18_250n * 100n) / (36_500n * 100n); // half a rupee up, as s.170 rounds
  return Number(rupees) * 100;
};

const explain = (amount: number, base: number, days: number, from: string, rate: number) =>
  `₹ ${formatInr(amount)} on ₹ ${formatInr(base)} for ${days} day${days === 1 ? '' : 's'} from ${formatPortalDate(from)} at ${rate}%`;

/**
 * Interest on a GSTR-3B filed late (Rule 88B(1)): `cashPaid` is the tax of the return's own supplies paid from the
 * cash ledger, per head; `cashHeldSinceDue` the least balance of each head's cash ledger from the due date until
 * the filing (cash there in time bears no interest).
 */
export const lateReturnInterest = (input: { cashPaid: Heads; dueDate: string; filedOn: string; cashHeldSinceDue?: Heads }): Interest => {
  checkDate('dueDate', input.dueDate);
  checkDate('filedOn', input.filedOn);
  const days = Math.max(0, daysBetween(input.dueDate, input.filedOn));
  const from = addDays(input.dueDate, 1);
  const rate = INTEREST_RATE_PERCENT.latePayment;
  const interest = {} as Record<TaxHead, number>;
  const lines: InterestLine[] = [];
  for (const head of TAX_HEADS) {
    checkPaise(`cashPaid.${head}`, input.cashPaid[head]);
    const held = input.cashHeldSinceDue?.[head] ?? 0;
    checkPaise(`cashHeldSinceDue.${head}`, held);
    const base = Math.max(0, input.cashPaid[head] - held);
    const amount = interestOf(base, days, rate);
    interest[head] = amount;
    if (amount > 0) lines.push({ head, amount, base, days, from, explanation: explain(amount, base, days, from, rate) });
  }
  return { interest, days, lines };
};

/** The credit ledger's balance (IGST + CGST + SGST, paise) from `on` until the next point. */
export type LedgerPoint = { on: string; balance: number };

/**
 * Interest on credit wrongly availed and utilised (Rule 88B(3)): `wronglyAvailed` paise availed on `availedOn` and
 * reversed (or paid) on `reversedOn`; `ledger` the credit ledger's combined balance over those days (points in date
 * order, each holding until the next). A line for each stretch of days the utilised amount stayed the same.
 */
export const wrongCreditInterest = (input: {
  wronglyAvailed: number;
  availedOn: string;
  reversedOn: string;
  ledger: readonly LedgerPoint[];
}): { interest: number; lines: Omit<InterestLine, 'head'>[] } => {
  checkPaise('wronglyAvailed', input.wronglyAvailed);
  checkDate('availedOn', input.availedOn);
  checkDate('reversedOn', input.reversedOn);
  const rate = INTEREST_RATE_PERCENT.wrongCredit;
  const points = [...input.ledger].sort((a, b) => daysBetween(b.on, a.on));
  for (const p of points) {
    checkDate('ledger.on', p.on);
    if (!Number.isSafeInteger(p.balance)) throw new RangeError(`ledger.balance must be whole paise: ${p.balance}`);
  }
  const balanceOn = (day: string): number => {
    let balance = input.wronglyAvailed; // before the first point: nothing utilised yet
    for (const p of points) if (daysBetween(p.on, day) >= 0) balance = p.balance;
    return balance;
  };
  // Stretches of days with the same utilised amount, from the availing to the day before the reversal.
  const lines: Omit<InterestLine, 'head'>[] = [];
  const total = Math.max(0, daysBetween(input.availedOn, input.reversedOn));
  let start = 0;
  while (start < total) {
    const from = addDays(input.availedOn, start);
    const utilised = Math.min(input.wronglyAvailed, Math.max(0, input.wronglyAvailed - balanceOn(from)));
    let end = start + 1;
    while (
      end < total &&
      Math.min(input.wronglyAvailed, Math.max(0, input.wronglyAvailed - balanceOn(addDays(input.availedOn, end)))) === utilised
    )
      end++;
    if (utilised > 0) {
      const days = end - start;
      // Rounded once for the whole sum below; each line shows its own share to the paisa.
      const amount = mulDivRoundHalfAway(utilised, rate * days, 36_500);
      lines.push({ amount, base: utilised, days, from, explanation: explain(amount, utilised, days, from, rate) });
    }
    start = end;
  }
  const exact = lines.reduce((sum, l) => sum + BigInt(l.base) * BigInt(rate) * BigInt(l.days), 0n);
  const interest = Number((exact + 1_825_000n) / 3_650_000n) * 100;
  return { interest, lines };
};

// The thresholds above which the common portal intimates a difference in Part A of Form GST DRC-01B (Rule 88C) or
// DRC-01C (Rule 88D). Both rules say "by such amount and such percentage as may be recommended by the Council", and
// no notification publishes the figures. How the portal applies them is in the GSTN advisories that took the checks
// live (DRC-01B 29-06-2023, DRC-01C 14-11-2023): an intimation when the difference exceeds "a predefined limit or
// the percentage difference exceeds the configurable threshold", so either suffices. The figures are only reported
// by secondary sources, which disagree (README.md); each threshold is therefore data (amount, percentage, either or
// both), dated, and a subscriber may set its own.
import { isIsoDate } from '../dates/index';
import { formatInr } from '../money/index';

/** Either the amount or the percentage exceeded suffices (the advisories), or both must be (a stricter reading of the rules). */
export type MismatchRule = 'amountAndPercent' | 'amountOrPercent';
/** `amount` in paise; `percentBasisPoints` of the lower side (tax paid in GSTR-3B, ITC in GSTR-2B): 2000 is 20%. */
export type MismatchThreshold = { amount: number; percentBasisPoints: number; rule: MismatchRule };
export type DatedMismatchThreshold = MismatchThreshold & { effectiveFrom: string; source: string };

const LAKH = 100_000 * 100;

/** Rule 88C, inserted by Notification 26/2022-CT (26-12-2022); the portal's check live from the 29-06-2023 advisory. */
export const DRC01B_THRESHOLDS: readonly DatedMismatchThreshold[] = [
  {
    effectiveFrom: '2022-12-26',
    amount: 25 * LAKH,
    percentBasisPoints: 2000,
    rule: 'amountOrPercent',
    source: 'Rule 88C (Notification 26/2022-CT); "limit or percentage": GSTN advisory 29-06-2023; ₹25 lakh, 20%: as reported (README.md)',
  },
];

/** Rule 88D, inserted by Notification 38/2023-CT (04-08-2023); the portal's check live from the 14-11-2023 advisory. */
export const DRC01C_THRESHOLDS: readonly DatedMismatchThreshold[] = [
  {
    effectiveFrom: '2023-08-04',
    amount: 5 * LAKH,
    percentBasisPoints: 2000,
    rule: 'amountOrPercent',
    source: 'Rule 88D (Notification 38/2023-CT); "limit or percentage": GSTN advisory 14-11-2023; ₹5 lakh, 20%: as reported (README.md)',
  },
];

/** The threshold in force on `asOf` (YYYY-MM-DD), or null before the rule was. */
export const mismatchThresholdOn = (table: readonly DatedMismatchThreshold[], asOf: string): DatedMismatchThreshold | null => {
  if (!isIsoDate(asOf)) throw new RangeError(`asOf must be a date YYYY-MM-DD: ${asOf}`);
  let found: DatedMismatchThreshold | null = null;
  for (const t of table) if (t.effectiveFrom <= asOf && (found === null || t.effectiveFrom > found.effectiveFrom)) found = t;
  return found;
};

/** Throws unless the threshold is whole paise and a percentage between 0 and 100% (a subscriber's setting). */
export const checkThreshold = (t: MismatchThreshold): void => {
  if (!Number.isSafeInteger(t.amount) || t.amount < 0)
    throw new RangeError(`threshold amount must be whole paise, not negative: ${t.amount}`);
  if (!Number.isSafeInteger(t.percentBasisPoints) || t.percentBasisPoints < 0 || t.percentBasisPoints > 10_000)
    throw new RangeError(`threshold percentage must be 0 to 10000 basis points: ${t.percentBasisPoints}`);
  if (t.rule !== 'amountAndPercent' && t.rule !== 'amountOrPercent') throw new RangeError(`unknown threshold rule: ${String(t.rule)}`);
};

export type ThresholdTest = { isOverAmount: boolean; isOverPercent: boolean; isOver: boolean };

/**
 * Whether `excess` (paise) exceeds the threshold, strictly ("exceeds"): the amount, and `excess` as a share of
 * `baseline` (exact, in integers). A baseline of zero or below makes any excess above the percentage.
 */
export const testThreshold = (excess: number, baseline: number, t: MismatchThreshold): ThresholdTest => {
  const isOverAmount = excess > t.amount;
  const isOverPercent = excess > 0 && (baseline <= 0 || BigInt(excess) * 10_000n > BigInt(t.percentBasisPoints) * BigInt(baseline));
  const isOver = t.rule === 'amountAndPercent' ? isOverAmount && isOverPercent : isOverAmount || isOverPercent;
  return { isOverAmount, isOverPercent, isOver };
};

/** "20%", "12.5%", from basis points. */
export const formatPercent = (basisPoints: number): string => {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
};

/** "above both ₹ 25,00,000.00 and 20%" or "above ₹ 5,00,000.00 or 20%". */
export const describeThreshold = (t: MismatchThreshold): string =>
  `${t.rule === 'amountAndPercent' ? 'both' : 'either'} ₹ ${formatInr(t.amount)} ${t.rule === 'amountAndPercent' ? 'and' : 'or'} ${formatPercent(t.percentBasisPoints)}`;

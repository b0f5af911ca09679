// The comparison DRC-01B and DRC-01C share: a figure the taxpayer reported (GSTR-1 liability; ITC availed in
// GSTR-3B) against the one it must not exceed (tax paid in GSTR-3B; ITC in GSTR-2B), per head and in total, over one
// tax period or a range of them (Rules 88C(1) and 88D(1): "for a tax period or periods").
//
// Reading taken (README.md): the excess is counted head by head and added up; a head reported below its baseline
// does not offset another, as tax or credit of one head does not stand for another (s.49(5), s.77).
import { formatPortalDate } from '../dates/index';
import { formatInr } from '../money/index';
import { parseReturnPeriod, periodLabel, periodStart } from '../periods/index';
import { NO_TAX, TAX_HEADS, type Heads, type TaxHead } from '../gstr3b/set-off';
import { checkThreshold, describeThreshold, formatPercent, testThreshold, type MismatchThreshold, type ThresholdTest } from './threshold';

export type MismatchForm = 'DRC-01B' | 'DRC-01C';
export type PeriodMismatch = { period: string; reported: Heads; baseline: Heads; difference: Heads };
export type MismatchResult = {
  form: MismatchForm;
  periods: string[];
  byPeriod: PeriodMismatch[];
  reported: Heads;
  baseline: Heads;
  /** reported − baseline per head (below zero where less was reported). */
  difference: Heads;
  /** The difference of each head above zero: what Part A would show. */
  excess: Heads;
  totalExcess: number;
  /** totalExcess as basis points of the baseline's total, rounded up; null when the baseline is zero or below. */
  percentBasisPoints: number | null;
  /** Null when the rule was not yet in force on the day of the check. */
  threshold: MismatchThreshold | null;
  test: ThresholdTest;
  isIntimation: boolean;
  explanation: string;
};

export type MismatchWording = { form: MismatchForm; rule: string; reported: string; baseline: string; inForceFrom: string };

export const TAX_HEAD_LABELS: Readonly<Record<TaxHead, string>> = { igst: 'IGST', cgst: 'CGST', sgst: 'SGST/UTGST', cess: 'cess' };

const checkHeads = (what: string, heads: Heads): void => {
  for (const head of TAX_HEADS)
    if (!Number.isSafeInteger(heads[head])) throw new RangeError(`${what}.${head} must be whole paise: ${heads[head]}`);
};
const add = (a: Heads, b: Heads): Heads => ({ igst: a.igst + b.igst, cgst: a.cgst + b.cgst, sgst: a.sgst + b.sgst, cess: a.cess + b.cess });
const minus = (a: Heads, b: Heads): Heads => ({
  igst: a.igst - b.igst,
  cgst: a.cgst - b.cgst,
  sgst: a.sgst - b.sgst,
  cess: a.cess - b.cess,
});
const total = (h: Heads): number => h.igst + h.cgst + h.sgst + h.cess;
const positive = (h: Heads): Heads => ({
  igst: Math.max(0, h.igst),
  cgst: Math.max(0, h.cgst),
  sgst: Math.max(0, h.sgst),
  cess: Math.max(0, h.cess),
});

const byHead = (h: Heads): string =>
  TAX_HEADS.filter((head) => h[head] !== 0)
    .map((head) => `${TAX_HEAD_LABELS[head]} ₹ ${formatInr(h[head])}`)
    .join(', ');

const periodsText = (periods: readonly string[]): string =>
  periods.length === 1 ? periodLabel(periods[0]!) : `${periodLabel(periods[0]!)} to ${periodLabel(periods[periods.length - 1]!)}`;

/**
 * Compares `periods` (each with what was reported and its baseline, per head, paise) against `threshold`, which
 * is null when the rule was not in force on `asOf`.
 */
export const compareForMismatch = (
  wording: MismatchWording,
  periods: readonly { period: string; reported: Heads; baseline: Heads }[],
  threshold: MismatchThreshold | null,
  asOf: string,
): MismatchResult => {
  if (periods.length === 0) throw new RangeError(`${wording.form}: at least one tax period is needed`);
  const seen = new Set<string>();
  for (const p of periods) {
    if (parseReturnPeriod(p.period) === null) throw new RangeError(`period must be MMYYYY: ${p.period}`);
    if (seen.has(p.period)) throw new RangeError(`period ${p.period} is given twice`);
    seen.add(p.period);
    checkHeads(`${p.period} ${wording.reported}`, p.reported);
    checkHeads(`${p.period} ${wording.baseline}`, p.baseline);
  }
  if (threshold !== null) checkThreshold(threshold);
  const ordered = [...periods].sort((a, b) => (periodStart(a.period) < periodStart(b.period) ? -1 : 1));
  const byPeriod = ordered.map((p) => ({
    period: p.period,
    reported: p.reported,
    baseline: p.baseline,
    difference: minus(p.reported, p.baseline),
  }));
  const reported = byPeriod.reduce((sum, p) => add(sum, p.reported), NO_TAX);
  const baseline = byPeriod.reduce((sum, p) => add(sum, p.baseline), NO_TAX);
  const difference = minus(reported, baseline);
  const excess = positive(difference);
  const totalExcess = total(excess);
  const baselineTotal = total(baseline);
  // Rounded up, so that a share shown as the threshold's percentage is never one above it.
  const percentBasisPoints =
    baselineTotal > 0 ? Number((BigInt(totalExcess) * 10_000n + BigInt(baselineTotal) - 1n) / BigInt(baselineTotal)) : null;
  const test =
    threshold === null
      ? { isOverAmount: false, isOverPercent: false, isOver: false }
      : testThreshold(totalExcess, baselineTotal, threshold);
  const isIntimation = test.isOver;

  const when = periodsText(byPeriod.map((p) => p.period));
  let explanation: string;
  if (totalExcess === 0) explanation = `${when}: the ${wording.reported} does not exceed the ${wording.baseline} in any head.`;
  else {
    const share =
      percentBasisPoints === null
        ? `with ₹ ${formatInr(baselineTotal)} in the ${wording.baseline}`
        : `${formatPercent(percentBasisPoints)} of the ${wording.baseline}`;
    const head = `${when}: the ${wording.reported} exceeds the ${wording.baseline} by ₹ ${formatInr(totalExcess)} (${byHead(excess)}), ${share}`;
    if (threshold === null)
      explanation = `${head}; ${wording.rule} was not in force on ${formatPortalDate(asOf)} (from ${formatPortalDate(wording.inForceFrom)}).`;
    else if (isIntimation)
      explanation = `${head}: above ${describeThreshold(threshold)} (${wording.rule}). Part A of ${wording.form} is to be expected; reply in Part B within 7 days.`;
    else explanation = `${head}: not above ${describeThreshold(threshold)} (${wording.rule}), so no ${wording.form}.`;
  }
  return {
    form: wording.form,
    periods: byPeriod.map((p) => p.period),
    byPeriod,
    reported,
    baseline,
    difference,
    excess,
    totalExcess,
    percentBasisPoints,
    threshold,
    test,
    isIntimation,
    explanation,
  };
};

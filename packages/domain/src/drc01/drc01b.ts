// DRC-01B (Rule 88C, inserted by Notification 26/2022-CT of 26-12-2022): the tax payable on the outward supplies
// declared in GSTR-1/IFF (and GSTR-1A, which amends the same period's GSTR-1 before GSTR-3B) against the tax paid
// through GSTR-3B for the period or periods; above the threshold the portal intimates the difference in Part A, and
// the taxpayer pays it through DRC-03 or explains it in Part B within 7 days (Rule 88C(2)); until then the next
// GSTR-1/IFF is blocked (Rule 59(6)(d)).
import { TAX_HEADS, type Heads, type TaxHead } from '../gstr3b/set-off';
import { compareForMismatch, type MismatchResult } from './mismatch';
import { DRC01B_THRESHOLDS, mismatchThresholdOn, type MismatchThreshold } from './threshold';

/**
 * One tax period (a QRMP quarter is its last month): the liability of its GSTR-1 or IFFs, the GSTR-1A's change to it
 * (may be below zero), and the tax of the same supplies in GSTR-3B, tables 3.1(a), 3.1(b) and 3.1.1(i), paid through
 * credit or cash; paise per head.
 */
export type Drc01bPeriod = { period: string; gstr1: Heads; gstr1a?: Heads; gstr3b: Heads };

const plus = (a: Heads, b: Heads | undefined): Heads => {
  if (b === undefined) return a;
  const out = {} as Record<TaxHead, number>;
  for (const head of TAX_HEADS) out[head] = a[head] + b[head];
  return out;
};

/**
 * Whether the tax period(s) would draw a DRC-01B, checked on `asOf` (YYYY-MM-DD, the day GSTR-3B is filed), with the
 * threshold in force then, or `threshold` when the subscriber set its own.
 */
export const drc01bCheck = (input: { periods: readonly Drc01bPeriod[]; asOf: string; threshold?: MismatchThreshold }): MismatchResult => {
  const inForce = mismatchThresholdOn(DRC01B_THRESHOLDS, input.asOf);
  return compareForMismatch(
    {
      form: 'DRC-01B',
      rule: 'Rule 88C',
      reported: 'liability in GSTR-1/IFF and GSTR-1A',
      baseline: 'tax paid in GSTR-3B',
      inForceFrom: DRC01B_THRESHOLDS[0]!.effectiveFrom,
    },
    input.periods.map((p) => ({ period: p.period, reported: plus(p.gstr1, p.gstr1a), baseline: p.gstr3b })),
    inForce === null ? null : (input.threshold ?? inForce),
    input.asOf,
  );
};

/**
 * Part B's reasons for a difference left unpaid (Form GST DRC-01B, Part B, the portal's drop-down; our wording of
 * it, see README.md); `others` needs the explanation in words.
 */
export const DRC01B_REASONS = {
  gstr1Overstated: 'Liability declared in GSTR-1/IFF in excess by mistake, corrected or to be corrected by amendment',
  paidInEarlierReturn: 'Liability paid in the GSTR-3B of an earlier tax period',
  paidInLaterReturn: 'Liability paid in the GSTR-3B of a later tax period',
  paidThroughDrc03Before: 'Liability paid through DRC-03 before the intimation',
  others: 'Others',
} as const;
export type Drc01bReason = keyof typeof DRC01B_REASONS;

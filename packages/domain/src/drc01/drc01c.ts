// DRC-01C (Rule 88D, inserted by Notification 38/2023-CT of 04-08-2023): the ITC availed in GSTR-3B against the ITC
// available in GSTR-2B for the period or periods; above the threshold the portal intimates the difference in Part A,
// and the taxpayer pays it through DRC-03 or explains it in Part B within 7 days (Rule 88D(2)); until then the next
// GSTR-1/IFF is blocked (Rule 59(6)(e)). The threshold is a subscriber setting, defaulting to the notified one.
import { NO_TAX, type Heads } from '../gstr3b/set-off';
import { compareForMismatch, type MismatchResult } from './mismatch';
import { DRC01C_THRESHOLDS, mismatchThresholdOn, type MismatchThreshold } from './threshold';

/**
 * The rows of GSTR-3B table 4A that GSTR-2B feeds (4A(2), import of services, is never in GSTR-2B): imports of goods,
 * inward supplies under reverse charge, ISD, all other ITC.
 */
export type ItcRow = '4A(1)' | '4A(3)' | '4A(4)' | '4A(5)';
export const ITC_ROWS: readonly ItcRow[] = ['4A(1)', '4A(3)', '4A(4)', '4A(5)'];
export type ItcByRow = Partial<Record<ItcRow, Heads>>;

/**
 * The rows compared by default: 4A(5), all other ITC, against GSTR-2B's ITC available for it (README.md: the reading
 * taken; reverse charge and imports are left out as GSTR-2B does not hold all of them, rule 36(1)(d), s.9(4)).
 */
export const DRC01C_COMPARED_ROWS: readonly ItcRow[] = ['4A(5)'];

/** One tax period: the ITC availed in GSTR-3B and the ITC available in GSTR-2B, by row of table 4A, paise per head. */
export type Drc01cPeriod = { period: string; gstr3b: ItcByRow; gstr2b: ItcByRow };

const sumRows = (itc: ItcByRow, rows: readonly ItcRow[]): Heads =>
  rows.reduce<Heads>((sum, row) => {
    const h = itc[row] ?? NO_TAX;
    return { igst: sum.igst + h.igst, cgst: sum.cgst + h.cgst, sgst: sum.sgst + h.sgst, cess: sum.cess + h.cess };
  }, NO_TAX);

/**
 * Whether the tax period(s) would draw a DRC-01C, checked on `asOf` (YYYY-MM-DD, the day GSTR-3B is filed), with
 * the subscriber's `threshold` or else the notified one, over `rows` of table 4A (by default DRC01C_COMPARED_ROWS).
 */
export const drc01cCheck = (input: {
  periods: readonly Drc01cPeriod[];
  asOf: string;
  threshold?: MismatchThreshold;
  rows?: readonly ItcRow[];
}): MismatchResult => {
  const rows = input.rows ?? DRC01C_COMPARED_ROWS;
  if (rows.length === 0 || rows.some((row) => !ITC_ROWS.includes(row))) throw new RangeError(`rows must be some of ${ITC_ROWS.join(', ')}`);
  const inForce = mismatchThresholdOn(DRC01C_THRESHOLDS, input.asOf);
  const table = `table ${rows.join(' + ')}`;
  return compareForMismatch(
    {
      form: 'DRC-01C',
      rule: 'Rule 88D',
      reported: `ITC availed in GSTR-3B ${table}`,
      baseline: `ITC available in GSTR-2B for ${table}`,
      inForceFrom: DRC01C_THRESHOLDS[0]!.effectiveFrom,
    },
    input.periods.map((p) => ({ period: p.period, reported: sumRows(p.gstr3b, rows), baseline: sumRows(p.gstr2b, rows) })),
    inForce === null ? null : (input.threshold ?? inForce),
    input.asOf,
  );
};

/**
 * Part B's reasons for a difference left unpaid (Form GST DRC-01C, Part B, the portal's drop-down; our wording of
 * it, see README.md); `others` needs the explanation in words.
 */
export const DRC01C_REASONS = {
  earlierPeriodCredit: 'ITC of documents in an earlier GSTR-2B, availed in this return',
  reclaimOfReversedCredit: 'ITC reversed earlier (table 4B(2)) and reclaimed in this return',
  importNotIn2b: 'IGST paid on imports, the bill of entry not yet in GSTR-2B',
  reverseChargeNotIn2b: 'ITC of tax paid under reverse charge on supplies not in GSTR-2B',
  reversedInLaterReturn: 'Excess ITC availed by mistake, reversed in a later GSTR-3B',
  others: 'Others',
} as const;
export type Drc01cReason = keyof typeof DRC01C_REASONS;

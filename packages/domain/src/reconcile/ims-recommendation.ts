// The action the reconciliation recommends on a supplier's record in IMS (Invoice Management System, live from
// October 2024; CGST Rules 60(7), GSTN advisories on IMS). In IMS the buyer accepts, rejects or keeps pending each
// record its suppliers reported; what is not acted on is deemed accepted when GSTR-2B is generated on the 14th. A
// record matched with the books is accepted; a near or differing one is kept pending until it is settled with the
// supplier (where the portal allows Pending: not for credit notes and some amendments, and from the October 2025
// period only for one tax period); one not in the books, or reported against another GSTIN of the buyer (ITC belongs
// to the registration in whose 2B it appears, CGST Act s.16(2)(aa)), is rejected so the supplier corrects it.
import type { ReconcileStatus } from './types';

export type ImsRecommendedAction = 'Accept' | 'Reject' | 'Pending';
export type ImsRecommendation = { action: ImsRecommendedAction; reason: string };

/** Pending, or Reject with the reason when the portal does not allow Pending for the record. */
const holdOr = (blocked: boolean, hold: string, instead: string): ImsRecommendation =>
  blocked ? { action: 'Reject', reason: `${instead} (Pending is not allowed for this record).` } : { action: 'Pending', reason: hold };

/** The recommendation for a row of this status, or null when the row has no supplier record (PR only, Awaiting 2B, Excluded). */
export const recommendImsAction = (status: ReconcileStatus, options: { isPendingActionBlocked: boolean }): ImsRecommendation | null => {
  const blocked = options.isPendingActionBlocked;
  switch (status) {
    case 'Matched':
      return { action: 'Accept', reason: 'Matches your books.' };
    case 'Matched due to tolerance':
      return { action: 'Accept', reason: 'Matches your books within your tolerances.' };
    case 'Near matched':
      return blocked
        ? {
            action: 'Accept',
            reason: 'A near match (the number differs slightly) and Pending is not allowed for this record: check the number, then accept.',
          }
        : { action: 'Pending', reason: 'A near match: the number differs slightly. Confirm it with the supplier, then accept.' };
    case 'Mismatched':
      return holdOr(
        blocked,
        'Differs from your books: keep it pending until the supplier amends it or you correct your books.',
        'Differs from your books: reject it with the difference in the remarks',
      );
    case 'Recipient GSTIN differs':
      return {
        action: 'Reject',
        reason: 'Reported against another of your GSTINs: reject it so the supplier reports it to the right one (s.16(2)(aa)).',
      };
    case 'GST only':
      return {
        action: 'Reject',
        reason: 'Not in your books: reject it unless you received the supply (then book it and run the reconciliation again).',
      };
    case 'Discarded':
      return { action: 'Reject', reason: 'You discarded this record.' };
    case 'PR only':
    case 'Awaiting 2B':
    case 'Excluded':
      return null;
  }
};

/**
 * Remarks on an IMS action reach the portal only for records of the October 2025 tax period on (GSTN advisory of
 * 23 September 2025: remarks on Reject and Pending, visible to the supplier); for earlier records the portal refuses
 * them, so they are kept in the product's own audit trail only.
 */
export const IMS_REMARKS_FROM_PERIOD = '102025';
export const imsRemarksAllowed = (supplierPeriod: string): boolean =>
  supplierPeriod.slice(2) + supplierPeriod.slice(0, 2) >= IMS_REMARKS_FROM_PERIOD.slice(2) + IMS_REMARKS_FROM_PERIOD.slice(0, 2);

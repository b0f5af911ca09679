// Where a correction of a filed GSTR-1 is reported: in exactly one return.
//
// A correction is a sales document that a filed return reported and that changed since (an amendment), or a document
// of a period whose GSTR-1 is filed that no filed return reported (a missed document). Two kinds of return may carry it:
// - the GSTR-1A of the period of that GSTR-1 (Rule 59(4A) CGST Rules, Notification 12/2024-CT, from the July 2024 tax
//   period): optional, once per period, open after the GSTR-1 is filed until the period's GSTR-3B is filed; it amends
//   that GSTR-1's records or adds missed ones. A record a GSTR-1A itself reported is amended in a later GSTR-1 (the
//   GSTR-1A is once only).
// - a GSTR-1 of any later period, in its amendment tables (b2ba, cdnra, ...) or, for a missed document, its own tables
//   (s.37(3) CGST Act: an omission or incorrect particulars are rectified in a later return).
// Filing both would report it twice. The rule: the first of them generated with the correction holds it, and every
// other return leaves it out while the holder is not filed (generating the holder again keeps it). Filing the holder
// locks the document as reported there, so it is no longer a correction; a change after that is a new correction of
// the holder's period. Until a return holds it, it goes into whichever the user generates first: the GSTR-1A, to
// correct the period before its GSTR-3B, or a later GSTR-1.
import { periodStart } from '../periods/financial-year';

/** GSTR-1A exists from the July 2024 tax period (Notification 12/2024-CT, 10-07-2024). */
export const GSTR1A_FIRST_PERIOD = '072024';

/** Whether a tax period ('MMYYYY') has a GSTR-1A. */
export const hasGstr1a = (period: string): boolean => periodStart(period) >= periodStart(GSTR1A_FIRST_PERIOD);

/**
 * The document types GSTR-1's document tables take (the builder's sectionOf: invoices, credit and debit notes, bills of
 * supply); vouchers, challans and the like are counted in table 13 only, so none of them is a missed document.
 */
export const GSTR1_DOCUMENT_TYPES = ['INV', 'CRN', 'DBN', 'BIL'] as const;

export type CorrectionReturn = { returnType: 'GSTR1' | 'GSTR1A'; returnPeriod: string };

export type Correction = {
  /** The filed return the correction is of: the one that reported the changed document, or the GSTR-1 that missed it. */
  of: CorrectionReturn;
  /** Whether the GSTR-1A of that period is filed (once per period). */
  gstr1aFiled: boolean;
  /** The unfiled return whose last generation took the correction, if any. */
  heldBy: CorrectionReturn | null;
};

export const isSameReturn = (a: CorrectionReturn, b: CorrectionReturn): boolean =>
  a.returnType === b.returnType && a.returnPeriod === b.returnPeriod;

/** Whether a return may report the correction at all, whoever holds it. */
export const mayReportCorrection = (target: CorrectionReturn, c: Correction): boolean =>
  target.returnType === 'GSTR1A'
    ? c.of.returnType === 'GSTR1' && target.returnPeriod === c.of.returnPeriod && hasGstr1a(target.returnPeriod) && !c.gstr1aFiled
    : periodStart(target.returnPeriod) > periodStart(c.of.returnPeriod);

/** Whether generating the return now takes the correction: it may report it and no other return holds it. */
export const takesCorrection = (target: CorrectionReturn, c: Correction): boolean =>
  mayReportCorrection(target, c) && (c.heldBy === null || isSameReturn(c.heldBy, target));

/**
 * Where the correction is or will be reported, for the screens: the return that holds it, or, while none does, the
 * GSTR-1A of its period when that may still take it (otherwise only a later GSTR-1 can).
 */
export type CorrectionPlace = { held: CorrectionReturn } | { open: { gstr1a: CorrectionReturn | null } };

export const placeOfCorrection = (c: Correction): CorrectionPlace => {
  if (c.heldBy) return { held: c.heldBy };
  const gstr1a: CorrectionReturn = { returnType: 'GSTR1A', returnPeriod: c.of.returnPeriod };
  return { open: { gstr1a: mayReportCorrection(gstr1a, c) ? gstr1a : null } };
};

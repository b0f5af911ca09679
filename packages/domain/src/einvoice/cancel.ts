// Whether an IRN may be cancelled now (GST-RULES-DETAIL §3, NIC e-invoice API "Cancel IRN"): the whole IRN only, within
// 24 hours of its acknowledgement (the IRP answers 2270 after), and not while an e-way bill generated for the document
// is live (2230: cancel the e-way bill first). After 24 hours the supplier issues a credit note or amends in GSTR-1
// (section 34). The product refuses what the IRP would, with the IRP's code, before calling it.

import { istDateTimeText } from '../ewaybill/validity';

const HOUR_MS = 3_600_000;
export const IRN_CANCEL_HOURS = 24;

export type IrnCancelInput = {
  /** The IRP's acknowledgement time of the IRN (AckDt). */
  ackAt: Date;
  /** The number of a live (not cancelled, rejected or expired) e-way bill of the document, if any. */
  liveEwbNumber: string | null;
  at: Date;
};

export type IrnCancelCheck = { allowed: true } | { allowed: false; code: '2270' | '2230'; reason: string };

/** The IRP's refusal the product foresees for cancelling an IRN at `at`, or allowed. */
export const checkIrnCancel = ({ ackAt, liveEwbNumber, at }: IrnCancelInput): IrnCancelCheck => {
  const until = new Date(ackAt.getTime() + IRN_CANCEL_HOURS * HOUR_MS);
  if (at.getTime() > until.getTime())
    return {
      allowed: false,
      code: '2270',
      reason: `An IRN may be cancelled within 24 hours of its acknowledgement, until ${istDateTimeText(until)}; after that issue a credit note or amend the invoice in GSTR-1.`,
    };
  if (liveEwbNumber)
    return {
      allowed: false,
      code: '2230',
      reason: `E-way bill ${liveEwbNumber} of this document is live: cancel the e-way bill first, then the IRN.`,
    };
  return { allowed: true };
};

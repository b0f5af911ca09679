// What to pay a supplier now and what GST to hold back, from the reconciliation's answer for the invoice. A buyer's
// ITC needs the supplier to report the invoice (GSTR-1 → the buyer's GSTR-2B, s.16(2)(aa) CGST Act) and to pay the tax
// (GSTR-3B, s.16(2)(c)); a finance team therefore pays the invoice value less the GST it cannot yet claim and releases
// that GST when the invoice appears. All amounts are integer paise.
import { addDays, daysBetween, isIsoDate } from '../dates/index';
import { mulDivRoundHalfAway } from '../money/rounding';
import { dueDate } from '../periods/due-dates';
import type { ReconcileStatus } from '../reconcile/types';
import { wrongCreditInterest } from '../gstr3b/interest';

/** Why GST is held back (the reconciliation's answer, or the supplier's filing). */
export const HOLD_REASONS = [
  'NotReconciled',
  'NotIn2B',
  'Awaiting2B',
  'AmountMismatch',
  'RecipientGstinDiffers',
  'SupplierNotFiledGstr1',
  'SupplierNotFiledGstr3b',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** A purchase invoice as the payment sees it: its figures, and what was paid and held back so far. */
export type PayableInvoice = {
  /** YYYY-MM-DD */
  documentDate: string;
  /** MMYYYY: the period it was booked in, whose GSTR-3B claims its credit. */
  returnPeriod: string;
  /** The invoice value (taxable + GST), owed to the supplier. */
  value: number;
  /** The GST on it (IGST + CGST + SGST + cess): the ITC the buyer claims. */
  tax: number;
  /** Paid to the supplier so far, released holds included. */
  paid: number;
  /** GST held back by earlier payments and not yet released. */
  held: number;
};

/** The reconciliation's latest answer for the invoice; null when no run has reconciled it yet. */
export type InvoiceReconciliation = {
  status: ReconcileStatus;
  /** The tax the books and the supplier's GSTR-2B show for the pair (paise). */
  booksTax: number;
  portalTax: number;
  /** The returns the supplier has not filed for the invoice's period, as far as the portal has told us. */
  supplierNotFiled: readonly ('GSTR1' | 'GSTR3B')[];
} | null;

export type Rule37Clock = {
  /** The 180th day after the invoice date (Rule 37(1)). */
  dueDate: string;
  /** Days from `asOf` to the due date; negative once past it. */
  daysLeft: number;
  /** Past the due date with part of the value still unpaid. */
  isOverdue: boolean;
  /** The credit claimed on the unpaid part, proportionate to it (Rule 37(1) as amended by Notification 19/2022-CT). */
  itcToReverse: number;
  /** Interest on that credit under s.50(3) from the day it was availed to `asOf`, as if utilised throughout (the most). */
  interest: number;
};

export type PaymentHold = {
  /** The GST that should stand held for the invoice as the reconciliation stands now, and why (null reason: nothing). */
  hold: number;
  reason: HoldReason | null;
  /** Value neither paid nor held yet. */
  outstanding: number;
  /** What to pay the supplier now, and what to hold back from the outstanding value now (they add up to it). */
  payableNow: number;
  holdNow: number;
  /** Held earlier and no longer needed (the invoice has since appeared or the supplier has filed): pay it now. */
  releasable: number;
  clock: Rule37Clock;
};

/** Rule 37(1) CGST Rules: the recipient pays the supplier within 180 days from the date of the invoice. */
export const RULE37_DAYS = 180;

const check = (what: string, paise: number) => {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`${what} must be whole paise, not negative: ${paise}`);
};

/**
 * The GST at risk on the invoice and the reason. The supplier's missing returns come first: without its GSTR-1 the
 * invoice cannot reach the 2B (s.16(2)(aa)), and without its GSTR-3B the tax is not paid (s.16(2)(c)), whatever the
 * match; the whole tax is held either way.
 */
const holdOf = (tax: number, reconciliation: InvoiceReconciliation): { hold: number; reason: HoldReason | null } => {
  // Never reconciled: nothing says the supplier reported it, and the credit may not be claimed on the books alone.
  if (reconciliation === null) return { hold: tax, reason: 'NotReconciled' };
  if (reconciliation.supplierNotFiled.includes('GSTR1')) return { hold: tax, reason: 'SupplierNotFiledGstr1' };
  if (reconciliation.supplierNotFiled.includes('GSTR3B')) return { hold: tax, reason: 'SupplierNotFiledGstr3b' };
  switch (reconciliation.status) {
    case 'Matched':
    case 'Matched due to tolerance':
    // Excluded and discarded rows are a user's decision that the document is outside the reconciliation (an import
    // of goods, an ineligible credit): the 2B says nothing about them, so nothing is held on its account.
    case 'Excluded':
    case 'Discarded':
    // A supplier's document the books lack: no purchase invoice to pay.
    case 'GST only':
      return { hold: 0, reason: null };
    case 'PR only':
      return { hold: tax, reason: 'NotIn2B' };
    // Reported in the 2A or IMS but in no 2B yet: the credit comes with a later 2B (s.16(2)(aa)), not before.
    case 'Awaiting 2B':
      return { hold: tax, reason: 'Awaiting2B' };
    // Reported against another GSTIN of the buyer: the credit sits in that GSTIN's 2B, not this one's.
    case 'Recipient GSTIN differs':
      return { hold: tax, reason: 'RecipientGstinDiffers' };
    // Hold the shortfall, not the whole tax: the credit is capped at what the supplier reported (s.16(2)(aa)), so the
    // tax in the 2B is already secured for the buyer and the shortfall is all it stands to lose. Holding the whole tax
    // would withhold from the supplier money it has already made good. A pair differing in number, date or taxable
    // value but not short of tax holds nothing.
    case 'Mismatched':
    case 'Near matched': {
      const shortfall = Math.min(tax, Math.max(0, reconciliation.booksTax - reconciliation.portalTax));
      return shortfall > 0 ? { hold: shortfall, reason: 'AmountMismatch' } : { hold: 0, reason: null };
    }
    default: {
      const unknown: never = reconciliation.status;
      throw new RangeError(`unknown reconciliation status ${String(unknown)}`);
    }
  }
};

/**
 * Rule 37(1)-(2) CGST Rules (as amended by Notification 19/2022-CT from 01-10-2022): credit on a value not paid within
 * 180 days of the invoice is added to the output tax, proportionately to the unpaid value, with interest under s.50;
 * it is reclaimed when the supplier is paid. The credit counted is the part the buyer could claim (the tax less the
 * hold the reconciliation calls for); it is taken as availed with the GSTR-3B of the period booked (its due date,
 * monthly) and, for the interest, as utilised throughout (s.50(3), Rule 88B(3)): the most the buyer can owe.
 */
const clockOf = (invoice: PayableInvoice, hold: number, asOf: string): Rule37Clock => {
  const due = addDays(invoice.documentDate, RULE37_DAYS);
  const daysLeft = daysBetween(asOf, due);
  const unpaid = Math.max(0, invoice.value - invoice.paid);
  const isOverdue = daysLeft < 0 && unpaid > 0;
  if (!isOverdue || invoice.value === 0) return { dueDate: due, daysLeft, isOverdue, itcToReverse: 0, interest: 0 };
  const claimed = Math.max(0, invoice.tax - hold);
  const itcToReverse = mulDivRoundHalfAway(claimed, unpaid, invoice.value);
  const availedOn = dueDate('GSTR3B', invoice.returnPeriod);
  const { interest } =
    itcToReverse > 0 && daysBetween(availedOn, asOf) > 0
      ? wrongCreditInterest({ wronglyAvailed: itcToReverse, availedOn, reversedOn: asOf, ledger: [{ on: availedOn, balance: 0 }] })
      : { interest: 0 };
  return { dueDate: due, daysLeft, isOverdue, itcToReverse, interest };
};

/** What to pay on one invoice on `asOf` (YYYY-MM-DD), what to hold back and why, and its Rule 37 clock. */
export const paymentHoldOf = (invoice: PayableInvoice, reconciliation: InvoiceReconciliation, asOf: string): PaymentHold => {
  if (!isIsoDate(invoice.documentDate)) throw new RangeError(`documentDate must be YYYY-MM-DD: ${invoice.documentDate}`);
  if (!isIsoDate(asOf)) throw new RangeError(`asOf must be YYYY-MM-DD: ${asOf}`);
  check('value', invoice.value);
  check('tax', invoice.tax);
  check('paid', invoice.paid);
  check('held', invoice.held);
  if (invoice.tax > invoice.value) throw new RangeError(`tax ${invoice.tax} exceeds the invoice value ${invoice.value}`);
  if (invoice.paid + invoice.held > invoice.value)
    throw new RangeError(`paid ${invoice.paid} and held ${invoice.held} exceed the invoice value ${invoice.value}`);
  const { hold, reason } = holdOf(invoice.tax, reconciliation);
  const outstanding = invoice.value - invoice.paid - invoice.held;
  const holdNow = Math.min(outstanding, Math.max(0, hold - invoice.held));
  return {
    hold,
    // A reason only where something is held (an invoice without tax holds nothing, whatever the 2B says).
    reason: hold > 0 ? reason : null,
    outstanding,
    payableNow: outstanding - holdNow,
    holdNow,
    releasable: Math.max(0, invoice.held - hold),
    clock: clockOf(invoice, hold, asOf),
  };
};

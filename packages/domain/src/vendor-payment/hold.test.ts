import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECONCILE_STATUSES } from '../reconcile/types';
import { paymentHoldOf, type InvoiceReconciliation, type PayableInvoice } from './hold';

// ₹1,18,000 invoice: ₹1,00,000 taxable and ₹18,000 IGST, booked in April 2025.
const invoice = (over: Partial<PayableInvoice> = {}): PayableInvoice => ({
  documentDate: '2025-04-10',
  returnPeriod: '042025',
  value: 11_800_000,
  tax: 1_800_000,
  paid: 0,
  held: 0,
  ...over,
});
const rec = (status: NonNullable<InvoiceReconciliation>['status'], over: Partial<NonNullable<InvoiceReconciliation>> = {}) => ({
  status,
  booksTax: 1_800_000,
  portalTax: 1_800_000,
  supplierNotFiled: [] as ('GSTR1' | 'GSTR3B')[],
  ...over,
});
const ASOF = '2025-05-01';

describe('paymentHoldOf: what is held and why', () => {
  it('pays a matched invoice in full', () => {
    const r = paymentHoldOf(invoice(), rec('Matched'), ASOF);
    expect(r).toMatchObject({ hold: 0, reason: null, outstanding: 11_800_000, payableNow: 11_800_000, holdNow: 0, releasable: 0 });
  });

  it('holds the whole tax of an invoice missing from the 2B, awaiting it, or reported to another GSTIN', () => {
    expect(paymentHoldOf(invoice(), rec('PR only'), ASOF)).toMatchObject({ reason: 'NotIn2B', holdNow: 1_800_000, payableNow: 10_000_000 });
    expect(paymentHoldOf(invoice(), rec('Awaiting 2B'), ASOF)).toMatchObject({ reason: 'Awaiting2B', holdNow: 1_800_000 });
    expect(paymentHoldOf(invoice(), rec('Recipient GSTIN differs'), ASOF)).toMatchObject({
      reason: 'RecipientGstinDiffers',
      holdNow: 1_800_000,
    });
    expect(paymentHoldOf(invoice(), null, ASOF)).toMatchObject({ reason: 'NotReconciled', holdNow: 1_800_000 });
  });

  it('holds only the shortfall of tax on a mismatch, and nothing when the 2B shows as much tax or more', () => {
    const short = paymentHoldOf(invoice(), rec('Mismatched', { portalTax: 1_500_000 }), ASOF);
    expect(short).toMatchObject({ hold: 300_000, reason: 'AmountMismatch', payableNow: 11_500_000, holdNow: 300_000 });
    const near = paymentHoldOf(invoice(), rec('Near matched', { portalTax: 1_700_000 }), ASOF);
    expect(near).toMatchObject({ hold: 100_000, reason: 'AmountMismatch' });
    expect(paymentHoldOf(invoice(), rec('Mismatched', { portalTax: 1_900_000 }), ASOF)).toMatchObject({ hold: 0, reason: null });
  });

  it('holds the whole tax of a matched invoice whose supplier has not filed GSTR-1 or GSTR-3B (s.16(2)(aa), (c))', () => {
    expect(paymentHoldOf(invoice(), rec('Matched', { supplierNotFiled: ['GSTR3B'] }), ASOF)).toMatchObject({
      reason: 'SupplierNotFiledGstr3b',
      hold: 1_800_000,
    });
    expect(paymentHoldOf(invoice(), rec('Mismatched', { supplierNotFiled: ['GSTR3B', 'GSTR1'] }), ASOF)).toMatchObject({
      reason: 'SupplierNotFiledGstr1',
      hold: 1_800_000,
    });
  });

  it('releases what was held once the invoice is matched, and holds no more than before', () => {
    const paid = invoice({ paid: 10_000_000, held: 1_800_000 });
    expect(paymentHoldOf(paid, rec('Matched'), ASOF)).toMatchObject({ outstanding: 0, payableNow: 0, holdNow: 0, releasable: 1_800_000 });
    expect(paymentHoldOf(paid, rec('PR only'), ASOF)).toMatchObject({ releasable: 0, holdNow: 0 });
    // Part of the tax now reported: the rest of the hold stays.
    expect(paymentHoldOf(paid, rec('Mismatched', { portalTax: 1_500_000 }), ASOF)).toMatchObject({ releasable: 1_500_000 });
  });

  it('refuses amounts that are not whole paise or do not add up', () => {
    expect(() => paymentHoldOf(invoice({ tax: 1.5 }), null, ASOF)).toThrow(RangeError);
    expect(() => paymentHoldOf(invoice({ paid: 11_000_000, held: 1_800_000 }), null, ASOF)).toThrow(RangeError);
    expect(() => paymentHoldOf(invoice(), null, '01-05-2025')).toThrow(RangeError);
  });
});

describe('paymentHoldOf: the Rule 37 clock', () => {
  it('counts 180 days from the invoice date: the last day is not overdue, the next is', () => {
    const last = paymentHoldOf(invoice(), rec('Matched'), '2025-10-07');
    expect(last.clock).toMatchObject({ dueDate: '2025-10-07', daysLeft: 0, isOverdue: false, itcToReverse: 0, interest: 0 });
    const next = paymentHoldOf(invoice(), rec('Matched'), '2025-10-08');
    expect(next.clock).toMatchObject({ daysLeft: -1, isOverdue: true, itcToReverse: 1_800_000 });
  });

  it('reverses the credit in proportion to the unpaid value, with s.50(3) interest from the GSTR-3B due date', () => {
    // Half the value unpaid: half the ₹18,000 credit; availed 20-05-2025 (April's GSTR-3B), 141 days to 08-10-2025:
    // ₹9,000 × 18% × 141 / 365 = ₹625.81, rounded to ₹626 (s.170).
    const r = paymentHoldOf(invoice({ paid: 5_900_000 }), rec('Matched'), '2025-10-08');
    expect(r.clock).toMatchObject({ isOverdue: true, itcToReverse: 900_000, interest: 62_600 });
  });

  it('reverses nothing of a credit the buyer could not claim, nor of an invoice paid in full', () => {
    expect(paymentHoldOf(invoice(), rec('PR only'), '2025-12-01').clock).toMatchObject({ isOverdue: true, itcToReverse: 0, interest: 0 });
    expect(paymentHoldOf(invoice({ paid: 11_800_000 }), rec('Matched'), '2025-12-01').clock).toMatchObject({
      isOverdue: false,
      itcToReverse: 0,
    });
  });
});

describe('paymentHoldOf: properties', () => {
  const arbitrary = fc
    .record({
      value: fc.integer({ min: 0, max: 10_000_000_000 }),
      taxShare: fc.double({ min: 0, max: 1, noNaN: true }),
      paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
      heldShare: fc.double({ min: 0, max: 1, noNaN: true }),
      portalShare: fc.double({ min: 0, max: 1.2, noNaN: true }),
      status: fc.constantFrom(...RECONCILE_STATUSES),
      notFiled: fc.subarray(['GSTR1', 'GSTR3B'] as const),
      reconciled: fc.boolean(),
      days: fc.integer({ min: 0, max: 400 }),
    })
    .map((a) => {
      const tax = Math.floor(a.value * a.taxShare);
      const paid = Math.floor(a.value * a.paidShare);
      const held = Math.floor((a.value - paid) * a.heldShare);
      const reconciliation: InvoiceReconciliation = a.reconciled
        ? { status: a.status, booksTax: tax, portalTax: Math.floor(tax * a.portalShare), supplierNotFiled: a.notFiled }
        : null;
      const day = new Date(Date.UTC(2025, 3, 10 + a.days)).toISOString().slice(0, 10);
      return { invoice: invoice({ value: a.value, tax, paid, held }), reconciliation, asOf: day };
    });

  it('pays and holds exactly the outstanding value, in whole paise, holding at most the tax', () => {
    fc.assert(
      fc.property(arbitrary, ({ invoice: inv, reconciliation, asOf }) => {
        const r = paymentHoldOf(inv, reconciliation, asOf);
        expect(r.payableNow + r.holdNow).toBe(r.outstanding);
        expect(r.outstanding).toBe(inv.value - inv.paid - inv.held);
        for (const n of [r.hold, r.payableNow, r.holdNow, r.releasable, r.clock.itcToReverse, r.clock.interest]) {
          expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
        }
        expect(r.hold).toBeLessThanOrEqual(inv.tax);
        expect(r.releasable).toBeLessThanOrEqual(inv.held);
        // After paying and holding as told, the GST held is what the reconciliation calls for, or all that was left.
        expect(inv.held + r.holdNow - r.releasable).toBe(Math.min(r.hold, inv.held + r.outstanding));
        expect(r.clock.itcToReverse).toBeLessThanOrEqual(inv.tax - r.hold);
        expect(r.reason === null).toBe(r.hold === 0);
      }),
    );
  });
});

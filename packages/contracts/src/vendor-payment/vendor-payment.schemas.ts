import { z } from 'zod';
import { HOLD_REASONS, isIsoDate } from '@opengst/domain';
import { ReconciliationStatusSchema } from '../reconciliation/reconciliation.schemas';

// Vendor payments with the GST portion held back (spec core §2 /initiate-payment, /initiate-payment-invoice,
// /pay-initiate-payment): per supplier of the user's locations, the open purchase invoices, what to pay now and the GST
// to hold until the invoice reaches the buyer's GSTR-2B (s.16(2)(aa) CGST Act), and the Rule 37 clock of 180 days.
// Amounts in paise; dates YYYY-MM-DD.

const id = z.number().int().positive();
const paise = z.number().int().min(0);
const isoDate = z.string().refine(isIsoDate, 'A date is a real day, YYYY-MM-DD.');
const gstin = z.string().trim().toUpperCase().max(15);

export const HoldReasonSchema = z.enum(HOLD_REASONS);
export type HoldReason = z.infer<typeof HoldReasonSchema>;

/** The vendor list's filters: locations (none: all the user's), part of the supplier's GSTIN or name. */
export const VendorPaymentFiltersSchema = z.object({
  entityIds: z.array(id).max(1000).optional(),
  supplierGstin: z.string().trim().max(15).optional(),
  supplierName: z.string().trim().max(100).optional(),
});
export type VendorPaymentFilters = z.infer<typeof VendorPaymentFiltersSchema>;

export const VENDOR_PAYMENT_SORT_FIELDS = [
  'supplierName',
  'supplierGstin',
  'outstanding',
  'payableNow',
  'held',
  'releasable',
  'itcToReverse',
] as const;

export const VendorListRequestSchema = z.object({
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
  sortExpression: z.string().max(100).nullish(),
  filters: VendorPaymentFiltersSchema.optional(),
});
export type VendorListRequest = z.input<typeof VendorListRequestSchema>;

const vendorFigures = {
  /** Open invoices: some value still unpaid or some GST still held. */
  openInvoices: z.number().int(),
  invoiceValue: paise,
  tax: paise,
  /** Value neither paid nor held yet. */
  outstanding: paise,
  /** What to pay now, and what of the outstanding value to hold back now. */
  payableNow: paise,
  holdNow: paise,
  /** GST held by earlier payments and not released. */
  held: paise,
  /** Of it, what the reconciliation no longer calls to hold (the invoice has since appeared): pay it now. */
  releasable: paise,
  /** Rule 37: invoices past 180 days with value unpaid, those due within 30 days, and the credit to reverse. */
  overdueInvoices: z.number().int(),
  dueSoonInvoices: z.number().int(),
  itcToReverse: paise,
  interest: paise,
};

/** One supplier (GSTIN) of the user's locations with open purchase invoices. */
export const VendorPaymentRowSchema = z.object({
  supplierGstin: z.string(),
  supplierName: z.string().nullable(),
  ...vendorFigures,
  /** The earliest Rule 37 due date of the open invoices. */
  earliestDueDate: z.string().nullable(),
});
export type VendorPaymentRow = z.infer<typeof VendorPaymentRowSchema>;

export const VendorTotalsSchema = z.object(vendorFigures);
export type VendorTotals = z.infer<typeof VendorTotalsSchema>;

export const VendorListResponseSchema = z.object({
  items: z.array(VendorPaymentRowSchema),
  totalRecords: z.number().int(),
  totals: VendorTotalsSchema,
});
export type VendorListResponse = z.infer<typeof VendorListResponseSchema>;

export const VendorExportRequestSchema = z.object({
  sortExpression: z.string().max(100).nullish(),
  filters: VendorPaymentFiltersSchema.optional(),
});

/** The open invoices of one or more suppliers (the invoice screen: one; the pay screen: those chosen). */
export const VendorInvoicesRequestSchema = z.object({
  supplierGstins: z.array(gstin).min(1).max(100),
  entityIds: z.array(id).max(1000).optional(),
});
export type VendorInvoicesRequest = z.infer<typeof VendorInvoicesRequestSchema>;

/** One open purchase invoice: its figures, the reconciliation's answer, the hold and its reason, and its Rule 37 clock. */
export const VendorInvoiceSchema = z.object({
  documentId: id,
  entityId: id,
  /** The recipient GSTIN (the location's). */
  gstin: z.string(),
  supplierGstin: z.string(),
  supplierName: z.string().nullable(),
  documentType: z.string(),
  documentNumber: z.string(),
  documentDate: z.string(),
  returnPeriod: z.string(),
  invoiceValue: paise,
  tax: paise,
  paid: paise,
  held: paise,
  outstanding: paise,
  /** The latest completed reconciliation's status of the invoice; null when none has reconciled it. */
  reconciliationStatus: ReconciliationStatusSchema.nullable(),
  /** The GST the reconciliation calls to hold now, and why (null: nothing held). */
  hold: paise,
  holdReason: HoldReasonSchema.nullable(),
  payableNow: paise,
  holdNow: paise,
  releasable: paise,
  dueDate: z.string(),
  daysLeft: z.number().int(),
  isOverdue: z.boolean(),
  itcToReverse: paise,
  interest: paise,
});
export type VendorInvoice = z.infer<typeof VendorInvoiceSchema>;

export const VendorInvoicesResponseSchema = z.object({ items: z.array(VendorInvoiceSchema) });

/** A payment: per invoice what is paid to the supplier and what GST is held back. */
export const PaymentSaveRequestSchema = z.object({
  paymentDate: isoDate,
  reference: z.string().trim().min(1).max(50),
  remarks: z.string().trim().max(500).optional(),
  lines: z
    .array(z.object({ documentId: id, paid: paise, held: paise }))
    .min(1)
    .max(5000)
    .refine((lines) => new Set(lines.map((l) => l.documentId)).size === lines.length, 'An invoice appears once in a payment.'),
});
export type PaymentSaveRequest = z.infer<typeof PaymentSaveRequestSchema>;

/** A release: per invoice the held GST now paid to the supplier. */
export const ReleaseSaveRequestSchema = z.object({
  paymentDate: isoDate,
  reference: z.string().trim().min(1).max(50),
  remarks: z.string().trim().max(500).optional(),
  lines: z
    .array(z.object({ documentId: id, amount: z.number().int().min(1) }))
    .min(1)
    .max(5000)
    .refine((lines) => new Set(lines.map((l) => l.documentId)).size === lines.length, 'An invoice appears once in a release.'),
});
export type ReleaseSaveRequest = z.infer<typeof ReleaseSaveRequestSchema>;

/** A recorded payment or release. */
export const VendorPaymentRecordSchema = z.object({
  id,
  kind: z.enum(['Payment', 'Release']),
  paymentDate: z.string(),
  reference: z.string(),
  remarks: z.string().nullable(),
  invoices: z.number().int(),
  paid: paise,
  held: paise,
  released: paise,
});
export type VendorPaymentRecord = z.infer<typeof VendorPaymentRecordSchema>;

import type { HoldReason } from './vendor-payment.schemas';

// UI text of the vendor payment screens (English). Keys are stable; translations replace the values.

/** Why GST is held, in words, with the provision that makes it a risk. */
export const HOLD_REASON_TEXT: Readonly<Record<HoldReason, string>> = {
  NotReconciled: 'Not reconciled yet: no run has compared it with the GSTR-2B',
  NotIn2B: 'Not in GSTR-2B: the supplier has not reported it (s.16(2)(aa))',
  Awaiting2B: 'Awaiting GSTR-2B: reported in GSTR-1/IFF, credit comes with a later 2B',
  AmountMismatch: 'Tax in GSTR-2B is less than in the books: the shortfall is held',
  RecipientGstinDiffers: 'Reported against another GSTIN of yours',
  SupplierNotFiledGstr1: 'Supplier has not filed GSTR-1 for the period',
  SupplierNotFiledGstr3b: 'Supplier has not filed GSTR-3B: tax not paid (s.16(2)(c))',
};

export const VENDOR_PAYMENT_TEXT = {
  'vendorPayment.title': 'Vendor payment',
  'vendorPayment.invoicesTitle': 'Payment tax invoice',
  'vendorPayment.payTitle': 'Pay',
  'vendorPayment.intro':
    'Pay suppliers the invoice value less the GST you cannot claim yet; release it when the invoice appears in your GSTR-2B. Pay within 180 days of the invoice, or the credit is reversed with interest (Rule 37).',
  'vendorPayment.filter.gstin': 'Supplier GSTIN',
  'vendorPayment.filter.name': 'Supplier name',
  'vendorPayment.supplierGstin': 'Supplier GSTIN',
  'vendorPayment.supplierName': 'Supplier',
  'vendorPayment.openInvoices': 'Open invoices',
  'vendorPayment.invoiceValue': 'Invoice value',
  'vendorPayment.tax': 'GST',
  'vendorPayment.outstanding': 'Outstanding',
  'vendorPayment.payableNow': 'Payable now',
  'vendorPayment.holdNow': 'Hold now',
  'vendorPayment.held': 'Held',
  'vendorPayment.releasable': 'Releasable now',
  'vendorPayment.overdue': '180 days passed',
  'vendorPayment.dueSoon': 'Due in 30 days',
  'vendorPayment.itcToReverse': 'ITC to reverse',
  'vendorPayment.interest': 'Interest',
  'vendorPayment.earliestDue': 'Earliest 180-day date',
  'vendorPayment.gstin': 'Your GSTIN',
  'vendorPayment.allGstins': 'All your GSTINs',
  'vendorPayment.documentNumber': 'Invoice',
  'vendorPayment.documentDate': 'Date',
  'vendorPayment.paid': 'Paid',
  'vendorPayment.status': 'Reconciliation',
  'vendorPayment.notReconciled': 'Not reconciled',
  'vendorPayment.holdReason': 'Why held',
  'vendorPayment.dueDate': '180 days on',
  'vendorPayment.daysLeft': '{n} days left',
  'vendorPayment.daysOver': '{n} days over',
  'vendorPayment.empty': 'No open purchase invoices. Import your purchase register and reconcile it with GSTR-2B.',
  'vendorPayment.invoicesEmpty': 'No open invoices of this supplier.',
  'vendorPayment.pay': 'Pay selected',
  'vendorPayment.open': 'Invoices',
  'vendorPayment.payInvoices': 'Pay selected invoices',
  'vendorPayment.release': 'Release held GST',
  'vendorPayment.back': 'Back to vendors',
  'vendorPayment.paymentDate': 'Payment date',
  'vendorPayment.reference': 'Payment reference',
  'vendorPayment.remarks': 'Remarks',
  'vendorPayment.confirm': 'Record payment',
  'vendorPayment.confirmRelease': 'Record release',
  'vendorPayment.nothingChosen': 'Choose vendors or invoices on the vendor payment screen first.',
  'vendorPayment.recorded': 'Payment recorded: {paid} paid, {held} GST held.',
  'vendorPayment.released': 'Release recorded: {released} paid.',
  'vendorPayment.awaitingRelease': 'Held GST awaiting release',
  'vendorPayment.awaitingReleaseEmpty': 'Nothing held for these suppliers.',
  'vendorPayment.releaseHint': 'Releasable now: the invoice has since appeared in your GSTR-2B (or the supplier has filed).',
  'vendorPayment.total': 'Total',
  'vendorPayment.overdueWarning':
    '{n} invoices are past 180 days: ITC of ₹ {amount} is to be reversed with interest of ₹ {interest} (Rule 37, s.50(3)) unless paid.',
  'vendorPayment.loadFailed': 'The vendor payments could not be loaded.',
} as const;
export type VendorPaymentTextKey = keyof typeof VENDOR_PAYMENT_TEXT;

/** The text of a key with its {placeholders} filled. */
export const vendorPaymentText = (key: VendorPaymentTextKey, values: Record<string, string | number> = {}): string =>
  VENDOR_PAYMENT_TEXT[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

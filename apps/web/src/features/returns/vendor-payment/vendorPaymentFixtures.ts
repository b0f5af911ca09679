import type { VendorInvoice, VendorPaymentRow } from '@opengst/contracts';

// Answers of the vendor payment API for the screen tests.

export const ACME = '27AAACA1111A1Z1';

export const vendorRow = (patch: Partial<VendorPaymentRow> = {}): VendorPaymentRow => ({
  supplierGstin: ACME,
  supplierName: 'Acme Steel',
  openInvoices: 2,
  invoiceValue: 177_000_00,
  tax: 27_000_00,
  outstanding: 177_000_00,
  payableNow: 168_000_00,
  holdNow: 9_000_00,
  held: 0,
  releasable: 0,
  overdueInvoices: 0,
  dueSoonInvoices: 1,
  itcToReverse: 0,
  interest: 0,
  earliestDueDate: '2025-09-06',
  ...patch,
});

export const invoice = (patch: Partial<VendorInvoice> = {}): VendorInvoice => ({
  documentId: 11,
  entityId: 5,
  gstin: '07AAACT1234F1Z5',
  supplierGstin: ACME,
  supplierName: 'Acme Steel',
  documentType: 'INV',
  documentNumber: 'VP-1',
  documentDate: '2025-03-10',
  returnPeriod: '032025',
  invoiceValue: 118_000_00,
  tax: 18_000_00,
  paid: 0,
  held: 0,
  outstanding: 118_000_00,
  reconciliationStatus: 'Matched',
  hold: 0,
  holdReason: null,
  payableNow: 118_000_00,
  holdNow: 0,
  releasable: 0,
  dueDate: '2025-09-06',
  daysLeft: 20,
  isOverdue: false,
  itcToReverse: 0,
  interest: 0,
  ...patch,
});

export const prOnly = (patch: Partial<VendorInvoice> = {}): VendorInvoice =>
  invoice({
    documentId: 12,
    documentNumber: 'VP-2',
    invoiceValue: 59_000_00,
    tax: 9_000_00,
    outstanding: 59_000_00,
    reconciliationStatus: 'PR only',
    hold: 9_000_00,
    holdReason: 'NotIn2B',
    payableNow: 50_000_00,
    holdNow: 9_000_00,
    ...patch,
  });

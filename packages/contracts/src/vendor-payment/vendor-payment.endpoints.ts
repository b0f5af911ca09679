import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  PaymentSaveRequestSchema,
  ReleaseSaveRequestSchema,
  VendorExportRequestSchema,
  VendorInvoicesRequestSchema,
  VendorInvoicesResponseSchema,
  VendorListRequestSchema,
  VendorListResponseSchema,
  VendorPaymentRecordSchema,
} from './vendor-payment.schemas';

// The endpoints of vendor payments (spec core §2 /initiate-payment, /initiate-payment-invoice, /pay-initiate-payment).

const BASE = `${API_ROOT}/vendorPayment`;

export const VENDOR_PAYMENT_ENDPOINTS = {
  /** The vendors with open invoices, a page of them, with the totals over every matching vendor. */
  vendors: defineEndpoint({
    method: 'POST',
    path: `${BASE}/vendors/search`,
    body: VendorListRequestSchema,
    response: VendorListResponseSchema,
  }),
  /** xlsx of every matching vendor in the screen's sort. */
  vendorsExport: defineEndpoint({ method: 'POST', path: `${BASE}/vendors/export`, body: VendorExportRequestSchema, response: 'file' }),
  /** The open invoices of the chosen suppliers. */
  invoices: defineEndpoint({
    method: 'POST',
    path: `${BASE}/invoices`,
    body: VendorInvoicesRequestSchema,
    response: VendorInvoicesResponseSchema,
  }),
  /** Records a payment: per invoice what was paid and what GST was held back. */
  pay: defineEndpoint({ method: 'POST', path: `${BASE}/pay`, body: PaymentSaveRequestSchema, response: VendorPaymentRecordSchema }),
  /** Records the release (payment) of held GST. */
  release: defineEndpoint({ method: 'POST', path: `${BASE}/release`, body: ReleaseSaveRequestSchema, response: VendorPaymentRecordSchema }),
};

export const VENDOR_PAYMENT_API = pathsOf(VENDOR_PAYMENT_ENDPOINTS);

/** The vendor list's file name. */
export const VENDOR_PAYMENT_EXPORT_FILE = 'vendor-payments.xlsx';

import {
  VENDOR_PAYMENT_ENDPOINTS as E,
  type PaymentSaveRequest,
  type ReleaseSaveRequest,
  type VendorInvoice,
  type VendorListResponse,
  type VendorPaymentFilters,
  type VendorPaymentRecord,
} from '@opengst/contracts';
import { call } from '../../../api/call';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The vendor payment screens' calls and query keys: a payment or release changes every list, so both reload all.

export const vendorPaymentKeys = {
  all: ['vendorPayment'] as const,
  vendors: (filters: VendorPaymentFilters, sortExpression: string) =>
    [...vendorPaymentKeys.all, 'vendors', filters, sortExpression] as const,
  invoices: (supplierGstins: readonly string[]) => [...vendorPaymentKeys.all, 'invoices', supplierGstins] as const,
};

export const searchVendors = (filters: VendorPaymentFilters, sortExpression: string, page: PageRequest): Promise<VendorListResponse> =>
  call(E.vendors, { body: { ...page, sortExpression, filters } });

export const exportVendors = (filters: VendorPaymentFilters, sortExpression: string): Promise<Blob> =>
  call(E.vendorsExport, { body: { sortExpression, filters } });

export const vendorInvoices = async (supplierGstins: readonly string[]): Promise<VendorInvoice[]> =>
  (await call(E.invoices, { body: { supplierGstins: [...supplierGstins] } })).items;

export const recordPayment = (body: PaymentSaveRequest): Promise<VendorPaymentRecord> => call(E.pay, { body }, { silent: [422] });

export const recordRelease = (body: ReleaseSaveRequest): Promise<VendorPaymentRecord> => call(E.release, { body }, { silent: [422] });

/** The addresses between the three screens: suppliers (and chosen invoices) travel in the query string. */
export const invoicesLink = (supplierGstin: string): string =>
  `/initiate-payment-invoice?supplierGstin=${encodeURIComponent(supplierGstin)}`;
export const payLink = (supplierGstins: readonly string[], documentIds: readonly number[] = []): string => {
  const query = new URLSearchParams({ suppliers: supplierGstins.join(',') });
  if (documentIds.length > 0) query.set('documents', documentIds.join(','));
  return `/pay-initiate-payment?${query.toString()}`;
};

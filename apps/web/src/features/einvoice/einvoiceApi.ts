import {
  EINVOICE_ENDPOINTS as E,
  type EinvoiceCancelRequest,
  type EinvoiceDetail,
  type EinvoiceFilters,
  type EinvoiceGenerateResponse,
  type EinvoiceItem,
  type EinvoiceIrpUserSave,
  type EinvoiceProgress,
  type EinvoiceQrRead,
  type EinvoiceResult,
  type EinvoiceStatusCounts,
} from '@opengst/contracts';
import { call } from '../../api/call';
import { uploadWithProgress } from '../../api/uploadWithProgress';
import type { ListPage, PageRequest } from '../../shared/list/useListQuery';

// The /e-invoice screen's calls and query keys. Generate and cancel change the list, the counts and the details, so
// each reloads everything under einvoiceKeys.all.

export const einvoiceKeys = {
  all: ['einvoice'] as const,
  list: (filters: EinvoiceFilters, sortExpression: string) => [...einvoiceKeys.all, 'list', filters, sortExpression] as const,
  counts: (filters: EinvoiceFilters) => [...einvoiceKeys.all, 'counts', filters] as const,
  detail: (documentId: number) => [...einvoiceKeys.all, 'detail', documentId] as const,
};

export const searchEinvoices = (filters: EinvoiceFilters, sortExpression: string, page: PageRequest): Promise<ListPage<EinvoiceItem>> =>
  call(E.einvoiceSearch, { body: { ...page, sortExpression, filters } });
export const countEinvoices = (filters: EinvoiceFilters): Promise<EinvoiceStatusCounts> =>
  call(E.einvoiceStatusCount, { body: { filters } });
export const generateIrns = (documentIds: number[]): Promise<EinvoiceGenerateResponse> =>
  call(E.einvoiceGenerate, { body: { documentIds } });
export const generationProgress = (documentIds: number[]): Promise<EinvoiceProgress> => call(E.einvoiceProgress, { body: { documentIds } });
export const cancelIrns = async (body: EinvoiceCancelRequest): Promise<EinvoiceResult[]> =>
  (await call(E.einvoiceCancel, { body })).results;
export const einvoiceDetail = (documentId: number): Promise<EinvoiceDetail> => call(E.einvoiceDetail, { query: { documentId } });
export const saveIrpUser = (body: EinvoiceIrpUserSave) => call(E.einvoiceIrpUserSave, { body }, { silent: [422] });
/** The printed e-invoice (PDF) of a document whose IRN is generated. */
export const printEinvoice = (documentId: number): Promise<Blob> => call(E.einvoicePrint, { query: { documentId } });
/** /einvoice-via-pdf-qrcode: the file sent as multipart field `file`; the QR read, verified and looked up. */
export const readEinvoiceQr = (file: File, onSent: (fraction: number) => void): Promise<EinvoiceQrRead> => {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<EinvoiceQrRead>(E.einvoiceReadQr.path, form, onSent);
};

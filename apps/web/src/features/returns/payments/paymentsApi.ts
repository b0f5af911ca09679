import {
  CHALLAN_ENDPOINTS as C,
  type Challan,
  type ChallanCreateRequest,
  type ChallanFilters,
  type ChallanListResponse,
} from '@opengst/contracts';
import { call } from '../../../api/call';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The challan screens' calls and query keys. A challan created, paid or refreshed changes the
// list and its own detail, so each reloads both.

export const paymentKeys = {
  all: ['payments'] as const,
  challans: (filters: ChallanFilters, sortExpression: string) => [...paymentKeys.all, 'challans', filters, sortExpression] as const,
  challan: (id: number) => [...paymentKeys.all, 'challan', id] as const,
};

export const searchChallans = (filters: ChallanFilters, sortExpression: string, page: PageRequest): Promise<ChallanListResponse> =>
  call(C.search, { body: { ...page, sortExpression, filters } });
export const challanDetail = (id: number): Promise<Challan> => call(C.detail, { query: { id } });
export const createChallan = (body: ChallanCreateRequest): Promise<Challan> => call(C.create, { body }, { silent: [422] });
export const payChallanInSandbox = (id: number): Promise<Challan> => call(C.paySandbox, { body: { id } }, { silent: [422] });
export const refreshChallan = (id: number): Promise<Challan> => call(C.refresh, { body: { id } }, { silent: [422] });
export const downloadChallanPdf = (id: number): Promise<Blob> => call(C.pdf, { query: { id } });

export const challanPayLink = (id: number): string => `/gst-challan-pay?id=${id}`;
export const CREATE_CHALLAN_LINK = '/gst-challan-payment-process';

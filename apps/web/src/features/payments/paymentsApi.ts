import type { ComponentType } from 'react';
import {
  CHALLAN_ENDPOINTS as C,
  LEDGER_ENDPOINTS as L,
  type Challan,
  type ChallanCreateRequest,
  type ChallanFilters,
  type ChallanListResponse,
} from '@opengst/contracts';
import { call } from '../../api/call';
import { ApiError } from '../../api/http';
import type { PageRequest } from '../../shared/list/useListQuery';

// The challan and electronic ledger screens' calls and query keys. A challan created, paid or refreshed changes the
// list and its own detail, so each reloads both.

/** The GST portal session card of one GSTIN (features/returns PortalSessionCard, handed in by app/screens.ts). */
export type PortalSessionSlot = ComponentType<{ entityId: number }>;

export const paymentKeys = {
  all: ['payments'] as const,
  challans: (filters: ChallanFilters, sortExpression: string) => [...paymentKeys.all, 'challans', filters, sortExpression] as const,
  challan: (id: number) => [...paymentKeys.all, 'challan', id] as const,
  ledger: (request: LedgerRequest) => [...paymentKeys.all, 'ledger', request] as const,
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

export type LedgerRequest =
  | { kind: 'cash' | 'credit'; entityId: number; fromDate: string; toDate: string }
  | { kind: 'liability'; entityId: number; fromPeriod: string; toPeriod: string }
  | { kind: 'creditReversal'; entityId: number; period: string };

export const readCashLedger = (q: { entityId: number; fromDate: string; toDate: string }) => call(L.cash, { query: q }, { silent: [422] });
export const readCreditLedger = (q: { entityId: number; fromDate: string; toDate: string }) =>
  call(L.credit, { query: q }, { silent: [422] });
export const readLiabilityLedger = (q: { entityId: number; fromPeriod: string; toPeriod: string }) =>
  call(L.liability, { query: q }, { silent: [422] });
export const readCreditReversal = (q: { entityId: number; period: string }) => call(L.creditReversal, { query: q }, { silent: [422] });

/** The server's answer when the GSTIN has no live GST portal session: the screen shows the OTP step. */
export const needsPortalSession = (error: unknown): boolean =>
  error instanceof ApiError && (error.body?.errors ?? []).some((item) => item.code === 'RET0008');

/** The refusal's own words (a 422 is silent to the client's toasts, so the screen says it). */
export const refusalText = (error: unknown): string =>
  error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);

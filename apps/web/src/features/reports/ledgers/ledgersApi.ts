import { LEDGER_ENDPOINTS as L } from '@opengst/contracts';
import { call } from '../../../api/call';

// The electronic ledger screens' calls (read live from the GST portal) and query keys.

export const ledgerKeys = {
  all: ['ledgers'] as const,
  ledger: (request: LedgerRequest) => [...ledgerKeys.all, request] as const,
};

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

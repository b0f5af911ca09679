import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  CashLedgerSchema,
  ChallanCreateRequestSchema,
  ChallanIdBodySchema,
  ChallanIdQuerySchema,
  ChallanListRequestSchema,
  ChallanListResponseSchema,
  ChallanSchema,
  CreditLedgerSchema,
  CreditReversalStatementSchema,
  LedgerBalanceSchema,
  LedgerDatesQuerySchema,
  LedgerPeriodQuerySchema,
  LedgerPeriodsQuerySchema,
  LiabilityLedgerSchema,
} from './payments.schemas';

// The endpoints of GST challans (GstChallan right) and of the electronic ledgers read from the GST portal through the
// GSTIN's portal session (ReportLedgers right). The spec shows no API paths for either; these follow its shapes.

const CHALLAN = `${API_ROOT}/gstChallan`;
const LEDGER = `${API_ROOT}/report/electronicLedger`;

export const CHALLAN_ENDPOINTS = {
  /** The product's challans, a page of them (default sort id DESC). */
  search: defineEndpoint({
    method: 'POST',
    path: `${CHALLAN}/search`,
    body: ChallanListRequestSchema,
    response: ChallanListResponseSchema,
  }),
  detail: defineEndpoint({ method: 'GET', path: `${CHALLAN}/detail`, query: ChallanIdQuerySchema, response: ChallanSchema }),
  /** Generates the challan at the portal (its CPIN) and keeps it. */
  create: defineEndpoint({ method: 'POST', path: `${CHALLAN}/create`, body: ChallanCreateRequestSchema, response: ChallanSchema }),
  /** Reads the challan's status back from the portal (paid elsewhere, expired). */
  refresh: defineEndpoint({ method: 'POST', path: `${CHALLAN}/refresh`, body: ChallanIdBodySchema, response: ChallanSchema }),
  /** The project's portal sandbox only: pays the challan at its simulated bank. */
  paySandbox: defineEndpoint({ method: 'POST', path: `${CHALLAN}/paySandbox`, body: ChallanIdBodySchema, response: ChallanSchema }),
  /** The challan as Form GST PMT-06, a PDF. */
  pdf: defineEndpoint({ method: 'GET', path: `${CHALLAN}/pdf`, query: ChallanIdQuerySchema, response: 'file' }),
};

export const LEDGER_ENDPOINTS = {
  cash: defineEndpoint({ method: 'GET', path: `${LEDGER}/cash`, query: LedgerDatesQuerySchema, response: CashLedgerSchema }),
  credit: defineEndpoint({ method: 'GET', path: `${LEDGER}/credit`, query: LedgerDatesQuerySchema, response: CreditLedgerSchema }),
  liability: defineEndpoint({
    method: 'GET',
    path: `${LEDGER}/liability`,
    query: LedgerPeriodsQuerySchema,
    response: LiabilityLedgerSchema,
  }),
  balance: defineEndpoint({ method: 'GET', path: `${LEDGER}/balance`, query: LedgerPeriodQuerySchema, response: LedgerBalanceSchema }),
  creditReversal: defineEndpoint({
    method: 'GET',
    path: `${LEDGER}/creditReversalReclaim`,
    query: LedgerPeriodQuerySchema,
    response: CreditReversalStatementSchema,
  }),
};

export const CHALLAN_API = pathsOf(CHALLAN_ENDPOINTS);
export const LEDGER_API = pathsOf(LEDGER_ENDPOINTS);

import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { FinancialYearSchema, ReturnPeriodSchema, ReturnPeriodsQuerySchema, StateSchema } from './masters.schemas';

// The master calls of spec core §7 that the navigation guard loads once per page load.
export const MASTERS_ENDPOINTS = {
  /** Active states and union territories. */
  states: defineEndpoint({ method: 'GET', path: `${API_ROOT}/master/states`, response: z.array(StateSchema) }),
  financialYears: defineEndpoint({ method: 'GET', path: `${API_ROOT}/master/financialYears`, response: z.array(FinancialYearSchema) }),
  /** The periods of a financial year up to the current month. */
  returnPeriods: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/master/returnPeriods`,
    query: ReturnPeriodsQuerySchema,
    response: z.array(ReturnPeriodSchema),
  }),
};
export const MASTERS_API = pathsOf(MASTERS_ENDPOINTS);

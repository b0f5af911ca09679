import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { FrequentlyUsedItemSchema, FrequentlyUsedSaveQuerySchema, StatisticsSchema } from './dashboard.schemas';

// The endpoints of /quick-access-and-statistics.
export const DASHBOARD_ENDPOINTS = {
  statistics: defineEndpoint({ method: 'GET', path: `${API_ROOT}/dashboard/statistics`, response: StatisticsSchema }),
  /** The user's most opened screens, at most 12. */
  frequentlyUsedGet: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/dashboard/quickAccess/frequentlyUsed/get`,
    response: z.array(FrequentlyUsedItemSchema),
  }),
  /** Counts one opening of a screen (a GET, as the spec names it). */
  frequentlyUsedSave: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/dashboard/quickAccess/frequentlyUsed/save`,
    query: FrequentlyUsedSaveQuerySchema,
    response: 'empty',
  }),
};
export const DASHBOARD_API = pathsOf(DASHBOARD_ENDPOINTS);

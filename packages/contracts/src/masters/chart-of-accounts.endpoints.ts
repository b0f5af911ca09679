import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  ChartAccountBulkResultSchema,
  ChartAccountFiltersSchema,
  ChartAccountIdsSchema,
  ChartAccountSaveSchema,
  ChartAccountSchema,
  ChartAccountStatusRequestSchema,
  ChartGroupSchema,
} from './chart-of-accounts.schemas';

// /chart-of-accounts (spec modules §2.5; the calls are not shown, so they follow the named records' shape: search,
// save, updateStatus, delete, export), and the groups an account may be placed under. The import goes through
// /import (import type ChartOfAccounts).
export const CHART_OF_ACCOUNTS_ENDPOINTS = {
  chartOfAccountsSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/chartOfAccounts/search`,
    body: listRequestSchema(ChartAccountFiltersSchema),
    response: listResponseSchema(ChartAccountSchema),
  }),
  /** Every group, with its path, for the parent choice. */
  chartOfAccountsGroups: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/chartOfAccounts/groups`,
    response: z.object({ items: z.array(ChartGroupSchema) }),
  }),
  chartOfAccountsSave: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/chartOfAccounts/save`,
    body: ChartAccountSaveSchema,
    response: ChartAccountSchema,
  }),
  /** Deactivating a group with active accounts under it is refused with the reason. */
  chartOfAccountsUpdateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/chartOfAccounts/updateStatus`,
    body: ChartAccountStatusRequestSchema,
    response: ChartAccountBulkResultSchema,
  }),
  /** A group that still holds accounts (not deleted with it) is refused with the reason. */
  chartOfAccountsDelete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/chartOfAccounts/delete`,
    body: ChartAccountIdsSchema,
    response: ChartAccountBulkResultSchema,
  }),
  /** xlsx in the import template's columns (so it imports again), then the path and the last change. */
  chartOfAccountsExport: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/chartOfAccounts/export`,
    body: z.object({ sortExpression: z.string().max(100).nullish(), filters: ChartAccountFiltersSchema.optional() }),
    response: 'file',
  }),
};
export const CHART_OF_ACCOUNTS_API = pathsOf(CHART_OF_ACCOUNTS_ENDPOINTS);

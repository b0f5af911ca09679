import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  CurrentIpAddressSchema,
  IpAddressBulkResultSchema,
  IpAddressFiltersSchema,
  IpAddressIdsSchema,
  IpAddressSaveSchema,
  IpAddressSchema,
  IpAddressStatusRequestSchema,
} from './ip-addresses.schemas';

// /ip-addresses (spec modules §2.5; the calls are not shown, so they follow the named records' shape: search, save,
// updateStatus, delete, export) and the address the request comes from, shown so an administrator does not lock
// themself out.
export const IP_ADDRESS_ENDPOINTS = {
  ipAddressSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/ipAddress/search`,
    body: listRequestSchema(IpAddressFiltersSchema),
    response: listResponseSchema(IpAddressSchema),
  }),
  /** Refused with AUTH0021 when the request's own address would no longer be allowed. */
  ipAddressSave: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/ipAddress/save`,
    body: IpAddressSaveSchema,
    response: IpAddressSchema,
  }),
  ipAddressUpdateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/ipAddress/updateStatus`,
    body: IpAddressStatusRequestSchema,
    response: IpAddressBulkResultSchema,
  }),
  ipAddressDelete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/ipAddress/delete`,
    body: IpAddressIdsSchema,
    response: IpAddressBulkResultSchema,
  }),
  /** xlsx of every entry the filters match, in the screen's sort. */
  ipAddressExport: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/ipAddress/export`,
    body: z.object({ sortExpression: z.string().max(100).nullish(), filters: IpAddressFiltersSchema.optional() }),
    response: 'file',
  }),
  ipAddressCurrent: defineEndpoint({ method: 'GET', path: `${API_ROOT}/ipAddress/current`, response: CurrentIpAddressSchema }),
};
export const IP_ADDRESS_API = pathsOf(IP_ADDRESS_ENDPOINTS);

import { IP_ADDRESS_ENDPOINTS as E, type IpAddressFilters, type IpAddressSave, type IpAddressStatus } from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The calls of /ip-addresses (contracts masters/ip-addresses.endpoints.ts).

/** Query keys: any change reloads the list and the current address's state (allowed, active entries). */
export const ipAddressKeys = {
  all: ['ipAddresses'] as const,
  list: () => [...ipAddressKeys.all, 'list'] as const,
  current: () => [...ipAddressKeys.all, 'current'] as const,
};

export const searchIpAddresses = (page: PageRequest, sortExpression: string | undefined, filters: IpAddressFilters) =>
  call(E.ipAddressSearch, { body: { ...page, sortExpression, filters } });
export const currentIpAddress = () => call(E.ipAddressCurrent, {});

/** Save, status and delete answer their refusals (the lock-out guard among them) on screen, so no toast. */
export const saveIpAddress = (body: IpAddressSave) => call(E.ipAddressSave, { body }, { silent: FORM_SILENT });
export const setIpAddressStatus = (ids: number[], status: IpAddressStatus) =>
  call(E.ipAddressUpdateStatus, { body: { ids, status } }, { silent: FORM_SILENT });
export const deleteIpAddresses = (ids: number[]) => call(E.ipAddressDelete, { body: { ids } }, { silent: FORM_SILENT });
export const exportIpAddresses = (sortExpression: string | undefined, filters: IpAddressFilters) =>
  call(E.ipAddressExport, { body: { sortExpression, filters } });

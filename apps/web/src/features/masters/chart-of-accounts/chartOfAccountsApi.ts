import { CHART_OF_ACCOUNTS_ENDPOINTS as E, type AccountStatus, type ChartAccountFilters, type ChartAccountSave } from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The calls of /chart-of-accounts (contracts masters/chart-of-accounts.endpoints.ts).

/** Query keys: any change reloads the list and the groups (their paths and the parent choice). */
export const chartOfAccountsKeys = {
  all: ['chartOfAccounts'] as const,
  list: () => [...chartOfAccountsKeys.all, 'list'] as const,
  groups: () => [...chartOfAccountsKeys.all, 'groups'] as const,
};

export const searchChartAccounts = (page: PageRequest, sortExpression: string | undefined, filters: ChartAccountFilters) =>
  call(E.chartOfAccountsSearch, { body: { ...page, sortExpression, filters } });
export const chartGroups = async () => (await call(E.chartOfAccountsGroups, {})).items;

/** Save, status and delete answer their refusals (a group in use among them) on screen, so no toast. */
export const saveChartAccount = (body: ChartAccountSave) => call(E.chartOfAccountsSave, { body }, { silent: FORM_SILENT });
export const setChartAccountStatus = (ids: number[], status: AccountStatus) =>
  call(E.chartOfAccountsUpdateStatus, { body: { ids, status } }, { silent: FORM_SILENT });
export const deleteChartAccounts = (ids: number[]) => call(E.chartOfAccountsDelete, { body: { ids } }, { silent: FORM_SILENT });
export const exportChartAccounts = (sortExpression: string | undefined, filters: ChartAccountFilters) =>
  call(E.chartOfAccountsExport, { body: { sortExpression, filters } });

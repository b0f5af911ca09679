import { queryOptions } from '@tanstack/react-query';
import type { DocumentDetail, RegisterFilters, RegisterSearchResponse, StatusCountItem, SummaryFilters, SummaryItem } from '@opengst/contracts';
import { apiRequest } from '../../../api/http';
import type { PageRequest } from '../../../shared/list/useListQuery';
import type { RegisterModule } from './registerModules';

// The calls of the register screens (contracts registers.ts, documents.ts).

export const searchRegister = (module: RegisterModule, page: PageRequest, sortExpression: string | undefined, filters: RegisterFilters) =>
  apiRequest<RegisterSearchResponse>(module.search, { method: 'POST', body: { ...page, sortExpression, filters } });

export const fetchStatusCounts = async (module: RegisterModule, filters: RegisterFilters): Promise<StatusCountItem[]> =>
  (await apiRequest<{ items: StatusCountItem[] }>(module.statusCount, { method: 'POST', body: { filters } })).items;

export const searchSummaries = (module: RegisterModule, page: PageRequest, sortExpression: string | undefined, filters: SummaryFilters) =>
  apiRequest<{ items: SummaryItem[]; totalRecords: number }>(module.summarySearch, { method: 'POST', body: { ...page, sortExpression, filters } });

export const documentDetailQuery = (module: RegisterModule, id: number) =>
  queryOptions({
    queryKey: ['register', module.direction, 'detail', id],
    queryFn: () => apiRequest<DocumentDetail>(module.detail, { query: { id } }),
  });

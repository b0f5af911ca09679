import { queryOptions } from '@tanstack/react-query';
import type { Direction, RegisterFilters, SummaryFilters } from '@opengst/contracts';
import { call } from '../../../api/call';
import type { PageRequest } from '../../../shared/list/useListQuery';
import type { DocumentTab, RegisterModule } from './registerModules';

// The calls of the register screens (contracts returns/registers.endpoints.ts, documents).

/** Query keys of the registers: invalidating `direction` reloads everything a register shows (after an import). */
export const registerKeys = {
  all: ['register'] as const,
  direction: (direction: Direction) => [...registerKeys.all, direction] as const,
  /** The report adds the filters and sort. */
  list: (direction: Direction, tab: DocumentTab, reloadCount: number) => [...registerKeys.direction(direction), tab, reloadCount] as const,
  summary: (direction: Direction, filters: SummaryFilters, sortExpression: string | undefined, reloadCount: number) =>
    [...registerKeys.direction(direction), 'summary', filters, sortExpression, reloadCount] as const,
  statusCount: (direction: Direction, filters: RegisterFilters, reloadCount: number) =>
    [...registerKeys.direction(direction), 'statusCount', filters, reloadCount] as const,
  detail: (direction: Direction, id: number) => [...registerKeys.direction(direction), 'detail', id] as const,
};

export const fetchStatusCounts = async (module: RegisterModule, filters: RegisterFilters) =>
  (await call(module.endpoints.statusCount, { body: { filters } })).items;

export const searchSummaries = (module: RegisterModule, page: PageRequest, sortExpression: string | undefined, filters: SummaryFilters) =>
  call(module.endpoints.summarySearch, { body: { ...page, sortExpression, filters } });

export const documentDetailQuery = (module: RegisterModule, id: number) =>
  queryOptions({
    queryKey: registerKeys.detail(module.direction, id),
    queryFn: () => call(module.detail, { query: { id } }),
  });

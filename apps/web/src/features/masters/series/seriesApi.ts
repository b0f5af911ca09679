import {
  SERIES_ENDPOINTS as E,
  type AllocationFilters,
  type AllocationSave,
  type SeriesFilters,
  type SeriesSave,
  type SeriesStatus,
} from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The calls of /series and /allocate-series (contracts masters/series.endpoints.ts).

/** Query keys: a change to a series reloads the allocations too (they show its next number). */
export const seriesKeys = {
  all: ['series'] as const,
  series: () => [...seriesKeys.all, 'list'] as const,
  allocations: () => [...seriesKeys.all, 'allocations'] as const,
  choices: () => [...seriesKeys.all, 'choices'] as const,
};

export const searchSeries = (page: PageRequest, sortExpression: string | undefined, filters: SeriesFilters) =>
  call(E.seriesSearch, { body: { ...page, sortExpression, filters } });

/** Save answers its refusals on the form, so no toast. */
export const saveSeries = (body: SeriesSave) => call(E.seriesSave, { body }, { silent: FORM_SILENT });
export const setSeriesStatus = (ids: number[], status: SeriesStatus) =>
  call(E.seriesUpdateStatus, { body: { ids, status } }, { silent: FORM_SILENT });
export const deleteSeries = (ids: number[]) => call(E.seriesDelete, { body: { ids } }, { silent: FORM_SILENT });
export const exportSeries = (sortExpression: string | undefined, filters: SeriesFilters) =>
  call(E.seriesExport, { body: { sortExpression, filters } });

export const searchAllocations = (page: PageRequest, sortExpression: string | undefined, filters: AllocationFilters) =>
  call(E.allocationSearch, { body: { ...page, sortExpression, filters } });
export const saveAllocation = (body: AllocationSave) => call(E.allocationSave, { body }, { silent: FORM_SILENT });
export const setAllocationStatus = (ids: number[], status: SeriesStatus) =>
  call(E.allocationUpdateStatus, { body: { ids, status } }, { silent: FORM_SILENT });
export const deleteAllocations = (ids: number[]) => call(E.allocationDelete, { body: { ids } }, { silent: FORM_SILENT });
export const exportAllocations = (sortExpression: string | undefined, filters: AllocationFilters) =>
  call(E.allocationExport, { body: { sortExpression, filters } });

/** Every active series, for the allocation form's choice (a subscriber has tens of series, not thousands). */
export const seriesChoices = async () =>
  (await call(E.seriesSearch, { body: { start: 0, size: 1000, sortExpression: 'name ASC', filters: { status: 'Active' } } })).items;

import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  AllocationFiltersSchema,
  AllocationSaveSchema,
  AllocationSchema,
  AvailableSeriesQuerySchema,
  AvailableSeriesSchema,
  SeriesBulkResultSchema,
  SeriesFiltersSchema,
  SeriesIdQuerySchema,
  SeriesIdsSchema,
  SeriesSaveSchema,
  SeriesSchema,
  SeriesStatusRequestSchema,
} from './series.schemas';

// /series and /allocate-series (spec modules §2.5; the calls are not shown, so they follow the named records' shape:
// search, detail, save, updateStatus, delete, export), and the document screen's look-up of the series it may draw from.
export const SERIES_ENDPOINTS = {
  seriesSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/series/search`,
    body: listRequestSchema(SeriesFiltersSchema),
    response: listResponseSchema(SeriesSchema),
  }),
  seriesDetail: defineEndpoint({ method: 'GET', path: `${API_ROOT}/series/detail`, query: SeriesIdQuerySchema, response: SeriesSchema }),
  seriesSave: defineEndpoint({ method: 'POST', path: `${API_ROOT}/series/save`, body: SeriesSaveSchema, response: SeriesSchema }),
  seriesUpdateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/series/updateStatus`,
    body: SeriesStatusRequestSchema,
    response: SeriesBulkResultSchema,
  }),
  /** Refused, with the reason, for a series that has numbered a document or is allocated. */
  seriesDelete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/series/delete`,
    body: SeriesIdsSchema,
    response: SeriesBulkResultSchema,
  }),
  /** xlsx of every series the filters match, in the screen's sort. */
  seriesExport: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/series/export`,
    body: z.object({ sortExpression: z.string().max(100).nullish(), filters: SeriesFiltersSchema.optional() }),
    response: 'file',
  }),
  allocationSearch: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/allocateSeries/search`,
    body: listRequestSchema(AllocationFiltersSchema),
    response: listResponseSchema(AllocationSchema),
  }),
  allocationSave: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/allocateSeries/save`,
    body: AllocationSaveSchema,
    response: AllocationSchema,
  }),
  allocationUpdateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/allocateSeries/updateStatus`,
    body: SeriesStatusRequestSchema,
    response: SeriesBulkResultSchema,
  }),
  /** Refused, with the reason, for an allocation that has numbered a document (deactivate it instead). */
  allocationDelete: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/allocateSeries/delete`,
    body: SeriesIdsSchema,
    response: SeriesBulkResultSchema,
  }),
  allocationExport: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/allocateSeries/export`,
    body: z.object({ sortExpression: z.string().max(100).nullish(), filters: AllocationFiltersSchema.optional() }),
    response: 'file',
  }),
  /** The active series allocated to a location for a document type in the financial year of a date, default first. */
  availableSeries: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/series/available`,
    query: AvailableSeriesQuerySchema,
    response: z.array(AvailableSeriesSchema),
  }),
};
export const SERIES_API = pathsOf(SERIES_ENDPOINTS);

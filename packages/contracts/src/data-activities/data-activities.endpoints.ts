import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { DataActivitySearchRequestSchema, DataActivitySearchResponseSchema } from '../returns/returns.schemas';

// The endpoints of /data-activities (spec core §2 "Data activities").
export const DATA_ACTIVITY_ENDPOINTS = {
  /** The pushes, syncs or callbacks of the user's locations (sort 'id DESC' by default). */
  search: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/dataActivity/search`,
    body: DataActivitySearchRequestSchema,
    response: DataActivitySearchResponseSchema,
  }),
};
export const DATA_ACTIVITY_API = pathsOf(DATA_ACTIVITY_ENDPOINTS);

import { DATA_ACTIVITY_ENDPOINTS, type DataActivityKind } from '@opengst/contracts';
import { call } from '../../api/call';
import type { PageRequest } from '../../shared/list/useListQuery';

// The call of /data-activities (contracts data-activities/).

/** Query keys of the module: invalidating `all` refreshes every list. */
export const dataActivityKeys = {
  all: ['dataActivities'] as const,
  list: (kind: DataActivityKind) => [...dataActivityKeys.all, kind] as const,
};

export const searchDataActivities = (kind: DataActivityKind, page: PageRequest, sortExpression: string | undefined) =>
  call(DATA_ACTIVITY_ENDPOINTS.search, { body: { kind, sortExpression, ...page } });

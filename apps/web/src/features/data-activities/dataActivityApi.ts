import { DATA_ACTIVITY_API, type DataActivityKind, type DataActivitySearchResponse } from '@opengst/contracts';
import { apiRequest } from '../../api/http';
import type { PageRequest } from '../../shared/list/useListQuery';

// The call of /data-activities (contracts returns.ts, DATA_ACTIVITY_API).

export const searchDataActivities = (kind: DataActivityKind, page: PageRequest, sortExpression: string | undefined) =>
  apiRequest<DataActivitySearchResponse>(DATA_ACTIVITY_API.search, { method: 'POST', body: { kind, sortExpression, ...page } });

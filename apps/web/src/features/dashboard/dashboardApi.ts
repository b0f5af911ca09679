import { useEffect } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_ENDPOINTS, RECONCILIATION_ENDPOINTS, type RouteDefinition } from '@opengst/contracts';
import { call } from '../../api/call';
import type { PageRequest } from '../../shared/list/useListQuery';

// The calls of /quick-access-and-statistics (contracts dashboard/) and /reconciliation-list (contracts reconciliation/).

/** Query keys of the module. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistics: () => [...dashboardKeys.all, 'statistics'] as const,
  frequentlyUsed: () => [...dashboardKeys.all, 'frequentlyUsed'] as const,
  reconciliations: () => [...dashboardKeys.all, 'reconciliations'] as const,
};

/** The reconciliation runs the user can see, newest first. */
export const searchReconciliations = (page: PageRequest) => call(RECONCILIATION_ENDPOINTS.runList, { body: page });

export const statisticsQuery = queryOptions({
  queryKey: dashboardKeys.statistics(),
  queryFn: () => call(DASHBOARD_ENDPOINTS.statistics),
  staleTime: 0,
});

export const frequentlyUsedQuery = queryOptions({
  queryKey: dashboardKeys.frequentlyUsed(),
  queryFn: () => call(DASHBOARD_ENDPOINTS.frequentlyUsedGet),
  staleTime: 0,
});

/** Shell screens (no location, no rights) are not features the user chose, so they are not counted. */
const isTracked = (route: RouteDefinition): boolean => route.requiresAuth && route.module !== 'Shell';

/** Records each opened screen for quick access: fire-and-forget, never a toast. */
export const useTrackFrequentlyUsed = (route: RouteDefinition | null): void => {
  const client = useQueryClient();
  useEffect(() => {
    if (!route || !isTracked(route)) return;
    call(DASHBOARD_ENDPOINTS.frequentlyUsedSave, { query: { moduleType: route.name } }, { silent: true })
      .then(() => client.invalidateQueries({ queryKey: dashboardKeys.frequentlyUsed() }))
      .catch(() => undefined);
  }, [route, client]);
};

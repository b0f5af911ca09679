import { useEffect } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { API, type FrequentlyUsedItem, type RouteDefinition, type Statistics } from '@opengst/contracts';
import { apiRequest } from '../../api/http';

export const statisticsQuery = queryOptions({
  queryKey: ['dashboard', 'statistics'],
  queryFn: () => apiRequest<Statistics>(API.statistics),
  staleTime: 0,
});

export const frequentlyUsedQuery = queryOptions({
  queryKey: ['dashboard', 'frequentlyUsed'],
  queryFn: () => apiRequest<FrequentlyUsedItem[]>(API.frequentlyUsedGet),
  staleTime: 0,
});

/** Shell screens (no location, no rights) are not features the user chose, so they are not counted. */
const isTracked = (route: RouteDefinition): boolean => route.requiresAuth && route.module !== 'Shell';

/** Records each opened screen for quick access: fire-and-forget, never a toast. */
export const useTrackFrequentlyUsed = (route: RouteDefinition | null): void => {
  const client = useQueryClient();
  useEffect(() => {
    if (!route || !isTracked(route)) return;
    apiRequest<void>(API.frequentlyUsedSave, { query: { moduleType: route.name }, silent: true })
      .then(() => client.invalidateQueries({ queryKey: frequentlyUsedQuery.queryKey }))
      .catch(() => undefined);
  }, [route, client]);
};

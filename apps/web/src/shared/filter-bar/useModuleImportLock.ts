import { useQuery } from '@tanstack/react-query';
import { IMPORT_ENDPOINTS, type ImportListItem, type ImportType } from '@opengst/contracts';
import { call } from '../../api/call';
import { pollIntervalMs } from '../polling';

// Spec modules §4, last line: the search block is disabled while the module's background task is below completed.
// For a register that task is an import of its documents by anyone of the subscriber: asked from the import list,
// polled at the poolingTime setting while one runs. A user without the import right sees no lock.

const RUNNING = ['Initialized', 'YetNotStarted', 'InProcess'] as const;

export const useModuleImportLock = (importType: ImportType, poolingTime: number | undefined): ImportListItem | null => {
  const { data } = useQuery({
    queryKey: ['import', 'running', importType],
    queryFn: async () => {
      const body = { start: 0, size: 1, filters: { importType, statuses: [...RUNNING] } };
      const page = await call(IMPORT_ENDPOINTS.statisticSearch, { body }, { silent: true });
      return page.items[0] ?? null;
    },
    refetchInterval: (query) => (query.state.data ? pollIntervalMs(poolingTime) : false),
    retry: false,
  });
  return data ?? null;
};

import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reconciliationKeys } from './reconciliationApi';

/** After an action, a link or an unlink: the run's summary by status and everything it lists load again. */
export const useRefreshRun = (runId: number) => {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: reconciliationKeys.run(runId) });
    void client.invalidateQueries({ queryKey: reconciliationKeys.results(runId) });
    void client.invalidateQueries({ queryKey: [...reconciliationKeys.all, 'row'] });
  }, [client, runId]);
};

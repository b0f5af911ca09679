import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { latestOpenReturnPeriod } from '@opengst/domain';
import { readReturnQuery } from './returnRules';

/** The GSTIN and period of the screen, kept in the address so a link or a reload opens the same return. */
export const useReturnQuery = () => {
  const [params, setParams] = useSearchParams();
  const { entityId, returnPeriod } = readReturnQuery(params, latestOpenReturnPeriod(new Date()));
  const change = useCallback(
    (next: { entityId: number | null; returnPeriod: string }) =>
      setParams(
        next.entityId === null ? { returnPeriod: next.returnPeriod } : { entityId: String(next.entityId), returnPeriod: next.returnPeriod },
        { replace: true },
      ),
    [setParams],
  );
  return { entityId, returnPeriod, change };
};

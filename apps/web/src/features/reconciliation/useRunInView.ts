import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Run } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { notifySuccess } from '../../shared/notifySuccess';
import { reconciliationKeys, type newestRunQueryOf } from './reconciliationApi';

// The run a reconciliation screen shows (the 2A/2B screen, the IMS screen): the one in ?runId= (links from
// /reconciliation-list), else the newest of the screen's sources; ?new=1 opens the new-run form. A run started from
// the form takes the address, and the one viewed until then stays on screen while the new one works.

export const useRunInView = (newestQuery: ReturnType<typeof newestRunQueryOf>) => {
  const t = useText();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const runIdParam = Number(params.get('runId')) || null;
  const [isNewOpen, setNewOpen] = useState(() => params.get('new') === '1');
  const [previousRunId, setPreviousRunId] = useState<number | null>(null);
  const newest = useQuery({ ...newestQuery, enabled: runIdParam === null });
  const runId = runIdParam ?? newest.data?.id ?? null;
  const started = (run: Run) => {
    setNewOpen(false);
    setPreviousRunId(runId);
    void client.invalidateQueries({ queryKey: reconciliationKeys.runs() });
    setParams({ runId: String(run.id) });
    notifySuccess(t('reconciliation.new.started'));
  };
  return { runId, newest, previousRunId, isNewOpen, setNewOpen, started };
};

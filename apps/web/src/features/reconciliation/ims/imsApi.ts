import { queryOptions } from '@tanstack/react-query';
import { DATA_ACTIVITY_ENDPOINTS, IMS_ENDPOINTS, type DataActivityKind, type ImsPushCount, type PortalSource } from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { PageRequest } from '../../../shared/list/useListQuery';
import { reconciliationKeys } from '../reconciliationApi';

// The calls of /invoice-management-system (contracts reconciliation IMS_ENDPOINTS, and the data activities of IMS).

/** The runs this screen makes and opens. */
export const IMS_SOURCES: PortalSource[] = ['IMS'];

/** The data activities of IMS: its downloads (and the GSTR-2B's), its pushes and the GSTR-2B recomputed. */
export const ACTIVITY_ACTIONS: Record<Exclude<DataActivityKind, 'Callback'>, string[]> = {
  Sync: ['IMS', 'GSTR2B'],
  Push: ['IMS', 'GEN2B'],
};

export const imsKeys = {
  /** Every data activity list of the screen: a download, a push or a recomputation reloads them. */
  activities: () => [...reconciliationKeys.all, 'imsActivities'] as const,
  activityList: (kind: DataActivityKind, entityIds: readonly number[]) => [...imsKeys.activities(), kind, ...entityIds] as const,
  /** Under the run's results: an action changes it. */
  waiting: (runId: number) => [...reconciliationKeys.results(runId), 'imsWaiting'] as const,
};

/** Each GSTIN's download record; refusals (no portal session, one GSTIN) are said on the screen. */
export const downloadIms = (entityIds: number[]) => call(IMS_ENDPOINTS.download, { body: { entityIds } }, { silent: FORM_SILENT });

/** Queues the push; REC0009 when nothing waits, said beside the button. */
export const pushIms = (runId: number) => call(IMS_ENDPOINTS.push, { body: { runId } }, { silent: FORM_SILENT });

export const regenerate2b = (entityId: number, returnPeriod: string) =>
  call(IMS_ENDPOINTS.regenerate2b, { body: { entityId, returnPeriod } }, { silent: FORM_SILENT });

export const searchImsActivities = (kind: Exclude<DataActivityKind, 'Callback'>, entityIds: readonly number[], page: PageRequest) =>
  call(DATA_ACTIVITY_ENDPOINTS.search, {
    body: { kind, actions: ACTIVITY_ACTIONS[kind], entityIds: [...entityIds], sortExpression: 'id DESC', ...page },
  });

export type WaitingCount = ImsPushCount;

/** The run's actions not at the portal yet, counted by the server as the push selects them. */
export const waitingQuery = (runId: number) =>
  queryOptions({
    queryKey: imsKeys.waiting(runId),
    queryFn: (): Promise<WaitingCount> => call(IMS_ENDPOINTS.pushCount, { query: { runId } }),
  });

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  RECONCILIATION_ENDPOINTS,
  type PortalSource,
  type RowActionRequest,
  type RowFilters,
  type RunDocument,
  type RunStartRequest,
} from '@opengst/contracts';
import { call } from '../../api/call';
import { FORM_SILENT } from '../../shared/forms';

// The calls of /gstr-2a-reconciliation (contracts reconciliation/reconciliation.endpoints.ts).

/**
 * Query keys of the module: `results(runId)` holds everything an action, a link or an unlink changes (rows, vendors,
 * documents, insights, filing), so one invalidation reloads what the run shows; `run(runId)` is its progress and
 * summary by status.
 */
export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  runs: () => [...reconciliationKeys.all, 'runs'] as const,
  newest: () => [...reconciliationKeys.runs(), 'newest'] as const,
  run: (runId: number) => [...reconciliationKeys.all, 'run', runId] as const,
  results: (runId: number) => [...reconciliationKeys.all, 'results', runId] as const,
  rows: (runId: number, reloadCount: number) => [...reconciliationKeys.results(runId), 'rows', reloadCount] as const,
  vendors: (runId: number) => [...reconciliationKeys.results(runId), 'vendors'] as const,
  documents: (runId: number, list: string) => [...reconciliationKeys.results(runId), 'documents', list] as const,
  filing: (runId: number) => [...reconciliationKeys.results(runId), 'filing'] as const,
  insights: (runId: number) => [...reconciliationKeys.results(runId), 'insights'] as const,
  row: (rowId: number) => [...reconciliationKeys.all, 'row', rowId] as const,
};

/** The runs this screen makes: the purchase register against GSTR-2B or 2A (IMS runs have their own screen). */
export const SCREEN_SOURCES: PortalSource[] = ['GSTR2B', 'GSTR2A'];

/** The newest run of these sources the user can see, or null when there is none. */
export const newestRunQueryOf = (portalSources: readonly PortalSource[]) =>
  queryOptions({
    queryKey: [...reconciliationKeys.newest(), ...portalSources],
    queryFn: async () =>
      (await call(RECONCILIATION_ENDPOINTS.runList, { body: { start: 0, size: 1, filters: { portalSources: [...portalSources] } } }))
        .items[0] ?? null,
  });

/** The newest run of this screen's sources. */
export const newestRunQuery = newestRunQueryOf(SCREEN_SOURCES);

export const fetchRun = (runId: number) => call(RECONCILIATION_ENDPOINTS.run, { query: { runId } });

/** Refusals (a period after another, no GSTIN) are shown on the form. */
export const startRun = (request: RunStartRequest) => call(RECONCILIATION_ENDPOINTS.runStart, { body: request }, { silent: FORM_SILENT });

export const rowDetailQuery = (rowId: number) =>
  queryOptions({ queryKey: reconciliationKeys.row(rowId), queryFn: () => call(RECONCILIATION_ENDPOINTS.row, { query: { rowId } }) });

export const insightsQuery = (runId: number) =>
  queryOptions({
    queryKey: reconciliationKeys.insights(runId),
    queryFn: () => call(RECONCILIATION_ENDPOINTS.insights, { query: { runId } }),
  });

/** Refusals show in the action's dialog. */
export const applyRowAction = (request: RowActionRequest) =>
  call(RECONCILIATION_ENDPOINTS.action, { body: request }, { silent: FORM_SILENT });

/**
 * The documents behind entries of the document list, as link takes them: the entry's documentIds, or (from a server
 * that does not give them) its row's documents of that side.
 */
export const documentIdsOf = async (client: QueryClient, entries: readonly RunDocument[]): Promise<number[]> => {
  const ids = await Promise.all(
    entries.map(async (entry) => {
      if (entry.documentIds) return entry.documentIds;
      const detail = await client.fetchQuery(rowDetailQuery(entry.rowId));
      return (entry.side === 'books' ? detail.books : detail.portal).map((document) => document.id);
    }),
  );
  return [...new Set(ids.flat())];
};

export const linkDocuments = (runId: number, purchaseIds: number[], portalIds: number[], remarks: string) =>
  call(
    RECONCILIATION_ENDPOINTS.link,
    { body: { runId, purchaseIds, portalIds, ...(remarks.trim() ? { remarks: remarks.trim() } : {}) } },
    { silent: FORM_SILENT },
  );

export const unlinkRow = (runId: number, rowId: number) =>
  call(RECONCILIATION_ENDPOINTS.unlink, { body: { runId, rowId } }, { silent: FORM_SILENT });

/** The reconciliation workbook of the run, narrowed to the rows tab's filters when it has any. */
export const downloadWorkbook = (runId: number, filters: Omit<RowFilters, 'runId'>) =>
  call(RECONCILIATION_ENDPOINTS.workbook, { body: { runId, ...(Object.keys(filters).length > 0 ? { filters } : {}) } });

export const downloadVendorWorkbook = (runId: number, supplierGstin: string) =>
  call(RECONCILIATION_ENDPOINTS.vendorWorkbook, { body: { runId, supplierGstin } });

export const workbookFileName = (runId: number): string => `reconciliation-${runId}.xlsx`;
export const vendorWorkbookFileName = (runId: number, supplierGstin: string): string => `reconciliation-${runId}-${supplierGstin}.xlsx`;

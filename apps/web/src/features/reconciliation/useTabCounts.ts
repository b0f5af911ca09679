import { queryOptions, useQueries } from '@tanstack/react-query';
import {
  RECONCILIATION_DOCUMENTS_REPORT,
  RECONCILIATION_FILING_REPORT,
  RECONCILIATION_VENDORS_REPORT,
  type DocumentFilters,
} from '@opengst/contracts';
import { call } from '../../api/call';
import { reconciliationKeys } from './reconciliationApi';

// The counts of the tabs not opened yet (a tab mounts when first opened, then reports its own, filtered, count): one
// row of each list is asked for, with its totalRecords.

const documentsCount = (filters: DocumentFilters) =>
  call(RECONCILIATION_DOCUMENTS_REPORT.endpoints.search, { body: { start: 0, size: 1, filters } }).then((answer) => answer.totalRecords);

/** The run's suppliers: the vendors tab's count on the 2A/2B and the IMS screens. */
export const vendorsCountQuery = (runId: number) =>
  queryOptions({
    queryKey: [...reconciliationKeys.results(runId), 'count', 'vendors'],
    queryFn: () =>
      call(RECONCILIATION_VENDORS_REPORT.endpoints.search, { body: { start: 0, size: 1, filters: { runId } } }).then(
        (answer) => answer.totalRecords,
      ),
  });

export type TabCounts = { vendors?: number; manual?: number; filing?: number; linkDocument?: number; document?: number };

export const useTabCounts = (runId: number): TabCounts => {
  const [vendors, filing, books, unpairedBooks, unpairedPortal] = useQueries({
    queries: [
      vendorsCountQuery(runId),
      {
        queryKey: [...reconciliationKeys.results(runId), 'count', 'filing'],
        queryFn: () =>
          call(RECONCILIATION_FILING_REPORT.endpoints.search, { body: { start: 0, size: 1, filters: { runId } } }).then(
            (answer) => answer.totalRecords,
          ),
      },
      { queryKey: [...reconciliationKeys.results(runId), 'count', 'books'], queryFn: () => documentsCount({ runId, side: 'books' }) },
      {
        queryKey: [...reconciliationKeys.results(runId), 'count', 'unpairedBooks'],
        queryFn: () => documentsCount({ runId, side: 'books', unpairedOnly: true }),
      },
      {
        queryKey: [...reconciliationKeys.results(runId), 'count', 'unpairedPortal'],
        queryFn: () => documentsCount({ runId, side: 'portal', unpairedOnly: true }),
      },
    ],
  });
  const manual =
    unpairedBooks.data !== undefined && unpairedPortal.data !== undefined ? unpairedBooks.data + unpairedPortal.data : undefined;
  return { vendors: vendors.data, filing: filing.data, document: books.data, manual, linkDocument: unpairedBooks.data };
};

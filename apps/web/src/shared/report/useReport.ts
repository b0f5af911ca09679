import type { Report, ReportFilters, ReportRow, ReportSearchResponse } from '@opengst/contracts';
import { call } from '../../api/call';
import { useListQuery } from '../list/useListQuery';

// A report's calls (contracts report.ts): its pages, loaded more by the pageSize setting, and its export.

/** The endpoints as every report has them; what comes back was checked by this report's own schemas on the server. */
const endpointsOf = (report: Report): Report['endpoints'] => report.endpoints;

/**
 * The rows loaded so far, the count and (from the first page) the totals over every matching row. `key` is the
 * module's query key for this list; filters and sort are added to it, so a change reloads from the start.
 */
export const useReport = <D extends Report>(
  report: D,
  key: readonly unknown[],
  filters: ReportFilters<D>,
  sortExpression: string | undefined,
) => {
  const list = useListQuery(
    [...key, filters, sortExpression],
    async (page) =>
      (await call(endpointsOf(report).search, { body: { ...page, sortExpression, filters } })) as ReportSearchResponse<D> & {
        items: ReportRow<D>[];
      },
  );
  // The first page carries the totals over every matching row.
  const firstPage = list.data?.pages[0] as ReportSearchResponse<D> | undefined;
  return { ...list, totals: firstPage?.totals as Record<D['totals'][number], number> | undefined };
};

/** The xlsx of every row matching the filters, in the screen's sort. */
export const exportReport = <D extends Report>(report: D, sortExpression: string | undefined, filters: ReportFilters<D>): Promise<Blob> =>
  call(endpointsOf(report).export, { body: { sortExpression, filters } });

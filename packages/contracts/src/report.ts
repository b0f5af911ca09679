import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import type { ResourceKey } from './resources';

// A report defined once (ARCHITECTURE.md "Scaffolds before copies"): its filters, its row, its columns (how each
// reads, which sort, which add up) and its default sort. From it come the two endpoints every report has (search with
// totals over every matching row, and the xlsx export of exactly what is filtered), the server's generic search and
// export (platform/reports), and the web's columns and totals bar (shared/report). A register is a report too.

/**
 * How a column's value reads, in the grid, the totals bar and the export:
 * text and code (a number, GSTIN or HSN: monospace), date (YYYY-MM-DD), dateTime (ISO, shown in India time),
 * period (MMYYYY), money (integer paise), count, rate (thousandths of a percent), quantity (thousandths of the unit),
 * flag (Y/N).
 */
export type ReportColumnKind = 'text' | 'code' | 'date' | 'dateTime' | 'period' | 'money' | 'count' | 'rate' | 'quantity' | 'flag';

export type ReportColumn<Key extends string = string> = {
  key: Key;
  /** A key of the module's text bundle: the grid's header and the export's. */
  label: ResourceKey;
  kind: ReportColumnKind;
  /** The server sorts by it ("{key} ASC|DESC"). */
  sortable?: boolean;
  /** Grid width in pixels; the export sizes its own. */
  width?: number;
  /**
   * The values are codes with labels in the text bundle, under this prefix ('register.status.' reads 'YetNotGenerated'
   * as the text of 'register.status.YetNotGenerated'): the grid and the export show the label, never the code.
   */
  labels?: string;
};

export type SortDirection = 'ASC' | 'DESC';

type RowShape = z.ZodObject<z.ZodRawShape>;
type KeyOf<R extends RowShape> = keyof z.infer<R> & string;

export type ReportDefinition<F extends RowShape, R extends RowShape, K extends KeyOf<R>, T extends K> = {
  /** The API base path: search is `${path}/search`, the export `${path}/export`. */
  path: string;
  /** The export's sheet name and file name ("Audit trail" → audit-trail.xlsx). */
  title: string;
  filters: F;
  row: R;
  columns: readonly ReportColumn<K>[];
  /** Columns summed over every matching row into the response's totals (money and count columns). */
  totals: readonly T[];
  /** "{key} ASC|DESC" over a sortable column; the tie-break is always the row id. */
  defaultSort: `${K} ${SortDirection}`;
};

/** Every report answers its totals, keyed by its `total` columns, in the same call as its first page. */
const totalsSchema = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<K, z.ZodNumber>);

/**
 * Paging by start and size (default: the installation's pageSize setting, spec core §7 login metadata), a sort
 * checked against the sortable columns on the server, and the report's filters.
 */
export const reportSearchRequestSchema = <F extends z.ZodType>(filters: F) =>
  z.object({
    start: z.number().int().min(0).default(0),
    size: z.number().int().min(1).max(1000).nullish(),
    sortExpression: z.string().max(100).nullish(),
    filters: filters.optional(),
  });

export const reportExportRequestSchema = <F extends z.ZodType>(filters: F) =>
  z.object({ sortExpression: z.string().max(100).nullish(), filters: filters.optional() });

export const defineReport = <F extends RowShape, R extends RowShape, K extends KeyOf<R>, T extends K = never>(
  definition: ReportDefinition<F, R, K, T>,
) => {
  const sortFields = definition.columns.filter((column) => column.sortable).map((column) => column.key);
  const totals = totalsSchema(definition.totals);
  return {
    ...definition,
    sortFields,
    endpoints: {
      /** One page of rows, the count and the totals over every matching row; load more: same filters, next start. */
      search: defineEndpoint({
        method: 'POST',
        path: `${definition.path}/search`,
        body: reportSearchRequestSchema(definition.filters),
        response: z.object({ items: z.array(definition.row), totalRecords: z.number().int(), totals }),
      }),
      /** xlsx of every matching row in the screen's sort. */
      export: defineEndpoint({
        method: 'POST',
        path: `${definition.path}/export`,
        body: reportExportRequestSchema(definition.filters),
        response: 'file',
      }),
    },
  };
};

export type Report = ReturnType<typeof defineReport<RowShape, RowShape, string, string>>;
/** A report's row, filters and totals as the web receives them. */
export type ReportRow<D extends { row: z.ZodType }> = z.infer<D['row']>;
export type ReportFilters<D extends { filters: z.ZodType }> = z.infer<D['filters']>;
export type ReportSearchResponse<D extends { endpoints: { search: { response: z.ZodType } } }> = z.infer<
  D['endpoints']['search']['response']
>;

/** The file name of a report's export: its title in kebab case. */
export const reportFileName = (report: { title: string }): string => `${report.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.xlsx`;

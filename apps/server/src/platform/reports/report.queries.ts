import { RESOURCES, type Report, type ReportColumn, type ReportFilters, type ReportRow } from '@opengst/contracts';
import { count, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { periodLabel } from '@opengst/domain';
import { EXCEL_AMOUNT, EXCEL_DATE, EXCEL_DATE_TIME, excelDate, excelIndiaTime, writeXlsx, type XlsxColumn } from '../../files/xlsx-writer';
import type { SessionPrincipal } from '../auth/sessions';
import { AppError } from '../errors';
import { orderByOf } from '../lists';

// The server's half of a report (contracts report.ts): one search (a page of rows, the count and the totals over every
// matching row) and one export (every matching row in the screen's sort, as xlsx) for any report, from a source that
// says where its rows live. A page is read as ids first, then rows: the ids come from an index alone, so "load more"
// at start 5,000 skips 5,000 index entries, not 5,000 joined rows.

/** A spreadsheet holds 1,048,576 rows; one is the header. */
export const EXPORT_MAX_ROWS = 1_000_000;
/** Rows read per round trip while an export is written. */
const EXPORT_CHUNK = 5_000;

/** The conditions of one request, and whatever else the source worked out on the way (the user's locations). */
export type ReportScope = { condition: SQL | undefined };

export type ReportSummary<D extends Report> = { n: number; totals: Record<D['totals'][number], number> };

export type ReportSource<D extends Report, S extends ReportScope = ReportScope> = {
  /** The table a row comes from; its id column breaks sort ties and keys a page. */
  table: PgTable;
  id: AnyPgColumn;
  /** A column of `table` for each sortable column of the report (checked when the report is served). */
  sortColumns: Partial<Record<D['columns'][number]['key'], AnyPgColumn>>;
  /** A column of `table` (or an expression over its columns: a signed amount) for each total, summed over the matching rows. */
  totalColumns: Partial<Record<D['totals'][number], AnyPgColumn | SQL>>;
  /** The filters as conditions on `table`, always scoped to the subscriber (and the user's entities where rows have one). */
  scope: (db: DbOrTx, principal: SessionPrincipal, filters: ReportFilters<D> | undefined) => Promise<S>;
  /** The rows of these ids, in any order, with their joins. */
  rowsOf: (db: DbOrTx, ids: readonly number[]) => Promise<ReportRow<D>[]>;
  /** Replaces the count and totals over `table` (a register reads its kept totals when the filters allow). */
  summary?: (db: DbOrTx, principal: SessionPrincipal, scope: S, filters: ReportFilters<D> | undefined) => Promise<ReportSummary<D> | null>;
};

/** What the generic queries read of a source: its tables and columns, not its scope. */
type Tables<D extends Report> = Pick<ReportSource<D>, 'table' | 'id' | 'sortColumns' | 'totalColumns' | 'rowsOf'>;

type SearchRequest<D extends Report> = {
  start?: number;
  size?: number | null;
  sortExpression?: string | null;
  filters?: ReportFilters<D>;
};

/** The programming errors a source can make, found when the report is served rather than when a user sorts. */
export const checkSource = <D extends Report>(report: D, source: Tables<D> & { summary?: unknown }): void => {
  const sortColumns: Partial<Record<string, AnyPgColumn>> = source.sortColumns;
  const totalColumns: Partial<Record<string, AnyPgColumn | SQL>> = source.totalColumns;
  const missing = [
    ...report.sortFields.filter((key) => !sortColumns[key]).map((key) => `sort column ${key}`),
    ...(source.summary ? [] : report.totals.filter((key) => !totalColumns[key]).map((key) => `total column ${key}`)),
  ];
  if (missing.length > 0) throw new Error(`Report ${report.title}: its source has no ${missing.join(', ')}.`);
};

const orderOf = <D extends Report>(report: D, source: Tables<D>, sortExpression: string | null | undefined): SQL[] => {
  const columns: Record<string, AnyPgColumn> = { id: source.id };
  const sortColumns: Partial<Record<string, AnyPgColumn>> = source.sortColumns;
  for (const key of report.sortFields) {
    const column = sortColumns[key];
    if (column) columns[key] = column;
  }
  return orderByOf(sortExpression, columns, report.defaultSort, source.id);
};

/** A sum of paise: bigint in SQL, a safe integer in JavaScript (below 2^53 paise, ₹90 lakh crore). */
const sumOf = (column: AnyPgColumn | SQL) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

const summaryOf = async <D extends Report>(db: DbOrTx, report: D, source: Tables<D>, condition: SQL | undefined) => {
  const totalColumns: Partial<Record<string, AnyPgColumn | SQL>> = source.totalColumns;
  const sums = Object.fromEntries(report.totals.flatMap((key) => (totalColumns[key] ? [[key, sumOf(totalColumns[key])]] : [])));
  const [row] = await db
    .select({ n: count(), ...sums })
    .from(source.table)
    .where(condition);
  const { n = 0, ...totals } = (row ?? {}) as Record<string, number>;
  return { n, totals: Object.fromEntries(report.totals.map((key) => [key, totals[key] ?? 0])) as ReportSummary<D>['totals'] };
};

/** A row as the generic queries see it: the source typed it against the report's row; here only its id is read. */
type AnyRow = Record<string, unknown>;

/** The rows of `ids` in the order of `ids`. */
const inOrder = async <D extends Report>(db: DbOrTx, source: Tables<D>, ids: readonly number[]): Promise<AnyRow[]> => {
  if (ids.length === 0) return [];
  const rows = (await source.rowsOf(db, ids)) as AnyRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap<AnyRow>((id) => byId.get(id) ?? []);
};

const idsOf = <D extends Report>(db: DbOrTx, source: Tables<D>, condition: SQL | undefined, orderBy: SQL[]) =>
  db
    .select({ id: source.id })
    .from(source.table)
    .where(condition)
    .orderBy(...orderBy);

export const searchReport = async <D extends Report, S extends ReportScope>(
  db: DbOrTx,
  principal: SessionPrincipal,
  report: D,
  source: ReportSource<D, S>,
  request: SearchRequest<D>,
  pageSize: number,
) => {
  const orderBy = orderOf(report, source, request.sortExpression);
  const scope = await source.scope(db, principal, request.filters);
  const summary = (await source.summary?.(db, principal, scope, request.filters)) ?? (await summaryOf(db, report, source, scope.condition));
  const start = request.start ?? 0;
  if (summary.n <= start) return { items: [], totalRecords: summary.n, totals: summary.totals };
  const page = await idsOf(db, source, scope.condition, orderBy)
    .offset(start)
    .limit(request.size ?? pageSize);
  return {
    items: await inOrder(
      db,
      source,
      page.map((row) => row.id as number),
    ),
    totalRecords: summary.n,
    totals: summary.totals,
  };
};

/**
 * A cell of the export: amounts in rupees, rates in percent, quantities in the unit, dates and times as Excel dates
 * (times in India time), periods as "Oct 2026".
 */
export const exportCell = (kind: ReportColumn['kind'], value: unknown): string | number | Date | null => {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'money':
      return Number(value) / 100;
    case 'rate':
    case 'quantity':
      return Number(value) / 1000;
    case 'count':
      return Number(value);
    case 'date':
      return excelDate(String(value));
    case 'dateTime':
      return excelIndiaTime(String(value));
    case 'period':
      return periodLabel(String(value));
    case 'flag':
      return value ? 'Y' : 'N';
    default:
      return String(value);
  }
};

const NUMBER_FORMATS: Partial<Record<ReportColumn['kind'], string>> = {
  money: EXCEL_AMOUNT,
  date: EXCEL_DATE,
  dateTime: EXCEL_DATE_TIME,
};

/** The label of a coded value (a status) from the English bundle; the code itself when the bundle has none. */
const labelOf = (prefix: string, value: unknown): unknown =>
  value === null || value === undefined ? value : ((RESOURCES as Record<string, string>)[`${prefix}${String(value)}`] ?? value);

/** The export's columns: each report column, headed by its English label. */
export const exportColumnsOf = (columns: readonly ReportColumn[]): XlsxColumn<AnyRow>[] =>
  columns.map((column) => ({
    header: RESOURCES[column.label],
    width: column.kind === 'text' ? 24 : column.kind === 'code' || column.kind === 'dateTime' ? 18 : undefined,
    numFmt: NUMBER_FORMATS[column.kind],
    value: (row) => exportCell(column.kind, column.labels ? labelOf(column.labels, row[column.key]) : row[column.key]),
  }));

/** Refuses an export of more rows than a spreadsheet holds, with what to do instead. */
export const assertExportSize = (n: number, maxRows: number, unit = 'rows'): void => {
  if (n <= maxRows) return;
  throw new AppError('GEN0009', {
    propertyName: 'Filters',
    message: `These filters match ${n.toLocaleString('en-IN')} ${unit}; an export holds at most ${maxRows.toLocaleString('en-IN')}. Narrow the filters (for example to a few return periods) and export again.`,
  });
};

/** Every matching row in the request's sort, as one xlsx sheet titled after the report. */
export const exportReport = async <D extends Report, S extends ReportScope>(
  db: DbOrTx,
  principal: SessionPrincipal,
  report: D,
  source: ReportSource<D, S>,
  request: { sortExpression?: string | null; filters?: ReportFilters<D> },
  maxRows = EXPORT_MAX_ROWS,
): Promise<{ content: Buffer; rows: number }> => {
  const orderBy = orderOf(report, source, request.sortExpression);
  const scope = await source.scope(db, principal, request.filters);
  const [matching] = await db.select({ n: count() }).from(source.table).where(scope.condition);
  assertExportSize(matching?.n ?? 0, maxRows);
  const ids = (await idsOf(db, source, scope.condition, orderBy)).map((row) => row.id as number);
  const rows: AnyRow[] = [];
  for (let at = 0; at < ids.length; at += EXPORT_CHUNK) rows.push(...(await inOrder(db, source, ids.slice(at, at + EXPORT_CHUNK))));
  return { content: await writeXlsx(report.title, exportColumnsOf(report.columns), rows), rows: rows.length };
};

// Reads of the imports: the /import list, the progress poll, summaries and the paged errors. Every read is scoped to
// the principal's subscriber (another subscriber's import is "not found") and to the user's location access.
import {
  type ImportErrorItem,
  type ImportErrorsRequest,
  type ImportListItem,
  type ImportProgress,
  type ImportSearchRequest,
  type ImportSummary,
  type ImportType,
  IMPORT_DEFAULT_SORT,
  type ImportCodeCount,
} from '@opengst/contracts';
import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  businessPartners,
  chartOfAccounts,
  documents,
  documentSummaries,
  hsnCodes,
  importErrors,
  imports,
  notices,
  users,
} from '../../db/schema';
import { assertEntityAccess } from '../../platform/entity-access';
import { assertImportReadable, readableImportsCondition } from './import-access';
import { AppError } from '../../platform/errors';
import { orderByOf } from '../../platform/lists';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';

export type ImportRow = typeof imports.$inferSelect;

const progressOf = (row: ImportRow): ImportProgress => ({
  importId: row.id,
  importType: row.importType as ImportType,
  fileName: row.fileName,
  status: row.status,
  totalRows: row.totalRows,
  processedRows: row.processedRows,
  validRows: row.validRows,
  errorRows: row.errorRows,
  message: row.message,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/**
 * The import, when it is the subscriber's and the user may read it (import-access.ts: its type, its location);
 * 404 / 403 otherwise.
 */
export const findImport = async (db: Db, principal: SessionPrincipal, importId: number, now = new Date()): Promise<ImportRow> => {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, importId), eq(imports.subscriberId, principal.subscriberId)));
  if (!row) throw new AppError('GEN0003');
  if (row.entityId !== null) await assertEntityAccess(db, principal, [row.entityId]);
  await assertImportReadable(db, principal, row, now);
  return row;
};

export const importProgress = async (db: Db, principal: SessionPrincipal, importId: number): Promise<ImportProgress> =>
  progressOf(await findImport(db, principal, importId));

const SORT_COLUMNS = {
  stamp: imports.stamp,
  fileName: imports.fileName,
  status: imports.status,
  importType: imports.importType,
  totalRows: imports.totalRows,
  errorRows: imports.errorRows,
};

export const searchImports = async (
  db: Db,
  principal: SessionPrincipal,
  request: ImportSearchRequest,
): Promise<{ items: ImportListItem[]; totalRecords: number }> => {
  const f = request.filters ?? {};
  const where: (SQL | undefined)[] = [
    eq(imports.subscriberId, principal.subscriberId),
    await readableImportsCondition(db, principal, new Date()),
    f.importType ? eq(imports.importType, f.importType) : undefined,
    f.statuses?.length ? inArray(imports.status, f.statuses) : undefined,
    f.fromDate ? gte(imports.stamp, new Date(`${f.fromDate}T00:00:00Z`)) : undefined,
    // Inclusive "to" day: before the next midnight.
    f.toDate ? lt(imports.stamp, new Date(Date.parse(`${f.toDate}T00:00:00Z`) + 86_400_000)) : undefined,
  ];
  const condition = and(...where);
  const [total] = await db.select({ n: count() }).from(imports).where(condition);
  const rows = await db
    .select({ imp: imports, createdByName: users.displayName })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.createdBy))
    .where(condition)
    .orderBy(...orderByOf(request.sortExpression, SORT_COLUMNS, IMPORT_DEFAULT_SORT, imports.id))
    .offset(request.start ?? 0)
    .limit(request.size ?? 50);
  return {
    totalRecords: total?.n ?? 0,
    items: rows.map(({ imp, createdByName }) => ({
      ...progressOf(imp),
      fileSize: imp.fileSize,
      fileFormat: imp.fileFormat,
      isAllOrNothing: imp.isAllOrNothing,
      entityId: imp.entityId,
      createdBy: imp.createdBy,
      createdByName,
      stamp: imp.stamp.toISOString(),
    })),
  };
};

/** Errors (and warnings) per code, most frequent first, with the columns they were found in. */
export const errorsByCode = async (db: Db, importId: number): Promise<(ImportCodeCount & { columns: string[]; type: string })[]> => {
  const rows = await db
    .select({
      code: importErrors.code,
      type: importErrors.type,
      count: count(),
      message: sql<string>`min(${importErrors.message})`,
      // Without the NULLs in SQL: PGlite hands an array element NULL back as the text "NULL".
      columns: sql<string[] | null>`array_agg(distinct ${importErrors.columnName}) FILTER (WHERE ${importErrors.columnName} IS NOT NULL)`,
    })
    .from(importErrors)
    .where(eq(importErrors.importId, importId))
    .groupBy(importErrors.code, importErrors.type)
    .orderBy(sql`count(*) desc`, importErrors.code);
  return rows.map((r) => ({ code: r.code, type: r.type, count: r.count, message: r.message, columns: r.columns ?? [] }));
};

/**
 * Records this import wrote that still carry its id (a later import of the same record takes it over). Entities
 * keep no import id: a finished entity import wrote its valid rows.
 */
const recordsWritten = async (db: Db, subscriberId: number, row: ImportRow): Promise<number> => {
  const importType = row.importType as ImportType;
  const counted = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  switch (importType) {
    case 'SalesDocuments':
    case 'PurchaseDocuments':
      return counted(
        db
          .select({ n: count() })
          .from(documents)
          .where(and(eq(documents.subscriberId, subscriberId), eq(documents.importId, row.id))),
      );
    case 'SalesSummaries':
    case 'PurchaseSummaries':
      return counted(
        db
          .select({ n: count() })
          .from(documentSummaries)
          .where(and(eq(documentSummaries.subscriberId, subscriberId), eq(documentSummaries.importId, row.id))),
      );
    case 'Vendors':
      return counted(
        db
          .select({ n: count() })
          .from(businessPartners)
          .where(and(eq(businessPartners.subscriberId, subscriberId), eq(businessPartners.importId, row.id))),
      );
    case 'HsnSac':
      return counted(
        db
          .select({ n: count() })
          .from(hsnCodes)
          .where(and(eq(hsnCodes.subscriberId, subscriberId), eq(hsnCodes.importId, row.id))),
      );
    // An account written by the import (created, or updated by its code) carries the import's id until a later one.
    case 'ChartOfAccounts':
      return counted(
        db
          .select({ n: count() })
          .from(chartOfAccounts)
          .where(and(eq(chartOfAccounts.subscriberId, subscriberId), eq(chartOfAccounts.importId, row.id))),
      );
    // A notice written by the import (created, or updated by its reference) carries the import's id until a later one.
    case 'Notices':
      return counted(
        db
          .select({ n: count() })
          .from(notices)
          .where(and(eq(notices.subscriberId, subscriberId), eq(notices.importId, row.id))),
      );
    case 'Entities':
    // A series names no import (a series imported again is updated, and may have been made on /series): the valid rows.
    case 'Series':
    // Nor do the small masters' records (levels, verticals, notice tags, IP addresses, consultants).
    case 'Levels':
    case 'Verticals':
    case 'NoticeTags':
    case 'IpAddresses':
    case 'Consultants':
      return row.status === 'Success' || row.status === 'SuccessWithError' ? row.validRows : 0;
  }
};

export const importSummary = async (db: Db, principal: SessionPrincipal, importId: number): Promise<ImportSummary> => {
  const row = await findImport(db, principal, importId);
  const byCode = await errorsByCode(db, importId);
  const stored = await recordsWritten(db, principal.subscriberId, row);
  const total = (type: string) => byCode.filter((c) => c.type === type).reduce((n, c) => n + c.count, 0);
  return {
    ...progressOf(row),
    documents: stored,
    errors: total('Error'),
    warnings: total('Warning'),
    byCode: byCode.map(({ code, message, count: n }) => ({ code, message, count: n })),
  };
};

export const listImportErrors = async (
  db: Db,
  principal: SessionPrincipal,
  request: ImportErrorsRequest,
): Promise<{ items: ImportErrorItem[]; totalRecords: number }> => {
  await findImport(db, principal, request.importId);
  const size = request.size ?? (await loadInstallationSettings(db)).importErrorPageSize;
  const condition = and(
    eq(importErrors.importId, request.importId),
    request.filters?.code ? eq(importErrors.code, request.filters.code) : undefined,
    request.filters?.column ? eq(importErrors.columnName, request.filters.column) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(importErrors).where(condition);
  const rows = await db
    .select()
    .from(importErrors)
    .where(condition)
    .orderBy(importErrors.rowNumber, importErrors.id)
    .offset(request.start ?? 0)
    .limit(size);
  return {
    totalRecords: total?.n ?? 0,
    items: rows.map((e) => ({ row: e.rowNumber, column: e.columnName, value: e.value, code: e.code, message: e.message, type: e.type })),
  };
};

/** Messages per row number, for the export of the rows that had errors. */
export const errorMessagesByRow = async (db: Db, importId: number): Promise<Map<number, string[]>> => {
  const rows = await db
    .select({
      row: importErrors.rowNumber,
      column: importErrors.columnName,
      code: importErrors.code,
      message: importErrors.message,
      type: importErrors.type,
    })
    .from(importErrors)
    .where(eq(importErrors.importId, importId))
    .orderBy(importErrors.rowNumber, importErrors.id);
  const byRow = new Map<number, string[]>();
  for (const e of rows) {
    const list = byRow.get(e.row) ?? [];
    list.push(`${e.type === 'Warning' ? 'Warning ' : ''}${e.code}${e.column ? ` (${e.column})` : ''}: ${e.message}`);
    byRow.set(e.row, list);
  }
  return byRow;
};

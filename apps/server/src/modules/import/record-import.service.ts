// The background work of a record import (summaries, vendors, HSN/SAC codes, entities): one record per row. Rows are
// read streamed and checked; valid records are written in ONE transaction with the final status (a crash before
// COMMIT leaves nothing of the file); a record already there is updated (by the table's unique key), never duplicated.
import { istDateOf } from '@opengst/domain';
import { ERROR_CATALOGUE, IMPORT_COLUMNS, type ImportType, type SubscriberSettings } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import { OFFICIAL_HSN_DIRECTORY_FILE } from '../../config';
import { officialHsnIndex } from '../masters';
import type { Db, DbOrTx } from '../../db/database';
import { importErrors, imports, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { mapHeader, parseCell, type CellValue } from './columns.rules';
import type { RowError } from './document-builder.rules';
import type { ImportDeps, ImportObserver } from './import-process.service';
import type { ImportRow } from './import.repo';
import { readRows } from './readers.service';
import type { FileFormat } from './sniff.rules';
import { entityHandler } from './records/entities.service';
import { seriesHandler } from './records/series.service';
import { chartOfAccountsHandler } from './records/chart-of-accounts.service';
import { noticesHandler } from './records/notices.service';
import { hsnHandler, type HsnCodeRecord } from './records/hsn-codes.service';
import { readPortalDirectory } from './records/hsn-directory.service';
import { accessibleLocations } from './records/locations.queries';
import type { RecordHandler, RowIssue, Sourced, StoreIssue } from './records/record-handler.rules';
import { summaryHandler } from './records/summaries.service';
import { vendorHandler } from './records/vendors.service';
import { namedMasterHandler } from './records/named-masters.service';
import { ipAddressHandler } from './records/ip-addresses.service';
import { consultantsHandler } from './records/consultants.service';

type RecordImportOptions = {
  importType: ImportType;
  settings: SubscriberSettings;
  aliases: readonly { column: string; alias: string }[];
  path: string;
  observe?: ImportObserver | undefined;
  /** The address the file was uploaded from (the job's data): the IP allow-list's import keeps it allowed. */
  uploaderIp?: string | undefined;
};

/** processedRows is written every this many rows, as the document path does. */
const PROGRESS_EVERY = 2000;
const ERROR_BATCH = 1000;

/** What reading a file gives the write: the valid records, every issue, and the row counts. */
type ReadResult<R> = { records: Sourced<R>[]; errors: RowError[]; dataRows: number; errorRows: number };

/** Thrown inside the file's transaction to roll it back when all-or-nothing meets a row refused while writing. */
class RefusedFile extends Error {
  constructor(readonly issues: StoreIssue[]) {
    super('refused');
  }
}

const NOTHING_VALID = 'No row of the file is valid: nothing was stored. See the errors.';

const maxRowsError = (maxRows: number) =>
  new AppError('IMP0007', { message: `The file has more than ${maxRows} rows, the limit of your import settings.` });

/** The job acts for the user who uploaded the file, with that user's role and location access. */
const principalOfJob = async (db: Db, job: ImportRow): Promise<SessionPrincipal> => {
  const [user] = await db.select({ roleId: users.roleId, userName: users.userName }).from(users).where(eq(users.id, job.createdBy));
  if (!user) throw new AppError('GEN0003', { message: 'The user who uploaded this file no longer exists.' });
  return { sessionId: 0, userId: job.createdBy, subscriberId: job.subscriberId, roleId: user.roleId, userName: user.userName };
};

/** Reads the rows by the type's documented columns (or the subscriber's aliases), checks each, keeps the first of a key. */
const readByColumns = async <R>(
  deps: ImportDeps,
  job: ImportRow,
  options: RecordImportOptions,
  handler: RecordHandler<R>,
): Promise<ReadResult<R>> => {
  const { importType, settings, aliases, path, observe } = options;
  const result: ReadResult<R> = { records: [], errors: [], dataRows: 0, errorRows: 0 };
  const firstRowOf = new Map<string, number>();
  let header: ReturnType<typeof mapHeader> | undefined;
  for await (const { row, cells } of readRows(path, job.fileFormat as FileFormat)) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (!header) {
      header = mapHeader(importType, cells, aliases);
      if (header.missing.length > 0)
        throw new AppError('IMP0008', {
          message: `Required columns missing from the header row: ${header.missing.map((c) => c.name).join(', ')}.`,
        });
      continue;
    }
    if (++result.dataRows > settings.importValidation.maxRows) throw maxRowsError(settings.importValidation.maxRows);
    const rawOf = (key: string) => cells[header?.indexOf.get(key) ?? -1] ?? '';
    const issues: RowIssue[] = [];
    const values: Record<string, CellValue> = {};
    for (const column of header.columns) {
      const parsed = parseCell(column, rawOf(column.key));
      if ('error' in parsed) issues.push({ column: column.key, code: parsed.error.code, message: parsed.error.message, type: 'Error' });
      else values[column.key] = parsed.value;
    }
    if (issues.length === 0) {
      const checked = handler.check(values);
      issues.push(...checked.issues);
      if (checked.record !== null) {
        const key = handler.keyOf(checked.record);
        const first = firstRowOf.get(key);
        if (first === undefined) {
          firstRowOf.set(key, row);
          result.records.push({ row, record: checked.record });
        } else {
          issues.push({
            column: null,
            code: 'IMP0017',
            message: `Row ${first} has the same ${handler.describeKey(checked.record)}: only that row is stored.`,
            type: 'Error',
          });
        }
      }
    }
    for (const issue of issues) {
      const name = issue.column ? (header.columns.find((c) => c.key === issue.column)?.name ?? issue.column) : null;
      result.errors.push({
        row,
        column: name,
        value: issue.column ? rawOf(issue.column) : null,
        code: issue.code,
        message: issue.message,
        type: issue.type,
      });
    }
    if (issues.some((issue) => issue.type === 'Error')) result.errorRows++;
    if (result.dataRows % PROGRESS_EVERY === 0) {
      await deps.db.update(imports).set({ processedRows: result.dataRows }).where(eq(imports.id, job.id));
      await observe?.('reading', result.dataRows);
    }
  }
  if (!header || result.dataRows === 0) throw new AppError('IMP0022');
  return result;
};

/** The GST portal's HSN/SAC directory, when the file is one: every code readHsnDirectory finds, its repairs as warnings. */
const readDirectory = async (deps: ImportDeps, job: ImportRow, options: RecordImportOptions): Promise<ReadResult<HsnCodeRecord> | null> => {
  const maxRows = options.settings.importValidation.maxRows;
  const directory = await readPortalDirectory(options.path, job.fileFormat as FileFormat, maxRows, async (rows) => {
    await deps.db.update(imports).set({ processedRows: rows }).where(eq(imports.id, job.id));
    await options.observe?.('reading', rows);
  });
  if (!directory) return null;
  if (directory.dataRows === 0) throw new AppError('IMP0022');
  const result: ReadResult<HsnCodeRecord> = { records: directory.records, errors: [], dataRows: directory.dataRows, errorRows: 0 };
  for (const issue of directory.issues) {
    // A row that holds no code is refused; a repaired code, a repeated code or a missing description is a warning.
    const type = issue.code === 'HSN_DIR_CODE' ? 'Error' : 'Warning';
    result.errors.push({ row: issue.ref.row, column: issue.ref.column, value: null, code: issue.code, message: issue.message, type });
    if (type === 'Error') result.errorRows++;
  }
  return result;
};

const writeErrors = async (db: DbOrTx, importId: number, errors: readonly RowError[]) => {
  for (let at = 0; at < errors.length; at += ERROR_BATCH) {
    await db.insert(importErrors).values(
      errors.slice(at, at + ERROR_BATCH).map((e) => ({
        importId,
        rowNumber: e.row,
        columnName: e.column,
        value: e.value === null ? null : e.value.slice(0, 500),
        code: e.code,
        message: e.message,
        type: e.type,
      })),
    );
  }
};

const storeErrorsOf = (importType: ImportType, issues: readonly StoreIssue[]): RowError[] =>
  issues.map((issue) => ({
    row: issue.row,
    column: issue.column ? (IMPORT_COLUMNS[importType].find((c) => c.key === issue.column)?.name ?? issue.column) : null,
    value: issue.value ?? null,
    code: issue.code,
    message: issue.message,
    type: issue.type,
  }));

/**
 * Runs a record import to its final status. File-level failures are thrown as AppError (the caller marks the import
 * Failed with that error); row errors are recorded and the valid rows stored, unless the subscriber imports all or nothing.
 */
export const processRecordImport = async (deps: ImportDeps, job: ImportRow, options: RecordImportOptions): Promise<void> => {
  const principal = await principalOfJob(deps.db, job);
  const today = istDateOf(deps.now());
  switch (options.importType) {
    case 'SalesSummaries':
    case 'PurchaseSummaries': {
      const locations = await accessibleLocations(deps.db, job.subscriberId, job.createdBy, job.entityId);
      const direction = options.importType === 'SalesSummaries' ? 'Sales' : 'Purchase';
      const handler = summaryHandler(direction, job.subscriberId, job.id, job.createdBy, locations, today);
      return runImport(deps, job, options, principal, handler, await readByColumns(deps, job, options, handler));
    }
    case 'Vendors': {
      const handler = vendorHandler(job.subscriberId, job.id, job.createdBy);
      return runImport(deps, job, options, principal, handler, await readByColumns(deps, job, options, handler));
    }
    case 'HsnSac': {
      const directory = await officialHsnIndex(deps.hsnDirectoryFile ?? OFFICIAL_HSN_DIRECTORY_FILE);
      const handler = hsnHandler(job.subscriberId, job.id, job.createdBy, today, directory);
      return runImport(
        deps,
        job,
        options,
        principal,
        handler,
        (await readDirectory(deps, job, options)) ?? (await readByColumns(deps, job, options, handler)),
      );
    }
    case 'Series': {
      const handler = seriesHandler(principal);
      return runImport(deps, job, options, principal, handler, await readByColumns(deps, job, options, handler));
    }
    case 'ChartOfAccounts': {
      const handler = chartOfAccountsHandler(principal, job.id);
      return runImport(deps, job, options, principal, handler, await readByColumns(deps, job, options, handler));
    }
    case 'Notices': {
      const locations = await accessibleLocations(deps.db, job.subscriberId, job.createdBy, job.entityId);
      const handler = noticesHandler(principal, job.id, locations, istDateOf(deps.now()));
      return runImport(deps, job, options, principal, handler, await readByColumns(deps, job, options, handler));
    }
    case 'Entities': {
      const handler = entityHandler(principal);
      return runImport(deps, job, options, principal, handler, await readByColumns(deps, job, options, handler));
    }
    case 'Levels':
    case 'Verticals':
    case 'NoticeTags': {
      const handler = namedMasterHandler(options.importType, principal, options.uploaderIp);
      return runImport(deps, job, options, principal, handler, await readByColumns(deps, job, options, handler));
    }
    case 'IpAddresses': {
      const handler = ipAddressHandler(principal, options.uploaderIp ?? null);
      return runImport(deps, job, options, principal, handler, await readByColumns(deps, job, options, handler));
    }
    case 'Consultants': {
      if (!deps.app) throw new Error('the consultants import makes users: it needs the app context (ImportDeps.app)');
      const locations = await accessibleLocations(deps.db, job.subscriberId, job.createdBy, null);
      const handler = consultantsHandler(deps.app, principal, job.id, locations);
      return runImport(deps, job, options, principal, handler, await readByColumns(deps, job, options, handler));
    }
    case 'SalesDocuments':
    case 'PurchaseDocuments':
      throw new Error(`${options.importType} is a document import (import.job.ts)`);
  }
};

/** Records the read's errors, then writes the valid records, the audit row and the final status in one transaction. */
const runImport = async <R>(
  deps: ImportDeps,
  job: ImportRow,
  options: RecordImportOptions,
  principal: SessionPrincipal,
  handler: RecordHandler<R>,
  read: ReadResult<R>,
): Promise<void> => {
  const { db } = deps;
  const { importType } = options;
  const counts = {
    totalRows: read.dataRows,
    processedRows: read.dataRows,
    validRows: read.dataRows - read.errorRows,
    errorRows: read.errorRows,
  };
  await writeErrors(db, job.id, read.errors);
  const refuseAll = job.isAllOrNothing && read.errorRows > 0;
  if (refuseAll || read.records.length === 0) {
    const message = refuseAll ? ERROR_CATALOGUE.IMP0019.message : NOTHING_VALID;
    await db
      .update(imports)
      .set({ ...counts, validRows: 0, status: 'Failed', message, finishedAt: deps.now() })
      .where(eq(imports.id, job.id));
    return;
  }
  await options.observe?.('storing', read.records.length);
  try {
    await db.transaction(async (tx) => {
      const stored = await handler.store(tx, read.records);
      if (stored.issues.length > 0 && job.isAllOrNothing) throw new RefusedFile(stored.issues);
      const refusedRows = new Set(stored.issues.filter((i) => i.type === 'Error').map((i) => i.row)).size;
      const final = { ...counts, validRows: counts.validRows - refusedRows, errorRows: counts.errorRows + refusedRows };
      await writeErrors(tx, job.id, storeErrorsOf(importType, stored.issues));
      await writeAudit(tx, principal, {
        entityType: 'Import',
        entityKey: job.id,
        entityName: job.fileName,
        action: 'Import',
        after: { importType, records: stored.written, ...final },
      });
      const status = stored.written === 0 ? 'Failed' : final.errorRows > 0 ? 'SuccessWithError' : 'Success';
      await tx
        .update(imports)
        .set({ ...final, status, message: stored.written === 0 ? NOTHING_VALID : null, finishedAt: deps.now() })
        .where(eq(imports.id, job.id));
    });
    await handler.afterCommit?.();
  } catch (error) {
    if (!(error instanceof RefusedFile)) throw error;
    const refusedRows = new Set(error.issues.map((i) => i.row)).size;
    await writeErrors(db, job.id, storeErrorsOf(importType, error.issues));
    await db
      .update(imports)
      .set({
        ...counts,
        validRows: 0,
        errorRows: counts.errorRows + refusedRows,
        status: 'Failed',
        message: ERROR_CATALOGUE.IMP0019.message,
        finishedAt: deps.now(),
      })
      .where(eq(imports.id, job.id));
  }
};

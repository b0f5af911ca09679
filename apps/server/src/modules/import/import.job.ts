// The background job of one uploaded file: read (streamed), group, validate, record errors, store in one transaction.
import { ERROR_CATALOGUE, type ImportType } from '@opengst/contracts';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { join } from 'node:path';
import { writeAudit } from '../../audit';
import type { Db } from '../../db/database';
import { entities, importAliases, importErrors, imports, userEntities } from '../../db/schema';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { loadSubscriberSettings } from '../settings/subscriber-settings';
import { mapHeader } from './columns';
import { createGrouper, type RowError } from './documents';
import { estimateCsvRows, readRows } from './readers';
import type { FileFormat } from './sniff';
import { storeDocuments } from './store';

export const IMPORT_JOB = 'import.process';
/** processedRows is written every this many rows, so the progress poll moves without slowing the import. */
const PROGRESS_EVERY = 2000;
const ERROR_BATCH = 1000;

export type ImportDeps = { db: Db; dataDir: string; now: () => Date };

export const INTERRUPTED_MESSAGE = ERROR_CATALOGUE.IMP0020.message;

/**
 * On start, an import still InProcess belongs to a process that died (this app runs one job worker per database).
 * Documents are written in the same transaction that ends the import, so nothing of such a file was stored.
 */
export const recoverInterruptedImports = async (db: Db, now: Date): Promise<number> => {
  const rows = await db.update(imports).set({ status: 'Failed', message: INTERRUPTED_MESSAGE, finishedAt: now })
    .where(eq(imports.status, 'InProcess')).returning({ id: imports.id });
  return rows.length;
};

/** GSTIN → entity id of the locations the user may import for (one location only when the upload named it). */
const locationsOf = async (db: Db, subscriberId: number, userId: number, entityId: number | null): Promise<Map<string, number>> => {
  const rows = await db.select({ id: entities.id, gstin: entities.gstin }).from(entities)
    .innerJoin(userEntities, and(eq(userEntities.entityId, entities.id), eq(userEntities.userId, userId)))
    .where(and(eq(entities.subscriberId, subscriberId), isNotNull(entities.gstin), ne(entities.status, 'Delete'), ...(entityId ? [eq(entities.id, entityId)] : [])));
  return new Map(rows.map((r) => [r.gstin ?? '', r.id]));
};

const writeErrors = async (db: Db, importId: number, errors: readonly RowError[]) => {
  for (let at = 0; at < errors.length; at += ERROR_BATCH) {
    await db.insert(importErrors).values(errors.slice(at, at + ERROR_BATCH).map((e) => ({
      importId, rowNumber: e.row, columnName: e.column, value: e.value === null ? null : e.value.slice(0, 500), code: e.code, message: e.message, type: e.type,
    })));
  }
};

/** Observes a running import: rows read so far, and the start of the storing transaction (the crash test kills there). */
export type ImportObserver = (phase: 'reading' | 'storing', rows: number) => void;

/** Runs one import to its final status. Idempotent: only an Initialized or YetNotStarted import is taken. */
export const processImport = async (deps: ImportDeps, importId: number, observe?: ImportObserver): Promise<void> => {
  const { db } = deps;
  const [job] = await db.update(imports).set({ status: 'InProcess', startedAt: deps.now() })
    .where(and(eq(imports.id, importId), inArray(imports.status, ['Initialized', 'YetNotStarted']))).returning();
  if (!job) return;
  try {
    const settings = await loadSubscriberSettings(db, job.subscriberId);
    const importType = job.importType as ImportType;
    const aliases = await db.select({ column: importAliases.column, alias: importAliases.alias }).from(importAliases)
      .where(and(eq(importAliases.subscriberId, job.subscriberId), eq(importAliases.importType, importType)));
    const locations = await locationsOf(db, job.subscriberId, job.createdBy, job.entityId);
    const today = deps.now().toISOString().slice(0, 10);
    const path = join(deps.dataDir, job.storagePath);
    if (job.fileFormat === 'csv') await db.update(imports).set({ totalRows: await estimateCsvRows(path) }).where(eq(imports.id, importId));
    let grouper: ReturnType<typeof createGrouper> | undefined;
    let dataRows = 0;
    for await (const { row, cells } of readRows(path, job.fileFormat as FileFormat)) {
      if (cells.every((cell) => cell.trim() === '')) continue;
      if (!grouper) {
        const header = mapHeader(importType, cells, aliases);
        if (header.missing.length > 0) throw new AppError('IMP0008', { message: `Required columns missing from the header row: ${header.missing.map((c) => c.name).join(', ')}.` });
        grouper = createGrouper(importType, header, locations, today);
        continue;
      }
      if (++dataRows > settings.importValidation.maxRows) {
        throw new AppError('IMP0007', { message: `The file has more than ${settings.importValidation.maxRows} rows, the limit of your import settings.` });
      }
      grouper.addRow(row, cells);
      if (dataRows % PROGRESS_EVERY === 0) {
        await db.update(imports).set({ processedRows: dataRows }).where(eq(imports.id, importId));
        observe?.('reading', dataRows);
      }
    }
    if (!grouper || dataRows === 0) throw new AppError('IMP0022');

    const { documents, errors } = grouper.finish();
    const valid = documents.filter((d) => d.valid);
    const validRows = valid.reduce((n, d) => n + d.rows.length, 0);
    const counts = { totalRows: dataRows, processedRows: dataRows, validRows, errorRows: dataRows - validRows };
    await writeErrors(db, importId, errors);
    const refuseAll = job.isAllOrNothing && counts.errorRows > 0;
    if (refuseAll || valid.length === 0) {
      const message = refuseAll ? ERROR_CATALOGUE.IMP0019.message : 'No row of the file is valid: nothing was stored. See the errors.';
      await db.update(imports).set({ ...counts, validRows: 0, status: 'Failed', message, finishedAt: deps.now() }).where(eq(imports.id, importId));
      return;
    }
    observe?.('storing', validRows);
    await db.transaction(async (tx) => {
      const stored = await storeDocuments(tx, { subscriberId: job.subscriberId, userId: job.createdBy, importId, direction: importType === 'SalesDocuments' ? 'Sales' : 'Purchase' }, valid);
      await writeAudit(tx, { subscriberId: job.subscriberId, userId: job.createdBy }, {
        entityType: 'Import', entityKey: importId, entityName: job.fileName, action: 'Import', after: { importType, documents: stored, ...counts },
      });
      await tx.update(imports).set({ ...counts, status: counts.errorRows > 0 ? 'SuccessWithError' : 'Success', message: null, finishedAt: deps.now() }).where(eq(imports.id, importId));
    });
  } catch (error) {
    const known = error instanceof AppError;
    if (!known) console.error(`[import ${importId}]`, error);
    const code = known ? error.code : 'GEN0005';
    const message = known ? error.message : 'The file could not be imported because of an unexpected error; nothing from it was stored.';
    await db.insert(importErrors).values({ importId, rowNumber: 0, columnName: null, value: null, code, message, type: 'Error' });
    await db.update(imports).set({ status: 'Failed', message, finishedAt: deps.now() }).where(eq(imports.id, importId));
  }
};

/** Registers the worker; imports a dead process left InProcess are closed as Failed first. */
export const registerImportJob = async (jobs: JobQueue, deps: ImportDeps): Promise<void> => {
  await recoverInterruptedImports(deps.db, deps.now());
  // No retries: a failure is recorded on the import itself, and the user imports the file again.
  await jobs.register(IMPORT_JOB, async (data) => processImport(deps, Number(data.importId)), { retryLimit: 0 });
};

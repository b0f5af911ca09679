// The background job of one uploaded file: read (streamed) and stage it, group and validate documents, record errors,
// store the valid documents in one transaction.
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
import { createDocumentBuilder, createRowParser, type DocumentBuilder, type ParsedRow } from './documents';
import { estimateCsvRows, readRowBatches } from './readers';
import type { FileFormat } from './sniff';
import { processRecordImport } from './record-import';
import { createHashSet, createStaging, dropStaging, keyHash, type Staging } from './store';

export const IMPORT_JOB = 'import.process';
/** processedRows is written when the rows read pass a multiple of this, so the progress poll moves without slowing the import. */
const PROGRESS_EVERY = 2000;

export type ImportDeps = { db: Db; dataDir: string; now: () => Date };

export const INTERRUPTED_MESSAGE = ERROR_CATALOGUE.IMP0020.message;

/**
 * On start, an import still InProcess belongs to a process that died (this app runs one job worker per database).
 * Documents are written in the same transaction that ends the import, so nothing of such a file was stored; its work
 * tables are dropped.
 */
export const recoverInterruptedImports = async (db: Db, now: Date): Promise<number> => {
  const rows = await db.update(imports).set({ status: 'Failed', message: INTERRUPTED_MESSAGE, finishedAt: now })
    .where(eq(imports.status, 'InProcess')).returning({ id: imports.id });
  for (const { id } of rows) await dropStaging(db, id);
  return rows.length;
};

/** GSTIN → entity id of the locations the user may import for (one location only when the upload named it). */
const locationsOf = async (db: Db, subscriberId: number, userId: number, entityId: number | null): Promise<Map<string, number>> => {
  const rows = await db.select({ id: entities.id, gstin: entities.gstin }).from(entities)
    .innerJoin(userEntities, and(eq(userEntities.entityId, entities.id), eq(userEntities.userId, userId)))
    .where(and(eq(entities.subscriberId, subscriberId), isNotNull(entities.gstin), ne(entities.status, 'Delete'), ...(entityId ? [eq(entities.id, entityId)] : [])));
  return new Map(rows.map((r) => [r.gstin ?? '', r.id]));
};

/**
 * Observes a running import: rows read so far, and 'storing' inside the file's transaction once the documents are
 * written but not committed (the crash test kills there).
 */
export type ImportObserver = (phase: 'reading' | 'storing', rows: number) => void;

type StageOptions = {
  importType: ImportType; path: string; format: FileFormat; maxRows: number; aliases: readonly { column: string; alias: string }[];
  locations: ReadonlyMap<string, number>; today: string; staging: Staging; observe: ImportObserver | undefined;
};

/**
 * Reads the file streamed and stages it. Rows of one document usually follow each other: such a run is built and
 * validated as soon as the next document starts, so memory holds one document at a time. A document whose rows come
 * back later in the file is noticed by its key's hash and rebuilt from the work table at the end (regroupSplit).
 */
const stageFile = async ({ db }: ImportDeps, importId: number, o: StageOptions): Promise<{ dataRows: number }> => {
  let parseRow: ReturnType<typeof createRowParser> | undefined;
  let builder: DocumentBuilder | undefined;
  const seen = createHashSet();
  const split = new Set<number>();
  let run: ParsedRow[] = [];
  let runHash = 0;
  let runId = 0;
  let dataRows = 0;
  const endRun = () => {
    if (run.length === 0 || !builder) return;
    if (seen.add(runHash)) split.add(runHash);
    else {
      const { doc, errors } = builder.build(run);
      o.staging.addErrors(errors, runHash);
      if (doc.valid) o.staging.addDocument(doc, runHash, runId);
    }
    run = [];
  };
  // A batch at a time: the rows of a batch are parsed, checked and staged without an await between them.
  for await (const batch of readRowBatches(o.path, o.format)) {
    // A row starts at most one run.
    await o.staging.reserveIds(batch.length);
    const before = dataRows;
    for (const { row, cells } of batch) {
      if (isBlankRow(cells)) continue;
      if (!parseRow) {
        const header = mapHeader(o.importType, cells, o.aliases);
        if (header.missing.length > 0) throw new AppError('IMP0008', { message: `Required columns missing from the header row: ${header.missing.map((c) => c.name).join(', ')}.` });
        parseRow = createRowParser(o.importType, header, o.locations);
        builder = createDocumentBuilder(o.importType, header, o.today);
        continue;
      }
      if (++dataRows > o.maxRows) throw new AppError('IMP0007', { message: `The file has more than ${o.maxRows} rows, the limit of your import settings.` });
      const { parsed, errors } = parseRow(row, cells);
      o.staging.addErrors(errors, null);
      if (run[0] && run[0].key !== parsed.key) endRun();
      if (run.length === 0) {
        runHash = keyHash(parsed.key);
        runId = o.staging.nextDocumentId();
      }
      run.push(parsed);
      o.staging.addRow(parsed, runHash, run.length, runId);
    }
    await o.staging.flush();
    if (Math.floor(dataRows / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) {
      await db.update(imports).set({ processedRows: dataRows }).where(eq(imports.id, importId));
      o.observe?.('reading', dataRows);
    }
  }
  if (!builder || dataRows === 0) throw new AppError('IMP0022');
  endRun();
  if (split.size > 0) await o.staging.regroupSplit([...split], builder);
  else await o.staging.endStreams();
  return { dataRows };
};

const isBlankRow = (cells: readonly string[]): boolean => {
  for (const cell of cells) if (cell !== '' && cell.trim() !== '') return false;
  return true;
};

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
    if (importType !== 'SalesDocuments' && importType !== 'PurchaseDocuments') {
      // Masters and summaries: one record per row (record-import.ts); it sets the final status itself.
      await processRecordImport(deps, job, { importType, settings, aliases, path, observe });
      return;
    }
    const direction = importType === 'SalesDocuments' ? 'Sales' : 'Purchase';
    const staging = await createStaging(db, importId);
    try {
      const read = await stageFile(deps, job.id, { importType, path, format: job.fileFormat as FileFormat, maxRows: settings.importValidation.maxRows, aliases, locations, today, staging, observe });
      const valid = await staging.validCounts();
      const counts = { totalRows: read.dataRows, processedRows: read.dataRows, validRows: valid.rows, errorRows: read.dataRows - valid.rows };
      await staging.publishErrors();
      const refuseAll = job.isAllOrNothing && counts.errorRows > 0;
      if (refuseAll || valid.documents === 0) {
        const message = refuseAll ? ERROR_CATALOGUE.IMP0019.message : 'No row of the file is valid: nothing was stored. See the errors.';
        await staging.drop();
        await db.update(imports).set({ ...counts, validRows: 0, status: 'Failed', message, finishedAt: deps.now() }).where(eq(imports.id, importId));
        return;
      }
      await db.transaction(async (tx) => {
        await staging.store(tx, { subscriberId: job.subscriberId, userId: job.createdBy, importId, direction });
        observe?.('storing', counts.validRows);
        await writeAudit(tx, { subscriberId: job.subscriberId, userId: job.createdBy }, {
          entityType: 'Import', entityKey: importId, entityName: job.fileName, action: 'Import', after: { importType, documents: valid.documents, ...counts },
        });
        await staging.drop(tx);
        await tx.update(imports).set({ ...counts, status: counts.errorRows > 0 ? 'SuccessWithError' : 'Success', message: null, finishedAt: deps.now() }).where(eq(imports.id, importId));
      });
    } finally {
      await staging.drop(); // after a failure; a no-op when the tables are already gone
    }
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

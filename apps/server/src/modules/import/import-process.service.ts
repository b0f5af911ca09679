// The background job of one uploaded file: read (streamed) and stage it, group and validate documents, record errors,
// store the valid documents in one transaction.
import { istDateOf } from '@opengst/domain';
import { ERROR_CATALOGUE, type ImportType } from '@opengst/contracts';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { join } from 'node:path';
import { turnoversByEntity } from '../organization';
import { writeAudit } from '../../platform/audit';
import { isServerDatabase, type Db, type Tx } from '../../db/database';
import type { AppContext } from '../../platform/context';
import { entities, importAliases, importErrors, imports, userEntities } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { mapHeader } from './columns.rules';
import { createDocumentBuilder } from './document-builder.rules';
import { estimateCsvRows } from '../../files/csv';
import type { FileFormat } from './sniff.rules';
import { processInwardImport } from './json/inward-import.service';
import { processRecordImport } from './record-import.service';
import { createIdSource } from './stage-lines.rules';
import { hsnTurnoversOf, readStaged, type StagedBatch, type StagedEnd, type StageReadOptions } from './stage-read.service';
import { readInThread } from './stage-thread.service';
import { createStaging, dropStaging, type Staging, type StoreTarget } from './store.repo';
import { createEarlyStore, EARLY_CHUNK_DOCUMENTS, type EarlyStore } from './store-early.repo';

/** processedRows is written when the rows read pass a multiple of this, so the progress poll moves without slowing the import. */
const PROGRESS_EVERY = 2000;

/**
 * A file from this size on is read in a thread of its own (stage-thread.service.ts). Starting one takes about a second here
 * (loading the modules), which pays off from some 50,000 rows of CSV (7 MB): the main thread's share of each row,
 * loading its lines into the database, then overlaps the parsing and validation.
 */
const READER_THREAD_BYTES = 4 * 1024 * 1024;

/**
 * earlyChunkDocuments: documents per chunk stored while reading on PostgreSQL (store-early.repo.ts); bulkLoad: documents or
 * items from which on the store on PGlite may rebuild indexes (store.repo.ts); readerThreadBytes: the file size from which
 * on it is read in a thread of its own. Tests make them small.
 */
export type ImportDeps = {
  db: Db;
  /** The application (mail, clock, public URL): the consultants import makes users and mails them. */
  app?: AppContext;
  dataDir: string;
  now: () => Date;
  /** The GST portal's HSN/SAC directory the HSN/SAC import checks codes against (config's hsnDirectoryFile). */
  hsnDirectoryFile?: string;
  earlyChunkDocuments?: number;
  bulkLoad?: number;
  readerThreadBytes?: number;
};

export const INTERRUPTED_MESSAGE = ERROR_CATALOGUE.IMP0020.message;

/**
 * On start, an import still InProcess belongs to a process that died (this app runs one job worker per database).
 * Documents are written in the same transaction that ends the import, so nothing of such a file was stored; its work
 * tables are dropped.
 */
export const recoverInterruptedImports = async (db: Db, now: Date): Promise<number> => {
  const rows = await db
    .update(imports)
    .set({ status: 'Failed', message: INTERRUPTED_MESSAGE, finishedAt: now })
    .where(eq(imports.status, 'InProcess'))
    .returning({ id: imports.id });
  for (const { id } of rows) await dropStaging(db, id);
  return rows.length;
};

/** GSTIN → entity id of the locations the user may import for (one location only when the upload named it). */
const locationsOf = async (db: Db, subscriberId: number, userId: number, entityId: number | null): Promise<Map<string, number>> => {
  const rows = await db
    .select({ id: entities.id, gstin: entities.gstin })
    .from(entities)
    .innerJoin(userEntities, and(eq(userEntities.entityId, entities.id), eq(userEntities.userId, userId)))
    .where(
      and(
        eq(entities.subscriberId, subscriberId),
        isNotNull(entities.gstin),
        ne(entities.status, 'Delete'),
        ...(entityId ? [eq(entities.id, entityId)] : []),
      ),
    );
  return new Map(rows.map((r) => [r.gstin ?? '', r.id]));
};

/**
 * Observes a running import: rows read so far, and 'storing' inside the file's transaction once the documents are
 * written but not committed (the crash test kills there).
 */
export type ImportObserver = (phase: 'reading' | 'storing', rows: number) => void | Promise<void>;

type StageOptions = StageReadOptions & { observe: ImportObserver | undefined; inThread: boolean };
type StageTarget = StageOptions & { staging: Staging; early?: { store: EarlyStore; chunkDocuments: number } | undefined };

/** Loads the reader's batches into the work tables as they come, with the progress; answers the end of the file. */
const loadBatches = async (
  db: Db,
  importId: number,
  reading: AsyncGenerator<StagedBatch<string | Uint8Array>, StagedEnd>,
  { staging, early, observe }: StageTarget,
): Promise<StagedEnd> => {
  let runsSinceCut = 0;
  let dataRows = 0;
  for (;;) {
    const next = await reading.next();
    if (next.done) return next.value;
    const batch = next.value;
    await staging.write(batch);
    runsSinceCut += batch.runs;
    if (early && runsSinceCut > early.chunkDocuments) {
      // Every run before the open one has ended: their documents are staged, with ids below the open run's.
      await staging.cut();
      await early.store.chunk(batch.openRunId);
      runsSinceCut = 1;
    }
    if (Math.floor(batch.dataRows / PROGRESS_EVERY) > Math.floor(dataRows / PROGRESS_EVERY)) {
      await db.update(imports).set({ processedRows: batch.dataRows }).where(eq(imports.id, importId));
      await observe?.('reading', batch.dataRows);
    }
    dataRows = batch.dataRows;
  }
};

/** What a reading stopped before its end answers. */
const STOPPED: StagedEnd = { dataRows: 0, split: [], header: [] };

/**
 * Reads the file (in a reader thread when it is large, stage-thread.service.ts) and loads it into the work tables; on
 * PostgreSQL the documents are stored a chunk at a time meanwhile. Documents whose rows are apart in the file are
 * regrouped at the end.
 */
const stageFile = async ({ db }: ImportDeps, importId: number, target: StageTarget): Promise<{ dataRows: number }> => {
  const { staging, early, observe: _, inThread, ...options } = target;
  const reading = inThread ? readInThread(options, staging.fetchIds) : readStaged(options, createIdSource(staging.fetchIds));
  let end: StagedEnd;
  try {
    end = await loadBatches(db, importId, reading, target);
  } finally {
    // After a failure while loading, stops the reading (a reader thread would wait for its next batch to be taken).
    await reading.return(STOPPED);
  }
  // The total is exact now: the progress says the rest is storing (on PGlite the poll then waits for the store).
  await db.update(imports).set({ totalRows: end.dataRows, processedRows: end.dataRows }).where(eq(imports.id, importId));
  if (end.split.length > 0) {
    await early?.store.unstoreSplit(end.split);
    await staging.regroupSplit(
      end.split,
      createDocumentBuilder(
        options.importType,
        mapHeader(options.importType, end.header, options.aliases),
        options.today,
        options.locations,
        hsnTurnoversOf(options),
      ),
    );
  } else await staging.endStreams();
  return { dataRows: end.dataRows };
};

type FileOf = { job: typeof imports.$inferSelect; target: StoreTarget; staging: Staging; observe: ImportObserver | undefined };
type Settled = {
  counts: { totalRows: number; processedRows: number; validRows: number; errorRows: number };
  documents: number;
  refusal: string | null;
};

/** Once the file is read: its counts, its errors published, and whether it is refused (all or nothing, nothing valid). */
const settle = async ({ job, staging }: FileOf, dataRows: number): Promise<Settled> => {
  const valid = await staging.validCounts();
  const counts = { totalRows: dataRows, processedRows: dataRows, validRows: valid.rows, errorRows: dataRows - valid.rows };
  await staging.publishErrors();
  const refusal =
    job.isAllOrNothing && counts.errorRows > 0
      ? ERROR_CATALOGUE.IMP0019.message
      : valid.documents === 0
        ? 'No row of the file is valid: nothing was stored. See the errors.'
        : null;
  return { counts, documents: valid.documents, refusal };
};

/** A refused file: nothing stored, its work tables gone, then its Failed status. */
const refuse = async ({ db, now }: ImportDeps, { job, staging }: FileOf, settled: Settled): Promise<void> => {
  await staging.drop();
  await db
    .update(imports)
    .set({ ...settled.counts, validRows: 0, status: 'Failed', message: settled.refusal, finishedAt: now() })
    .where(eq(imports.id, job.id));
};

/**
 * The end of the file's transaction: the staged documents stored (unless all were stored while reading), the audit,
 * the work tables dropped and the status.
 */
const commitFile = async (
  tx: Tx,
  deps: ImportDeps,
  { job, target, staging, observe }: FileOf,
  { counts, documents }: Settled,
  storeStaged = true,
): Promise<void> => {
  if (storeStaged) await staging.store(tx, target);
  await observe?.('storing', counts.validRows);
  await writeAudit(
    tx,
    { subscriberId: job.subscriberId, userId: job.createdBy },
    {
      entityType: 'Import',
      entityKey: job.id,
      entityName: job.fileName,
      action: 'Import',
      after: { importType: job.importType, documents, ...counts },
    },
  );
  await staging.drop(tx);
  await tx
    .update(imports)
    .set({ ...counts, status: counts.errorRows > 0 ? 'SuccessWithError' : 'Success', message: null, finishedAt: deps.now() })
    .where(eq(imports.id, job.id));
};

/** PGlite has one connection: the file is read and staged first, then stored in one transaction. */
const storeAfterReading = async (deps: ImportDeps, file: FileOf, options: StageOptions): Promise<void> => {
  const read = await stageFile(deps, file.job.id, { ...options, staging: file.staging });
  const settled = await settle(file, read.dataRows);
  if (settled.refusal) return refuse(deps, file, settled);
  await deps.db.transaction((tx) => commitFile(tx, deps, file, settled));
};

/** Rolls the file's transaction back when the file is refused. */
class Refused extends Error {
  constructor(readonly settled: Settled) {
    super('refused');
  }
}

/** PostgreSQL: the file's transaction is open during the read, and stores it a chunk at a time (store-early.repo.ts). */
const storeWhileReading = async (deps: ImportDeps, file: FileOf, options: StageOptions): Promise<void> => {
  try {
    await deps.db.transaction(async (tx) => {
      const store = await createEarlyStore(tx, file.staging.tables, file.target);
      const read = await stageFile(deps, file.job.id, {
        ...options,
        staging: file.staging,
        early: { store, chunkDocuments: deps.earlyChunkDocuments ?? EARLY_CHUNK_DOCUMENTS },
      });
      const settled = await settle(file, read.dataRows);
      if (settled.refusal) throw new Refused(settled);
      const left = await store.finish(settled.documents);
      await commitFile(tx, deps, file, settled, left);
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    await refuse(deps, file, error.settled);
  }
};

/**
 * Runs one import to its final status. Idempotent: only an Initialized or YetNotStarted import is taken. `uploaderIp`
 * is the address the file was uploaded from (the job's data), which the IP allow-list's import keeps allowed.
 */
export const processImport = async (deps: ImportDeps, importId: number, observe?: ImportObserver, uploaderIp?: string): Promise<void> => {
  const { db } = deps;
  const [job] = await db
    .update(imports)
    .set({ status: 'InProcess', startedAt: deps.now() })
    .where(and(eq(imports.id, importId), inArray(imports.status, ['Initialized', 'YetNotStarted'])))
    .returning();
  if (!job) return;
  try {
    const settings = await loadSubscriberSettings(db, job.subscriberId);
    const importType = job.importType as ImportType;
    const aliases = await db
      .select({ column: importAliases.column, alias: importAliases.alias })
      .from(importAliases)
      .where(and(eq(importAliases.subscriberId, job.subscriberId), eq(importAliases.importType, importType)));
    const locations = await locationsOf(db, job.subscriberId, job.createdBy, job.entityId);
    const today = istDateOf(deps.now());
    const path = join(deps.dataDir, job.storagePath);
    if (job.fileFormat === 'csv')
      await db
        .update(imports)
        .set({ totalRows: await estimateCsvRows(path) })
        .where(eq(imports.id, importId));
    if (importType !== 'SalesDocuments' && importType !== 'PurchaseDocuments') {
      // Masters and summaries: one record per row (record-import.service.ts); it sets the final status itself.
      await processRecordImport(deps, job, { importType, settings, aliases, path, observe, uploaderIp });
      return;
    }
    // A JSON of purchase documents is the portal's GSTR-2A/2B of a recipient (the upload refused any other).
    if (importType === 'PurchaseDocuments' && job.fileFormat === 'json') {
      await processInwardImport(deps, job, locations);
      return;
    }
    const direction = importType === 'SalesDocuments' ? 'Sales' : 'Purchase';
    const target: StoreTarget = { subscriberId: job.subscriberId, userId: job.createdBy, importId, direction };
    const options: StageOptions = {
      importType,
      path,
      format: job.fileFormat as FileFormat,
      maxRows: settings.importValidation.maxRows,
      aliases,
      locations,
      turnovers: await turnoversByEntity(db, [...locations.values()]),
      today,
      observe,
      inThread: job.fileSize >= (deps.readerThreadBytes ?? READER_THREAD_BYTES),
    };
    const early = isServerDatabase(db);
    const staging = await createStaging(db, importId, { byDocumentId: early, bulkLoad: deps.bulkLoad });
    try {
      const file: FileOf = { job, target, staging, observe };
      if (early) await storeWhileReading(deps, file, options);
      else await storeAfterReading(deps, file, options);
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

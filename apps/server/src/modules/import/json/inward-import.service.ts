// The import of a GSTR-2A/2B JSON (uploaded as purchase documents, import.service.ts): read by the domain's readers in
// the JSON thread, its GSTIN checked against the uploader's locations, then stored by the returns module as the
// portal's data of that GSTIN and period, replacing the previous download or upload. A file the readers refuse stores
// nothing: each problem is an error of the import with its JSON path (the error screen's column), in the import's
// own codes where one fits.
import type { ErrorCode } from '@opengst/contracts';
import type { ReadErrorCode } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import type { Db } from '../../../db/database';
import { importErrors, imports } from '../../../db/schema';
import { storeUploadedInward } from '../../returns';
import { readInwardJsonInThread } from './json-thread';

const CODE_OF: Record<ReadErrorCode, ErrorCode> = {
  READ_MISSING: 'IMP0009',
  READ_DATE: 'IMP0010',
  READ_AMOUNT: 'IMP0011',
  READ_VALUE: 'IMP0013',
  READ_TYPE: 'IMP0026',
  READ_SHAPE: 'IMP0026',
};

const NAME = { GSTR2A: 'GSTR-2A', GSTR2B: 'GSTR-2B' } as const;

type ImportRow = typeof imports.$inferSelect;
type FileError = { columnName: string | null; value: string | null; code: ErrorCode; message: string };

const refuse = async (db: Db, job: ImportRow, now: Date, errors: readonly FileError[], message: string): Promise<void> => {
  for (let i = 0; i < errors.length; i += 1000)
    await db
      .insert(importErrors)
      .values(errors.slice(i, i + 1000).map((e) => ({ importId: job.id, rowNumber: 0, type: 'Error' as const, ...e })));
  await db.update(imports).set({ status: 'Failed', message, finishedAt: now }).where(eq(imports.id, job.id));
};

/** Runs the import of one GSTR-2A/2B JSON to its final status; `locations` maps the GSTINs the uploader may import for. */
export const processInwardImport = async (
  deps: { db: Db; dataDir: string; now: () => Date },
  job: ImportRow,
  locations: ReadonlyMap<string, number>,
): Promise<void> => {
  const { db } = deps;
  const read = await readInwardJsonInThread(join(deps.dataDir, job.storagePath));
  const name = NAME[read.source];
  if (!read.ok) {
    const errors = read.errors.map((issue): FileError => ({
      columnName: issue.path,
      value: null,
      code: CODE_OF[issue.code],
      message: issue.message,
    }));
    const more = read.errorCount > read.errors.length ? ` (the first ${read.errors.length} are listed)` : '';
    return refuse(
      db,
      job,
      deps.now(),
      errors,
      `The ${name} JSON could not be read: ${read.errorCount} problem(s)${more}, each with its JSON path; nothing was stored.`,
    );
  }
  const entityId = locations.get(read.gstin);
  if (entityId === undefined)
    return refuse(
      db,
      job,
      deps.now(),
      [
        {
          columnName: read.source === 'GSTR2B' ? 'data.gstin' : 'gstin',
          value: read.gstin,
          code: 'IMP0014',
          message: `The ${name} is of ${read.gstin}, which is not one of your locations${job.entityId ? ' (or not the one chosen for this import)' : ''}, or you have no access to it: nothing was stored.`,
        },
      ],
      `The ${name} of ${read.gstin} was not stored: see the errors.`,
    );
  const count = read.records.length;
  await storeUploadedInward(db, {
    subscriberId: job.subscriberId,
    userId: job.createdBy,
    entityId,
    gstin: read.gstin,
    source: read.source,
    returnPeriod: read.period,
    read,
    importId: job.id,
    fileName: job.fileName,
    now: deps.now(),
  });
  const warned = read.warnings[0];
  await db
    .update(imports)
    .set({
      status: 'Success',
      totalRows: count,
      processedRows: count,
      validRows: count,
      errorRows: 0,
      message: warned ? `${read.warnings.length} part(s) of the file were not read, such as ${warned.message}.` : null,
      finishedAt: deps.now(),
    })
    .where(eq(imports.id, job.id));
};

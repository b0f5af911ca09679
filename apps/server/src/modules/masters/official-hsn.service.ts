// The GST portal's HSN/SAC directory as published (official/masters/HSN_SAC_2024-11.xlsx), read once per process through
// the same repairs as its import (the domain's readHsnDirectory) into the domain's search index. Two readers share that
// index: the public search of /hsn-codes-master, and the document screen's HSN lookup, which offers the directory's codes
// when the subscriber's own list has too few matches, so a new installation can pick codes at once.
// The same records are kept in the database (table hsn_directory) for SQL readers: syncHsnDirectory loads them at
// start-up when the table is missing them or the file has changed (its SHA-256 against the one loaded last).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { HsnLookupItem, HsnSearchQuery, HsnSearchResponse } from '@opengst/contracts';
import { buildHsnIndex, type HsnRecord, type HsnSearchIndex, readHsnDirectory, searchHsn } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { lockReferenceData } from '../../db/locks';
import { appState, hsnDirectory } from '../../db/schema';
import { cellText } from '../../files/cell-text';
import { openXlsx } from '../../files/xlsx/reader';

const CODE_HEADER = /^(HSN|SAC)_CD$/i;

const readRecords = async (path: string): Promise<HsnRecord[]> => {
  const workbook = await openXlsx(path);
  const rows: unknown[][] = [];
  for (const sheet of workbook.sheets) {
    let isDirectory: boolean | undefined;
    for await (const { values } of workbook.rows(sheet)) {
      if (isDirectory === undefined) {
        // The first row is the sheet's header (HSN_CD / SAC_CD); a sheet without one is not the directory's.
        isDirectory = CODE_HEADER.test(cellText(values[0]).trim());
        if (!isDirectory) break;
        continue;
      }
      rows.push(values);
    }
  }
  return readHsnDirectory(rows).records;
};

// No dated rate is known for any code yet (the domain's rates are slabs by date, not by code): results carry none.
const readIndex = async (path: string): Promise<HsnSearchIndex> => buildHsnIndex(await readRecords(path));

const loaded = new Map<string, Promise<HsnSearchIndex>>();

/** The search index of the directory at `path`, built once per process. */
export const officialHsnIndex = (path: string): Promise<HsnSearchIndex> => {
  let index = loaded.get(path);
  if (!index) {
    index = readIndex(path);
    loaded.set(path, index);
    // A failed read (a missing file) is tried again on the next search rather than remembered.
    index.catch(() => loaded.delete(path));
  }
  return index;
};

/** One page of the public search, ranked as the domain's searchHsn ranks; rates as in force on `onDate`. */
export const searchHsnDirectory = async (path: string, query: HsnSearchQuery, onDate: string): Promise<HsnSearchResponse> => {
  const { total, results } = searchHsn(await officialHsnIndex(path), query.text, query.size, { offset: query.start, onDate });
  return { items: results, totalRecords: total };
};

/** The document screen's lookup: the first `limit` codes of the same search. Rate and unit are the subscriber's, not the directory's. */
export const searchOfficialHsn = async (path: string, text: string, limit: number): Promise<HsnLookupItem[]> =>
  searchHsn(await officialHsnIndex(path), text, limit).results.map((r) => ({
    code: r.code,
    description: r.description,
    isService: r.kind === 'SAC',
    rate: null,
    uqc: null,
    source: 'Official' as const,
  }));

const STATE_KEY = 'reference:hsn-directory';
const INSERT_BATCH = 2_000;

type DirectoryState = { sha256: string; rows: number; file: string };

/**
 * Loads the directory at `path` into hsn_directory when the table holds another version (or none): the rows replaced
 * in one transaction, under a lock, so servers starting together on one PostgreSQL load it once and a reader never sees
 * half a directory. Answers whether it loaded and how many rows the table holds.
 */
export const syncHsnDirectory = async (db: Db, path: string): Promise<{ loaded: boolean; rows: number }> => {
  const sha256 = createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
  const current = async (tx: Pick<Db, 'select'>) =>
    (await tx.select().from(appState).where(eq(appState.key, STATE_KEY)))[0]?.value as DirectoryState | undefined;
  const known = await current(db);
  if (known?.sha256 === sha256) return { loaded: false, rows: known.rows };
  const records = await readRecords(path);
  return db.transaction(async (tx) => {
    await lockReferenceData(tx);
    const again = await current(tx);
    if (again?.sha256 === sha256) return { loaded: false, rows: again.rows };
    await tx.delete(hsnDirectory);
    for (let start = 0; start < records.length; start += INSERT_BATCH) {
      await tx.insert(hsnDirectory).values(
        records.slice(start, start + INSERT_BATCH).map((r) => ({
          code: r.code,
          kind: r.kind,
          level: r.level,
          description: r.description,
          context: r.context ?? null,
        })),
      );
    }
    const value: DirectoryState = { sha256, rows: records.length, file: path.split(/[\\/]/).pop() ?? path };
    await tx
      .insert(appState)
      .values({ key: STATE_KEY, value })
      .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: new Date() } });
    return { loaded: true, rows: records.length };
  });
};

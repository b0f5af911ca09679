// File storage (ARCHITECTURE.md "Files"): uploaded documents kept under <dataDir>/files/<subscriberId>/, each named by
// the SHA-256 of its bytes, with one stored_files row per upload. Streams in and out: a large file is never held whole
// in memory. Which record may read a file is the caller's concern (modules/files asks the record that names it).
import { DOCUMENT_CONTENT_TYPES, FILE_UPLOAD_MAX_BYTES, type FilePurpose, type StoredFile } from '@opengst/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DbOrTx } from '../db/database';
import { storedFiles } from '../db/schema';
import { detectDocumentType } from '../files/document-type';
import { AppError } from './errors';

export type StoredFileRow = typeof storedFiles.$inferSelect;

const MEGABYTES = FILE_UPLOAD_MAX_BYTES / (1024 * 1024);
export const refusedDocument = () =>
  new AppError('GEN0009', {
    propertyName: 'File',
    message: `This file cannot be uploaded: use a PDF, Word (doc, docx), JPEG or PNG file of at most ${MEGABYTES} MB (spec core §5).`,
  });
const tooLarge = () =>
  new AppError('GEN0009', { propertyName: 'File', message: `The file is larger than ${MEGABYTES} MB, the largest document accepted.` });

export const storedFileOf = (row: StoredFileRow): StoredFile => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  sha256: row.sha256,
  uploadedAt: row.uploadedAt.toISOString(),
});

/**
 * What an upload may be, read from its bytes: its content type, or null to refuse it with `refused`. Documents (spec
 * core §5) by default; a notification reply's attachments accept their own types.
 */
export type ContentCheck = {
  detect: (file: FileHandle, size: number) => Promise<string | null>;
  refused: () => AppError;
};

const DOCUMENTS: ContentCheck = {
  detect: async (file, size) => {
    const type = await detectDocumentType(file, size);
    return type ? DOCUMENT_CONTENT_TYPES[type] : null;
  },
  refused: refusedDocument,
};

/** The path of a stored file's bytes. */
export const storedFilePath = (dataDir: string, row: Pick<StoredFileRow, 'storageKey'>) => join(dataDir, row.storageKey);

/**
 * Streams an upload to a temporary file beside its final place while hashing it, refuses what is too large or not a
 * document by its bytes, then moves it to its hash's name (the same bytes uploaded twice are kept once).
 */
export const storeDocumentStream = async (
  dataDir: string,
  subscriberId: number,
  source: Readable & { truncated?: boolean },
  check: ContentCheck = DOCUMENTS,
): Promise<{ sha256: string; sizeBytes: number; contentType: string; storageKey: string }> => {
  const folder = join('files', String(subscriberId));
  await mkdir(join(dataDir, folder), { recursive: true });
  const temporary = join(dataDir, folder, `upload-${randomUUID()}`);
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      if (sizeBytes > FILE_UPLOAD_MAX_BYTES) done(tooLarge());
      else done(null, chunk);
    },
  });
  try {
    try {
      await pipeline(source, hashing, createWriteStream(temporary));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (source.truncated) throw tooLarge();
    const handle = await open(temporary, 'r');
    let contentType;
    try {
      contentType = await check.detect(handle, (await handle.stat()).size);
    } finally {
      await handle.close();
    }
    if (!contentType) throw check.refused();
    const sha256 = hash.digest('hex');
    const storageKey = join(folder, sha256);
    // Renamed into place even when the same bytes are there already (an atomic replace by the same content): the bytes
    // are then fresh, so a cleanup racing this upload spares them (BYTES_GRACE_MS) until the upload's row names them.
    await rename(temporary, join(dataDir, storageKey));
    return { sha256, sizeBytes, contentType, storageKey };
  } finally {
    await rm(temporary, { force: true });
  }
};

/** The name as the user gave it, without any folder part, bounded; never part of a path. */
export const cleanFileName = (name: string): string =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255) || 'document';

export const insertStoredFile = async (
  db: DbOrTx,
  who: { subscriberId: number; userId: number },
  file: { fileName: string; sha256: string; sizeBytes: number; contentType: string; storageKey: string; purpose: FilePurpose },
): Promise<StoredFileRow> => {
  const [row] = await db
    .insert(storedFiles)
    .values({ ...file, subscriberId: who.subscriberId, uploadedBy: who.userId })
    .returning();
  if (!row) throw new Error('stored file not created');
  return row;
};

/** A file of the subscriber that is not deleted, or undefined (a foreign id reads as missing). */
export const findStoredFile = async (db: DbOrTx, subscriberId: number, id: number): Promise<StoredFileRow | undefined> =>
  (
    await db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.subscriberId, subscriberId), eq(storedFiles.id, id), isNull(storedFiles.deletedAt)))
  )[0];

export const softDeleteStoredFiles = async (db: DbOrTx, subscriberId: number, ids: readonly number[], at: Date): Promise<number> => {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(storedFiles)
    .set({ deletedAt: at })
    .where(and(eq(storedFiles.subscriberId, subscriberId), inArray(storedFiles.id, [...ids]), isNull(storedFiles.deletedAt)))
    .returning({ id: storedFiles.id });
  return rows.length;
};

/** The Content-Disposition of a download: an ASCII fallback and the exact name (RFC 6266 §4.3, RFC 5987). */
export const contentDisposition = (name: string): string =>
  `attachment; filename="${name.replace(/[^\w.\- ()]+/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Bytes written less than this before `now` are never removed: an upload renames its bytes into place before the
 * transaction that writes its row, so for that moment bytes no row names yet are an upload's, not an orphan.
 */
export const BYTES_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes the bytes of these storage keys (of one subscriber) that no live stored_files row names (the same bytes
 * uploaded twice are kept once, so a deleted row's bytes may still be another row's) and that were written more than
 * BYTES_GRACE_MS before `now`. Bytes already gone are no error. Answers the keys removed.
 */
export const removeUnreferencedBytes = async (
  db: DbOrTx,
  dataDir: string,
  subscriberId: number,
  keys: readonly string[],
  now: Date,
): Promise<string[]> => {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return [];
  const live = await db
    .selectDistinct({ storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(and(eq(storedFiles.subscriberId, subscriberId), inArray(storedFiles.storageKey, wanted), isNull(storedFiles.deletedAt)));
  const named = new Set(live.map((row) => row.storageKey));
  const removed: string[] = [];
  for (const key of wanted) {
    if (named.has(key)) continue;
    const path = join(dataDir, key);
    const found = await stat(path).catch(() => null);
    if (!found || now.getTime() - found.mtimeMs < BYTES_GRACE_MS) continue;
    await rm(path, { force: true });
    removed.push(key);
  }
  return removed;
};

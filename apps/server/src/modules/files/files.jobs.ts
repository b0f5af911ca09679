// No orphaned files (issue 23): a daily job that
//  1. deletes the uploads never attached: stored_files rows uploaded more than a day before the app's clock that no
//     record of their purpose names (a file is uploaded first and attached by a second call; one never attached is of
//     no use to anyone), with an audit row each (entity File, action Delete, as the files service writes them), and
//     then their bytes;
//  2. sweeps the bytes under <dataDir>/files/ that no live row names: those of files deleted (soft) whose removal
//     after commit did not happen (a crash between the commit and the removal, a notice deleted with its documents,
//     a document deleted from its notice, file/delete), bytes stored by a portal sync whose transaction failed, and
//     temporary uploads a crash left. Bytes written within BYTES_GRACE_MS are spared: an upload may be about to name
//     them. The same bytes uploaded twice are kept once, so bytes are removed only when no live row names them.
// Runs on the app's clock (ctx.now), so a test runs it as of a later day instead of waiting for one.
import type { FilePurpose } from '@opengst/contracts';
import { and, eq, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { auditTrail, noticeDocuments, notificationAttachments, storedFiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { BYTES_GRACE_MS, removeUnreferencedBytes } from '../../platform/file-store';
import { defineJob, workerOf, type JobWorker } from '../../platform/jobs/job';

/** Daily at 02:45 (server time). */
export const FILE_CLEANUP_JOB = defineJob({ name: 'files.cleanup', version: 1, payload: z.object({}), cron: '45 2 * * *' });

/** An upload not attached within this time is deleted. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * For each purpose a file is uploaded for, the condition that a record names the file (it is attached). A purpose
 * added to FilePurposeSchema must say here what attaches its files (the Record makes it a type error to forget); a
 * row of a purpose not listed here is never deleted as unattached.
 */
const ATTACHED: Readonly<Record<FilePurpose, SQL>> = {
  NoticeDocument: sql`exists (select 1 from ${noticeDocuments} where ${noticeDocuments.fileId} = ${storedFiles.id})`,
  // A counterparty's upload is attached when its submitted reply names it (issue 21).
  NotificationReplyAttachment: sql`exists (select 1 from ${notificationAttachments} where ${notificationAttachments.fileId} = ${storedFiles.id})`,
};

/** Live rows uploaded before `cutoff` that no record of their purpose names. */
const unattachedBefore = (cutoff: Date) =>
  and(
    isNull(storedFiles.deletedAt),
    lt(storedFiles.uploadedAt, cutoff),
    or(...Object.entries(ATTACHED).map(([purpose, attached]) => and(eq(storedFiles.purpose, purpose), not(attached)))),
  );

/** Step 1: the uploads never attached, rows and audit in one transaction per subscriber, then their bytes. */
const deleteUnattached = async (ctx: AppContext, now: Date): Promise<number> => {
  const { db } = ctx.database;
  const cutoff = new Date(now.getTime() - UNATTACHED_TTL_MS);
  const candidates = await db.selectDistinct({ subscriberId: storedFiles.subscriberId }).from(storedFiles).where(unattachedBefore(cutoff));
  let deleted = 0;
  for (const { subscriberId } of candidates) {
    const rows = await db.transaction(async (tx) => {
      // The condition is checked again by the delete itself: a file attached meanwhile stays.
      const gone = await tx
        .delete(storedFiles)
        .where(and(eq(storedFiles.subscriberId, subscriberId), unattachedBefore(cutoff)))
        .returning();
      if (gone.length > 0) {
        await tx.insert(auditTrail).values(
          gone.map((row) => ({
            subscriberId,
            userId: null,
            entityType: 'File',
            entityKey: String(row.id),
            entityName: row.fileName,
            action: 'Delete' as const,
            before: { purpose: row.purpose, sizeBytes: row.sizeBytes, sha256: row.sha256 },
            after: { reason: 'Never attached within 24 hours of its upload' },
            createdAt: now,
          })),
        );
      }
      return gone;
    });
    await removeUnreferencedBytes(
      db,
      ctx.config.dataDir,
      subscriberId,
      rows.map((row) => row.storageKey),
      now,
    );
    deleted += rows.length;
  }
  return deleted;
};

const entriesOf = async (path: string): Promise<string[]> => {
  try {
    return await readdir(path);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
};

/** Step 2: the bytes no live row names, and temporary uploads left by a crash; each subscriber's folder in turn. */
const sweepBytes = async (ctx: AppContext, now: Date): Promise<number> => {
  const root = join(ctx.config.dataDir, 'files');
  let removed = 0;
  for (const folder of await entriesOf(root)) {
    const subscriberId = Number(folder);
    if (!Number.isSafeInteger(subscriberId) || String(subscriberId) !== folder) continue;
    const keys: string[] = [];
    for (const name of await entriesOf(join(root, folder))) {
      if (name.startsWith('upload-')) {
        const found = await stat(join(root, folder, name)).catch(() => null);
        if (found && now.getTime() - found.mtimeMs >= BYTES_GRACE_MS) {
          await rm(join(root, folder, name), { force: true });
          removed += 1;
        }
      } else if (/^[0-9a-f]{64}$/.test(name)) keys.push(join('files', folder, name));
    }
    for (let i = 0; i < keys.length; i += 500) {
      removed += (await removeUnreferencedBytes(ctx.database.db, ctx.config.dataDir, subscriberId, keys.slice(i, i + 500), now)).length;
    }
  }
  return removed;
};

/** One run as of the app's clock: answers the rows deleted as never attached and the byte files removed. */
export const cleanUpFiles = async (ctx: AppContext): Promise<{ unattached: number; bytesRemoved: number }> => {
  const now = ctx.now();
  const unattached = await deleteUnattached(ctx, now);
  return { unattached, bytesRemoved: await sweepBytes(ctx, now) };
};

export const fileCleanupWorker = (ctx: AppContext): JobWorker => workerOf(FILE_CLEANUP_JOB, async () => void (await cleanUpFiles(ctx)));

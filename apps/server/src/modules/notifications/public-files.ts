// A counterparty's reply attachments (issue 21, spec modules §4 "Attachment row", §7 file/upload with the public flag):
// uploaded one by one through the public token before the reply is submitted, named by the submitted reply
// (notification_attachments), then read by the buyer through file/download (notificationFileAccess below, beside the
// notices' rule). Only PDF, JPEG, PNG, XLSX and CSV are taken, read from the bytes: an HTML page renamed .pdf is
// refused, and nothing is ever served inline.
import { REPLY_ATTACHMENT_MAX_BYTES, type ReplyUploadedFile } from '@opengst/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Db, DbOrTx } from '../../db/database';
import { auditTrail, notificationAttachments, notifications, users } from '../../db/schema';
import { detectDocumentType, zipEntryNames } from '../../files/document-type';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import {
  cleanFileName,
  findStoredFile,
  insertStoredFile,
  softDeleteStoredFiles,
  storeDocumentStream,
  type ContentCheck,
  type StoredFileRow,
} from '../../platform/file-store';
import { computeRightsList, isRightHeld } from '../../platform/rights';
import type { ReplyPrincipal } from './public-token';

const MEGABYTES = REPLY_ATTACHMENT_MAX_BYTES / (1024 * 1024);
const PURPOSE = 'NotificationReplyAttachment' as const;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMAGE_OR_PDF: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };
/** Markup a browser would render: a "CSV" holding it is refused, whatever its name. */
const MARKUP = /<\s*(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta|a\s|img\s|style)/i;
const CSV_SAMPLE_BYTES = 64 * 1024;

/**
 * CSV (RFC 4180) has no signature: the head must read as UTF-8 text (a BOM allowed) with no NUL or other control
 * characters than tab and line breaks, must not start with '<' and must hold no HTML markup.
 */
const isCsvText = (head: Buffer): boolean => {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  // The sample may end inside a multi-byte character: only a replacement character before the last 3 bytes counts.
  if (text.slice(0, -3).includes('\uFFFD')) return false;
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false;
  const trimmed = text.trimStart();
  return trimmed.length > 0 && !trimmed.startsWith('<') && !MARKUP.test(text);
};

/** Spec issue 21: reply attachments are PDF, JPEG, PNG, XLSX (a zip holding xl/workbook.xml, ECMA-376) or CSV. */
export const REPLY_ATTACHMENT_CHECK: ContentCheck = {
  detect: async (file: FileHandle, size: number) => {
    const known = await detectDocumentType(file, size);
    if (known) return IMAGE_OR_PDF[known] ?? null;
    if (size === 0) return null;
    const head = Buffer.alloc(Math.min(size, CSV_SAMPLE_BYTES));
    await file.read(head, 0, head.length, 0);
    if (head[0] === 0x50 && head[1] === 0x4b) return (await zipEntryNames(file, size))?.includes('xl/workbook.xml') ? XLSX_TYPE : null;
    return isCsvText(head) ? 'text/csv' : null;
  },
  refused: () =>
    new AppError('GEN0009', {
      propertyName: 'File',
      message: `This file cannot be attached: use a PDF, JPEG, PNG, XLSX or CSV file of at most ${MEGABYTES} MB.`,
    }),
};

/**
 * The user a counterparty's upload is filed under (stored_files.uploaded_by names a user): the notification's creator,
 * else the subscriber's first user. The audit row says the counterparty did it (no user, the link and the address).
 */
const ownerOf = async (db: DbOrTx, who: ReplyPrincipal): Promise<number> => {
  const [row] = await db
    .select({ createdBy: notifications.createdBy })
    .from(notifications)
    .where(and(eq(notifications.id, who.notificationId), eq(notifications.subscriberId, who.subscriberId)));
  if (!row) throw new AppError('GEN0003');
  if (row.createdBy) return row.createdBy;
  const [first] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.subscriberId, who.subscriberId))
    .orderBy(asc(users.id))
    .limit(1);
  if (!first) throw new Error(`subscriber ${who.subscriberId} has no user`);
  return first.id;
};

export const uploadReplyFile = async (
  db: Db,
  dataDir: string,
  who: ReplyPrincipal,
  upload: { fileName: string; stream: Readable & { truncated?: boolean } },
  ip: string,
): Promise<ReplyUploadedFile> => {
  const uploadedBy = await ownerOf(db, who);
  const stored = await storeDocumentStream(dataDir, who.subscriberId, upload.stream, REPLY_ATTACHMENT_CHECK);
  const fileName = cleanFileName(upload.fileName);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertStoredFile(
      tx,
      { subscriberId: who.subscriberId, userId: uploadedBy },
      { ...stored, fileName, purpose: PURPOSE },
    );
    await tx.insert(auditTrail).values({
      subscriberId: who.subscriberId,
      userId: null,
      entityType: 'File',
      entityKey: String(inserted.id),
      entityName: fileName,
      action: 'Create',
      // The notification and link it was uploaded through: only that link's reply may name it (uploadOf below).
      after: {
        purpose: PURPOSE,
        notificationId: who.notificationId,
        linkId: who.linkId,
        contentType: stored.contentType,
        sizeBytes: stored.sizeBytes,
      },
      ip,
    });
    return inserted;
  });
  return { id: row.id, fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes };
};

/** The live reply upload `fileId` when it was uploaded for the token's notification; 404 otherwise. */
export const reachReplyFile = async (db: DbOrTx, who: ReplyPrincipal, fileId: number): Promise<StoredFileRow> => {
  const row = await findStoredFile(db, who.subscriberId, fileId);
  if (!row || row.purpose !== PURPOSE) throw new AppError('GEN0003');
  const [uploaded] = await db
    .select({ id: auditTrail.id })
    .from(auditTrail)
    .where(
      and(
        eq(auditTrail.subscriberId, who.subscriberId),
        eq(auditTrail.entityType, 'File'),
        eq(auditTrail.entityKey, String(fileId)),
        eq(auditTrail.action, 'Create'),
        sql`${auditTrail.after}->>'notificationId' = ${String(who.notificationId)}`,
      ),
    )
    .limit(1);
  if (!uploaded) throw new AppError('GEN0003');
  return row;
};

/** Removes an upload the submitted reply does not name (yet); one it names is removed by submitting without it. */
export const deleteReplyFile = async (
  db: Db,
  who: ReplyPrincipal,
  fileId: number,
  now: Date,
  ip: string,
): Promise<{ affected: number }> => {
  const row = await reachReplyFile(db, who, fileId);
  const named = await db
    .select({ id: notificationAttachments.id })
    .from(notificationAttachments)
    .where(and(eq(notificationAttachments.notificationId, who.notificationId), eq(notificationAttachments.fileId, fileId)));
  if (named.length > 0)
    throw new AppError('GEN0009', {
      propertyName: 'Id',
      message: `${row.fileName} is attached to your submitted reply: remove it there and submit again.`,
    });
  return db.transaction(async (tx) => {
    const affected = await softDeleteStoredFiles(tx, who.subscriberId, [fileId], now);
    await tx.insert(auditTrail).values({
      subscriberId: who.subscriberId,
      userId: null,
      entityType: 'File',
      entityKey: String(fileId),
      entityName: row.fileName,
      action: 'Delete',
      before: { purpose: row.purpose, notificationId: who.notificationId, sizeBytes: row.sizeBytes },
      ip,
    });
    return { affected };
  });
};

/**
 * The buyer's reach to a reply attachment (files/download beside noticeFileAccess): a file no notification names is
 * 'unattached'; one a notification names is 'allowed' to a holder of either notifications right who reaches that
 * notification's location, 'refused' to anyone else.
 */
export const notificationFileAccess = async (
  db: DbOrTx,
  who: SessionPrincipal,
  fileId: number,
  now: Date,
): Promise<{ access: 'unattached' | 'allowed' | 'refused'; reference: string | null }> => {
  const holders = await db
    .select({ notificationId: notifications.id, entityId: notifications.entityId })
    .from(notificationAttachments)
    .innerJoin(notifications, eq(notifications.id, notificationAttachments.notificationId))
    .where(and(eq(notificationAttachments.subscriberId, who.subscriberId), eq(notificationAttachments.fileId, fileId)));
  if (holders.length === 0) return { access: 'unattached', reference: null };
  const reference = `the reply to notification ${holders[0]?.notificationId ?? ''}`;
  const rights = await computeRightsList(db, who.subscriberId, who.roleId, now);
  const held = ['Notifications', 'NotificationsSend'].some((right) => isRightHeld(rights.find((r) => r.rightId === right)));
  if (!held) return { access: 'refused', reference };
  for (const holder of holders) {
    try {
      await assertEntityAccess(db, who, [holder.entityId]);
      return { access: 'allowed', reference };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { access: 'refused', reference };
};

/** The reply uploads of the token's notification among `fileIds` (the reply may name only these). */
export const replyUploadsAmong = async (db: DbOrTx, who: ReplyPrincipal, fileIds: readonly number[]): Promise<Set<number>> => {
  const found = new Set<number>();
  for (const id of new Set(fileIds)) {
    try {
      await reachReplyFile(db, who, id);
      found.add(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return found;
};

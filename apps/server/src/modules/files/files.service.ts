// Stored files (spec modules §7 file/upload, file/download, file/delete; issue 23, and issue 21's reply attachments
// next). Any signed-in user may upload: the file is of use only once a record names it. A file no record names is
// reachable by its uploader only; one a record names follows that record's right and reach (for a notice's document:
// LitigationManagement and the notice's locations and consultants). Anything else answers 404, as a foreign id.
import type { FilePurpose, StoredFile } from '@opengst/contracts';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import {
  cleanFileName,
  findStoredFile,
  insertStoredFile,
  softDeleteStoredFiles,
  storeDocumentStream,
  storedFileOf,
  type StoredFileRow,
} from '../../platform/file-store';
import { noticeFileAccess } from '../litigation';
import { notificationFileAccess } from '../notifications';

export const uploadFile = async (
  db: Db,
  dataDir: string,
  who: SessionPrincipal,
  upload: { fileName: string; stream: Readable & { truncated?: boolean }; purpose: FilePurpose },
  ip: string,
): Promise<StoredFile> => {
  // A reply attachment is the counterparty's, uploaded through the public reply page only (issue 21).
  if (upload.purpose === 'NotificationReplyAttachment')
    throw new AppError('GEN0009', { propertyName: 'Purpose', message: 'Reply attachments are uploaded from the public reply page.' });
  const stored = await storeDocumentStream(dataDir, who.subscriberId, upload.stream);
  const fileName = cleanFileName(upload.fileName);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertStoredFile(tx, who, { ...stored, fileName, purpose: upload.purpose });
    await writeAudit(tx, who, {
      entityType: 'File',
      entityKey: inserted.id,
      entityName: fileName,
      action: 'Create',
      after: { purpose: upload.purpose, contentType: stored.contentType, sizeBytes: stored.sizeBytes, sha256: stored.sha256 },
      ip,
    });
    return inserted;
  });
  return storedFileOf(row);
};

/** The file, when the user may read it (see the head of this file); 404 otherwise. */
export const reachFile = async (
  db: Db,
  who: SessionPrincipal,
  id: number,
  now: Date,
): Promise<{ row: StoredFileRow; attached: string | null }> => {
  const row = await findStoredFile(db, who.subscriberId, id);
  if (!row) throw new AppError('GEN0003');
  // A counterparty's reply attachment: the notification's right and location (issue 21).
  const reply = await notificationFileAccess(db, who, id, now);
  if (reply.access === 'refused') throw new AppError('GEN0003');
  if (reply.access === 'allowed') return { row, attached: reply.reference };
  // Not submitted yet: the counterparty's alone (public/file/*), though filed under the notification's creator.
  if (row.purpose === 'NotificationReplyAttachment') throw new AppError('GEN0003');
  const notice = await noticeFileAccess(db, who, id, now);
  if (notice.access === 'refused') throw new AppError('GEN0003');
  if (notice.access === 'unattached' && row.uploadedBy !== who.userId) throw new AppError('GEN0003');
  return { row, attached: notice.access === 'allowed' ? notice.reference : null };
};

/** Deletes (soft) a file no record names; a notice's document is deleted through the notice, which says so. */
export const deleteFile = async (db: Db, who: SessionPrincipal, id: number, now: Date, ip: string): Promise<{ affected: number }> => {
  const { row, attached } = await reachFile(db, who, id, now);
  if (attached !== null)
    throw new AppError('GEN0009', {
      propertyName: 'Id',
      message:
        row.purpose === 'NotificationReplyAttachment'
          ? `${row.fileName} is attached to ${attached}: it stays with the counterparty's answer.`
          : `${row.fileName} is a document of notice ${attached}: delete it from the notice's documents instead.`,
    });
  return db.transaction(async (tx) => {
    const affected = await softDeleteStoredFiles(tx, who.subscriberId, [row.id], now);
    await writeAudit(tx, who, {
      entityType: 'File',
      entityKey: row.id,
      entityName: row.fileName,
      action: 'Delete',
      before: { purpose: row.purpose, sizeBytes: row.sizeBytes, sha256: row.sha256 },
      ip,
    });
    return { affected };
  });
};

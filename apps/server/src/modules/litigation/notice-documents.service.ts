// A notice's documents (issue 23): the notice PDF, annexures, replies, orders, appeals and payment proofs, each a file
// uploaded through file/upload (spec core §5 types) and then attached here with its kind and, where it belongs to one,
// the timeline event. Attaching and deleting write the timeline event and the audit row in one transaction.
//
// Reach is the notice's: the user's locations and, for a consultant, only the notices assigned to it (a foreign id
// answers 404). A file is attached once, by the user who uploaded it; deleting the document deletes its file (soft).
// modules/files asks noticeFileAccess whether a user may download a file a notice names.
import type { NoticeDocument, NoticeDocumentAttachSchema, NoticeDocumentKind } from '@opengst/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { noticeDocuments, noticeEvents, storedFiles, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import { findStoredFile, softDeleteStoredFiles, storedFileOf } from '../../platform/file-store';
import { computeRightsList, isRightHeld } from '../../platform/rights';
import { findNoticeRows, isAssignedToAll, type NoticeRow } from './notices.repo';
import { consultantOfPrincipal } from './notice-reach';

type AttachInput = z.output<typeof NoticeDocumentAttachSchema>;

const invalid = (propertyName: string, message: string) => new AppError('GEN0009', { propertyName, message });

/** The notice, if the user may reach it: 404 for a foreign id or a consultant's unassigned notice, 403 for another location. */
const reachNotice = async (db: Db, who: SessionPrincipal, noticeId: number): Promise<NoticeRow> => {
  const [row] = await findNoticeRows(db, who.subscriberId, [noticeId]);
  if (!row) throw new AppError('GEN0003');
  const consultantId = await consultantOfPrincipal(db, who);
  if (consultantId !== null && !(await isAssignedToAll(db, consultantId, [noticeId]))) throw new AppError('GEN0003');
  await assertEntityAccess(db, who, [row.entityId]);
  return row;
};

const documentSelect = (db: DbOrTx) =>
  db
    .select({ document: noticeDocuments, file: storedFiles, userName: users.displayName })
    .from(noticeDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, noticeDocuments.fileId))
    .leftJoin(users, eq(users.id, noticeDocuments.createdBy));

type DocumentJoined = Awaited<ReturnType<ReturnType<typeof documentSelect>['where']>>[number];

const toDocument = ({ document, file, userName }: DocumentJoined): NoticeDocument => ({
  id: document.id,
  noticeId: document.noticeId,
  kind: document.kind as NoticeDocumentKind,
  eventId: document.eventId,
  note: document.note,
  file: storedFileOf(file),
  userName,
  at: document.createdAt.toISOString(),
});

const documentsOf = async (db: DbOrTx, subscriberId: number, noticeId: number): Promise<NoticeDocument[]> =>
  (
    await documentSelect(db)
      .where(and(eq(noticeDocuments.subscriberId, subscriberId), eq(noticeDocuments.noticeId, noticeId), isNull(storedFiles.deletedAt)))
      .orderBy(asc(noticeDocuments.createdAt), asc(noticeDocuments.id))
  ).map(toDocument);

export const listNoticeDocuments = async (db: Db, who: SessionPrincipal, noticeId: number): Promise<{ items: NoticeDocument[] }> => {
  await reachNotice(db, who, noticeId);
  return { items: await documentsOf(db, who.subscriberId, noticeId) };
};

export const attachNoticeDocument = async (db: Db, who: SessionPrincipal, input: AttachInput, ip: string): Promise<NoticeDocument> => {
  const notice = await reachNotice(db, who, input.noticeId);
  const file = await findStoredFile(db, who.subscriberId, input.fileId);
  // Only the uploader holds an unattached file: another user's upload reads as missing.
  if (!file || file.uploadedBy !== who.userId) throw new AppError('GEN0003');
  if (file.purpose !== 'NoticeDocument') throw invalid('FileId', 'This file was not uploaded as a notice document.');
  const [held] = await db.select({ id: noticeDocuments.id }).from(noticeDocuments).where(eq(noticeDocuments.fileId, file.id));
  if (held) throw invalid('FileId', `${file.fileName} is already attached to a notice: upload it again to attach it here too.`);
  if (input.eventId) {
    const [event] = await db
      .select({ id: noticeEvents.id })
      .from(noticeEvents)
      .where(and(eq(noticeEvents.id, input.eventId), eq(noticeEvents.noticeId, notice.id)));
    if (!event) throw invalid('EventId', 'The event is not one of this notice’s timeline.');
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(noticeDocuments)
      .values({
        subscriberId: who.subscriberId,
        noticeId: notice.id,
        fileId: file.id,
        kind: input.kind,
        eventId: input.eventId ?? null,
        note: input.note,
        createdBy: who.userId,
      })
      .returning({ id: noticeDocuments.id });
    if (!row) throw new Error('notice document not created');
    await tx.insert(noticeEvents).values({
      subscriberId: who.subscriberId,
      noticeId: notice.id,
      action: 'DocumentAttached',
      note: `${input.kind}: ${file.fileName}`,
      userId: who.userId,
    });
    await writeAudit(tx, who, {
      entityType: 'Litigation',
      entityKey: notice.id,
      entityName: notice.referenceNumber,
      action: 'Update',
      after: { document: { id: row.id, kind: input.kind, fileId: file.id, fileName: file.fileName, sha256: file.sha256 } },
      ip,
    });
    return row.id;
  });
  const [joined] = await documentSelect(db).where(eq(noticeDocuments.id, id));
  if (!joined) throw new Error('notice document not read back');
  return toDocument(joined);
};

/** Removes a document from its notice and deletes its file (soft); answers the notice's documents left. */
export const deleteNoticeDocument = async (db: Db, who: SessionPrincipal, id: number, ip: string, now: Date) => {
  const [joined] = await documentSelect(db).where(and(eq(noticeDocuments.subscriberId, who.subscriberId), eq(noticeDocuments.id, id)));
  if (!joined) throw new AppError('GEN0003');
  const notice = await reachNotice(db, who, joined.document.noticeId);
  await db.transaction(async (tx) => {
    await tx.delete(noticeDocuments).where(eq(noticeDocuments.id, id));
    await softDeleteStoredFiles(tx, who.subscriberId, [joined.file.id], now);
    await tx.insert(noticeEvents).values({
      subscriberId: who.subscriberId,
      noticeId: notice.id,
      action: 'DocumentDeleted',
      note: `${joined.document.kind}: ${joined.file.fileName}`,
      userId: who.userId,
    });
    await writeAudit(tx, who, {
      entityType: 'Litigation',
      entityKey: notice.id,
      entityName: notice.referenceNumber,
      action: 'Update',
      before: { document: { id, kind: joined.document.kind, fileId: joined.file.id, fileName: joined.file.fileName } },
      ip,
    });
  });
  return { items: await documentsOf(db, who.subscriberId, notice.id) };
};

/**
 * Whether the user may reach a file through the notices that name it: 'unattached' when no notice does (the caller
 * then allows its uploader only), 'allowed' when the user holds LitigationManagement and reaches one of those notices,
 * 'refused' otherwise. Also answers the notice reference, for a refusal's reason.
 */
export const noticeFileAccess = async (
  db: Db,
  who: SessionPrincipal,
  fileId: number,
  now: Date,
): Promise<{ access: 'unattached' | 'allowed' | 'refused'; reference: string | null }> => {
  const holders = await db
    .select({ noticeId: noticeDocuments.noticeId })
    .from(noticeDocuments)
    .where(and(eq(noticeDocuments.subscriberId, who.subscriberId), eq(noticeDocuments.fileId, fileId)));
  if (holders.length === 0) return { access: 'unattached', reference: null };
  const rights = await computeRightsList(db, who.subscriberId, who.roleId, now);
  const rows = await findNoticeRows(
    db,
    who.subscriberId,
    holders.map((h) => h.noticeId),
  );
  const reference = rows[0]?.referenceNumber ?? null;
  if (!isRightHeld(rights.find((r) => r.rightId === 'LitigationManagement'))) return { access: 'refused', reference };
  for (const row of rows) {
    try {
      await reachNotice(db, who, row.id);
      return { access: 'allowed', reference: row.referenceNumber };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { access: 'refused', reference };
};

// Use cases of the notice register after its save (issue 23): move along the status model, record a DRC-03 payment,
// open a closed notice again, delete; each in one transaction with its timeline event and audit row.
//
// A move must be one the domain's status model allows (checkStageMove); a closed notice moves only by being opened
// again, with a reason. Consultants (/manage-consultants) reach only the notices assigned to them (notice-reach.ts).
import type { NoticeMoveSchema, NoticePaymentSchema, NoticeReopenSchema, NoticeStageName } from '@opengst/contracts';
import { checkStageMove, DRC03_PAYMENT, encodePaymentNote, splitTotal } from '@opengst/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { noticeDocuments, noticeEvents, notices, storedFiles } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { removeUnreferencedBytes, softDeleteStoredFiles } from '../../platform/file-store';
import { findNoticeRows } from './notices.repo';

type MoveInput = z.output<typeof NoticeMoveSchema>;
type ReopenInput = z.output<typeof NoticeReopenSchema>;
type PaymentInput = z.output<typeof NoticePaymentSchema>;
import { noticeDetail } from './notice-detail';
import { addEvent, assertReach, audited, invalid, loadOne } from './notice-reach';

export const moveNotice = async (db: Db, who: SessionPrincipal, input: MoveInput, today: string, ip: string) => {
  const row = await loadOne(db, who, input.id);
  const from = row.stage as NoticeStageName;
  const check = checkStageMove(from, input.toStage);
  if (!check.ok) throw invalid('ToStage', check.message);
  if (input.eventDate > today) throw invalid('EventDate', 'The date it happened cannot be in the future.');
  if (input.eventDate < row.issuedOn)
    throw invalid('EventDate', `The notice was issued on ${row.issuedOn}: nothing happened to it before.`);
  await db.transaction(async (tx) => {
    // Replied: the reopening's reply is in; the notice is an ordinary one again.
    const isReopened = input.toStage === 'Replied' ? false : row.isReopened;
    await tx
      .update(notices)
      .set({ stage: input.toStage, isReopened, updatedBy: who.userId, updatedAt: new Date() })
      .where(eq(notices.id, row.id));
    await addEvent(tx, who, row.id, {
      action: 'StageChanged',
      fromStage: from,
      toStage: input.toStage,
      eventDate: input.eventDate,
      reference: input.reference,
      amount: input.amount ?? null,
      note: input.note,
    });
    await writeAudit(tx, who, {
      entityType: 'Litigation',
      entityKey: row.id,
      entityName: `${row.form} ${row.referenceNumber}`,
      action: 'StatusChange',
      before: { stage: from },
      after: { stage: input.toStage, eventDate: input.eventDate, reference: input.reference },
      ip,
    });
  });
  return noticeDetail(db, who, row.id, today);
};

/**
 * A DRC-03 payment against the notice's demand (Rule 142(2)/(3); linked to the demand on the portal by DRC-03A, Rule
 * 142(2B)): one 'Payment' event (date paid, ARN, total, the split by head in the note), the stage left as it is. The
 * date is not in the future nor before the notice was issued; an ARN is recorded once per notice. A payment beyond the
 * demand is accepted (interest runs on until paid; the officer's order may differ): the notice shows what is left.
 */
export const recordPayment = async (db: Db, who: SessionPrincipal, input: PaymentInput, today: string, ip: string) => {
  const row = await loadOne(db, who, input.id);
  if (input.paidOn > today) throw invalid('PaidOn', 'The date paid cannot be in the future.');
  if (input.paidOn < row.issuedOn)
    throw invalid('PaidOn', `The notice was issued on ${row.issuedOn}: a payment against it is on or after it.`);
  const [same] = await db
    .select({ id: noticeEvents.id })
    .from(noticeEvents)
    .where(and(eq(noticeEvents.noticeId, row.id), eq(noticeEvents.action, DRC03_PAYMENT), eq(noticeEvents.reference, input.arn)));
  if (same) throw new AppError('ORG0006', { propertyName: 'Arn', message: `DRC-03 ${input.arn} is already recorded on this notice.` });
  const total = splitTotal(input.split);
  await db.transaction(async (tx) => {
    await addEvent(tx, who, row.id, {
      action: DRC03_PAYMENT,
      eventDate: input.paidOn,
      reference: input.arn,
      amount: total,
      note: encodePaymentNote(input.split, input.note),
    });
    await tx.update(notices).set({ updatedBy: who.userId, updatedAt: new Date() }).where(eq(notices.id, row.id));
    await writeAudit(tx, who, {
      entityType: 'Litigation',
      entityKey: row.id,
      entityName: `${row.form} ${row.referenceNumber}`,
      action: 'Update',
      before: null,
      after: { payment: { form: 'DRC-03', arn: input.arn, paidOn: input.paidOn, total, split: input.split } },
      ip,
    });
  });
  return noticeDetail(db, who, row.id, today);
};

/** A closed notice opened again (a rectification, a remand): back to Under review, marked reopened until replied. */
export const reopenNotice = async (db: Db, who: SessionPrincipal, input: ReopenInput, today: string, ip: string) => {
  const row = await loadOne(db, who, input.id);
  if (row.stage !== 'Closed') throw invalid('Id', 'Only a closed notice is opened again.');
  if (input.eventDate > today) throw invalid('EventDate', 'The date it happened cannot be in the future.');
  await db.transaction(async (tx) => {
    await tx
      .update(notices)
      .set({ stage: 'UnderReview', isReopened: true, updatedBy: who.userId, updatedAt: new Date() })
      .where(eq(notices.id, row.id));
    await addEvent(tx, who, row.id, {
      action: 'Reopened',
      fromStage: 'Closed',
      toStage: 'UnderReview',
      eventDate: input.eventDate,
      note: input.note,
    });
    await writeAudit(tx, who, {
      entityType: 'Litigation',
      entityKey: row.id,
      entityName: `${row.form} ${row.referenceNumber}`,
      action: 'StatusChange',
      before: { stage: 'Closed' },
      after: { stage: 'UnderReview', reopened: true, reason: input.note },
      ip,
    });
  });
  return noticeDetail(db, who, row.id, today);
};

/**
 * Deletes notices (a hard delete: the notice, its timeline and its documents' rows go, by the foreign keys' cascade)
 * and, in the same transaction, the stored files its documents name (soft, as file/delete does: the row stays as the
 * record of what was held, out of every reach), each with its own audit row as the files service writes it. Their
 * bytes are removed after the commit; if that does not happen (a crash between), the daily files cleanup's sweep of
 * bytes no live row names removes them (modules/files/files.jobs.ts).
 */
export const deleteNotices = async (
  db: Db,
  who: SessionPrincipal,
  ids: readonly number[],
  ip: string,
  files: { dataDir: string; now: Date; onBytesError: (error: unknown) => void },
) => {
  const unique = [...new Set(ids)];
  const rows = await findNoticeRows(db, who.subscriberId, unique);
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  await assertReach(db, who, rows);
  const { affected, storageKeys } = await db.transaction(async (tx) => {
    const held = await tx
      .select({ file: storedFiles, noticeId: noticeDocuments.noticeId })
      .from(noticeDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, noticeDocuments.fileId))
      .where(
        and(eq(noticeDocuments.subscriberId, who.subscriberId), inArray(noticeDocuments.noticeId, unique), isNull(storedFiles.deletedAt)),
      );
    await tx.delete(notices).where(inArray(notices.id, unique));
    // A file another notice still names (none is attached twice today) is left to that notice.
    const fileIds = [...new Set(held.map((h) => h.file.id))];
    const kept =
      fileIds.length === 0
        ? []
        : await tx.select({ fileId: noticeDocuments.fileId }).from(noticeDocuments).where(inArray(noticeDocuments.fileId, fileIds));
    const keptIds = new Set(kept.map((k) => k.fileId));
    const gone = [...new Map(held.filter((h) => !keptIds.has(h.file.id)).map((h) => [h.file.id, h])).values()];
    await softDeleteStoredFiles(
      tx,
      who.subscriberId,
      gone.map((h) => h.file.id),
      files.now,
    );
    const referenceOf = new Map(rows.map((row) => [row.id, `${row.form} ${row.referenceNumber}`]));
    for (const { file, noticeId } of gone) {
      await writeAudit(tx, who, {
        entityType: 'File',
        entityKey: file.id,
        entityName: file.fileName,
        action: 'Delete',
        before: { purpose: file.purpose, sizeBytes: file.sizeBytes, sha256: file.sha256 },
        after: { reason: `Notice ${referenceOf.get(noticeId) ?? noticeId} deleted` },
        ip,
      });
    }
    for (const row of rows) {
      await writeAudit(tx, who, {
        entityType: 'Litigation',
        entityKey: row.id,
        entityName: `${row.form} ${row.referenceNumber}`,
        action: 'Delete',
        before: audited(row),
        ip,
      });
    }
    return { affected: rows.length, storageKeys: gone.map((h) => h.file.storageKey) };
  });
  // After the commit, never inside it: removed bytes cannot be rolled back. A failure here leaves them to the sweep.
  await removeUnreferencedBytes(db, files.dataDir, who.subscriberId, storageKeys, files.now).catch(files.onBytesError);
  return affected;
};

// Use cases of the notice register (issue 23): save (create or edit), move along the status model, open a closed
// notice again, delete; each in one transaction with its timeline event and audit row.
//
// Rules: a notice belongs to a location (a GSTIN) the user may reach; its reference is unique per location and form;
// its due date is the one it states, else the form's statutory window from the issue date (the domain's replyDueDate);
// the assignee is an active user of the subscriber and the tags active notice tags of the subscriber. A move must be one
// the domain's status model allows (checkStageMove); a closed notice moves only by being opened again, with a reason.
// Consultants (/manage-consultants) assigned to a notice are the subscriber's own; a user who is a consultant reaches
// only the notices assigned to it (any other answers 404, as a foreign id) and cannot change who is assigned.
import type {
  NoticeDetail,
  NoticeSaveSchema,
  NoticeMoveSchema,
  NoticePaymentSchema,
  NoticeReopenSchema,
  NoticeStageName,
} from '@opengst/contracts';
import {
  checkStageMove,
  decodePaymentNote,
  DRC03_PAYMENT,
  encodePaymentNote,
  noticeFormInfo,
  replyDueDate,
  splitTotal,
  STAGE_MOVES,
} from '@opengst/domain';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import {
  entities,
  levels,
  noticeConsultants,
  noticeDocuments,
  noticeEvents,
  notices,
  noticeTags,
  storedFiles,
  users,
} from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import { removeUnreferencedBytes, softDeleteStoredFiles } from '../../platform/file-store';
import { assertOwnConsultants, consultantOfUser } from '../masters';
import { consultantsOfNotices, findNoticeJoined, findNoticeRows, isAssignedToAll, toNotice, type NoticeRow } from './notices.repo';

type SaveInput = z.output<typeof NoticeSaveSchema>;
type MoveInput = z.output<typeof NoticeMoveSchema>;
type ReopenInput = z.output<typeof NoticeReopenSchema>;
type PaymentInput = z.output<typeof NoticePaymentSchema>;
type Event = Omit<typeof noticeEvents.$inferInsert, 'subscriberId' | 'noticeId' | 'userId'>;

const invalid = (propertyName: string, message: string) => new AppError('GEN0009', { propertyName, message });

const audited = (row: NoticeRow) => ({
  form: row.form,
  referenceNumber: row.referenceNumber,
  issuedOn: row.issuedOn,
  dueOn: row.dueOn,
  stage: row.stage,
  demand: [row.taxIgst, row.taxCgst, row.taxSgst, row.taxCess, row.interest, row.penalty],
  contingent: row.contingentClass ? { class: row.contingentClass, amount: row.contingentAmount } : null,
});

/** The action of a notice event that records an Ind AS 37 assessment (read by the contingent liability report). */
export const CONTINGENT_ASSESSED = 'ContingentAssessed';

const addEvent = (tx: DbOrTx, who: SessionPrincipal, noticeId: number, event: Event) =>
  tx.insert(noticeEvents).values({ ...event, subscriberId: who.subscriberId, noticeId, userId: who.userId });

/** The consultant the signed-in user is (null: not a consultant). */
export const consultantOfPrincipal = (db: DbOrTx, who: SessionPrincipal): Promise<number | null> =>
  consultantOfUser(db, who.subscriberId, who.userId);

/**
 * Refuses notices the user may not reach: for a consultant, any not assigned to it (404, as a foreign id); for every
 * user, a location outside its own (403). Answers the consultant the user is, or null.
 */
const assertReach = async (db: Db, who: SessionPrincipal, rows: readonly NoticeRow[]): Promise<number | null> => {
  const consultantId = await consultantOfPrincipal(db, who);
  if (
    consultantId !== null &&
    !(await isAssignedToAll(
      db,
      consultantId,
      rows.map((r) => r.id),
    ))
  )
    throw new AppError('GEN0003');
  await assertEntityAccess(
    db,
    who,
    rows.map((r) => r.entityId),
  );
  return consultantId;
};

export const noticeDetail = async (db: Db, who: SessionPrincipal, id: number, today: string): Promise<NoticeDetail> => {
  const joined = await findNoticeJoined(db, who.subscriberId, id);
  if (!joined) throw new AppError('GEN0003');
  await assertReach(db, who, [joined.row]);
  const consultantsOf = await consultantsOfNotices(db, [id]);
  const events = await db
    .select({ event: noticeEvents, userName: users.displayName })
    .from(noticeEvents)
    .leftJoin(users, eq(users.id, noticeEvents.userId))
    // The contingent assessments (the contingent liability report's history) are in it too, as their own kind of entry.
    .where(eq(noticeEvents.noticeId, id))
    .orderBy(asc(noticeEvents.createdAt), asc(noticeEvents.id));
  const { row } = joined;
  return {
    ...toNotice(joined, today, consultantsOf),
    receivedOn: row.receivedOn,
    statedDueOn: row.statedDueOn,
    financialYears: row.financialYears,
    officerName: row.officerName,
    officerDesignation: row.officerDesignation,
    jurisdiction: row.jurisdiction,
    contingentAsOf: row.contingentAsOf,
    isReopened: row.isReopened,
    nextStages: [...STAGE_MOVES[row.stage as NoticeStageName]],
    events: events.map(({ event, userName }) => {
      // A DRC-03 payment keeps its split by head in its note's first line (the domain's encodePaymentNote).
      const payment = event.action === DRC03_PAYMENT ? decodePaymentNote(event.note) : null;
      return {
        id: event.id,
        action: event.action as NoticeDetail['events'][number]['action'],
        fromStage: event.fromStage as NoticeStageName | null,
        toStage: event.toStage as NoticeStageName | null,
        eventDate: event.eventDate,
        reference: event.reference,
        amount: event.amount,
        note: payment ? payment.note : event.note,
        userName,
        at: event.createdAt.toISOString(),
        payment: payment?.split ?? null,
      };
    }),
  };
};

/** The checks of a save that read the database: location, assignee, tags, reference unique. */
const assertSaveReferences = async (db: Db, who: SessionPrincipal, input: SaveInput, existingId: number | undefined) => {
  const [entity] = await db
    .select({ type: entities.entityType, status: entities.status })
    .from(entities)
    .where(and(eq(entities.id, input.entityId), eq(entities.subscriberId, who.subscriberId)));
  if (!entity || entity.status === 'Delete') throw new AppError('GEN0003');
  if (entity.type === 'Business') throw invalid('EntityId', 'A notice is issued to a GSTIN: choose a location, not the business.');
  if (input.assigneeUserId) {
    const [user] = await db
      .select({ status: users.status })
      .from(users)
      .where(and(eq(users.id, input.assigneeUserId), eq(users.subscriberId, who.subscriberId)));
    if (!user || user.status !== 'Active') throw invalid('AssigneeUserId', 'Assign the notice to an active user of your organisation.');
  }
  if (input.assigneeLevelId) {
    const [level] = await db
      .select({ status: levels.status })
      .from(levels)
      .where(and(eq(levels.id, input.assigneeLevelId), eq(levels.subscriberId, who.subscriberId)));
    if (level?.status !== 'Active')
      throw invalid('AssigneeLevelId', 'Assign the notice to an active level of your organisation (Level Master).');
  }
  if (input.tagIds.length > 0) {
    const tags = await db
      .select({ id: noticeTags.id })
      .from(noticeTags)
      .where(and(eq(noticeTags.subscriberId, who.subscriberId), eq(noticeTags.status, 'Active'), inArray(noticeTags.id, input.tagIds)));
    if (tags.length !== new Set(input.tagIds).size) throw invalid('TagIds', 'Use active notice tags of your organisation (Notice Tag).');
  }
  const [same] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(
      and(
        eq(notices.subscriberId, who.subscriberId),
        eq(notices.entityId, input.entityId),
        eq(notices.form, input.form),
        eq(notices.referenceNumber, input.referenceNumber),
        existingId ? ne(notices.id, existingId) : undefined,
      ),
    );
  if (same)
    throw new AppError('ORG0006', {
      propertyName: 'ReferenceNumber',
      message: `${input.form} ${input.referenceNumber} is already in the register for this GSTIN.`,
    });
};

const checkDates = (input: SaveInput, today: string) => {
  if (input.issuedOn > today) throw invalid('IssuedOn', 'The issue date cannot be in the future.');
  if (input.receivedOn && input.receivedOn < input.issuedOn)
    throw invalid('ReceivedOn', 'A notice is received on or after its issue date.');
  if (input.statedDueOn && input.statedDueOn < input.issuedOn)
    throw invalid('StatedDueOn', 'The reply date is on or after the issue date.');
  if (input.contingent && input.contingent.amount === 0 && input.contingent.classification !== 'Remote') {
    throw invalid('Contingent.Amount', 'Give the amount at stake: a probable or possible outflow is measured (Ind AS 37).');
  }
};

/**
 * The consultants the save leaves on the notice, or null to keep them: a consultant keeps them as they are (on a notice
 * it enters, itself, so that it sees it); absent keeps them; else the ones named, each the subscriber's own.
 */
const consultantsToSave = async (
  db: Db,
  who: SessionPrincipal,
  input: SaveInput,
  existing: NoticeRow | undefined,
  consultantId: number | null,
): Promise<number[] | null> => {
  if (consultantId !== null) return existing ? null : [consultantId];
  if (input.consultantIds === undefined) return existing ? null : [];
  const wanted = [...new Set(input.consultantIds)].sort((a, b) => a - b);
  await assertOwnConsultants(db, who.subscriberId, wanted);
  return wanted;
};

/** A notice's Ind AS 37 assessment: its class, amount and the reporting date it was made for (null: none made). */
const assessmentOf = (row: NoticeRow) =>
  row.contingentClass ? { note: row.contingentClass, amount: row.contingentAmount, eventDate: row.contingentAsOf } : null;

/**
 * The contingent liability is reassessed at each reporting date (Ind AS 37 para 59), so each change of class, amount
 * or as-of date is kept as a 'ContingentAssessed' event (event date: the reporting date; note: the class; a blank note
 * when the assessment is withdrawn), which the contingent liability report reads as at any date. A notice assessed
 * before these events were kept gets its earlier assessment recorded first, so its history is not lost.
 */
const recordContingentAssessment = async (
  tx: DbOrTx,
  who: SessionPrincipal,
  existing: NoticeRow | undefined,
  saved: NoticeRow,
  today: string,
) => {
  const before = existing ? assessmentOf(existing) : null;
  const after = assessmentOf(saved);
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  if (existing && before) {
    const [kept] = await tx
      .select({ id: noticeEvents.id })
      .from(noticeEvents)
      .where(and(eq(noticeEvents.noticeId, existing.id), eq(noticeEvents.action, CONTINGENT_ASSESSED)))
      .limit(1);
    if (!kept) await addEvent(tx, who, existing.id, { action: CONTINGENT_ASSESSED, ...before });
  }
  await addEvent(tx, who, saved.id, { action: CONTINGENT_ASSESSED, ...(after ?? { note: '', amount: null, eventDate: today }) });
};

export const saveNotice = async (db: Db, who: SessionPrincipal, input: SaveInput, today: string, ip: string) => {
  const [existing] = input.id ? await findNoticeRows(db, who.subscriberId, [input.id]) : [];
  if (input.id && !existing) throw new AppError('GEN0003');
  const consultantId = existing ? await assertReach(db, who, [existing]) : await consultantOfPrincipal(db, who);
  checkDates(input, today);
  await assertSaveReferences(db, who, input, existing?.id);
  const consultantIds = await consultantsToSave(db, who, input, existing, consultantId);
  const consultantsBefore = existing
    ? ((await consultantsOfNotices(db, [existing.id])).get(existing.id) ?? []).map((c) => c.id).sort((a, b) => a - b)
    : [];
  const form = noticeFormInfo(input.form);
  if (!form) throw invalid('Form', 'Choose the form the notice came on.');
  const due = replyDueDate({ form: input.form, issuedOn: input.issuedOn, statedDueOn: input.statedDueOn ?? null });
  const values = {
    entityId: input.entityId,
    form: input.form,
    noticeType: form.type,
    referenceNumber: input.referenceNumber,
    issuedOn: input.issuedOn,
    receivedOn: input.receivedOn ?? null,
    statedDueOn: input.statedDueOn ?? null,
    dueOn: due.dueOn,
    dueBasis: due.source === 'notice' ? 'notice' : due.source === 'rule' ? due.rule : null,
    financialYears: [...new Set(input.financialYears)].sort(),
    section: input.section,
    subject: input.subject,
    officerName: input.officerName,
    officerDesignation: input.officerDesignation,
    jurisdiction: input.jurisdiction,
    ...input.demand,
    contingentClass: input.contingent?.classification ?? null,
    contingentAmount: input.contingent?.amount ?? null,
    contingentAsOf: input.contingent?.asOf ?? null,
    assigneeUserId: input.assigneeUserId ?? null,
    assigneeLevelId: input.assigneeLevelId ?? null,
    tagIds: [...new Set(input.tagIds)],
    updatedBy: who.userId,
    updatedAt: new Date(),
  };
  const id = await db.transaction(async (tx) => {
    const [saved] = existing
      ? await tx.update(notices).set(values).where(eq(notices.id, existing.id)).returning()
      : await tx
          .insert(notices)
          .values({ ...values, subscriberId: who.subscriberId, createdBy: who.userId })
          .returning();
    if (!saved) throw new Error('notices write returned no row');
    const consultantsAfter = consultantIds ?? consultantsBefore;
    const isReassigned = consultantsAfter.join() !== consultantsBefore.join();
    if (consultantIds !== null && isReassigned) {
      await tx.delete(noticeConsultants).where(eq(noticeConsultants.noticeId, saved.id));
      if (consultantIds.length > 0) {
        await tx
          .insert(noticeConsultants)
          .values(consultantIds.map((consultantId) => ({ noticeId: saved.id, consultantId, assignedBy: who.userId })));
      }
    }
    // The timeline names the consultants when they change (or are first set), as the audit row records their ids.
    const names = isReassigned ? ((await consultantsOfNotices(tx, [saved.id])).get(saved.id) ?? []).map((c) => c.displayName) : [];
    const note = isReassigned ? `Consultants: ${names.length > 0 ? names.join(', ') : 'none'}` : '';
    await addEvent(
      tx,
      who,
      saved.id,
      existing ? { action: 'Edited', note } : { action: 'Created', toStage: saved.stage, eventDate: saved.issuedOn, note },
    );
    await recordContingentAssessment(tx, who, existing, saved, today);
    await writeAudit(tx, who, {
      entityType: 'Litigation',
      entityKey: saved.id,
      entityName: `${saved.form} ${saved.referenceNumber}`,
      action: existing ? 'Update' : 'Create',
      ...(existing ? { before: { ...audited(existing), consultants: consultantsBefore } } : {}),
      after: { ...audited(saved), consultants: consultantsAfter },
      ip,
    });
    return saved.id;
  });
  return noticeDetail(db, who, id, today);
};

const loadOne = async (db: Db, who: SessionPrincipal, id: number) => {
  const [row] = await findNoticeRows(db, who.subscriberId, [id]);
  if (!row) throw new AppError('GEN0003');
  await assertReach(db, who, [row]);
  return row;
};

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

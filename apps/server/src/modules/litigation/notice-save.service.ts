// Save (create or edit) of a notice (issue 23), in one transaction with its timeline event and audit row.
//
// Rules: a notice belongs to a location (a GSTIN) the user may reach; its reference is unique per location and form;
// its due date is the one it states, else the form's statutory window from the issue date (the domain's replyDueDate);
// the assignee is an active user of the subscriber (or an active level) and the tags active notice tags of the
// subscriber. A consultant cannot change who is assigned.
import type { NoticeSaveSchema } from '@opengst/contracts';
import { noticeFormInfo, replyDueDate } from '@opengst/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { entities, levels, noticeConsultants, noticeEvents, notices, noticeTags, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { assertOwnConsultants } from '../masters';
import { consultantsOfNotices, findNoticeRows, type NoticeRow } from './notices.repo';

type SaveInput = z.output<typeof NoticeSaveSchema>;
import { noticeDetail } from './notice-detail';
import { addEvent, assertReach, audited, consultantOfPrincipal, CONTINGENT_ASSESSED, invalid } from './notice-reach';

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

// The notices import's write (import type Notices, /import-notices-error): each checked row made a notice of its
// location, or an existing one (same GSTIN, form and reference) updated, in the file's transaction. The due date is the
// one the row states, else the form's statutory window (the domain's replyDueDate), as on the notice screen; a new
// notice starts at Received with a Created event noting the import, an updated one keeps its stage and timeline.
// A consultant's import (/manage-consultants) assigns the notices it creates to itself, and cannot touch a notice of the
// organisation not assigned to it: such a row refuses the file (as any foreign id), nothing of it written.
import { noticeFormInfo, replyDueDate, type ContingentClass } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { noticeConsultants, noticeEvents, notices } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { consultantOfUser } from '../masters';
import { isAssignedToAll } from './notices.repo';

export type NoticeRecord = {
  entityId: number;
  form: string;
  referenceNumber: string;
  issuedOn: string;
  receivedOn: string | null;
  statedDueOn: string | null;
  financialYears: string[];
  section: string;
  subject: string;
  officerName: string;
  officerDesignation: string;
  jurisdiction: string;
  taxIgst: number;
  taxCgst: number;
  taxSgst: number;
  taxCess: number;
  interest: number;
  penalty: number;
  contingentClass: ContingentClass | null;
  contingentAmount: number | null;
};

/** The row's own problems (no database): dates in order and in the past, an assessed class measured. */
export const noticeRecordIssues = (record: NoticeRecord, today: string): { column: string; message: string }[] => {
  const issues: { column: string; message: string }[] = [];
  if (record.issuedOn > today) issues.push({ column: 'issuedOn', message: 'The issue date cannot be in the future.' });
  if (record.receivedOn && record.receivedOn < record.issuedOn)
    issues.push({ column: 'receivedOn', message: 'A notice is received on or after its issue date.' });
  if (record.statedDueOn && record.statedDueOn < record.issuedOn)
    issues.push({ column: 'statedDueOn', message: 'The reply date is on or after the issue date.' });
  if (record.contingentClass && record.contingentClass !== 'Remote' && !record.contingentAmount)
    issues.push({
      column: 'contingentAmount',
      message: 'Give the amount at stake: a probable or possible outflow is measured (Ind AS 37).',
    });
  return issues;
};

export const importNoticeRecords = async (
  tx: Tx,
  principal: Pick<SessionPrincipal, 'subscriberId' | 'userId'>,
  importId: number,
  records: readonly NoticeRecord[],
  today: string,
): Promise<number> => {
  const consultantId = await consultantOfUser(tx, principal.subscriberId, principal.userId);
  for (const record of records) {
    const due = replyDueDate({ form: record.form, issuedOn: record.issuedOn, statedDueOn: record.statedDueOn });
    const values = {
      ...record,
      noticeType: noticeFormInfo(record.form)?.type ?? 'Notice',
      dueOn: due.dueOn,
      dueBasis: due.source === 'notice' ? 'notice' : due.source === 'rule' ? due.rule : null,
      contingentAsOf: record.contingentClass ? today : null,
      importId,
      updatedBy: principal.userId,
      updatedAt: new Date(),
    };
    const [existing] = await tx
      .select({ id: notices.id })
      .from(notices)
      .where(
        and(
          eq(notices.subscriberId, principal.subscriberId),
          eq(notices.entityId, record.entityId),
          eq(notices.form, record.form),
          eq(notices.referenceNumber, record.referenceNumber),
        ),
      );
    if (existing) {
      if (consultantId !== null && !(await isAssignedToAll(tx, consultantId, [existing.id]))) {
        throw new AppError('GEN0003', {
          propertyName: 'ReferenceNumber',
          message: `${record.form} ${record.referenceNumber} is not a notice assigned to you.`,
        });
      }
      await tx.update(notices).set(values).where(eq(notices.id, existing.id));
      await tx.insert(noticeEvents).values({
        subscriberId: principal.subscriberId,
        noticeId: existing.id,
        action: 'Edited',
        note: `Updated by import ${importId}`,
        userId: principal.userId,
      });
      continue;
    }
    const [created] = await tx
      .insert(notices)
      .values({ ...values, subscriberId: principal.subscriberId, source: 'Import', createdBy: principal.userId })
      .returning({ id: notices.id });
    if (!created) throw new Error('notices insert returned no row');
    if (consultantId !== null) {
      await tx.insert(noticeConsultants).values({ noticeId: created.id, consultantId, assignedBy: principal.userId });
    }
    await tx.insert(noticeEvents).values({
      subscriberId: principal.subscriberId,
      noticeId: created.id,
      action: 'Created',
      toStage: 'Received',
      eventDate: record.issuedOn,
      note: `Imported (import ${importId})`,
      userId: principal.userId,
    });
  }
  return records.length;
};

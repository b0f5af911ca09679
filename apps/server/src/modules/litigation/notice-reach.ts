// What every use case of the notice register shares: who may reach a notice (the location, and for a consultant only
// the notices assigned to it), the timeline event and audit shapes, and the field error of a refused value.
import type { Db, DbOrTx } from '../../db/database';
import { noticeEvents } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import { consultantOfUser } from '../masters';
import { findNoticeRows, isAssignedToAll, type NoticeRow } from './notices.repo';

type Event = Omit<typeof noticeEvents.$inferInsert, 'subscriberId' | 'noticeId' | 'userId'>;

export const invalid = (propertyName: string, message: string) => new AppError('GEN0009', { propertyName, message });

export const audited = (row: NoticeRow) => ({
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

export const addEvent = (tx: DbOrTx, who: SessionPrincipal, noticeId: number, event: Event) =>
  tx.insert(noticeEvents).values({ ...event, subscriberId: who.subscriberId, noticeId, userId: who.userId });

/** The consultant the signed-in user is (null: not a consultant). */
export const consultantOfPrincipal = (db: DbOrTx, who: SessionPrincipal): Promise<number | null> =>
  consultantOfUser(db, who.subscriberId, who.userId);

/**
 * Refuses notices the user may not reach: for a consultant, any not assigned to it (404, as a foreign id); for every
 * user, a location outside its own (403). Answers the consultant the user is, or null.
 */
export const assertReach = async (db: Db, who: SessionPrincipal, rows: readonly NoticeRow[]): Promise<number | null> => {
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

/** One notice the user may reach (404 for a foreign or unassigned one). */
export const loadOne = async (db: Db, who: SessionPrincipal, id: number) => {
  const [row] = await findNoticeRows(db, who.subscriberId, [id]);
  if (!row) throw new AppError('GEN0003');
  await assertReach(db, who, [row]);
  return row;
};

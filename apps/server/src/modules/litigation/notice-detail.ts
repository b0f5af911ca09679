// One notice as its screen shows it: the register's fields, the moves it may make next and its timeline (with DRC-03
// payments' split by head and the contingent assessments as their own kinds of entry).
import type { NoticeDetail, NoticeStageName } from '@opengst/contracts';
import { decodePaymentNote, DRC03_PAYMENT, STAGE_MOVES } from '@opengst/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { noticeEvents, users } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { consultantsOfNotices, findNoticeJoined, toNotice } from './notices.repo';

import { assertReach } from './notice-reach';

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

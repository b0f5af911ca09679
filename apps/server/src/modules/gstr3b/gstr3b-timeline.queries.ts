// The filing timeline of a GSTR-3B: its status and due date, the GSTR-1 of each month it waits on (s.39(10): GSTR-3B
// is not filed before the period's GSTR-1), and every action with who and when.
import type { Gstr3bTimeline } from '@opengst/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gstr3bHistory, users } from '../../db/schema';
import { periodsOf } from './gstr3b-compute.service';
import { gstr3bDueDate, type Gstr3bRow, type Gstr3bTarget } from './gstr3b.repo';
import { gstr1FilingsOf } from './outward-inputs.queries';

export const gstr3bTimelineOf = async (
  db: Db,
  subscriberId: number,
  target: Gstr3bTarget,
  period: string,
  row: Gstr3bRow | null,
): Promise<Gstr3bTimeline> => {
  const frequency = row?.frequency ?? 'monthly';
  const periods = periodsOf(period, frequency);
  const filings = await gstr1FilingsOf(db, { subscriberId, entityId: target.entityId, periods });
  const events = row
    ? await db
        .select({
          id: gstr3bHistory.id,
          action: gstr3bHistory.action,
          fromStatus: gstr3bHistory.fromStatus,
          toStatus: gstr3bHistory.toStatus,
          message: gstr3bHistory.message,
          userName: users.displayName,
          createdAt: gstr3bHistory.createdAt,
        })
        .from(gstr3bHistory)
        .leftJoin(users, eq(users.id, gstr3bHistory.userId))
        .where(eq(gstr3bHistory.returnId, row.id))
        .orderBy(asc(gstr3bHistory.id))
    : [];
  return {
    id: row?.id ?? null,
    status: row?.status ?? 'NotSubmitted',
    dueDate: gstr3bDueDate(period, frequency, target.stateCode),
    filedAt: row?.filedAt?.toISOString() ?? null,
    arn: row?.arn ?? null,
    gstr1: periods.map((p) => {
      const f = filings.find((x) => x.returnPeriod === p);
      return { returnPeriod: p, status: f?.status ?? null, filedAt: f?.filedAt?.toISOString() ?? null };
    }),
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
};

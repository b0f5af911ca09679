// The product's challans (db/schema/challans.ts): each read joined with its location and its creator, within the
// caller's subscriber always. A challan past its validity (Rule 87(2)) that the portal has not reported paid reads as
// Expired whatever the row says, so the list, its filter and its sort agree with what the portal would answer.
import type { ChallanFilters } from '@opengst/contracts';
import { and, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { challans, entities, users } from '../../db/schema';
import { orderByOf } from '../../platform/lists';

export type ChallanRow = typeof challans.$inferSelect & { entityName: string; createdByName: string | null };

/** The status on `today` (YYYY-MM-DD): a Generated challan whose last valid day is past is Expired. */
const statusOn = (today: string) =>
  sql<
    'Generated' | 'Paid' | 'Expired'
  >`(case when ${challans.status} = 'Generated' and ${challans.validUntil} < ${today} then 'Expired' else ${challans.status} end)`;

const selection = (today: string) => ({
  id: challans.id,
  subscriberId: challans.subscriberId,
  entityId: challans.entityId,
  gstin: challans.gstin,
  cpin: challans.cpin,
  mode: challans.mode,
  bankCode: challans.bankCode,
  amounts: challans.amounts,
  total: challans.total,
  createdOn: challans.createdOn,
  validUntil: challans.validUntil,
  status: statusOn(today),
  cin: challans.cin,
  brn: challans.brn,
  paidOn: challans.paidOn,
  createdBy: challans.createdBy,
  createdAt: challans.createdAt,
  updatedAt: challans.updatedAt,
  entityName: entities.entityName,
  createdByName: users.displayName,
});

export const findChallan = async (db: DbOrTx, subscriberId: number, id: number, today: string): Promise<ChallanRow | null> => {
  const [row] = await db
    .select(selection(today))
    .from(challans)
    .innerJoin(entities, eq(entities.id, challans.entityId))
    .leftJoin(users, eq(users.id, challans.createdBy))
    .where(and(eq(challans.subscriberId, subscriberId), eq(challans.id, id)));
  return row ?? null;
};

export const searchChallanRows = async (
  db: DbOrTx,
  subscriberId: number,
  scope: readonly number[],
  filters: ChallanFilters,
  page: { start: number; size: number; sortExpression: string | null | undefined },
  today: string,
): Promise<{ rows: ChallanRow[]; total: number }> => {
  if (scope.length === 0) return { rows: [], total: 0 };
  const status = statusOn(today);
  const where: SQL[] = [eq(challans.subscriberId, subscriberId), inArray(challans.entityId, [...scope])];
  if (filters.statuses?.length) where.push(inArray(status, filters.statuses));
  if (filters.cpin) where.push(sql`${challans.cpin} like ${`${filters.cpin.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (filters.fromDate) where.push(gte(challans.createdOn, filters.fromDate));
  if (filters.toDate) where.push(lte(challans.createdOn, filters.toDate));
  const condition = and(...where);
  const order = orderByOf(
    page.sortExpression,
    {
      id: challans.id,
      createdOn: challans.createdOn,
      validUntil: challans.validUntil,
      total: challans.total,
      gstin: challans.gstin,
      paidOn: challans.paidOn,
    },
    'id DESC',
    challans.id,
  );
  const rows = await db
    .select(selection(today))
    .from(challans)
    .innerJoin(entities, eq(entities.id, challans.entityId))
    .leftJoin(users, eq(users.id, challans.createdBy))
    .where(condition)
    .orderBy(...order)
    .offset(page.start)
    .limit(page.size);
  const [counted] = await db.select({ n: count() }).from(challans).where(condition);
  return { rows, total: counted?.n ?? 0 };
};

export type ChallanInsert = typeof challans.$inferInsert;

export const insertChallan = async (tx: DbOrTx, values: ChallanInsert): Promise<number> => {
  const [row] = await tx.insert(challans).values(values).returning({ id: challans.id });
  if (!row) throw new Error('The challan was not stored.');
  return row.id;
};

/** What the portal answered about the challan: its status, and once paid the bank's CIN, reference and date. */
export const updateChallanFromPortal = async (
  tx: DbOrTx,
  subscriberId: number,
  id: number,
  values: Pick<ChallanInsert, 'status' | 'cin' | 'brn' | 'paidOn' | 'validUntil'>,
  at: Date,
): Promise<void> => {
  await tx
    .update(challans)
    .set({ ...values, updatedAt: at })
    .where(and(eq(challans.subscriberId, subscriberId), eq(challans.id, id)));
};

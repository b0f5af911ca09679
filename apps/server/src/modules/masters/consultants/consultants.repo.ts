// Drizzle queries of the consultants (/manage-consultants). The tenant (subscriber) is a required parameter of every
// query. A consultant's name, e-mail, status and entities are its user's; a deleted user's consultant is not listed.
import type { CONSULTANT_SORT_COLUMNS, Consultant, ConsultantFilters, ConsultantProfession } from '@opengst/contracts';
import { and, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/database';
import { consultants, entities, noticeConsultants, notices, roles, userEntities, users } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { orderByOf } from '../../../platform/lists';

export type ConsultantRow = typeof consultants.$inferSelect;
type Page = { start: number; size: number; sortExpression?: string | null | undefined };

const t = consultants;
const updater = alias(users, 'consultant_updater');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Notices assigned to the consultant that are not closed. */
const openNotices = sql<number>`(select count(*)::int from ${noticeConsultants} join ${notices} on ${notices.id} = ${noticeConsultants.noticeId}
  where ${noticeConsultants.consultantId} = ${t.id} and ${notices.stage} <> 'Closed')`;

export const consultantWhere = (subscriberId: number, filters: ConsultantFilters | undefined): SQL => {
  const pattern = filters?.text ? `%${escapeLike(filters.text)}%` : null;
  return and(
    eq(t.subscriberId, subscriberId),
    ne(users.status, 'Delete'),
    filters?.status ? eq(users.status, filters.status) : undefined,
    filters?.profession ? eq(t.profession, filters.profession) : undefined,
    pattern
      ? or(
          ilike(users.displayName, pattern),
          ilike(users.userName, pattern),
          ilike(users.email, pattern),
          ilike(t.firmName, pattern),
          ilike(t.membershipNumber, pattern),
        )
      : undefined,
  )!;
};

/** The columns the list sorts by (contracts' CONSULTANT_SORT_COLUMNS, the compiler keeps them equal). */
const SORT: Record<(typeof CONSULTANT_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: t.id,
  displayName: users.displayName,
  firmName: t.firmName,
  profession: t.profession,
  status: users.status,
  updatedAt: t.updatedAt,
};

const columns = {
  row: t,
  user: users,
  roleName: roles.name,
  openNotices,
  updatedByName: updater.displayName,
};

/** A page of consultants (or every one, for the export) with their user, role, entities and open notices. */
export const findConsultants = async (db: DbOrTx, where: SQL, page: Page): Promise<{ items: Consultant[]; totalRecords: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .innerJoin(users, eq(users.id, t.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(updater, eq(updater.id, t.updatedBy))
      .where(where)
      .orderBy(...orderByOf(page.sortExpression, SORT, 'id DESC', t.id))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(t).innerJoin(users, eq(users.id, t.userId)).where(where),
  ]);
  const access = await entitiesByUser(
    db,
    rows.map((r) => r.user.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.row.id,
      userId: r.user.id,
      userName: r.user.userName,
      displayName: r.user.displayName,
      email: r.user.email,
      mobile: r.user.mobile,
      firmName: r.row.firmName,
      profession: r.row.profession as ConsultantProfession,
      membershipNumber: r.row.membershipNumber,
      pan: r.row.pan,
      roleId: r.user.roleId,
      roleName: r.roleName,
      entityIds: access.get(r.user.id)?.map((e) => e.id) ?? [],
      gstins: access.get(r.user.id)?.flatMap((e) => (e.gstin ? [e.gstin] : [])) ?? [],
      openNotices: r.openNotices,
      status: r.user.status === 'Delete' ? 'Inactive' : r.user.status,
      lastLoginAt: r.user.lastLoginAt?.toISOString() ?? null,
      updatedByName: r.updatedByName,
      updatedAt: r.row.updatedAt.toISOString(),
    })),
    totalRecords: total?.n ?? 0,
  };
};

/** The entities each user reaches, with their GSTINs (a business has none). */
const entitiesByUser = async (db: DbOrTx, userIds: readonly number[]): Promise<Map<number, { id: number; gstin: string | null }[]>> => {
  const byUser = new Map<number, { id: number; gstin: string | null }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userEntities.userId, id: entities.id, gstin: entities.gstin })
    .from(userEntities)
    .innerJoin(entities, eq(entities.id, userEntities.entityId))
    .where(inArray(userEntities.userId, [...userIds]))
    .orderBy(userEntities.entityId);
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), { id: row.id, gstin: row.gstin }]);
  return byUser;
};

export const findConsultantRows = async (
  db: DbOrTx,
  subscriberId: number,
  ids: readonly number[],
): Promise<{ row: ConsultantRow; user: typeof users.$inferSelect; openNotices: number }[]> =>
  db
    .select({ row: t, user: users, openNotices })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(and(eq(t.subscriberId, subscriberId), inArray(t.id, [...ids]), ne(users.status, 'Delete')));

/**
 * The consultant a signed-in user is, if any: the notice register shows such a user only the notices assigned to
 * this consultant (besides the entity scope every user has).
 */
export const consultantOfUser = async (db: DbOrTx, subscriberId: number, userId: number): Promise<number | null> => {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.subscriberId, subscriberId), eq(t.userId, userId)));
  return row?.id ?? null;
};

/** Refuses (GEN0003, as any foreign id) consultants that are not the subscriber's own, live ones. */
export const assertOwnConsultants = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<void> => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: t.id })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(and(eq(t.subscriberId, subscriberId), inArray(t.id, wanted), ne(users.status, 'Delete')));
  if (found.length !== wanted.length) throw new AppError('GEN0003', { propertyName: 'ConsultantIds', message: 'Consultant not found.' });
};

/** The notice form's picker: active consultants by name. */
export const consultantOptions = async (db: DbOrTx, subscriberId: number) =>
  db
    .select({ id: t.id, displayName: users.displayName, firmName: t.firmName })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(and(eq(t.subscriberId, subscriberId), eq(users.status, 'Active')))
    .orderBy(users.displayName);

// Drizzle queries of announcements. In force means published, not expired and not withdrawn at `now`: read from the
// dates at every request, so scheduling and expiry need no job. Lists are newest published first.
import type { AnnouncementStatus } from '@opengst/contracts';
import { and, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { orderByOf } from '../../platform/lists';
import { announcementReads, announcements, users } from '../../db/schema';

export type AnnouncementRow = typeof announcements.$inferSelect;
type Page = { start: number; size: number; sortExpression?: string | null | undefined };

const a = announcements;

export const inForce = (now: Date): SQL =>
  and(isNotNull(a.publishAt), lte(a.publishAt, now), or(isNull(a.expiresAt), gt(a.expiresAt, now)), isNull(a.withdrawnAt))!;

export const publicScope = (): SQL => eq(a.audience, 'Public');

/** What a user of this subscriber may read: public, all-subscriber and their own subscriber's announcements. */
export const userScope = (subscriberId: number): SQL =>
  or(inArray(a.audience, ['Public', 'AllSubscribers']), and(eq(a.audience, 'Subscriber'), eq(a.subscriberId, subscriberId)))!;

/** Words of the title or body; LIKE's wildcards in the words match themselves. */
export const textFilter = (text: string | undefined): SQL | undefined => {
  const words = text?.trim();
  if (!words) return undefined;
  const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(a.title, pattern), ilike(a.body, pattern));
};

export const statusFilter = (status: AnnouncementStatus | undefined, now: Date): SQL | undefined => {
  switch (status) {
    case undefined:
      return undefined;
    case 'Withdrawn':
      return isNotNull(a.withdrawnAt);
    case 'Draft':
      return and(isNull(a.withdrawnAt), isNull(a.publishAt));
    case 'Scheduled':
      return and(isNull(a.withdrawnAt), gt(a.publishAt, now));
    case 'Expired':
      return and(isNull(a.withdrawnAt), lte(a.expiresAt, now));
    case 'Published':
      return inForce(now);
  }
};

export const statusOf = (row: AnnouncementRow, now: Date): AnnouncementStatus => {
  if (row.withdrawnAt) return 'Withdrawn';
  if (!row.publishAt) return 'Draft';
  if (row.publishAt > now) return 'Scheduled';
  if (row.expiresAt && row.expiresAt <= now) return 'Expired';
  return 'Published';
};

/** Newest published first unless the request sorts by another allowed column. */
const sortOf = (page: Page) => orderByOf(page.sortExpression, { publishAt: a.publishAt, title: a.title }, 'publishAt DESC', a.id);

export const findAnnouncements = async (db: DbOrTx, where: SQL | undefined, page: Page) => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(a)
      .where(where)
      .orderBy(...sortOf(page))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(a).where(where),
  ]);
  return { rows, totalRecords: total?.n ?? 0 };
};

export const countAnnouncements = async (db: DbOrTx, where: SQL | undefined): Promise<number> => {
  const [total] = await db.select({ n: count() }).from(a).where(where);
  return total?.n ?? 0;
};

const isReadBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${a.id} and ${announcementReads.userId} = ${userId})`;

/** A user's page, each row with whether this user has read it. */
export const findUserAnnouncements = async (db: DbOrTx, userId: number, where: SQL | undefined, page: Page) => {
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: a, isRead: isReadBy(userId) })
      .from(a)
      .where(where)
      .orderBy(...sortOf(page))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(a).where(where),
  ]);
  return { rows, totalRecords: total?.n ?? 0 };
};

export const unreadWhere = (userId: number): SQL => sql`not ${isReadBy(userId)}`;

export const findAnnouncement = async (db: DbOrTx, where: SQL): Promise<AnnouncementRow | undefined> => {
  const [row] = await db.select().from(a).where(where).limit(1);
  return row;
};

/** Marks read, once per user and announcement (a second marking keeps the first time). */
export const insertReads = async (db: DbOrTx, userId: number, subscriberId: number, ids: readonly number[]) => {
  if (ids.length === 0) return;
  await db
    .insert(announcementReads)
    .values(ids.map((announcementId) => ({ userId, subscriberId, announcementId })))
    .onConflictDoNothing();
};

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

/** The administration's rows with the names of who wrote and last changed each. */
export const findAdminAnnouncements = async (db: DbOrTx, where: SQL | undefined, page: Page) => {
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: a, createdBy: creator.displayName, updatedBy: updater.displayName })
      .from(a)
      .innerJoin(creator, eq(creator.id, a.createdBy))
      .innerJoin(updater, eq(updater.id, a.updatedBy))
      .where(where)
      // Drafts (no publish date) first: they are what an administrator is still working on.
      .orderBy(sql`${a.publishAt} desc nulls first`, desc(a.id))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(a).where(where),
  ]);
  return { rows, totalRecords: total?.n ?? 0 };
};

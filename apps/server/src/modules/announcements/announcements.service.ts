// Use cases of announcements: the public and signed-in reads, marking read, and the installation administrators'
// writes (each in one transaction with its audit row).
import type { AdminAnnouncement, AnnouncementSaveSchema, PublicAnnouncement, UserAnnouncement } from '@opengst/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { announcements, subscribers } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { sanitizeAnnouncementHtml, announcementText } from './announcement-html';
import {
  countAnnouncements,
  findAdminAnnouncements,
  findAnnouncement,
  findAnnouncements,
  findUserAnnouncements,
  inForce,
  insertReads,
  publicScope,
  statusFilter,
  statusOf,
  textFilter,
  unreadWhere,
  userScope,
  type AnnouncementRow,
} from './announcements.repo';

type Page = { start: number; size: number; sortExpression?: string | null | undefined };
type Who = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const publicOf = (row: AnnouncementRow): PublicAnnouncement => ({
  id: row.id,
  title: row.title,
  body: row.body,
  publishAt: iso(row.publishAt) ?? '',
  expiresAt: iso(row.expiresAt),
});

// ---- public (no sign-in): Public audience, in force ----

export const searchPublic = async (db: Db, now: Date, request: Page & { filters?: { text?: string | undefined } | undefined }) => {
  const { rows, totalRecords } = await findAnnouncements(db, and(publicScope(), inForce(now), textFilter(request.filters?.text)), request);
  return { items: rows.map(publicOf), totalRecords };
};

export const getPublic = async (db: Db, now: Date, id: number): Promise<PublicAnnouncement> => {
  const row = await findAnnouncement(db, and(eq(announcements.id, id), publicScope(), inForce(now))!);
  if (!row) throw new AppError('GEN0003');
  return publicOf(row);
};

export const countPublic = (db: Db, now: Date): Promise<number> => countAnnouncements(db, and(publicScope(), inForce(now)));

// ---- signed-in users: Public + AllSubscribers + their own subscriber's, in force ----

const userOf = (row: AnnouncementRow, isRead: boolean): UserAnnouncement => ({ ...publicOf(row), audience: row.audience, isRead });

export const searchMine = async (
  db: Db,
  now: Date,
  who: Who,
  request: Page & { filters?: { text?: string | undefined; unreadOnly?: boolean | undefined } | undefined },
) => {
  const where = and(
    userScope(who.subscriberId),
    inForce(now),
    textFilter(request.filters?.text),
    request.filters?.unreadOnly ? unreadWhere(who.userId) : undefined,
  );
  const { rows, totalRecords } = await findUserAnnouncements(db, who.userId, where, request);
  return { items: rows.map((r) => userOf(r.row, r.isRead)), totalRecords };
};

export const getMine = async (db: Db, now: Date, who: Who, id: number): Promise<UserAnnouncement> => {
  const { rows } = await findUserAnnouncements(db, who.userId, and(eq(announcements.id, id), userScope(who.subscriberId), inForce(now)), {
    start: 0,
    size: 1,
  });
  const [found] = rows;
  if (!found) throw new AppError('GEN0003');
  return userOf(found.row, found.isRead);
};

export const unreadCount = async (db: Db, now: Date, who: Who) => ({
  count: await countAnnouncements(db, and(userScope(who.subscriberId), inForce(now), unreadWhere(who.userId))),
});

/** Only announcements the user may read now are marked; an id of another subscriber's is not found (404). */
export const markRead = async (db: Db, now: Date, who: Who, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  const visible = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(inArray(announcements.id, unique), userScope(who.subscriberId), inForce(now)));
  if (visible.length !== unique.length) throw new AppError('GEN0003');
  await insertReads(db, who.userId, who.subscriberId, unique);
  return unreadCount(db, now, who);
};

// ---- the installation's administrators ----

const adminOf = (row: AnnouncementRow, names: { createdBy: string; updatedBy: string }, now: Date): AdminAnnouncement => ({
  id: row.id,
  title: row.title,
  body: row.body,
  audience: row.audience,
  subscriberId: row.subscriberId,
  publishAt: iso(row.publishAt),
  expiresAt: iso(row.expiresAt),
  withdrawnAt: iso(row.withdrawnAt),
  status: statusOf(row, now),
  createdBy: names.createdBy,
  updatedBy: names.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
});

export const searchAdmin = async (
  db: Db,
  now: Date,
  request: Page & { filters?: { text?: string | undefined; status?: AdminAnnouncement['status'] | undefined } | undefined },
) => {
  const where = and(textFilter(request.filters?.text), statusFilter(request.filters?.status, now));
  const { rows, totalRecords } = await findAdminAnnouncements(db, where, request);
  return { items: rows.map((r) => adminOf(r.row, r, now)), totalRecords };
};

const adminById = async (db: Db, now: Date, id: number): Promise<AdminAnnouncement> => {
  const { rows } = await findAdminAnnouncements(db, eq(announcements.id, id), { start: 0, size: 1 });
  const [found] = rows;
  if (!found) throw new AppError('GEN0003');
  return adminOf(found.row, found, now);
};

/** What is audited of an announcement: its fields, the body as text (the HTML is in the row). */
const audited = (row: AnnouncementRow) => ({ ...row, body: announcementText(row.body) });

export const saveAnnouncement = async (
  db: Db,
  now: Date,
  who: Who,
  input: z.output<typeof AnnouncementSaveSchema>,
  ip: string,
): Promise<AdminAnnouncement> => {
  const body = sanitizeAnnouncementHtml(input.body);
  if (!announcementText(body)) throw new AppError('GEN0009', { propertyName: 'body', message: 'The body has no text once sanitised.' });
  const subscriberId = input.audience === 'Subscriber' ? (input.subscriberId ?? null) : null;
  const values = {
    title: input.title,
    body,
    audience: input.audience,
    subscriberId,
    publishAt: input.publishAt ? new Date(input.publishAt) : null,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    updatedBy: who.userId,
    updatedAt: now,
  };
  const id = await db.transaction(async (tx) => {
    if (subscriberId !== null) {
      const [target] = await tx.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.id, subscriberId));
      if (!target) throw new AppError('GEN0009', { propertyName: 'subscriberId', message: `There is no subscriber ${subscriberId}.` });
    }
    if (input.id === undefined) {
      const [row] = await tx
        .insert(announcements)
        .values({ ...values, createdBy: who.userId })
        .returning();
      if (!row) throw new Error('announcement insert returned no row');
      await writeAudit(tx, who, {
        entityType: 'Announcement',
        entityKey: row.id,
        entityName: row.title,
        action: 'Create',
        after: audited(row),
        ip,
      });
      return row.id;
    }
    const before = await findAnnouncement(tx, eq(announcements.id, input.id));
    if (!before) throw new AppError('GEN0003');
    const [row] = await tx.update(announcements).set(values).where(eq(announcements.id, input.id)).returning();
    if (!row) throw new AppError('GEN0003');
    await writeAudit(tx, who, {
      entityType: 'Announcement',
      entityKey: row.id,
      entityName: row.title,
      action: 'Update',
      before: audited(before),
      after: audited(row),
      ip,
    });
    return row.id;
  });
  return adminById(db, now, id);
};

export const withdrawAnnouncement = async (db: Db, now: Date, who: Who, id: number, ip: string): Promise<AdminAnnouncement> => {
  await db.transaction(async (tx) => {
    const before = await findAnnouncement(tx, eq(announcements.id, id));
    if (!before) throw new AppError('GEN0003');
    if (before.withdrawnAt) return;
    const [row] = await tx
      .update(announcements)
      .set({ withdrawnAt: now, updatedBy: who.userId, updatedAt: now })
      .where(eq(announcements.id, id))
      .returning();
    await writeAudit(tx, who, {
      entityType: 'Announcement',
      entityKey: id,
      entityName: before.title,
      action: 'StatusChange',
      before: audited(before),
      after: row && audited(row),
      ip,
    });
  });
  return adminById(db, now, id);
};

export const deleteAnnouncement = async (db: Db, who: Who, id: number, ip: string): Promise<void> => {
  await db.transaction(async (tx) => {
    const before = await findAnnouncement(tx, eq(announcements.id, id));
    if (!before) throw new AppError('GEN0003');
    await tx.delete(announcements).where(eq(announcements.id, id));
    await writeAudit(tx, who, {
      entityType: 'Announcement',
      entityKey: id,
      entityName: before.title,
      action: 'Delete',
      before: audited(before),
      ip,
    });
  });
};

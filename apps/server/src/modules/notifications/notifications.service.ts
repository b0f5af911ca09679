// Use cases of the buyer's notifications (issue 21) besides making and sending them (notifications-create.service.ts,
// notifications-send.service.ts): read, edit, delete, assign to users and levels. Each change is one transaction with
// its events and audit rows.
import { type NotificationDetail } from '@opengst/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { levels, notificationEvents, notifications, users } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { findNotification, findNotificationDetail, findNotificationDocuments } from './notifications.repo';
import { invalid, reachAll, scopeOf } from './notification-scope';

export const notificationDetail = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<NotificationDetail> => {
  const notification = await findNotification(db, await scopeOf(db, principal), id);
  if (!notification) throw new AppError('GEN0003');
  return findNotificationDetail(db, notification);
};

/** The documents of one notification in scope (the download). */
export const notificationDocumentsOf = async (db: DbOrTx, principal: SessionPrincipal, id: number) => {
  const notification = await findNotification(db, await scopeOf(db, principal), id);
  if (!notification) throw new AppError('GEN0003');
  return { notification, documents: await findNotificationDocuments(db, id) };
};

export const editNotification = async (
  db: Db,
  principal: SessionPrincipal,
  input: { id: number; subject?: string | undefined; emails?: string[] | undefined; remarks?: string | undefined },
  ip: string,
): Promise<number[]> =>
  db.transaction(async (tx) => {
    const [before] = await reachAll(tx, principal, [input.id]);
    if (!before) throw new AppError('GEN0003');
    const change = {
      ...(input.subject !== undefined ? { subject: input.subject } : {}),
      ...(input.emails !== undefined ? { emails: input.emails } : {}),
      ...(input.remarks !== undefined ? { remarks: input.remarks } : {}),
    };
    const [after] = await tx
      .update(notifications)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(notifications.id, input.id))
      .returning();
    await tx.insert(notificationEvents).values({
      subscriberId: principal.subscriberId,
      notificationId: input.id,
      action: 'Edited',
      note: Object.keys(change).join(', '),
      userId: principal.userId,
    });
    await writeAudit(tx, principal, { entityType: 'Notification', entityKey: input.id, action: 'Update', before, after, ip });
    return [input.id];
  });

export const deleteNotifications = async (db: Db, principal: SessionPrincipal, ids: readonly number[], ip: string): Promise<number> =>
  db.transaction(async (tx) => {
    const rows = await reachAll(tx, principal, ids);
    // The reply attachments stay in stored files (the files module's sweep removes files no record names).
    await tx.delete(notifications).where(
      inArray(
        notifications.id,
        rows.map((r) => r.id),
      ),
    );
    for (const row of rows) {
      await writeAudit(tx, principal, {
        entityType: 'Notification',
        entityKey: row.id,
        entityName: `${row.counterpartyGstin} / ${row.gstin}`,
        action: 'Delete',
        before: row,
        ip,
      });
    }
    return rows.length;
  });

/** Checks a user and a level of the subscriber for an assignment (active only), 422 with the field otherwise. */
const checkAssignee = async (db: DbOrTx, subscriberId: number, userId: number | null, levelId: number | null) => {
  if (userId !== null) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.subscriberId, subscriberId), eq(users.status, 'Active')));
    if (!user) throw invalid('AssigneeUserId', 'Choose an active user of your organisation.');
  }
  if (levelId !== null) {
    const [level] = await db
      .select({ id: levels.id })
      .from(levels)
      .where(and(eq(levels.id, levelId), eq(levels.subscriberId, subscriberId), eq(levels.status, 'Active')));
    if (!level) throw invalid('AssigneeLevelId', 'Choose an active level of the Level Master.');
  }
};

export const assignNotifications = async (
  db: Db,
  principal: SessionPrincipal,
  input: { ids: readonly number[]; assigneeUserId: number | null; assigneeLevelId: number | null },
  ip: string,
): Promise<number> =>
  db.transaction(async (tx) => {
    const rows = await reachAll(tx, principal, input.ids);
    await checkAssignee(tx, principal.subscriberId, input.assigneeUserId, input.assigneeLevelId);
    await tx
      .update(notifications)
      .set({ assigneeUserId: input.assigneeUserId, assigneeLevelId: input.assigneeLevelId, updatedAt: new Date() })
      .where(
        inArray(
          notifications.id,
          rows.map((r) => r.id),
        ),
      );
    for (const row of rows) {
      await tx.insert(notificationEvents).values({
        subscriberId: principal.subscriberId,
        notificationId: row.id,
        action: 'Assigned',
        note: `user ${input.assigneeUserId ?? '-'}, level ${input.assigneeLevelId ?? '-'}`,
        userId: principal.userId,
      });
      await writeAudit(tx, principal, {
        entityType: 'Notification',
        entityKey: row.id,
        action: 'Update',
        before: { assigneeUserId: row.assigneeUserId, assigneeLevelId: row.assigneeLevelId },
        after: { assigneeUserId: input.assigneeUserId, assigneeLevelId: input.assigneeLevelId },
        ip,
      });
    }
    return rows.length;
  });

/** The active levels for assigning alongside a user of the subscriber (404 for another's user), the user's own first. */
export const levelsByUser = async (db: DbOrTx, principal: SessionPrincipal, userId: number) => {
  const [user] = await db
    .select({ levelId: users.levelId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.subscriberId, principal.subscriberId)));
  if (!user) throw new AppError('GEN0003');
  const rows = await db
    .select({ id: levels.id, name: levels.name, rank: levels.rank })
    .from(levels)
    .where(and(eq(levels.subscriberId, principal.subscriberId), eq(levels.status, 'Active')))
    .orderBy(levels.rank, levels.name);
  const list = rows.map((l) => ({ ...l, isUserLevel: l.id === user.levelId }));
  return { userLevelId: user.levelId, levels: [...list.filter((l) => l.isUserLevel), ...list.filter((l) => !l.isUserLevel)] };
};

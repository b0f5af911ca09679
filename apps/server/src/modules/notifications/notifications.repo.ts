// Drizzle queries of the buyer's notifications: every read within the caller's subscriber and the locations in
// scope (the user's locations, narrowed by the entity chips).
import {
  NOTIFICATION_STATUSES,
  type Notification,
  type NotificationDetail,
  type NotificationDocument,
  type NotificationFilters,
  type NotificationStatus,
} from '@opengst/contracts';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import {
  levels,
  notificationAttachments,
  notificationDocuments,
  notificationEvents,
  notificationReminders,
  notifications,
  users,
} from '../../db/schema';
import { orderByOf } from '../../platform/lists';

export type NotificationScope = { subscriberId: number; entityIds: readonly number[] };

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const notificationWhere = (scope: NotificationScope, filters: NotificationFilters | undefined): SQL => {
  const f = filters ?? {};
  const text = f.text?.trim();
  const like = text ? `%${escapeLike(text)}%` : null;
  return and(
    eq(notifications.subscriberId, scope.subscriberId),
    scope.entityIds.length ? inArray(notifications.entityId, [...scope.entityIds]) : sql`false`,
    f.statuses?.length ? inArray(notifications.status, f.statuses) : undefined,
    f.sourceTypes?.length ? inArray(notifications.sourceType, f.sourceTypes) : undefined,
    f.counterpartyGstins?.length ? inArray(notifications.counterpartyGstin, f.counterpartyGstins) : undefined,
    f.assigneeUserIds?.length ? inArray(notifications.assigneeUserId, f.assigneeUserIds) : undefined,
    f.assigneeLevelIds?.length ? inArray(notifications.assigneeLevelId, f.assigneeLevelIds) : undefined,
    f.runId ? eq(notifications.runId, f.runId) : undefined,
    like
      ? or(
          ilike(notifications.counterpartyGstin, like),
          ilike(notifications.counterpartyName, like),
          ilike(notifications.subject, like),
          ilike(notifications.gstin, like),
        )
      : undefined,
  )!;
};

const documentsCount = sql<number>`(select count(*) from ${notificationDocuments} d where d.notification_id = ${notifications.id})`.mapWith(
  Number,
);
const answeredCount = sql<number>`(select count(*) from ${notificationDocuments} d where d.notification_id = ${notifications.id}
  and (d.action_taken is not null or d.rectification_date is not null))`.mapWith(Number);
const remindersCount = sql<number>`(select count(*) from ${notificationReminders} r where r.notification_id = ${notifications.id})`.mapWith(
  Number,
);

const SORT = {
  id: notifications.id,
  counterpartyName: notifications.counterpartyName,
  counterpartyGstin: notifications.counterpartyGstin,
  gstin: notifications.gstin,
  status: notifications.status,
  createdAt: notifications.createdAt,
  sentAt: notifications.sentAt,
  repliedAt: notifications.repliedAt,
} as const;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const selectNotifications = (db: DbOrTx) =>
  db
    .select({
      n: notifications,
      documents: documentsCount,
      answered: answeredCount,
      reminders: remindersCount,
      assigneeUserName: users.displayName,
      assigneeLevelName: levels.name,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.assigneeUserId))
    .leftJoin(levels, eq(levels.id, notifications.assigneeLevelId));

type Selected = Awaited<ReturnType<ReturnType<typeof selectNotifications>['where']>>[number];

const toNotification = (row: Selected): Notification => ({
  id: row.n.id,
  entityId: row.n.entityId,
  gstin: row.n.gstin,
  counterpartyGstin: row.n.counterpartyGstin,
  counterpartyName: row.n.counterpartyName,
  emails: row.n.emails,
  sourceType: row.n.sourceType,
  status: row.n.status,
  subject: row.n.subject,
  remarks: row.n.remarks,
  receiverRemarks: row.n.receiverRemarks,
  documents: row.documents,
  answered: row.answered,
  reminders: row.reminders,
  runId: row.n.runId,
  assigneeUserId: row.n.assigneeUserId,
  assigneeUserName: row.assigneeUserName,
  assigneeLevelId: row.n.assigneeLevelId,
  assigneeLevelName: row.assigneeLevelName,
  createdAt: row.n.createdAt.toISOString(),
  sentAt: iso(row.n.sentAt),
  repliedAt: iso(row.n.repliedAt),
});

export const findNotifications = async (
  db: DbOrTx,
  where: SQL,
  page: { start: number; size: number; sortExpression?: string | null | undefined },
): Promise<{ items: Notification[]; totalRecords: number }> => {
  const orderBy = orderByOf(page.sortExpression, SORT, 'id DESC', notifications.id);
  const [rows, [total]] = await Promise.all([
    selectNotifications(db)
      .where(where)
      .orderBy(...orderBy)
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { items: rows.map(toNotification), totalRecords: total?.n ?? 0 };
};

/** One notification in scope, or undefined (another subscriber's or a location the user does not reach). */
export const findNotification = async (db: DbOrTx, scope: NotificationScope, id: number): Promise<Notification | undefined> => {
  const [row] = await selectNotifications(db).where(and(notificationWhere(scope, undefined), eq(notifications.id, id)));
  return row ? toNotification(row) : undefined;
};

/** Counts by status (all four, zeros included), with the total beside each. */
export const summariseNotifications = async (
  db: DbOrTx,
  where: SQL,
): Promise<{ status: NotificationStatus; count: number; total: number }[]> => {
  const rows = await db.select({ status: notifications.status, n: count() }).from(notifications).where(where).groupBy(notifications.status);
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  return NOTIFICATION_STATUSES.map((status) => ({ status, count: rows.find((r) => r.status === status)?.n ?? 0, total }));
};

export const findNotificationDocuments = async (db: DbOrTx, notificationId: number): Promise<NotificationDocument[]> => {
  const rows = await db
    .select()
    .from(notificationDocuments)
    .where(eq(notificationDocuments.notificationId, notificationId))
    .orderBy(asc(notificationDocuments.serialNumber));
  // The action columns hold only ACTIONS_REQUIRED codes: the service writes no other values.
  return rows.map((d) => ({
    id: d.id,
    serialNumber: d.serialNumber,
    documentNumber: d.documentNumber,
    documentDate: d.documentDate,
    documentType: d.documentType,
    returnPeriod: d.returnPeriod,
    taxable: d.taxable,
    tax: d.tax,
    actionRequired: d.actionRequired,
    gstr2bActionRequired: d.gstr2bActionRequired,
    imsActionRequired: d.imsActionRequired,
    gstr2aReason: d.gstr2aReason,
    gstr2bReason: d.gstr2bReason,
    imsReason: d.imsReason,
    imsAction: d.imsAction,
    actionTaken: d.actionTaken,
    rectificationDate: d.rectificationDate,
  })) as NotificationDocument[];
};

export const findNotificationDetail = async (db: DbOrTx, notification: Notification): Promise<NotificationDetail> => {
  const [documents, events, reminders, attachments] = await Promise.all([
    findNotificationDocuments(db, notification.id),
    db
      .select({ e: notificationEvents, userName: users.displayName })
      .from(notificationEvents)
      .leftJoin(users, eq(users.id, notificationEvents.userId))
      .where(eq(notificationEvents.notificationId, notification.id))
      .orderBy(asc(notificationEvents.id)),
    db
      .select()
      .from(notificationReminders)
      .where(eq(notificationReminders.notificationId, notification.id))
      .orderBy(asc(notificationReminders.id)),
    db
      .select()
      .from(notificationAttachments)
      .where(eq(notificationAttachments.notificationId, notification.id))
      .orderBy(asc(notificationAttachments.id)),
  ]);
  const status = (s: string | null): NotificationStatus | null =>
    s !== null && (NOTIFICATION_STATUSES as readonly string[]).includes(s) ? (s as NotificationStatus) : null;
  return {
    notification,
    documents,
    events: events.map(({ e, userName }) => ({
      id: e.id,
      action: e.action,
      fromStatus: status(e.fromStatus),
      toStatus: status(e.toStatus),
      note: e.note,
      userName,
      createdAt: e.createdAt.toISOString(),
    })),
    reminders: reminders.map((r) => ({
      id: r.id,
      financialYear: r.financialYear,
      returnPeriod: r.returnPeriod,
      returnType: r.returnType,
      createdAt: r.createdAt.toISOString(),
    })),
    attachments: attachments.map((a) => ({ id: a.id, fileId: a.fileId, name: a.name, createdAt: a.createdAt.toISOString() })),
  };
};

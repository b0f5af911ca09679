// Routes of the buyer's notifications (/notifications; spec modules §7 gst/notification/*). Reading needs
// Notifications or NotificationsSend; creating, editing, sending and assigning NotificationsSend; export and download
// NotificationsExport; delete NotificationsDelete. Every read and change is within the subscriber and the locations the
// user reaches (entity chips checked by the access plugin).
import {
  ACTION_REQUIRED_TEXT,
  NOTIFICATION_ENDPOINTS as E,
  NOTIFICATION_SOURCE_TEXT,
  NOTIFICATION_STATUS_TEXT,
  REPLY_ACTION_TEXT,
  type ActionRequired,
  type Notification,
  type NotificationDocument,
  type ReplyActionCode,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { XlsxColumn } from '../../files/xlsx-writer';
import { principalOf } from '../../platform/access.plugin';
import { AUDITED_EXPORT_LIMIT, sendAuditedExport } from '../../platform/audited-export';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { findNotifications, notificationWhere, summariseNotifications } from './notifications.repo';
import { scopeOf } from './notification-scope';
import { createFromReconciliation, createFromSales } from './notifications-create.service';
import { sendNotifications } from './notifications-send.service';
import {
  assignNotifications,
  deleteNotifications,
  editNotification,
  levelsByUser,
  notificationDetail,
  notificationDocumentsOf,
} from './notifications.service';

const read = { rights: ['Notifications', 'NotificationsSend'], entity: 'body' } as const;
const send = { rights: ['NotificationsSend'] } as const;

const rupees = (paise: number): number => paise / 100;
const actionText = (a: string | null): string => (a ? (ACTION_REQUIRED_TEXT[a as ActionRequired] ?? a) : '');
const replyText = (a: string | null): string => (a ? (REPLY_ACTION_TEXT[a as ReplyActionCode] ?? a) : '');

const LIST_COLUMNS: readonly XlsxColumn<Notification>[] = [
  { header: 'Our GSTIN', width: 18, value: (r) => r.gstin },
  { header: 'Counterparty GSTIN', width: 18, value: (r) => r.counterpartyGstin },
  { header: 'Counterparty', width: 30, value: (r) => r.counterpartyName },
  { header: 'Sent to', width: 26, value: (r) => NOTIFICATION_SOURCE_TEXT[r.sourceType] },
  { header: 'E-mail addresses', width: 34, value: (r) => r.emails.join(', ') },
  { header: 'Subject', width: 34, value: (r) => r.subject },
  { header: 'Status', width: 16, value: (r) => NOTIFICATION_STATUS_TEXT[r.status] },
  { header: 'Documents', width: 11, value: (r) => r.documents },
  { header: 'Answered', width: 10, value: (r) => r.answered },
  { header: 'Reminders', width: 10, value: (r) => r.reminders },
  { header: 'Assigned to', width: 20, value: (r) => r.assigneeUserName },
  { header: 'Assigned level', width: 18, value: (r) => r.assigneeLevelName },
  { header: 'Remarks', width: 30, value: (r) => r.remarks },
  { header: "Counterparty's remarks", width: 40, value: (r) => r.receiverRemarks },
  { header: 'Created', width: 22, value: (r) => r.createdAt },
  { header: 'Sent', width: 22, value: (r) => r.sentAt },
  { header: 'Replied', width: 22, value: (r) => r.repliedAt },
];

const DOCUMENT_COLUMNS: readonly XlsxColumn<NotificationDocument>[] = [
  { header: '#', width: 6, value: (d) => d.serialNumber },
  { header: 'Document number', width: 20, value: (d) => d.documentNumber },
  { header: 'Document date', width: 14, value: (d) => d.documentDate },
  { header: 'Type', width: 8, value: (d) => d.documentType },
  { header: 'Return period', width: 12, value: (d) => d.returnPeriod },
  { header: 'Taxable value (₹)', width: 16, value: (d) => rupees(d.taxable) },
  { header: 'Tax (₹)', width: 14, value: (d) => rupees(d.tax) },
  { header: 'Action required (GSTR-2A)', width: 34, value: (d) => actionText(d.actionRequired) },
  { header: 'Reason (GSTR-2A)', width: 40, value: (d) => d.gstr2aReason },
  { header: 'Action required (GSTR-2B)', width: 34, value: (d) => actionText(d.gstr2bActionRequired) },
  { header: 'Reason (GSTR-2B)', width: 40, value: (d) => d.gstr2bReason },
  { header: 'Action required (IMS)', width: 34, value: (d) => actionText(d.imsActionRequired) },
  { header: 'Reason (IMS)', width: 40, value: (d) => d.imsReason },
  { header: 'Our IMS action', width: 14, value: (d) => d.imsAction },
  { header: 'Action taken', width: 30, value: (d) => replyText(d.actionTaken) },
  { header: 'Rectification date', width: 16, value: (d) => d.rectificationDate },
];

export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, E.notificationSearch, {
    access: read,
    handler: async (request) => {
      const scope = await scopeOf(db, principalOf(request), request.body.filters?.entityIds);
      return findNotifications(db, notificationWhere(scope, request.body.filters), request.body);
    },
  });
  serve(app, E.notificationPushSummary, {
    access: read,
    handler: async (request) => {
      const scope = await scopeOf(db, principalOf(request), request.body.filters?.entityIds);
      return summariseNotifications(db, notificationWhere(scope, request.body.filters));
    },
  });
  serve(app, E.notificationDetail, {
    access: read,
    handler: async (request) => notificationDetail(db, principalOf(request), request.body.id),
  });
  serve(app, E.notificationLevelsByUser, {
    access: { rights: ['Notifications', 'NotificationsSend'] },
    handler: async (request) => levelsByUser(db, principalOf(request), request.query.userId),
  });

  serve(app, E.notificationSave, {
    access: send,
    handler: async (request) => {
      const { id, from, ...fields } = request.body;
      const principal = principalOf(request);
      const ids = !from
        ? await editNotification(db, principal, { id: id!, ...fields }, request.ip)
        : from.kind === 'sales'
          ? await createFromSales(db, principal, { documentIds: from.documentIds, ...fields }, request.ip)
          : await createFromReconciliation(db, principal, { from, ...fields }, request.ip);
      return { ids };
    },
  });
  serve(app, E.notificationSend, {
    access: send,
    handler: async (request) => sendNotifications(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.notificationAssign, {
    access: send,
    handler: async (request) => {
      const { id, ...assignee } = request.body;
      return { affected: await assignNotifications(db, principalOf(request), { ids: [id], ...assignee }, request.ip) };
    },
  });
  serve(app, E.notificationBulkAssign, {
    access: send,
    handler: async (request) => ({ affected: await assignNotifications(db, principalOf(request), request.body, request.ip) }),
  });
  serve(app, E.notificationDelete, {
    access: { rights: ['NotificationsDelete'] },
    handler: async (request) => ({ affected: await deleteNotifications(db, principalOf(request), request.body.ids, request.ip) }),
  });

  serve(app, E.notificationExport, {
    access: { rights: ['NotificationsExport'], entity: 'body' },
    handler: async (request, reply) => {
      const scope = await scopeOf(db, principalOf(request), request.body.filters?.entityIds);
      const { items } = await findNotifications(db, notificationWhere(scope, request.body.filters), {
        start: 0,
        size: AUDITED_EXPORT_LIMIT,
        sortExpression: request.body.sortExpression,
      });
      return sendAuditedExport(db, request, reply, {
        entityType: 'Notification',
        sheet: 'Notifications',
        fileName: 'notifications.xlsx',
        columns: LIST_COLUMNS,
        rows: items,
        filters: request.body.filters,
      });
    },
  });
  serve(app, E.notificationDownload, {
    access: { rights: ['NotificationsExport'] },
    handler: async (request, reply) => {
      const { notification, documents } = await notificationDocumentsOf(db, principalOf(request), request.body.id);
      return sendAuditedExport(db, request, reply, {
        entityType: 'NotificationDocuments',
        sheet: 'Documents',
        fileName: `notification-${notification.id}-${notification.counterpartyGstin}.xlsx`,
        columns: DOCUMENT_COLUMNS,
        rows: documents,
        filters: { id: notification.id },
      });
    },
  });
};

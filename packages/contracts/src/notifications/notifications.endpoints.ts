import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  LevelsByUserQuerySchema,
  LevelsByUserSchema,
  NotificationAssignSchema,
  NotificationBulkAssignSchema,
  NotificationBulkResultSchema,
  NotificationDetailSchema,
  NotificationDownloadSchema,
  NotificationExportSchema,
  NotificationFiltersSchema,
  NotificationIdsSchema,
  NotificationSaveResultSchema,
  NotificationSaveSchema,
  NotificationSchema,
  NotificationSendResultSchema,
  NotificationSendSchema,
  NotificationSummaryRequestSchema,
  NotificationSummarySchema,
} from './notifications.schemas';

// The buyer's notification calls (spec modules §7 gst/notification/*; payloads not shown by the spec, so they follow
// the lists' and masters' shapes). Rights: Notifications or NotificationsSend to read; NotificationsSend to create,
// edit, send and assign; NotificationsExport to export and download; NotificationsDelete to delete. The public reply's
// calls (gst/notification/reply/*, public/shortUrl) are PUBLIC_REPLY_ENDPOINTS (public-reply.endpoints.ts).
const NOTIFICATION = `${API_ROOT}/gst/notification`;

export const NOTIFICATION_ENDPOINTS = {
  notificationSearch: defineEndpoint({
    method: 'POST',
    path: `${NOTIFICATION}/search`,
    body: listRequestSchema(NotificationFiltersSchema),
    response: listResponseSchema(NotificationSchema),
  }),
  /** One notification with its documents (and the counterparty's answers), history, reminders and attachments. */
  notificationDetail: defineEndpoint({
    method: 'POST',
    path: `${NOTIFICATION}/detail`,
    body: NotificationDownloadSchema,
    response: NotificationDetailSchema,
  }),
  /** Creates from the reconciliation (one per supplier and buyer GSTIN) or edits one; the ids saved. */
  notificationSave: defineEndpoint({
    method: 'POST',
    path: `${NOTIFICATION}/save`,
    body: NotificationSaveSchema,
    response: NotificationSaveResultSchema,
  }),
  notificationDelete: defineEndpoint({
    method: 'POST',
    path: `${NOTIFICATION}/delete`,
    body: NotificationIdsSchema,
    response: NotificationBulkResultSchema,
  }),
  /** Mails each notification with a new reply link; with `reminder`, records it as a reminder of that period and return. */
  notificationSend: defineEndpoint({
    method: 'POST',
    path: `${NOTIFICATION}/send`,
    body: NotificationSendSchema,
    response: NotificationSendResultSchema,
  }),
  /** Counts by status of the notifications the filters match (the status-count bar). */
  notificationPushSummary: defineEndpoint({
    method: 'POST',
    path: `${NOTIFICATION}/pushSummary`,
    body: NotificationSummaryRequestSchema,
    response: NotificationSummarySchema,
  }),
  /** xlsx of every notification the filters match, in the screen's sort. */
  notificationExport: defineEndpoint({ method: 'POST', path: `${NOTIFICATION}/export`, body: NotificationExportSchema, response: 'file' }),
  /** xlsx of one notification's documents with the counterparty's answers. */
  notificationDownload: defineEndpoint({
    method: 'POST',
    path: `${NOTIFICATION}/download`,
    body: NotificationDownloadSchema,
    response: 'file',
  }),
  notificationAssign: defineEndpoint({
    method: 'POST',
    path: `${NOTIFICATION}/assign`,
    body: NotificationAssignSchema,
    response: NotificationBulkResultSchema,
  }),
  notificationBulkAssign: defineEndpoint({
    method: 'POST',
    path: `${NOTIFICATION}/bulkAssign`,
    body: NotificationBulkAssignSchema,
    response: NotificationBulkResultSchema,
  }),
  notificationLevelsByUser: defineEndpoint({
    method: 'GET',
    path: `${NOTIFICATION}/getLevelsByUserId`,
    query: LevelsByUserQuerySchema,
    response: LevelsByUserSchema,
  }),
};
export const NOTIFICATION_API = pathsOf(NOTIFICATION_ENDPOINTS);

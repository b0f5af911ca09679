// Notifications to counterparties (issue 21): the buyer tells a supplier (or a customer) which documents need its
// action, by mail with a signed, expiring link and a short link; the counterparty answers on the public reply page.
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { storedFiles } from './files';
import { entities, levels, subscribers, users } from './organization';

/**
 * One notification to one counterparty about one buyer registration (`entity_id`, its GSTIN in `gstin`).
 * `source_type`: 'Gsp' (the spec's default: a supplier, from the purchase reconciliation's pairs or vendor rows), 'Sales'
 * (a customer about sales documents) or 'Crn' (the s.15(3) declaration asked of a recipient of credit notes). Status (spec core §3): YetNotSent until
 * the first mail, Sent, Inprogress once the counterparty opened the link, ReplyReceived after its answer.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    gstin: text('gstin').notNull(),
    counterpartyGstin: text('counterparty_gstin').notNull(),
    counterpartyName: text('counterparty_name').notNull().default(''),
    emails: text('emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sourceType: text('source_type', { enum: ['Gsp', 'Sales', 'Crn'] }).notNull(),
    /** The reconciliation run it was made from (none for the sales side). */
    runId: integer('run_id'),
    status: text('status', { enum: ['YetNotSent', 'Sent', 'Inprogress', 'ReplyReceived'] })
      .notNull()
      .default('YetNotSent'),
    subject: text('subject').notNull(),
    remarks: text('remarks').notNull().default(''),
    receiverRemarks: text('receiver_remarks'),
    assigneeUserId: integer('assignee_user_id').references(() => users.id),
    assigneeLevelId: integer('assignee_level_id').references(() => levels.id),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_list').on(t.subscriberId, t.id),
    index('notifications_counterparty').on(t.subscriberId, t.counterpartyGstin),
  ],
);

/**
 * A document of a notification: what the buyer asks (the action required per its GSTR-2A, GSTR-2B and IMS, with the
 * reasons, and the buyer's IMS action) and what the counterparty answered (`action_taken`, `rectification_date`).
 * `source_key` names where it came from ('R:{runId}:{rowId}' for a reconciliation row, 'D:{documentId}' for a document).
 */
export const notificationDocuments = pgTable(
  'notification_documents',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    serialNumber: integer('serial_number').notNull(),
    sourceKey: text('source_key').notNull(),
    documentNumber: text('document_number').notNull(),
    documentDate: date('document_date', { mode: 'string' }),
    documentType: text('document_type').notNull(),
    returnPeriod: text('return_period'),
    taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    actionRequired: text('action_required'),
    gstr2bActionRequired: text('gstr2b_action_required'),
    imsActionRequired: text('ims_action_required'),
    gstr2aReason: text('gstr2a_reason'),
    gstr2bReason: text('gstr2b_reason'),
    imsReason: text('ims_reason'),
    imsAction: text('ims_action'),
    actionTaken: text('action_taken'),
    rectificationDate: date('rectification_date', { mode: 'string' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_documents_serial').on(t.notificationId, t.serialNumber),
    index('notification_documents_source').on(t.subscriberId, t.sourceKey),
  ],
);

/** The reminders of a notification (spec modules §3 Reminder): each re-send for a financial year, period and return. */
export const notificationReminders = pgTable(
  'notification_reminders',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** The starting year of the financial year (2024 for 2024-25), 0 when not given (spec default). */
    financialYear: integer('financial_year').notNull().default(0),
    /** MMYYYY as a number (42025 for April 2025), 0 when not given. */
    returnPeriod: integer('return_period').notNull().default(0),
    returnType: text('return_type').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_reminders_notification').on(t.notificationId)],
);

/** A notification's history: creation, edits, each send and reminder, assignment, the link opened, the reply. */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** 'Created' | 'Edited' | 'Sent' | 'Reminded' | 'Assigned' | 'Opened' | 'ReplyReceived' */
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note').notNull().default(''),
    /** Null for what the counterparty did on the public page. */
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_events_notification').on(t.notificationId, t.id)],
);

/**
 * A signed reply link sent in a mail: the random token is stored only as its SHA-256 (`token_hash`), so the table
 * does not hold a usable link; `short_code` is the /t/{code} short link to the same page. A later mail revokes the
 * earlier links of its notification.
 */
export const notificationLinks = pgTable(
  'notification_links',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    shortCode: text('short_code').notNull(),
    /** The page the link opens ('/notification-reply', '/sales-notification-reply', '/crn-notification-reply'). */
    path: text('path').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_links_token').on(t.tokenHash),
    uniqueIndex('notification_links_short_code').on(t.shortCode),
    index('notification_links_notification').on(t.notificationId),
  ],
);

/** A file the counterparty attached to its reply (spec modules §3 Attachment, origin REPLY_FROM_RECEIVER). */
export const notificationAttachments = pgTable(
  'notification_attachments',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id),
    name: text('name').notNull(),
    attachmentFrom: text('attachment_from').notNull().default('REPLY_FROM_RECEIVER'),
    createdAt: createdAt(),
  },
  (t) => [index('notification_attachments_notification').on(t.notificationId), index('notification_attachments_file').on(t.fileId)],
);

// Stored files (spec modules §7 file/upload, file/download, file/delete) and the documents attached to a notice
// (issue 23: the notice PDF, annexures, replies, orders). A platform table: litigation today, notification replies'
// attachments (issue 21) next.
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { noticeEvents, notices } from './notices';
import { subscribers, users } from './organization';

/**
 * One uploaded file: its original name and detected content type, its size and SHA-256, and where its bytes lie
 * (`storage_key`, relative to the data directory, named by the hash). `purpose` says what it was uploaded for
 * ('NoticeDocument'); a file attached to nothing is reachable by its uploader only. Deleting sets `deleted_at`.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    purpose: text('purpose').notNull(),
    /** Null for a file the counterparty uploaded on the public notification-reply page (no user; issue 21). */
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('stored_files_subscriber').on(t.subscriberId, t.id)],
);

/** A document of a notice: the file, its kind, the timeline event it belongs to (a reply, an order), a note, who and when. */
export const noticeDocuments = pgTable(
  'notice_documents',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** 'Notice' | 'Annexure' | 'Reply' | 'Order' | 'Appeal' | 'Payment' | 'Other' */
    kind: text('kind').notNull(),
    eventId: integer('event_id').references(() => noticeEvents.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('notice_documents_notice').on(t.noticeId), index('notice_documents_file').on(t.fileId)],
);

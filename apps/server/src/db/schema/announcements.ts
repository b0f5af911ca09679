// Announcements (modules/announcements): written by the installation's administrators for everyone (Public), every
// signed-in user (AllSubscribers) or one subscriber's users (Subscriber, subscriber_id set). Whether one is in force is
// read from its dates at the moment of asking, so a scheduled one appears and an expired one disappears without a job.
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { subscribers, users } from './organization';

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitised HTML (announcement-html.ts); never stored unsanitised. */
    body: text('body').notNull(),
    audience: text('audience', { enum: ['Public', 'AllSubscribers', 'Subscriber'] }).notNull(),
    /** The one subscriber of a Subscriber announcement; null for the others. */
    subscriberId: integer('subscriber_id').references(() => subscribers.id),
    /** Null: a draft. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_publish').on(t.audience, t.publishAt), index('announcements_subscriber').on(t.subscriberId)],
);

/** Which user has read which announcement: the unread badge is the user's announcements without a row here. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

// The data-activities module's table: the traffic with the tax portal.
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { subscribers, entities } from './organization';

/**
 * Spec core §2 "Data activities": each push of data to the tax portal (Push), each download from it (Sync), and
 * callbacks that failed (Callback), with the spec's processing status (core §4).
 */
export const dataActivities = pgTable(
  'data_activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    gstin: text('gstin').notNull(),
    kind: text('kind', { enum: ['Push', 'Sync', 'Callback'] }).notNull(),
    /** Spec core §4 "Actions" (Save, Submit, File ...), or the download (GSTR2A, GSTR2B). */
    action: text('action').notNull(),
    returnType: text('return_type').notNull(),
    returnPeriod: text('return_period').notNull(),
    returnId: integer('return_id'),
    status: text('status', {
      enum: ['Initialized', 'InProcess', 'Attempted', 'Completed', 'MaxAttemptReached', 'Unprocessable', 'Unhandled', 'Manual'],
    })
      .notNull()
      .default('Initialized'),
    portalReferenceId: text('portal_reference_id'),
    documentCount: integer('document_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    message: text('message'),
    userId: integer('user_id'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('data_activities_list').on(t.subscriberId, t.kind, t.id)],
);

// The notice register's tables (issue 23): a subscriber's GST notices, intimations, orders and appeals per GSTIN, and
// each notice's timeline (every stage change, reply, hearing, order, payment and reopening, with who and when).
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { consultants, entities, levels, subscribers, users } from './organization';

/**
 * One notice (or intimation, order, appeal) received by a GSTIN. `due_on` is the reply's due date the register works to:
 * the date the notice states, else the form's statutory window from `issued_on` (the domain's replyDueDate), with
 * `due_basis` saying which. Amounts demanded are paise by head (tax) and in total for interest and penalty. `stage`
 * follows the domain's status model (NOTICE_STAGES); the spec's status code is read from stage, due date and
 * `is_reopened` when listed, never stored, so it cannot go stale as days pass.
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    form: text('form').notNull(),
    /** 'Intimation' | 'Notice' | 'Appeal' | 'Refund' | 'RectificationOfOrder' (spec core §4) */
    noticeType: text('notice_type').notNull(),
    referenceNumber: text('reference_number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }),
    statedDueOn: date('stated_due_on', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }),
    /** 'notice' (the date it states), the rule that fixes it ('Rule 99(2)'), or null when none is known. */
    dueBasis: text('due_basis'),
    /** 'FY 2023-24' style labels of the years the notice concerns. */
    financialYears: text('financial_years')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    section: text('section').notNull().default(''),
    subject: text('subject').notNull().default(''),
    officerName: text('officer_name').notNull().default(''),
    officerDesignation: text('officer_designation').notNull().default(''),
    jurisdiction: text('jurisdiction').notNull().default(''),
    taxIgst: bigint('tax_igst', { mode: 'number' }).notNull().default(0),
    taxCgst: bigint('tax_cgst', { mode: 'number' }).notNull().default(0),
    taxSgst: bigint('tax_sgst', { mode: 'number' }).notNull().default(0),
    taxCess: bigint('tax_cess', { mode: 'number' }).notNull().default(0),
    interest: bigint('interest', { mode: 'number' }).notNull().default(0),
    penalty: bigint('penalty', { mode: 'number' }).notNull().default(0),
    stage: text('stage').notNull().default('Received'),
    isReopened: boolean('is_reopened').notNull().default(false),
    /** Ind AS 37: 'Probable' | 'Possible' | 'Remote', the amount at stake as assessed, and the reporting date assessed for. */
    contingentClass: text('contingent_class'),
    contingentAmount: bigint('contingent_amount', { mode: 'number' }),
    contingentAsOf: date('contingent_as_of', { mode: 'string' }),
    assigneeUserId: integer('assignee_user_id').references(() => users.id),
    /** An approval level (/level-master) the notice is assigned to: its users who reach the location are reminded too. */
    assigneeLevelId: integer('assignee_level_id').references(() => levels.id),
    /** Notice tags (/notice-tag) of the same subscriber. */
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** 'Manual' | 'Import' | 'Portal' */
    source: text('source').notNull().default('Manual'),
    importId: integer('import_id'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notices_reference').on(t.subscriberId, t.entityId, t.form, t.referenceNumber),
    index('notices_due').on(t.subscriberId, t.dueOn),
  ],
);

/**
 * A notice's timeline: what happened, on which date (`event_date`, the reply's or hearing's own date), with its
 * reference (an ARN, a DRC-03 ARN, an order number) and amount, and who recorded it when (`created_at`).
 */
export const noticeEvents = pgTable(
  'notice_events',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    /** 'Created' | 'Edited' | 'StageChanged' | 'Reopened' */
    action: text('action').notNull(),
    fromStage: text('from_stage'),
    toStage: text('to_stage'),
    eventDate: date('event_date', { mode: 'string' }),
    reference: text('reference').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }),
    note: text('note').notNull().default(''),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('notice_events_notice').on(t.noticeId)],
);

/**
 * The reminders sent for a notice: one row per notice, kind and day, written before the mail goes, so the hourly job
 * sends each reminder once however often it runs ('Before': N days before the reply is due; 'Overdue': each day after).
 */
export const noticeReminders = pgTable(
  'notice_reminders',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['Before', 'Overdue'] }).notNull(),
    /** The day (IST) it was sent for. */
    onDate: date('on_date', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    recipients: text('recipients').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notice_reminders_once').on(t.noticeId, t.kind, t.onDate)],
);

/** The consultants a notice is assigned to (/manage-consultants): a consultant's sign-in sees only these notices. */
export const noticeConsultants = pgTable(
  'notice_consultants',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    consultantId: integer('consultant_id')
      .notNull()
      .references(() => consultants.id),
    assignedBy: integer('assigned_by'),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.consultantId] }), index('notice_consultants_consultant').on(t.consultantId)],
);

// The GSTR-3B module's tables: a return per GSTIN (location) and period with what was computed and what the user
// entered, the rows behind each computed figure (the drill-down), and the return's timeline.
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { entities, subscribers } from './organization';
import { RETURN_FILING_STATUSES, TASK_STATUSES } from './returns';

/**
 * One GSTR-3B of a location for a period (a quarter's last month for a QRMP filer). `computed` is the domain's
 * Gstr3bResult of the last computation without the ids behind each figure (those are in gstr3b_figure_sources), each
 * figure's source counts in their place; `userFigures` the figures the user entered (contracts Gstr3bUserFigure, in
 * paise), which a new computation keeps.
 */
export const gstr3bReturns = pgTable(
  'gstr3b_returns',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    gstin: text('gstin').notNull(),
    /** MMYYYY */
    returnPeriod: text('return_period').notNull(),
    frequency: text('frequency', { enum: ['monthly', 'quarterly'] })
      .notNull()
      .default('monthly'),
    financialYear: text('financial_year').notNull(),
    status: text('status', { enum: RETURN_FILING_STATUSES }).notNull().default('NotSubmitted'),
    computed: jsonb('computed'),
    computedAt: timestamp('computed_at', { withTimezone: true }),
    computedBy: integer('computed_by'),
    /**
     * The background computation (gstr3b.compute job): its state, the stage it is at ('sales', 'purchases', 'gstr2b',
     * 'compute', 'store') with its rows done of total, and why it failed. `computed` holds the last finished one.
     */
    computeStatus: text('compute_status', { enum: TASK_STATUSES }).notNull().default('YetNotStarted'),
    computeStage: text('compute_stage'),
    computeDone: integer('compute_done').notNull().default(0),
    computeTotal: integer('compute_total').notNull().default(0),
    computeMessage: text('compute_message'),
    userFigures: jsonb('user_figures')
      .notNull()
      .default(sql`'[]'::jsonb`),
    userSavedAt: timestamp('user_saved_at', { withTimezone: true }),
    /**
     * The GST portal flow (GSTR-1's columns, plus what the set-off needs): the reference of the last RETSAVE and the
     * portal's answer to it (P processed, PE processed with errors, ER error, IP in progress), `savedJson` the
     * return JSON that save sent (what Submit freezes at the portal), when it was saved, submitted and offset.
     */
    portalReferenceId: text('portal_reference_id'),
    portalSaveStatus: text('portal_save_status'),
    savedJson: jsonb('saved_json'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The utilisation of credit and cash sent with RETOFFSET (contracts Gstr3bOffsetSent, in paise) and when. */
    offsetSent: jsonb('offset_sent'),
    offsetAt: timestamp('offset_at', { withTimezone: true }),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    /** Acknowledgement reference number of the filing. */
    arn: text('arn'),
    /** The portal's message of the last refused action (shown until an action succeeds). */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gstr3b_returns_key').on(t.subscriberId, t.entityId, t.returnPeriod)],
);

/**
 * The rows behind one figure of the last computation, by kind: documents (sales and purchase, the documents table),
 * portal (GSTR-2B records, portal_documents), summaries (document_summaries). One row per figure and kind with the ids
 * as an array: a figure of 500,000 invoices is one row, written in one statement and paged by the drill-down in SQL.
 */
export const gstr3bFigureSources = pgTable(
  'gstr3b_figure_sources',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => gstr3bReturns.id, { onDelete: 'cascade' }),
    /** contracts Gstr3bFigureKey */
    figure: text('figure').notNull(),
    /** Table 3.2's place of supply; '' for the other figures. */
    placeOfSupply: text('place_of_supply').notNull().default(''),
    kind: text('kind', { enum: ['documents', 'portal', 'summaries'] }).notNull(),
    ids: bigint('ids', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.figure, t.placeOfSupply, t.kind] })],
);

/** Every action on a GSTR-3B and status change, who and when (the timeline). */
export const gstr3bHistory = pgTable(
  'gstr3b_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => gstr3bReturns.id, { onDelete: 'cascade' }),
    /** Compute, SaveFigures, and the portal actions of spec core §4 once filing is built. */
    action: text('action').notNull(),
    fromStatus: text('from_status', { enum: RETURN_FILING_STATUSES }),
    toStatus: text('to_status', { enum: RETURN_FILING_STATUSES }),
    message: text('message'),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('gstr3b_history_return').on(t.returnId)],
);

// The drc01 module's table: DRC-01B (Rule 88C) and DRC-01C (Rule 88D) intimations read from the GST portal and kept,
// so the lists, the due dates and the audit do not depend on the portal answering. The portal stays the authority:
// a sync or a reply copies its answer back. Amounts in paise per head.
import { bigint, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { entities, subscribers } from './organization';

export type Drc01HeadCells = { igst: number; cgst: number; sgst: number; cess: number };
export type Drc01ThresholdCells = { amount: number; percentBasisPoints: number; rule: 'amountOrPercent' | 'amountAndPercent' };
/** Part B as the portal answered it. */
export type Drc01ReplyCells = {
  ackNumber: string;
  repliedOn: string | null;
  reasonCode: string | null;
  explanation: string | null;
  drc03: { arn: string; paidOn: string; tax: Drc01HeadCells; interest: Drc01HeadCells } | null;
};

export const drc01Intimations = pgTable(
  'drc01_intimations',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    gstin: text('gstin').notNull(),
    form: text('form', { enum: ['DRC01B', 'DRC01C'] }).notNull(),
    referenceNumber: text('reference_number').notNull(),
    /** MMYYYY */
    returnPeriod: text('return_period').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** 7 days after issue (Rules 88C(2), 88D(2)). */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['Open', 'Replied', 'Paid'] }).notNull(),
    reported: jsonb('reported').$type<Drc01HeadCells>().notNull(),
    baseline: jsonb('baseline').$type<Drc01HeadCells>().notNull(),
    difference: jsonb('difference').$type<Drc01HeadCells>().notNull(),
    excess: jsonb('excess').$type<Drc01HeadCells>().notNull(),
    totalExcess: bigint('total_excess', { mode: 'number' }).notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    threshold: jsonb('threshold').$type<Drc01ThresholdCells>(),
    explanation: text('explanation').notNull(),
    reply: jsonb('reply').$type<Drc01ReplyCells>(),
    repliedBy: integer('replied_by'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('drc01_intimations_reference').on(t.subscriberId, t.gstin, t.referenceNumber),
    index('drc01_intimations_list').on(t.subscriberId, t.form, t.issuedOn),
  ],
);

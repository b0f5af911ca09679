// The payments module's table: GST challans (Form GST PMT-06, Rule 87 of the CGST Rules) generated at the portal
// through the product and kept here, so the list, the PDF and the audit do not depend on the portal answering.
// The portal stays the authority on status: a refresh or a payment copies its answer back.
import { bigint, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { entities, subscribers } from './organization';

/** Paise by major head (igst, cgst, sgst, cess) and minor head (tax, interest, penalty, fee, others): PMT-06's table. */
export type ChallanCells = Record<'igst' | 'cgst' | 'sgst' | 'cess', Record<'tax' | 'interest' | 'penalty' | 'fee' | 'others', number>>;

export const challans = pgTable(
  'challans',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    gstin: text('gstin').notNull(),
    /** The 14-digit Common Portal Identification Number. */
    cpin: text('cpin').notNull(),
    /** The domain's payment mode (netBanking, card, upi, imps, neftRtgs, otc). */
    mode: text('mode').notNull(),
    bankCode: text('bank_code').notNull(),
    amounts: jsonb('amounts').$type<ChallanCells>().notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    createdOn: date('created_on', { mode: 'string' }).notNull(),
    /** The last day it may be paid: 15 days (Rule 87(2)). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['Generated', 'Paid', 'Expired'] }).notNull(),
    /** Challan Identification Number from the bank (Rule 87(6)); its reference number. */
    cin: text('cin'),
    brn: text('brn'),
    paidOn: date('paid_on', { mode: 'string' }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('challans_gstin_cpin').on(t.gstin, t.cpin), index('challans_subscriber').on(t.subscriberId, t.id)],
);

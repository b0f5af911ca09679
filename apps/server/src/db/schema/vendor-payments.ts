// The vendor payment module's tables: payments to suppliers of purchase invoices with the GST portion held back, and
// the later releases of what was held (modules/vendor-payment). What is still owed or held on an invoice is the sum of
// its lines; the purchase documents themselves are never changed.
import { bigint, bigserial, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { subscribers } from './organization';

/** One payment (or release) as the user recorded it: its date, bank reference and remarks. */
export const vendorPayments = pgTable(
  'vendor_payments',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    kind: text('kind', { enum: ['Payment', 'Release'] }).notNull(),
    /** YYYY-MM-DD: the day the supplier was paid (Rule 37's clock stops then). */
    paymentDate: text('payment_date').notNull(),
    reference: text('reference').notNull(),
    remarks: text('remarks'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('vendor_payments_subscriber').on(t.subscriberId, t.id)],
);

/**
 * A payment's amounts on one purchase invoice (paise): paid to the supplier, GST held back, or (a release) held GST now
 * paid. No foreign key to documents: documents carry none either (migration 0009), and the service checks each id
 * against the subscriber and the user's locations in the payment's transaction.
 */
export const vendorPaymentLines = pgTable(
  'vendor_payment_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => vendorPayments.id),
    subscriberId: integer('subscriber_id').notNull(),
    entityId: integer('entity_id').notNull(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    supplierGstin: text('supplier_gstin').notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    released: bigint('released', { mode: 'number' }).notNull().default(0),
    /** Why the GST was held (domain HOLD_REASONS), as the reconciliation stood at the payment. */
    holdReason: text('hold_reason'),
  },
  (t) => [index('vendor_payment_lines_document').on(t.subscriberId, t.documentId)],
);

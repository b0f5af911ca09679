// The e-invoice module's tables: a document's e-invoice (its IRN as the IRP registered it, or the reason it has none)
// and the IRP session of each GSTIN (NIC e-invoice API: a token of 6 hours and a session key, per user of the IRP).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { documents } from './documents';
import { entities, subscribers } from './organization';

/** The e-invoice statuses of spec core §4, by name. */
export const EINVOICE_STATUS_VALUES = ['YetNotGenerated', 'Generated', 'InProgress', 'ERROR', 'Regenerated'] as const;

/**
 * One row per sales document that has been sent to (or checked for) the IRP. A document without a row is
 * YetNotGenerated. Rule 48(4) CGST Rules: the invoice is valid only with the IRN the IRP registers; Rule 48(5): an
 * invoice issued otherwise is not an invoice. A cancelled IRN (within 24 hours, whole document only) is kept in the
 * cancel columns while the status returns to YetNotGenerated: the document has no valid IRN any more.
 */
export const einvoices = pgTable(
  'einvoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    /** A deleted document takes its e-invoice row with it (inserts here are few, so the key costs imports nothing). */
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EINVOICE_STATUS_VALUES }).notNull().default('YetNotGenerated'),
    irn: text('irn'),
    /** The IRP's acknowledgement number (15 digits). */
    ackNo: text('ack_no'),
    ackDate: timestamp('ack_date', { withTimezone: true }),
    /** The IRP's answer as returned: JWS RS256 (payload {data, iss: NIC}). */
    signedInvoice: text('signed_invoice'),
    signedQrCode: text('signed_qr_code'),
    /** The last refusal: the IRP's error code (or the product's prediction of it) and message. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Every problem of the last refusal: { code, irpErrorCode, field, message }[]. */
    errors: jsonb('errors'),
    /** The last cancelled IRN of the document, with the reason code (1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others). */
    cancelledIrn: text('cancelled_irn'),
    cancelReasonCode: text('cancel_reason_code'),
    cancelRemark: text('cancel_remark'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    generatedBy: integer('generated_by'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('einvoices_document').on(t.documentId),
    index('einvoices_list').on(t.subscriberId, t.entityId, t.status),
    uniqueIndex('einvoices_irn')
      .on(t.subscriberId, t.irn)
      .where(sql`${t.irn} is not null`),
  ],
);

/**
 * The IRP session of one GSTIN: the API user's name, the password sealed with the installation's key (secrets.ts),
 * and the last session (token and session key, sealed) until it expires (NIC: 360 minutes).
 */
export const irpSessions = pgTable('irp_sessions', {
  entityId: integer('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  subscriberId: integer('subscriber_id')
    .notNull()
    .references(() => subscribers.id),
  gstin: text('gstin').notNull(),
  userName: text('user_name').notNull(),
  /** Sealed password of the IRP API user. */
  password: text('password').notNull(),
  /** Sealed JSON of the client's IrpSession; null until the first authentication. */
  session: text('session'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

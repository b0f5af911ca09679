// The returns module's tables: returns and their history, the documents each holds, the portal's errors of a save,
// the documents downloaded from the portal (GSTR-2A/2B), and the portal sessions of each GSTIN.
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { dataActivities } from './data-activities';
import { subscribers, entities } from './organization';

/** Spec core §4 "Return filing status". */
export const RETURN_FILING_STATUSES = ['NotSubmitted', 'Submitted', 'Signed', 'Filed', 'Error'] as const;

/** Spec core §4 "Task status": the generation of a return's JSON from the books. */
export const TASK_STATUSES = ['Completed', 'YetNotStarted', 'InProgress', 'Failed'] as const;

/**
 * One return of one GSTIN (a location entity) for one period: GSTR-1 or GSTR-1A for now. `payload` is the JSON built
 * from the books by the generation job (the portal's save format, as text: it is sent and downloaded as is), `summary`
 * its section summary. Every status change writes a return_history row in the same transaction.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    gstin: text('gstin').notNull(),
    returnType: text('return_type', { enum: ['GSTR1', 'GSTR1A'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    /** MMYYYY */
    returnPeriod: text('return_period').notNull(),
    status: text('status', { enum: RETURN_FILING_STATUSES }).notNull().default('NotSubmitted'),
    generationStatus: text('generation_status', { enum: TASK_STATUSES }).notNull().default('YetNotStarted'),
    generationMessage: text('generation_message'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    generatedBy: integer('generated_by'),
    payload: text('payload'),
    summary: jsonb('summary'),
    documentCount: integer('document_count').notNull().default(0),
    /** The portal's reference of the last save, and its answer (P processed, PE processed with errors, ER error, IP in progress). */
    portalReferenceId: text('portal_reference_id'),
    portalSaveStatus: text('portal_save_status'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    /** Acknowledgement reference number of the filing. */
    arn: text('arn'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('returns_key').on(t.subscriberId, t.entityId, t.returnType, t.returnPeriod),
    index('returns_period').on(t.subscriberId, t.returnPeriod),
  ],
);

/** The audited history of a return: every action and status transition, who and when. */
export const returnHistory = pgTable(
  'return_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    /** Spec core §4 "Actions" (Save, Submit, Summary, File, PushDocumentToGst ...) plus Generate. */
    action: text('action').notNull(),
    fromStatus: text('from_status', { enum: RETURN_FILING_STATUSES }),
    toStatus: text('to_status', { enum: RETURN_FILING_STATUSES }),
    message: text('message'),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('return_history_return').on(t.returnId)],
);

/**
 * Which documents a generated return holds and in which section: the drill-down, and what filing locks. document_id
 * has no foreign key for the same reason as document_items' (a generation writes one row per document); deleting a
 * document deletes its rows here too (deleteDocuments).
 */
export const returnDocuments = pgTable(
  'return_documents',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    /** b2b, b2ba, b2cl, cdnr, exp ... (the save format's keys). */
    section: text('section').notNull(),
  },
  (t) => [
    uniqueIndex('return_documents_key').on(t.returnId, t.documentId),
    index('return_documents_section').on(t.returnId, t.section),
    index('return_documents_document').on(t.documentId),
  ],
);

/** The portal's per-document errors of a save (the error report of RETSTATUS), shown against the documents. */
export const returnErrors = pgTable(
  'return_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    dataActivityId: bigint('data_activity_id', { mode: 'number' }).references(() => dataActivities.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    documentId: bigint('document_id', { mode: 'number' }),
    documentNumber: text('document_number'),
    counterpartyGstin: text('counterparty_gstin'),
    errorCode: text('error_code').notNull(),
    errorMessage: text('error_message').notNull(),
  },
  (t) => [index('return_errors_return').on(t.returnId)],
);

/**
 * Documents as the tax portal holds them for a recipient (GSTR-2A and GSTR-2B downloads, read by the domain's
 * parseGstr2a/parseGstr2b), replaced per GSTIN, source and period by each download. Money in paise.
 */
export const portalDocuments = pgTable(
  'portal_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    /** The recipient GSTIN. */
    gstin: text('gstin').notNull(),
    /** GSTR2A / GSTR2B: the period's statement; IMS: the records in the recipient's IMS now (period: the supplier's). */
    source: text('source', { enum: ['GSTR2A', 'GSTR2B', 'IMS'] }).notNull(),
    returnPeriod: text('return_period').notNull(),
    section: text('section').notNull(),
    supplierGstin: text('supplier_gstin').notNull(),
    supplierName: text('supplier_name'),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    documentDate: text('document_date').notNull(),
    placeOfSupply: text('place_of_supply'),
    isReverseCharge: boolean('is_reverse_charge').notNull().default(false),
    taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
    igst: bigint('igst', { mode: 'number' }).notNull().default(0),
    cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
    sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
    cess: bigint('cess', { mode: 'number' }).notNull().default(0),
    documentValue: bigint('document_value', { mode: 'number' }).notNull().default(0),
    /** 2A: whether the supplier filed the GSTR-1 holding it; 2B: ITC availability (Y/N/T). */
    supplierFiled: boolean('supplier_filed'),
    supplierFilingDate: text('supplier_filing_date'),
    itcAvailability: text('itc_availability'),
    /** 2B: where the document is listed: available ITC, rejected in IMS (docRejdata), ITC reversal (null: 2A, IMS). */
    listing: text('listing', { enum: ['available', 'rejected', 'itcReversal'] }),
    /** IMS: the recipient's action at the portal (Accepted, Rejected, Pending, NoAction) and whether Pending is blocked. */
    imsAction: text('ims_action'),
    imsPendingBlocked: boolean('ims_pending_blocked'),
    /** Amendments: the document the record replaces. */
    originalDocumentNumber: text('original_document_number'),
    originalDocumentDate: text('original_document_date'),
    /** IMS: the record as the portal answered it, sent back with an action (the SAVE API quotes it). */
    record: jsonb('record'),
    dataActivityId: bigint('data_activity_id', { mode: 'number' }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portal_documents_list').on(t.subscriberId, t.entityId, t.source, t.returnPeriod)],
);

/**
 * A GST portal session of one GSTIN (the API's OTP-based authentication): the auth token and session key (sek) sealed
 * with the installation's key (secrets.ts), valid until `expiresAt` (the portal's 6-hour token life, refreshable).
 */
export const portalSessions = pgTable('portal_sessions', {
  entityId: integer('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  subscriberId: integer('subscriber_id')
    .notNull()
    .references(() => subscribers.id),
  gstin: text('gstin').notNull(),
  /** Sealed JSON of the adapter's session (token, session key, app key). */
  session: text('session').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});

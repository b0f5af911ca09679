// The documents module's tables: sales and purchase documents, their items, the period summaries, and the register
// totals kept by triggers on documents. The document's fields that the import writes and the returns read are listed
// once, in modules/documents/document-fields.ts, which the type checker holds to this table.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { subscribers, entities } from './organization';

/**
 * Sales and purchase documents of a location. Money in paise; rates in milli-percent (18% = 18000).
 * A sales document is identified by entity, financial year, type and number (Rule 46(b): unique per financial year);
 * a purchase document also by its supplier's GSTIN, since two suppliers may use the same number. Re-importing a
 * document updates it, never duplicates it.
 */
export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No per-row foreign keys: they cost more than a third of storing an import's documents (200,000 documents: 5.6 of
    // 19 s on PostgreSQL). The triggers of migration 0011 check each statement's rows at once instead, and more strictly
    // (the entity must be the subscriber's); entities and subscribers are never deleted, only marked.
    subscriberId: integer('subscriber_id').notNull(),
    entityId: integer('entity_id').notNull(),
    direction: text('direction', { enum: ['Sales', 'Purchase'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    returnPeriod: text('return_period').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    documentDate: text('document_date').notNull(),
    supplyType: text('supply_type'),
    counterpartyGstin: text('counterparty_gstin').notNull().default(''),
    counterpartyName: text('counterparty_name'),
    counterpartyState: text('counterparty_state'),
    placeOfSupply: text('place_of_supply'),
    isReverseCharge: boolean('is_reverse_charge').notNull().default(false),
    ecommerceGstin: text('ecommerce_gstin'),
    portCode: text('port_code'),
    shippingBillNumber: text('shipping_bill_number'),
    shippingBillDate: text('shipping_bill_date'),
    originalDocumentNumber: text('original_document_number'),
    originalDocumentDate: text('original_document_date'),
    taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
    igst: bigint('igst', { mode: 'number' }).notNull().default(0),
    cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
    sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
    cess: bigint('cess', { mode: 'number' }).notNull().default(0),
    documentValue: bigint('document_value', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['YetNotGenerated', 'Generated', 'Completed', 'Draft', 'Approved', 'Rejected'] })
      .notNull()
      .default('YetNotGenerated'),
    isDraftDocument: boolean('is_draft_document').notNull().default(false),
    source: text('source', { enum: ['Import', 'Manual', 'Api'] }).notNull(),
    importId: integer('import_id'),
    /**
     * Set when a filed return (returns) reported the document: it is locked from then on, and a later change is reported
     * as an amendment (b2ba, cdnra ...) quoting the number and date it was filed with (Section 37(3) CGST Act).
     */
    filedReturnId: integer('filed_return_id'),
    filedNumber: text('filed_number'),
    filedDate: text('filed_date'),
    /** The items as filed ({hsn, description, uqc, quantity, rate, taxable, igst, cgst, sgst, cess}[]): an amendment's table 12 difference. */
    filedItems: jsonb('filed_items'),
    /** Changed after filing and not yet reported in a later return's amendment tables. */
    amendmentPending: boolean('amendment_pending').notNull().default(false),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The document number leads the keys, so they also answer the registers' bulk apply of document numbers (with the
    // direction as a literal, see register.filters.ts): one index fewer to keep up on every insert.
    uniqueIndex('documents_sales_key')
      .on(t.subscriberId, t.documentNumber, t.entityId, t.financialYear, t.documentType)
      .where(sql`${t.direction} = 'Sales'`),
    uniqueIndex('documents_purchase_key')
      .on(t.subscriberId, t.documentNumber, t.counterpartyGstin, t.entityId, t.financialYear, t.documentType)
      .where(sql`${t.direction} = 'Purchase'`),
    // The pages of the registers (modules/register), over final documents only, in their common orders: newest first
    // and by value. A page's ids come from one of these alone (an index-only scan: the trailing columns answer the
    // location, period and status filters), so "load more" deep into a year skips index entries, not table rows. The
    // count, totals and status counts come from register_totals.
    index('documents_register_page')
      .on(t.subscriberId, t.direction, t.financialYear, t.id, t.entityId, t.returnPeriod, t.status)
      .where(sql`${t.isDraftDocument} = false`),
    index('documents_register_value')
      .on(t.subscriberId, t.direction, t.financialYear, t.documentValue, t.id, t.entityId, t.returnPeriod, t.status)
      .where(sql`${t.isDraftDocument} = false`),
    // Newest first within one return period, without walking the later periods of the year.
    index('documents_register_period')
      .on(t.subscriberId, t.direction, t.returnPeriod, t.id, t.entityId, t.financialYear, t.status)
      .where(sql`${t.isDraftDocument} = false`),
    // Bulk apply of counterparty GSTINs.
    index('documents_register_counterparty').on(t.subscriberId, t.direction, t.counterpartyGstin),
    // The amendments waiting for a return (returns/gstr1-selection.queries.ts, the returns list): few rows, and no
    // entry for a document that is not one (every new document), so keeping it up costs an import nothing.
    index('documents_amendment_pending')
      .on(t.subscriberId, t.entityId)
      .where(sql`${t.amendmentPending}`),
  ],
);

/**
 * The lines of a document, keyed by document and line number (no id of their own: one index and no sequence to keep
 * up per line). Quantity in thousandths of the unit (UQC), so three decimals stay exact.
 * document_id has no foreign key: its per-row check tripled the time of storing an import's items (400,000 lines:
 * 19.4 s with it, 6.6 s without, migration 0009). Items are written only next to their document in one transaction
 * (import store, document save) and deleted with it (deleteDocuments); a test looks for orphans after each path.
 */
export const documentItems = pgTable(
  'document_items',
  {
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    lineNumber: integer('line_number').notNull(),
    hsn: text('hsn'),
    description: text('description'),
    uqc: text('uqc'),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    rate: integer('rate').notNull().default(0),
    taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
    igst: bigint('igst', { mode: 'number' }).notNull().default(0),
    cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
    sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
    cess: bigint('cess', { mode: 'number' }).notNull().default(0),
    /** Purchases: how the input tax credit is claimed (GSTR-3B table 4: inputs, input services, capital goods) or not. */
    itcEligibility: text('itc_eligibility', { enum: ['Inputs', 'Input services', 'Capital goods', 'Ineligible'] }),
  },
  (t) => [primaryKey({ name: 'document_items_pkey', columns: [t.documentId, t.lineNumber] })],
);

/**
 * Summaries of a location's supplies for a return period, imported or keyed in where the books hold no documents:
 * B2C (small) supplies by place of supply and rate, advances received and adjusted, nil-rated/exempt/non-GST supplies,
 * and the documents issued (GSTR-1 tables 7, 8, 11A/11B, 13). Money in paise, rate in milli-percent. Columns a type
 * does not use stay at their empty default ('' or 0), so one unique key identifies a row of every type.
 */
export const documentSummaries = pgTable(
  'document_summaries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    direction: text('direction', { enum: ['Sales', 'Purchase'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    /** MMYYYY */
    returnPeriod: text('return_period').notNull(),
    summaryType: text('summary_type', {
      enum: ['B2CS', 'AdvanceReceived', 'AdvanceAdjusted', 'NilExemptNonGst', 'DocumentsIssued'],
    }).notNull(),
    /** Two-digit state code; '' where the type has none. */
    placeOfSupply: text('place_of_supply').notNull().default(''),
    /** Nil/exempt/non-GST: INTRB2B, INTRB2C, INTRAB2B, INTRAB2C (the portal's sply_ty); '' otherwise. */
    supplyType: text('supply_type').notNull().default(''),
    rate: integer('rate').notNull().default(0),
    ecommerceGstin: text('ecommerce_gstin').notNull().default(''),
    /** Documents issued: the nature of document number of GSTR-1 table 13 (1 = invoices for outward supply, ...). */
    documentNature: integer('document_nature').notNull().default(0),
    /** Documents issued: the series' first and last numbers. */
    fromNumber: text('from_number').notNull().default(''),
    toNumber: text('to_number').notNull().default(''),
    totalNumber: integer('total_number').notNull().default(0),
    cancelledNumber: integer('cancelled_number').notNull().default(0),
    taxable: bigint('taxable', { mode: 'number' }).notNull().default(0),
    igst: bigint('igst', { mode: 'number' }).notNull().default(0),
    cgst: bigint('cgst', { mode: 'number' }).notNull().default(0),
    sgst: bigint('sgst', { mode: 'number' }).notNull().default(0),
    cess: bigint('cess', { mode: 'number' }).notNull().default(0),
    nilRated: bigint('nil_rated', { mode: 'number' }).notNull().default(0),
    exempted: bigint('exempted', { mode: 'number' }).notNull().default(0),
    nonGst: bigint('non_gst', { mode: 'number' }).notNull().default(0),
    source: text('source', { enum: ['Import', 'Manual', 'Api'] }).notNull(),
    importId: integer('import_id'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_summaries_key').on(
      t.subscriberId,
      t.entityId,
      t.direction,
      t.returnPeriod,
      t.summaryType,
      t.placeOfSupply,
      t.supplyType,
      t.rate,
      t.ecommerceGstin,
      t.documentNature,
      t.fromNumber,
    ),
    index('document_summaries_list').on(t.subscriberId, t.direction, t.financialYear, t.entityId),
  ],
);

/**
 * The count and sums of the documents per register dimension, kept by statement triggers on documents (migration
 * 0007), so a register's totals and status counts over a whole financial year read a few hundred rows instead of every
 * document (modules/register/register.totals.ts). supply_type is '' where the document has none.
 */
export const registerTotals = pgTable(
  'register_totals',
  {
    subscriberId: integer('subscriber_id').notNull(),
    direction: text('direction', { enum: ['Sales', 'Purchase'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    financialYear: text('financial_year').notNull(),
    returnPeriod: text('return_period').notNull(),
    documentType: text('document_type').notNull(),
    supplyType: text('supply_type').notNull(),
    status: text('status', { enum: ['YetNotGenerated', 'Generated', 'Completed', 'Draft', 'Approved', 'Rejected'] }).notNull(),
    source: text('source', { enum: ['Import', 'Manual', 'Api'] }).notNull(),
    isReverseCharge: boolean('is_reverse_charge').notNull(),
    isDraftDocument: boolean('is_draft_document').notNull(),
    documents: bigint('documents', { mode: 'number' }).notNull(),
    taxable: bigint('taxable', { mode: 'number' }).notNull(),
    igst: bigint('igst', { mode: 'number' }).notNull(),
    cgst: bigint('cgst', { mode: 'number' }).notNull(),
    sgst: bigint('sgst', { mode: 'number' }).notNull(),
    cess: bigint('cess', { mode: 'number' }).notNull(),
    documentValue: bigint('document_value', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('register_totals_key').on(
      t.subscriberId,
      t.direction,
      t.entityId,
      t.financialYear,
      t.returnPeriod,
      t.documentType,
      t.supplyType,
      t.status,
      t.source,
      t.isReverseCharge,
      t.isDraftDocument,
    ),
  ],
);

// The reconciliation module's tables: runs of the engine (purchase register versus stored GSTR-2B/2A), their rows and
// per-supplier summaries, and what users decided (manual links, exclusions, IMS actions, ITC claim periods), which
// outlive the runs: a re-run replays them.
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { subscribers } from './organization';

/** One run over some GSTINs, a range of return periods and a portal source; its progress and its summary. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    entityIds: integer('entity_ids').array().notNull(),
    gstins: text('gstins').array().notNull(),
    fromPeriod: text('from_period').notNull(),
    toPeriod: text('to_period').notNull(),
    portalSource: text('portal_source', { enum: ['GSTR2B', 'GSTR2A', 'IMS'] }).notNull(),
    /** Sorted entity ids, periods and source: a later run with the same key supersedes this one. */
    scopeKey: text('scope_key').notNull(),
    status: text('status', { enum: ['YetNotStarted', 'InProgress', 'Completed', 'Failed'] })
      .notNull()
      .default('YetNotStarted'),
    stage: text('stage'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    booksDocuments: integer('books_documents').notNull().default(0),
    portalDocuments: integer('portal_documents').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    itcAtRisk: bigint('itc_at_risk', { mode: 'number' }).notNull().default(0),
    /** The summary by status (contracts StatusCount[]). */
    byStatus: jsonb('by_status')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The tolerances and options the engine ran with. */
    settings: jsonb('settings'),
    message: text('message'),
    supersededBy: integer('superseded_by'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('reconciliation_runs_list').on(t.subscriberId, t.id)],
);

/**
 * A row's books and portal numbers in one text, as the number search's index holds them (pg_trgm: migration 0021).
 * The space keeps the two apart for the trigrams; a search reads this expression, spelled the same, for the index and
 * still tests each number on its own, so a text spanning the two never matches.
 */
export const rowNumbers = (t: { booksNumber: AnyPgColumn; portalNumber: AnyPgColumn }): SQL =>
  sql`(coalesce(${t.booksNumber}, '') || ' ' || coalesce(${t.portalNumber}, ''))`;

/**
 * One row of a run: a pair of books and portal documents (or one unpaired document) with both sides' figures, the
 * differences (portal minus books, paise) and the user's action. The documents are listed by id; the portal's also
 * by their natural key (decisions are kept by it, since a new download replaces the portal documents' ids).
 * Partitioned by LIST (run_id), a partition per run (migration 0025, which drizzle-kit cannot express): the job fills
 * a bare table and attaches it, a superseded or failed run's partition is dropped (modules/reconciliation/run-partition.ts).
 * The key holds run_id, as a partitioned table's must; id leads it, so a row found by its id alone (a list's page)
 * is one index probe per partition. There is no DEFAULT partition: a row of a run without one is refused.
 */
export const reconciliationRows = pgTable(
  'reconciliation_rows',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    runId: integer('run_id').notNull(),
    subscriberId: integer('subscriber_id').notNull(),
    status: text('status').notNull(),
    rule: text('rule').notNull(),
    level: text('level'),
    supplierGstin: text('supplier_gstin').notNull(),
    supplierName: text('supplier_name'),
    gstin: text('gstin').notNull(),
    portalGstin: text('portal_gstin'),
    documentType: text('document_type').notNull(),
    booksNumber: text('books_number'),
    booksDate: text('books_date'),
    booksPeriod: text('books_period'),
    booksTaxable: bigint('books_taxable', { mode: 'number' }).notNull().default(0),
    booksTax: bigint('books_tax', { mode: 'number' }).notNull().default(0),
    portalNumber: text('portal_number'),
    portalDate: text('portal_date'),
    portalPeriod: text('portal_period'),
    portalTaxable: bigint('portal_taxable', { mode: 'number' }).notNull().default(0),
    portalTax: bigint('portal_tax', { mode: 'number' }).notNull().default(0),
    taxableDifference: bigint('taxable_difference', { mode: 'number' }).notNull().default(0),
    taxDifference: bigint('tax_difference', { mode: 'number' }).notNull().default(0),
    acrossPeriods: boolean('across_periods').notNull().default(false),
    itcAtRisk: bigint('itc_at_risk', { mode: 'number' }).notNull().default(0),
    action: text('action'),
    claimPeriod: text('claim_period'),
    purchaseIds: bigint('purchase_ids', { mode: 'number' }).array().notNull(),
    portalIds: bigint('portal_ids', { mode: 'number' }).array().notNull(),
    portalKeys: text('portal_keys').array().notNull(),
    /** The engine's explanation (fields compared, candidates and why not); kept for rows that are not Matched. */
    explanation: jsonb('explanation'),
  },
  (t) => [
    // The key also pages a run's rows in id order: each run is a partition of its own (migration 0025), so an index on
    // (run_id, id) would only repeat it (dropped in 0028: 2.6 s of a million-row run's store on PGlite).
    primaryKey({ name: 'reconciliation_rows_pkey', columns: [t.id, t.runId] }),
    index('reconciliation_rows_status').on(t.runId, t.status, t.id),
    index('reconciliation_rows_supplier').on(t.runId, t.supplierGstin),
    // The list's sorts by ITC at risk and by tax difference (either direction, the id breaking ties the same way).
    index('reconciliation_rows_itc_at_risk').on(t.runId, t.itcAtRisk, t.id),
    index('reconciliation_rows_tax_difference').on(t.runId, t.taxDifference, t.id),
    // The number search (a part of the books or the portal number, any case): the trigrams of both numbers in one
    // index, so a search reads one index, not two (a pair's numbers are mostly the same: their trigrams are kept once).
    index('reconciliation_rows_numbers').using('gin', sql`${rowNumbers(t)} gin_trgm_ops`),
  ],
);

/**
 * A run's rows summed per supplier and status, and per status for the whole run (supplier_gstin null): the count and
 * totals of the rows list under its common filters (status, supplier) without reading a million rows, and what the
 * vendor rows and the run's summary by status are made from (modules/reconciliation/summaries.repo.ts).
 */
export const reconciliationTotals = pgTable(
  'reconciliation_totals',
  {
    runId: integer('run_id').notNull(),
    /** Null: the whole run's totals of the status. */
    supplierGstin: text('supplier_gstin'),
    status: text('status').notNull(),
    /** The greatest supplier name of the rows (the vendor row shows the greatest of a supplier's). */
    supplierName: text('supplier_name'),
    rows: integer('rows').notNull(),
    booksDocuments: integer('books_documents').notNull(),
    portalDocuments: integer('portal_documents').notNull(),
    booksTaxable: bigint('books_taxable', { mode: 'number' }).notNull(),
    booksTax: bigint('books_tax', { mode: 'number' }).notNull(),
    portalTaxable: bigint('portal_taxable', { mode: 'number' }).notNull(),
    portalTax: bigint('portal_tax', { mode: 'number' }).notNull(),
    taxDifference: bigint('tax_difference', { mode: 'number' }).notNull(),
    itcAtRisk: bigint('itc_at_risk', { mode: 'number' }).notNull(),
    /** Portal tax of the rows that are not credit notes (the vendor's ITC not in the books, of its GST only rows). */
    portalTaxNotCredit: bigint('portal_tax_not_credit', { mode: 'number' }).notNull(),
  },
  (t) => [unique('reconciliation_totals_key').on(t.runId, t.supplierGstin, t.status).nullsNotDistinct()],
);

/** Per supplier of a run: counts by status, tax on both sides, ITC at risk (the vendor reconciliation tab). */
export const reconciliationVendors = pgTable(
  'reconciliation_vendors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id').notNull(),
    subscriberId: integer('subscriber_id').notNull(),
    supplierGstin: text('supplier_gstin').notNull(),
    supplierName: text('supplier_name'),
    matched: integer('matched').notNull().default(0),
    matchedWithTolerance: integer('matched_with_tolerance').notNull().default(0),
    mismatched: integer('mismatched').notNull().default(0),
    nearMatched: integer('near_matched').notNull().default(0),
    recipientDiffers: integer('recipient_differs').notNull().default(0),
    booksOnly: integer('books_only').notNull().default(0),
    /** Books documents no GSTR-2B lists yet that the supplier reported in the 2A or IMS (a run against GSTR-2B). */
    awaiting2b: integer('awaiting_2b').notNull().default(0),
    portalOnly: integer('portal_only').notNull().default(0),
    booksTax: bigint('books_tax', { mode: 'number' }).notNull().default(0),
    portalTax: bigint('portal_tax', { mode: 'number' }).notNull().default(0),
    itcAtRisk: bigint('itc_at_risk', { mode: 'number' }).notNull().default(0),
    itcNotInBooks: bigint('itc_not_in_books', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('reconciliation_vendors_page').on(t.runId, t.itcAtRisk, t.id),
    index('reconciliation_vendors_supplier').on(t.runId, t.supplierGstin),
  ],
);

/**
 * A user's manual decision (link, unlink, exclude, discard), replayed by every later run whose documents it names:
 * books documents by id, portal documents by natural key. Undone decisions stay, inactive, for the audit trail.
 */
export const reconciliationDecisions = pgTable(
  'reconciliation_decisions',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    kind: text('kind', { enum: ['link', 'unlink', 'exclude', 'discard'] }).notNull(),
    purchaseIds: bigint('purchase_ids', { mode: 'number' }).array().notNull(),
    portalKeys: text('portal_keys').array().notNull(),
    remarks: text('remarks'),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reconciliation_decisions_active')
      .on(t.subscriberId)
      .where(sql`${t.active}`),
  ],
);

/**
 * What a user decided about one document: the IMS action on a supplier's document (key "G:" + its natural key) or
 * the period to claim the ITC of a books document in (key "B:" + its id). The push of IMS actions to the portal is
 * recorded beside it.
 */
export const reconciliationActions = pgTable(
  'reconciliation_actions',
  {
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    documentKey: text('document_key').notNull(),
    action: text('action', { enum: ['Accept', 'Reject', 'Pending'] }),
    claimPeriod: text('claim_period'),
    remarks: text('remarks'),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    pushStatus: text('push_status'),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.documentKey] })],
);

/** Per supplier and period of a run: the supplier's GSTR-1 filing as the portal's 2A/2B reports it (filing summary tab). */
export const reconciliationFilings = pgTable(
  'reconciliation_filings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id').notNull(),
    subscriberId: integer('subscriber_id').notNull(),
    supplierGstin: text('supplier_gstin').notNull(),
    supplierName: text('supplier_name'),
    returnPeriod: text('return_period').notNull(),
    gstr1Filed: boolean('gstr1_filed'),
    gstr1FiledOn: text('gstr1_filed_on'),
    documents: integer('documents').notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('reconciliation_filings_page').on(t.runId, t.supplierName, t.id)],
);

/**
 * Each side of a run's rows as a document (the document tab and the pickers of manual reconciliation): ids 2n for the
 * books side of row n, 2n+1 for its portal side. A row that links several documents of a side shows them as one.
 */
export const reconciliationDocuments = pgView('reconciliation_documents', {
  id: bigint('id', { mode: 'number' }).notNull(),
  rowId: bigint('row_id', { mode: 'number' }).notNull(),
  runId: integer('run_id').notNull(),
  subscriberId: integer('subscriber_id').notNull(),
  side: text('side', { enum: ['books', 'portal'] }).notNull(),
  status: text('status').notNull(),
  supplierGstin: text('supplier_gstin').notNull(),
  supplierName: text('supplier_name'),
  gstin: text('gstin').notNull(),
  documentType: text('document_type').notNull(),
  documentNumber: text('document_number').notNull(),
  documentDate: text('document_date').notNull(),
  returnPeriod: text('return_period').notNull(),
  taxable: bigint('taxable', { mode: 'number' }).notNull(),
  tax: bigint('tax', { mode: 'number' }).notNull(),
  documents: integer('documents').notNull(),
  /** The row's books and portal numbers (rowNumbers): what the number search reads, through the rows' trigram index. */
  numbers: text('numbers').notNull(),
}).as(sql`
  SELECT id * 2 AS id, id AS row_id, run_id, subscriber_id, 'books' AS side, status, supplier_gstin, supplier_name, gstin,
         document_type, books_number AS document_number, books_date AS document_date, books_period AS return_period,
         books_taxable AS taxable, books_tax AS tax, cardinality(purchase_ids) AS documents,
         (coalesce(books_number, '') || ' ' || coalesce(portal_number, '')) AS numbers
    FROM reconciliation_rows WHERE cardinality(purchase_ids) > 0
  UNION ALL
  SELECT id * 2 + 1, id, run_id, subscriber_id, 'portal', status, supplier_gstin, supplier_name, coalesce(portal_gstin, gstin),
         document_type, portal_number, portal_date, portal_period, portal_taxable, portal_tax, cardinality(portal_ids),
         (coalesce(books_number, '') || ' ' || coalesce(portal_number, ''))
    FROM reconciliation_rows WHERE cardinality(portal_ids) > 0`);

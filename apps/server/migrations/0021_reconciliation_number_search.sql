-- The number search of the reconciliation's rows and documents lists: trigrams of the rows' numbers (pg_trgm, a trusted
-- contrib extension, so the database's owner may create it; PGlite has it from db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP VIEW "public"."reconciliation_documents";--> statement-breakpoint
CREATE INDEX "reconciliation_rows_numbers" ON "reconciliation_rows" USING gin ((coalesce("books_number", '') || ' ' || coalesce("portal_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE VIEW "public"."reconciliation_documents" AS (
  SELECT id * 2 AS id, id AS row_id, run_id, subscriber_id, 'books' AS side, status, supplier_gstin, supplier_name, gstin,
         document_type, books_number AS document_number, books_date AS document_date, books_period AS return_period,
         books_taxable AS taxable, books_tax AS tax, cardinality(purchase_ids) AS documents,
         (coalesce(books_number, '') || ' ' || coalesce(portal_number, '')) AS numbers
    FROM reconciliation_rows WHERE cardinality(purchase_ids) > 0
  UNION ALL
  SELECT id * 2 + 1, id, run_id, subscriber_id, 'portal', status, supplier_gstin, supplier_name, coalesce(portal_gstin, gstin),
         document_type, portal_number, portal_date, portal_period, portal_taxable, portal_tax, cardinality(portal_ids),
         (coalesce(books_number, '') || ' ' || coalesce(portal_number, ''))
    FROM reconciliation_rows WHERE cardinality(portal_ids) > 0);
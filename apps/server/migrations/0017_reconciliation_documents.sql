CREATE TABLE "reconciliation_filings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"supplier_gstin" text NOT NULL,
	"supplier_name" text,
	"return_period" text NOT NULL,
	"gstr1_filed" boolean,
	"gstr1_filed_on" text,
	"documents" integer DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_filings_page" ON "reconciliation_filings" USING btree ("run_id","supplier_name","id");--> statement-breakpoint
CREATE VIEW "public"."reconciliation_documents" AS (
  SELECT id * 2 AS id, id AS row_id, run_id, subscriber_id, 'books' AS side, status, supplier_gstin, supplier_name, gstin,
         document_type, books_number AS document_number, books_date AS document_date, books_period AS return_period,
         books_taxable AS taxable, books_tax AS tax, cardinality(purchase_ids) AS documents
    FROM reconciliation_rows WHERE cardinality(purchase_ids) > 0
  UNION ALL
  SELECT id * 2 + 1, id, run_id, subscriber_id, 'portal', status, supplier_gstin, supplier_name, coalesce(portal_gstin, gstin),
         document_type, portal_number, portal_date, portal_period, portal_taxable, portal_tax, cardinality(portal_ids)
    FROM reconciliation_rows WHERE cardinality(portal_ids) > 0);
-- reconciliation_rows partitioned by LIST (run_id), a partition per run (hand-written: drizzle-kit cannot express
-- partitioning; the snapshot holds the columns and the key). The job COPYs a run's rows into a bare table, indexes it
-- in bulk and attaches it (modules/reconciliation/run-partition.ts); a superseded or failed run's partition is dropped.
-- The key must hold the partition column: (id, run_id), id first so a row found by id alone is one probe a partition.
-- No DEFAULT partition: a row of a run without a partition is refused, not kept somewhere no run reads.
-- The existing rows move into a partition per run; ids keep their sequence.
DROP VIEW "public"."reconciliation_documents";--> statement-breakpoint
ALTER TABLE "reconciliation_rows" RENAME TO "reconciliation_rows_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "reconciliation_rows_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "reconciliation_rows" (
	"id" bigint DEFAULT nextval('reconciliation_rows_id_seq') NOT NULL,
	"run_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"status" text NOT NULL,
	"rule" text NOT NULL,
	"level" text,
	"supplier_gstin" text NOT NULL,
	"supplier_name" text,
	"gstin" text NOT NULL,
	"portal_gstin" text,
	"document_type" text NOT NULL,
	"books_number" text,
	"books_date" text,
	"books_period" text,
	"books_taxable" bigint DEFAULT 0 NOT NULL,
	"books_tax" bigint DEFAULT 0 NOT NULL,
	"portal_number" text,
	"portal_date" text,
	"portal_period" text,
	"portal_taxable" bigint DEFAULT 0 NOT NULL,
	"portal_tax" bigint DEFAULT 0 NOT NULL,
	"taxable_difference" bigint DEFAULT 0 NOT NULL,
	"tax_difference" bigint DEFAULT 0 NOT NULL,
	"across_periods" boolean DEFAULT false NOT NULL,
	"itc_at_risk" bigint DEFAULT 0 NOT NULL,
	"action" text,
	"claim_period" text,
	"purchase_ids" bigint[] NOT NULL,
	"portal_ids" bigint[] NOT NULL,
	"portal_keys" text[] NOT NULL,
	"explanation" jsonb
) PARTITION BY LIST ("run_id");--> statement-breakpoint
ALTER SEQUENCE "reconciliation_rows_id_seq" OWNED BY "reconciliation_rows"."id";--> statement-breakpoint
DO $$
DECLARE run integer;
BEGIN
  FOR run IN SELECT DISTINCT run_id FROM reconciliation_rows_unpartitioned LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF reconciliation_rows FOR VALUES IN (%s)', 'reconciliation_rows_' || run, run);
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "reconciliation_rows" SELECT * FROM "reconciliation_rows_unpartitioned";--> statement-breakpoint
DROP TABLE "reconciliation_rows_unpartitioned";--> statement-breakpoint
-- The key and the indexes after the rows: built in bulk, on the parent and each partition.
ALTER TABLE "reconciliation_rows" ADD CONSTRAINT "reconciliation_rows_pkey" PRIMARY KEY("id","run_id");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_page" ON "reconciliation_rows" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_status" ON "reconciliation_rows" USING btree ("run_id","status","id");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_supplier" ON "reconciliation_rows" USING btree ("run_id","supplier_gstin");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_itc_at_risk" ON "reconciliation_rows" USING btree ("run_id","itc_at_risk","id");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_tax_difference" ON "reconciliation_rows" USING btree ("run_id","tax_difference","id");--> statement-breakpoint
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

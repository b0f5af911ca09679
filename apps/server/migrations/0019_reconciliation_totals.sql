CREATE TABLE "reconciliation_totals" (
	"run_id" integer NOT NULL,
	"supplier_gstin" text,
	"status" text NOT NULL,
	"supplier_name" text,
	"rows" integer NOT NULL,
	"books_documents" integer NOT NULL,
	"portal_documents" integer NOT NULL,
	"books_taxable" bigint NOT NULL,
	"books_tax" bigint NOT NULL,
	"portal_taxable" bigint NOT NULL,
	"portal_tax" bigint NOT NULL,
	"tax_difference" bigint NOT NULL,
	"itc_at_risk" bigint NOT NULL,
	"portal_tax_not_credit" bigint NOT NULL,
	CONSTRAINT "reconciliation_totals_key" UNIQUE NULLS NOT DISTINCT("run_id","supplier_gstin","status")
);
--> statement-breakpoint
CREATE INDEX "reconciliation_rows_itc_at_risk" ON "reconciliation_rows" USING btree ("run_id","itc_at_risk","id");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_tax_difference" ON "reconciliation_rows" USING btree ("run_id","tax_difference","id");
CREATE TABLE "reconciliation_actions" (
	"subscriber_id" integer NOT NULL,
	"document_key" text NOT NULL,
	"action" text,
	"claim_period" text,
	"remarks" text,
	"pushed_at" timestamp with time zone,
	"push_status" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_actions_subscriber_id_document_key_pk" PRIMARY KEY("subscriber_id","document_key")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"kind" text NOT NULL,
	"purchase_ids" bigint[] NOT NULL,
	"portal_keys" text[] NOT NULL,
	"remarks" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_ids" integer[] NOT NULL,
	"gstins" text[] NOT NULL,
	"from_period" text NOT NULL,
	"to_period" text NOT NULL,
	"portal_source" text NOT NULL,
	"scope_key" text NOT NULL,
	"status" text DEFAULT 'YetNotStarted' NOT NULL,
	"stage" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"books_documents" integer DEFAULT 0 NOT NULL,
	"portal_documents" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"itc_at_risk" bigint DEFAULT 0 NOT NULL,
	"by_status" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb,
	"message" text,
	"superseded_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reconciliation_vendors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"supplier_gstin" text NOT NULL,
	"supplier_name" text,
	"matched" integer DEFAULT 0 NOT NULL,
	"matched_with_tolerance" integer DEFAULT 0 NOT NULL,
	"mismatched" integer DEFAULT 0 NOT NULL,
	"near_matched" integer DEFAULT 0 NOT NULL,
	"recipient_differs" integer DEFAULT 0 NOT NULL,
	"books_only" integer DEFAULT 0 NOT NULL,
	"portal_only" integer DEFAULT 0 NOT NULL,
	"books_tax" bigint DEFAULT 0 NOT NULL,
	"portal_tax" bigint DEFAULT 0 NOT NULL,
	"itc_at_risk" bigint DEFAULT 0 NOT NULL,
	"itc_not_in_books" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_actions" ADD CONSTRAINT "reconciliation_actions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_decisions" ADD CONSTRAINT "reconciliation_decisions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_decisions_active" ON "reconciliation_decisions" USING btree ("subscriber_id") WHERE "reconciliation_decisions"."active";--> statement-breakpoint
CREATE INDEX "reconciliation_rows_page" ON "reconciliation_rows" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_status" ON "reconciliation_rows" USING btree ("run_id","status","id");--> statement-breakpoint
CREATE INDEX "reconciliation_rows_supplier" ON "reconciliation_rows" USING btree ("run_id","supplier_gstin");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_list" ON "reconciliation_runs" USING btree ("subscriber_id","id");--> statement-breakpoint
CREATE INDEX "reconciliation_vendors_page" ON "reconciliation_vendors" USING btree ("run_id","itc_at_risk","id");--> statement-breakpoint
CREATE INDEX "reconciliation_vendors_supplier" ON "reconciliation_vendors" USING btree ("run_id","supplier_gstin");
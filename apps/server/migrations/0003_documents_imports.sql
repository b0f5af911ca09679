CREATE TABLE "document_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"line_number" integer NOT NULL,
	"hsn" text,
	"description" text,
	"uqc" text,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"rate" integer DEFAULT 0 NOT NULL,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"igst" bigint DEFAULT 0 NOT NULL,
	"cgst" bigint DEFAULT 0 NOT NULL,
	"sgst" bigint DEFAULT 0 NOT NULL,
	"cess" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"direction" text NOT NULL,
	"financial_year" text NOT NULL,
	"return_period" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"document_date" text NOT NULL,
	"supply_type" text,
	"counterparty_gstin" text DEFAULT '' NOT NULL,
	"counterparty_name" text,
	"counterparty_state" text,
	"place_of_supply" text,
	"is_reverse_charge" boolean DEFAULT false NOT NULL,
	"ecommerce_gstin" text,
	"port_code" text,
	"shipping_bill_number" text,
	"shipping_bill_date" text,
	"original_document_number" text,
	"original_document_date" text,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"igst" bigint DEFAULT 0 NOT NULL,
	"cgst" bigint DEFAULT 0 NOT NULL,
	"sgst" bigint DEFAULT 0 NOT NULL,
	"cess" bigint DEFAULT 0 NOT NULL,
	"document_value" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'YetNotGenerated' NOT NULL,
	"is_draft_document" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"import_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_aliases" (
	"subscriber_id" integer NOT NULL,
	"import_type" text NOT NULL,
	"column" text NOT NULL,
	"alias" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"column_name" text,
	"value" text,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'Error' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer,
	"import_type" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_format" text,
	"storage_path" text NOT NULL,
	"status" text DEFAULT 'Initialized' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"message" text,
	"is_all_or_nothing" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"stamp" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_items" ADD CONSTRAINT "document_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_aliases" ADD CONSTRAINT "import_aliases_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_items_document" ON "document_items" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_sales_key" ON "documents" USING btree ("subscriber_id","entity_id","financial_year","document_type","document_number") WHERE "documents"."direction" = 'Sales';--> statement-breakpoint
CREATE UNIQUE INDEX "documents_purchase_key" ON "documents" USING btree ("subscriber_id","entity_id","financial_year","document_type","counterparty_gstin","document_number") WHERE "documents"."direction" = 'Purchase';--> statement-breakpoint
CREATE INDEX "documents_list" ON "documents" USING btree ("subscriber_id","direction","entity_id","return_period");--> statement-breakpoint
CREATE UNIQUE INDEX "import_aliases_pk" ON "import_aliases" USING btree ("subscriber_id","import_type","alias");--> statement-breakpoint
CREATE INDEX "import_errors_import" ON "import_errors" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "imports_list" ON "imports" USING btree ("subscriber_id","stamp");
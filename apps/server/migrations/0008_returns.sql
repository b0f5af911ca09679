CREATE TABLE "data_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"return_type" text NOT NULL,
	"return_period" text NOT NULL,
	"return_id" integer,
	"status" text DEFAULT 'Initialized' NOT NULL,
	"portal_reference_id" text,
	"document_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"message" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"source" text NOT NULL,
	"return_period" text NOT NULL,
	"section" text NOT NULL,
	"supplier_gstin" text NOT NULL,
	"supplier_name" text,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"document_date" text NOT NULL,
	"place_of_supply" text,
	"is_reverse_charge" boolean DEFAULT false NOT NULL,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"igst" bigint DEFAULT 0 NOT NULL,
	"cgst" bigint DEFAULT 0 NOT NULL,
	"sgst" bigint DEFAULT 0 NOT NULL,
	"cess" bigint DEFAULT 0 NOT NULL,
	"document_value" bigint DEFAULT 0 NOT NULL,
	"supplier_filed" boolean,
	"supplier_filing_date" text,
	"itc_availability" text,
	"data_activity_id" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"session" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_documents" (
	"return_id" integer NOT NULL,
	"document_id" bigint NOT NULL,
	"section" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"data_activity_id" bigint,
	"section" text NOT NULL,
	"document_id" bigint,
	"document_number" text,
	"counterparty_gstin" text,
	"error_code" text NOT NULL,
	"error_message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"return_type" text NOT NULL,
	"financial_year" text NOT NULL,
	"return_period" text NOT NULL,
	"status" text DEFAULT 'NotSubmitted' NOT NULL,
	"generation_status" text DEFAULT 'YetNotStarted' NOT NULL,
	"generation_message" text,
	"generated_at" timestamp with time zone,
	"generated_by" integer,
	"payload" text,
	"summary" jsonb,
	"document_count" integer DEFAULT 0 NOT NULL,
	"portal_reference_id" text,
	"portal_save_status" text,
	"saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"filed_at" timestamp with time zone,
	"arn" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "filed_return_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "filed_number" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "filed_date" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "amendment_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "data_activities" ADD CONSTRAINT "data_activities_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_activities" ADD CONSTRAINT "data_activities_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_documents" ADD CONSTRAINT "portal_documents_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_documents" ADD CONSTRAINT "portal_documents_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_documents" ADD CONSTRAINT "return_documents_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_documents" ADD CONSTRAINT "return_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_errors" ADD CONSTRAINT "return_errors_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_errors" ADD CONSTRAINT "return_errors_data_activity_id_data_activities_id_fk" FOREIGN KEY ("data_activity_id") REFERENCES "public"."data_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_history" ADD CONSTRAINT "return_history_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_activities_list" ON "data_activities" USING btree ("subscriber_id","kind","id");--> statement-breakpoint
CREATE INDEX "portal_documents_list" ON "portal_documents" USING btree ("subscriber_id","entity_id","source","return_period");--> statement-breakpoint
CREATE UNIQUE INDEX "return_documents_key" ON "return_documents" USING btree ("return_id","document_id");--> statement-breakpoint
CREATE INDEX "return_documents_section" ON "return_documents" USING btree ("return_id","section");--> statement-breakpoint
CREATE INDEX "return_documents_document" ON "return_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "return_errors_return" ON "return_errors" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_history_return" ON "return_history" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_key" ON "returns" USING btree ("subscriber_id","entity_id","return_type","return_period");--> statement-breakpoint
CREATE INDEX "returns_period" ON "returns" USING btree ("subscriber_id","return_period");
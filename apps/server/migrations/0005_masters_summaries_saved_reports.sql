CREATE TABLE "business_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"partner_type" text DEFAULT 'Vendor' NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"pan" text,
	"code" text DEFAULT '' NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text,
	"state_code" text,
	"email" text,
	"phone" text,
	"address" text,
	"pincode" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"import_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_summaries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"direction" text NOT NULL,
	"financial_year" text NOT NULL,
	"return_period" text NOT NULL,
	"summary_type" text NOT NULL,
	"place_of_supply" text DEFAULT '' NOT NULL,
	"supply_type" text DEFAULT '' NOT NULL,
	"rate" integer DEFAULT 0 NOT NULL,
	"ecommerce_gstin" text DEFAULT '' NOT NULL,
	"document_nature" integer DEFAULT 0 NOT NULL,
	"from_number" text DEFAULT '' NOT NULL,
	"to_number" text DEFAULT '' NOT NULL,
	"total_number" integer DEFAULT 0 NOT NULL,
	"cancelled_number" integer DEFAULT 0 NOT NULL,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"igst" bigint DEFAULT 0 NOT NULL,
	"cgst" bigint DEFAULT 0 NOT NULL,
	"sgst" bigint DEFAULT 0 NOT NULL,
	"cess" bigint DEFAULT 0 NOT NULL,
	"nil_rated" bigint DEFAULT 0 NOT NULL,
	"exempted" bigint DEFAULT 0 NOT NULL,
	"non_gst" bigint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"import_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hsn_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"is_service" boolean NOT NULL,
	"rate" integer,
	"uqc" text,
	"import_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"module" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_partners" ADD CONSTRAINT "business_partners_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_summaries" ADD CONSTRAINT "document_summaries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_summaries" ADD CONSTRAINT "document_summaries_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hsn_codes" ADD CONSTRAINT "hsn_codes_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_partners_key" ON "business_partners" USING btree ("subscriber_id","gstin","code");--> statement-breakpoint
CREATE UNIQUE INDEX "document_summaries_key" ON "document_summaries" USING btree ("subscriber_id","entity_id","direction","return_period","summary_type","place_of_supply","supply_type","rate","ecommerce_gstin","document_nature","from_number");--> statement-breakpoint
CREATE INDEX "document_summaries_list" ON "document_summaries" USING btree ("subscriber_id","direction","financial_year","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hsn_codes_key" ON "hsn_codes" USING btree ("subscriber_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_reports_key" ON "saved_reports" USING btree ("subscriber_id","user_id","module","name");
-- Document number series (issue 20): series per financial year (prefix, padding, next number drawn gap-free) and their allocations to locations and document types.
CREATE TABLE "document_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"financial_year" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"padding" integer NOT NULL,
	"start_number" bigint NOT NULL,
	"next_number" bigint NOT NULL,
	"numbered" integer DEFAULT 0 NOT NULL,
	"last_number" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"numbered" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_series" ADD CONSTRAINT "document_series_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_allocations" ADD CONSTRAINT "series_allocations_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_allocations" ADD CONSTRAINT "series_allocations_series_id_document_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."document_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_allocations" ADD CONSTRAINT "series_allocations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_series_name" ON "document_series" USING btree ("subscriber_id","financial_year","name");--> statement-breakpoint
CREATE UNIQUE INDEX "series_allocations_key" ON "series_allocations" USING btree ("series_id","entity_id","document_type");--> statement-breakpoint
CREATE INDEX "series_allocations_entity" ON "series_allocations" USING btree ("subscriber_id","entity_id","document_type");
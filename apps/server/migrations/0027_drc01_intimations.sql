-- DRC-01B and DRC-01C intimations (issue 19): Part A read from the GST portal, kept with its figures per head, due date and Part B reply.
CREATE TABLE "drc01_intimations" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"form" text NOT NULL,
	"reference_number" text NOT NULL,
	"return_period" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"status" text NOT NULL,
	"reported" jsonb NOT NULL,
	"baseline" jsonb NOT NULL,
	"difference" jsonb NOT NULL,
	"excess" jsonb NOT NULL,
	"total_excess" bigint NOT NULL,
	"percent_basis_points" integer,
	"threshold" jsonb,
	"explanation" text NOT NULL,
	"reply" jsonb,
	"replied_by" integer,
	"synced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "drc01_intimations" ADD CONSTRAINT "drc01_intimations_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drc01_intimations" ADD CONSTRAINT "drc01_intimations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drc01_intimations_reference" ON "drc01_intimations" USING btree ("subscriber_id","gstin","reference_number");--> statement-breakpoint
CREATE INDEX "drc01_intimations_list" ON "drc01_intimations" USING btree ("subscriber_id","form","issued_on");
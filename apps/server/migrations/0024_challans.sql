-- GST challans (issue 19): PMT-06 challans generated at the portal through the product, kept with their status.
CREATE TABLE "challans" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"cpin" text NOT NULL,
	"mode" text NOT NULL,
	"bank_code" text NOT NULL,
	"amounts" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"created_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"status" text NOT NULL,
	"cin" text,
	"brn" text,
	"paid_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "challans" ADD CONSTRAINT "challans_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challans" ADD CONSTRAINT "challans_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challans_gstin_cpin" ON "challans" USING btree ("gstin","cpin");--> statement-breakpoint
CREATE INDEX "challans_subscriber" ON "challans" USING btree ("subscriber_id","id");
-- Vendor payments (issue 19): payments to suppliers with the GST portion held back, and releases of what was held.
CREATE TABLE "vendor_payment_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"document_id" bigint NOT NULL,
	"supplier_gstin" text NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	"hold_reason" text
);
--> statement-breakpoint
CREATE TABLE "vendor_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payment_date" text NOT NULL,
	"reference" text NOT NULL,
	"remarks" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_payment_lines" ADD CONSTRAINT "vendor_payment_lines_payment_id_vendor_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."vendor_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payments" ADD CONSTRAINT "vendor_payments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_payment_lines_document" ON "vendor_payment_lines" USING btree ("subscriber_id","document_id");--> statement-breakpoint
CREATE INDEX "vendor_payments_subscriber" ON "vendor_payments" USING btree ("subscriber_id","id");
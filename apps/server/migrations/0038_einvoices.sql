-- E-invoices (issue 22): each sales document's IRN, acknowledgement and signed QR as the IRP answered (or its last refusal and cancellation), and the IRP session of each GSTIN.
CREATE TABLE "einvoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"document_id" bigint NOT NULL,
	"status" text DEFAULT 'YetNotGenerated' NOT NULL,
	"irn" text,
	"ack_no" text,
	"ack_date" timestamp with time zone,
	"signed_invoice" text,
	"signed_qr_code" text,
	"error_code" text,
	"error_message" text,
	"errors" jsonb,
	"cancelled_irn" text,
	"cancel_reason_code" text,
	"cancel_remark" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"generated_at" timestamp with time zone,
	"generated_by" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "irp_sessions" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"user_name" text NOT NULL,
	"password" text NOT NULL,
	"session" text,
	"expires_at" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irp_sessions" ADD CONSTRAINT "irp_sessions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irp_sessions" ADD CONSTRAINT "irp_sessions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_document" ON "einvoices" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "einvoices_list" ON "einvoices" USING btree ("subscriber_id","entity_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_irn" ON "einvoices" USING btree ("subscriber_id","irn") WHERE "einvoices"."irn" is not null;
-- Issue 22: the e-way bills of documents, their history, consolidated e-way bills (trip sheets) with their items, and the e-way bill API user of each GSTIN.
CREATE TABLE "consolidated_ewaybill_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consolidated_id" bigint NOT NULL,
	"ewaybill_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consolidated_ewaybills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"trip_sheet_number" text,
	"status" text DEFAULT 'YetNotGenerated' NOT NULL,
	"transport_mode" text,
	"vehicle_number" text,
	"transport_document_number" text,
	"transport_document_date" text,
	"from_place" text,
	"from_state" text,
	"error_code" text,
	"error_message" text,
	"errors" jsonb,
	"generated_at" timestamp with time zone,
	"generated_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ewaybill_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"ewaybill_id" bigint NOT NULL,
	"action" text NOT NULL,
	"ewb_number" text,
	"status" text NOT NULL,
	"reason_code" text,
	"remark" text,
	"vehicle_number" text,
	"transport_mode" text,
	"transport_document_number" text,
	"transporter_id" text,
	"from_place" text,
	"from_state" text,
	"valid_until" timestamp with time zone,
	"error_code" text,
	"error_message" text,
	"at" timestamp with time zone NOT NULL,
	"by" integer
);
--> statement-breakpoint
CREATE TABLE "ewaybills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"document_id" bigint NOT NULL,
	"status" text DEFAULT 'YetNotGenerated' NOT NULL,
	"ewb_number" text,
	"generated_at" timestamp with time zone,
	"generated_by" integer,
	"valid_until" timestamp with time zone,
	"distance_km" integer,
	"transport_mode" text,
	"vehicle_number" text,
	"vehicle_type" text,
	"transport_document_number" text,
	"transport_document_date" text,
	"transporter_id" text,
	"transporter_name" text,
	"from_place" text,
	"from_state" text,
	"request" jsonb,
	"error_code" text,
	"error_message" text,
	"errors" jsonb,
	"cancel_reason_code" text,
	"cancel_remark" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"rejected_at" timestamp with time zone,
	"rejected_by" integer,
	"extension_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ewb_sessions" (
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
ALTER TABLE "consolidated_ewaybill_items" ADD CONSTRAINT "consolidated_ewaybill_items_consolidated_id_consolidated_ewaybills_id_fk" FOREIGN KEY ("consolidated_id") REFERENCES "public"."consolidated_ewaybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidated_ewaybill_items" ADD CONSTRAINT "consolidated_ewaybill_items_ewaybill_id_ewaybills_id_fk" FOREIGN KEY ("ewaybill_id") REFERENCES "public"."ewaybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidated_ewaybills" ADD CONSTRAINT "consolidated_ewaybills_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidated_ewaybills" ADD CONSTRAINT "consolidated_ewaybills_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ewaybill_events" ADD CONSTRAINT "ewaybill_events_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ewaybill_events" ADD CONSTRAINT "ewaybill_events_ewaybill_id_ewaybills_id_fk" FOREIGN KEY ("ewaybill_id") REFERENCES "public"."ewaybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ewaybills" ADD CONSTRAINT "ewaybills_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ewaybills" ADD CONSTRAINT "ewaybills_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ewaybills" ADD CONSTRAINT "ewaybills_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ewb_sessions" ADD CONSTRAINT "ewb_sessions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ewb_sessions" ADD CONSTRAINT "ewb_sessions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consolidated_ewaybill_items_pair" ON "consolidated_ewaybill_items" USING btree ("consolidated_id","ewaybill_id");--> statement-breakpoint
CREATE INDEX "consolidated_ewaybill_items_ewb" ON "consolidated_ewaybill_items" USING btree ("ewaybill_id");--> statement-breakpoint
CREATE INDEX "consolidated_ewaybills_list" ON "consolidated_ewaybills" USING btree ("subscriber_id","entity_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "consolidated_ewaybills_number" ON "consolidated_ewaybills" USING btree ("subscriber_id","trip_sheet_number") WHERE "consolidated_ewaybills"."trip_sheet_number" is not null;--> statement-breakpoint
CREATE INDEX "ewaybill_events_of" ON "ewaybill_events" USING btree ("ewaybill_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ewaybills_document" ON "ewaybills" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "ewaybills_list" ON "ewaybills" USING btree ("subscriber_id","entity_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ewaybills_number" ON "ewaybills" USING btree ("subscriber_id","ewb_number") WHERE "ewaybills"."ewb_number" is not null;
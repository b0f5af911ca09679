-- Issue 21: notifications to counterparties (documents, reminders, events, signed and short reply links, reply attachments); a public reply upload has no user.
CREATE TABLE "notification_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"attachment_from" text DEFAULT 'REPLY_FROM_RECEIVER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"serial_number" integer NOT NULL,
	"source_key" text NOT NULL,
	"document_number" text NOT NULL,
	"document_date" date,
	"document_type" text NOT NULL,
	"return_period" text,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"action_required" text,
	"gstr2b_action_required" text,
	"ims_action_required" text,
	"gstr2a_reason" text,
	"gstr2b_reason" text,
	"ims_reason" text,
	"ims_action" text,
	"action_taken" text,
	"rectification_date" date,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"short_code" text NOT NULL,
	"path" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"financial_year" integer DEFAULT 0 NOT NULL,
	"return_period" integer DEFAULT 0 NOT NULL,
	"return_type" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"counterparty_gstin" text NOT NULL,
	"counterparty_name" text DEFAULT '' NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_type" text NOT NULL,
	"run_id" integer,
	"status" text DEFAULT 'YetNotSent' NOT NULL,
	"subject" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"receiver_remarks" text,
	"assignee_user_id" integer,
	"assignee_level_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "uploaded_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_attachments" ADD CONSTRAINT "notification_attachments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_attachments" ADD CONSTRAINT "notification_attachments_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_attachments" ADD CONSTRAINT "notification_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_documents" ADD CONSTRAINT "notification_documents_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_documents" ADD CONSTRAINT "notification_documents_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_links" ADD CONSTRAINT "notification_links_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_links" ADD CONSTRAINT "notification_links_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reminders" ADD CONSTRAINT "notification_reminders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reminders" ADD CONSTRAINT "notification_reminders_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_assignee_level_id_levels_id_fk" FOREIGN KEY ("assignee_level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_attachments_notification" ON "notification_attachments" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notification_attachments_file" ON "notification_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_documents_serial" ON "notification_documents" USING btree ("notification_id","serial_number");--> statement-breakpoint
CREATE INDEX "notification_documents_source" ON "notification_documents" USING btree ("subscriber_id","source_key");--> statement-breakpoint
CREATE INDEX "notification_events_notification" ON "notification_events" USING btree ("notification_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_links_token" ON "notification_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_links_short_code" ON "notification_links" USING btree ("short_code");--> statement-breakpoint
CREATE INDEX "notification_links_notification" ON "notification_links" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notification_reminders_notification" ON "notification_reminders" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_list" ON "notifications" USING btree ("subscriber_id","id");--> statement-breakpoint
CREATE INDEX "notifications_counterparty" ON "notifications" USING btree ("subscriber_id","counterparty_gstin");
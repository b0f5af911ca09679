-- The notice register (issue 23): notices per GSTIN with their demand, due date, stage and contingent liability, and each notice's timeline.
CREATE TABLE "notice_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_stage" text,
	"to_stage" text,
	"event_date" date,
	"reference" text DEFAULT '' NOT NULL,
	"amount" bigint,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"form" text NOT NULL,
	"notice_type" text NOT NULL,
	"reference_number" text NOT NULL,
	"issued_on" date NOT NULL,
	"received_on" date,
	"stated_due_on" date,
	"due_on" date,
	"due_basis" text,
	"financial_years" text[] DEFAULT '{}'::text[] NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"officer_name" text DEFAULT '' NOT NULL,
	"officer_designation" text DEFAULT '' NOT NULL,
	"jurisdiction" text DEFAULT '' NOT NULL,
	"tax_igst" bigint DEFAULT 0 NOT NULL,
	"tax_cgst" bigint DEFAULT 0 NOT NULL,
	"tax_sgst" bigint DEFAULT 0 NOT NULL,
	"tax_cess" bigint DEFAULT 0 NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	"penalty" bigint DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'Received' NOT NULL,
	"is_reopened" boolean DEFAULT false NOT NULL,
	"contingent_class" text,
	"contingent_amount" bigint,
	"contingent_as_of" date,
	"assignee_user_id" integer,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"source" text DEFAULT 'Manual' NOT NULL,
	"import_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_events" ADD CONSTRAINT "notice_events_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_events" ADD CONSTRAINT "notice_events_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_events_notice" ON "notice_events" USING btree ("notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_reference" ON "notices" USING btree ("subscriber_id","entity_id","form","reference_number");--> statement-breakpoint
CREATE INDEX "notices_due" ON "notices" USING btree ("subscriber_id","due_on");
-- Consultants (issue 20): external representatives who sign in as users, and the notices assigned to each.
CREATE TABLE "consultants" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"firm_name" text DEFAULT '' NOT NULL,
	"profession" text NOT NULL,
	"membership_number" text DEFAULT '' NOT NULL,
	"pan" text,
	"import_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_consultants" (
	"notice_id" integer NOT NULL,
	"consultant_id" integer NOT NULL,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_consultants_notice_id_consultant_id_pk" PRIMARY KEY("notice_id","consultant_id")
);
--> statement-breakpoint
ALTER TABLE "consultants" ADD CONSTRAINT "consultants_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultants" ADD CONSTRAINT "consultants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_consultants" ADD CONSTRAINT "notice_consultants_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_consultants" ADD CONSTRAINT "notice_consultants_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_user" ON "consultants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consultants_subscriber" ON "consultants" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "notice_consultants_consultant" ON "notice_consultants" USING btree ("consultant_id");
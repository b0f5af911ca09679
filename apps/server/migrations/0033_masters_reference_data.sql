-- Masters reference data (issue 20): business partner MSME/TDS/contacts, HSN status, chart of accounts, notice tags, levels and verticals with status and their users and entities.
CREATE TABLE "business_partner_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"designation" text,
	"receives_notifications" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chart_of_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"account_type" text NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"parent_id" integer,
	"gst_head" text,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"import_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'gray' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "vertical_id" integer;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "status" text DEFAULT 'Active' NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "level_id" integer;--> statement-breakpoint
ALTER TABLE "verticals" ADD COLUMN "code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "verticals" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "verticals" ADD COLUMN "status" text DEFAULT 'Active' NOT NULL;--> statement-breakpoint
ALTER TABLE "verticals" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "verticals" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "verticals" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "verticals" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "business_partners" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "business_partners" ADD COLUMN "msme_number" text;--> statement-breakpoint
ALTER TABLE "business_partners" ADD COLUMN "msme_class" text;--> statement-breakpoint
ALTER TABLE "business_partners" ADD COLUMN "msme_activity" text;--> statement-breakpoint
ALTER TABLE "business_partners" ADD COLUMN "tds_section" text;--> statement-breakpoint
ALTER TABLE "business_partners" ADD COLUMN "gstin_status" text;--> statement-breakpoint
ALTER TABLE "business_partners" ADD COLUMN "taxpayer_type" text;--> statement-breakpoint
ALTER TABLE "business_partners" ADD COLUMN "gstin_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hsn_codes" ADD COLUMN "status" text DEFAULT 'Active' NOT NULL;--> statement-breakpoint
ALTER TABLE "hsn_codes" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "hsn_codes" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "hsn_codes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "business_partner_contacts" ADD CONSTRAINT "business_partner_contacts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_partner_contacts" ADD CONSTRAINT "business_partner_contacts_partner_id_business_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."business_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD CONSTRAINT "chart_of_accounts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD CONSTRAINT "chart_of_accounts_parent_id_chart_of_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_tags" ADD CONSTRAINT "notice_tags_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_partner_contacts_partner" ON "business_partner_contacts" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chart_of_accounts_code" ON "chart_of_accounts" USING btree ("subscriber_id",lower("code"));--> statement-breakpoint
CREATE INDEX "chart_of_accounts_parent" ON "chart_of_accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_tags_name" ON "notice_tags" USING btree ("subscriber_id",lower("name"));--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_vertical_id_verticals_id_fk" FOREIGN KEY ("vertical_id") REFERENCES "public"."verticals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;
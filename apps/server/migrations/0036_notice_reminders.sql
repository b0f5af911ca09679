-- Notice reminders (issue 23): one row per notice, kind and day, so the hourly job sends each reminder once.
CREATE TABLE "notice_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"on_date" date NOT NULL,
	"due_on" date NOT NULL,
	"recipients" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_reminders" ADD CONSTRAINT "notice_reminders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reminders" ADD CONSTRAINT "notice_reminders_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_reminders_once" ON "notice_reminders" USING btree ("notice_id","kind","on_date");
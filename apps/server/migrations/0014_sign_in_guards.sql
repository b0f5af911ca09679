CREATE TABLE "sign_in_guards" (
	"kind" text NOT NULL,
	"account_key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locks" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_guards_kind_account_key_pk" PRIMARY KEY("kind","account_key")
);
--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "account_key" text;--> statement-breakpoint
CREATE INDEX "sign_in_guards_last_failure" ON "sign_in_guards" USING btree ("last_failure_at");
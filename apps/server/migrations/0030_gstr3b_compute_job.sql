-- GSTR-3B computed by a background job: its status, stage, rows done of total and failure message (issue 19).
ALTER TABLE "gstr3b_returns" ADD COLUMN "compute_status" text DEFAULT 'YetNotStarted' NOT NULL;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "compute_stage" text;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "compute_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "compute_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "compute_message" text;--> statement-breakpoint
UPDATE "gstr3b_returns" SET "compute_status" = 'Completed' WHERE "computed" IS NOT NULL;

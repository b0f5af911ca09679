-- GSTR-3B through the GST portal (issue 19): the portal reference and save status of the last RETSAVE, the JSON it
-- sent, when the return was saved, submitted and offset, the utilisation sent with RETOFFSET, and the last refusal.
ALTER TABLE "gstr3b_returns" ADD COLUMN "portal_reference_id" text;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "portal_save_status" text;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "saved_json" jsonb;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "offset_sent" jsonb;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "offset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD COLUMN "last_error" text;

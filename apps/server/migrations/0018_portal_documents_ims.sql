ALTER TABLE "portal_documents" ADD COLUMN "listing" text;--> statement-breakpoint
ALTER TABLE "portal_documents" ADD COLUMN "ims_action" text;--> statement-breakpoint
ALTER TABLE "portal_documents" ADD COLUMN "ims_pending_blocked" boolean;--> statement-breakpoint
ALTER TABLE "portal_documents" ADD COLUMN "original_document_number" text;--> statement-breakpoint
ALTER TABLE "portal_documents" ADD COLUMN "original_document_date" text;--> statement-breakpoint
ALTER TABLE "portal_documents" ADD COLUMN "record" jsonb;
ALTER TABLE "document_items" DROP CONSTRAINT "document_items_document_id_documents_id_fk";
--> statement-breakpoint
ALTER TABLE "return_documents" DROP CONSTRAINT "return_documents_document_id_documents_id_fk";

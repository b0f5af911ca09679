ALTER TABLE "documents" DROP CONSTRAINT "documents_subscriber_id_subscribers_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_entity_id_entities_id_fk";
--> statement-breakpoint
DROP INDEX "document_items_document";--> statement-breakpoint
DROP INDEX "documents_list";--> statement-breakpoint
DROP INDEX "documents_register_number";--> statement-breakpoint
DROP INDEX "documents_sales_key";--> statement-breakpoint
DROP INDEX "documents_purchase_key";--> statement-breakpoint
CREATE UNIQUE INDEX "documents_sales_key" ON "documents" USING btree ("subscriber_id","document_number","entity_id","financial_year","document_type") WHERE "documents"."direction" = 'Sales';--> statement-breakpoint
CREATE UNIQUE INDEX "documents_purchase_key" ON "documents" USING btree ("subscriber_id","document_number","counterparty_gstin","entity_id","financial_year","document_type") WHERE "documents"."direction" = 'Purchase';--> statement-breakpoint
-- The items' own id goes with its primary key: the document and line number are the key now.
ALTER TABLE "document_items" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "document_items" ADD CONSTRAINT "document_items_pkey" PRIMARY KEY("document_id","line_number");
--> statement-breakpoint
-- In place of the two foreign keys: once per statement, every document written must belong to an entity of its own
-- subscriber. The distinct (subscriber, entity) pairs of the statement's rows are few, so the check is one pass over
-- the rows the register_totals triggers already capture, not a lookup per row.
CREATE FUNCTION documents_tenant_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stray record;
BEGIN
  SELECT n.subscriber_id, n.entity_id INTO stray FROM (SELECT DISTINCT subscriber_id, entity_id FROM new_rows) n
    WHERE NOT EXISTS (SELECT 1 FROM entities e WHERE e.id = n.entity_id AND e.subscriber_id = n.subscriber_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'documents of entity % are not the subscriber %''s', stray.entity_id, stray.subscriber_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER documents_tenant_inserted AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_tenant_check();--> statement-breakpoint
CREATE TRIGGER documents_tenant_updated AFTER UPDATE ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_tenant_check();

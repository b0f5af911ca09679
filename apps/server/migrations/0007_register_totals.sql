CREATE TABLE "register_totals" (
	"subscriber_id" integer NOT NULL,
	"direction" text NOT NULL,
	"entity_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"return_period" text NOT NULL,
	"document_type" text NOT NULL,
	"supply_type" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"is_reverse_charge" boolean NOT NULL,
	"is_draft_document" boolean NOT NULL,
	"documents" bigint NOT NULL,
	"taxable" bigint NOT NULL,
	"igst" bigint NOT NULL,
	"cgst" bigint NOT NULL,
	"sgst" bigint NOT NULL,
	"cess" bigint NOT NULL,
	"document_value" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "documents_register_totals";--> statement-breakpoint
DROP INDEX "documents_register_value";--> statement-breakpoint
CREATE UNIQUE INDEX "register_totals_key" ON "register_totals" USING btree ("subscriber_id","direction","entity_id","financial_year","return_period","document_type","supply_type","status","source","is_reverse_charge","is_draft_document");--> statement-breakpoint
CREATE INDEX "documents_register_page" ON "documents" USING btree ("subscriber_id","direction","financial_year","id","entity_id","return_period","status") WHERE "documents"."is_draft_document" = false;--> statement-breakpoint
CREATE INDEX "documents_register_period" ON "documents" USING btree ("subscriber_id","direction","return_period","id","entity_id","financial_year","status") WHERE "documents"."is_draft_document" = false;--> statement-breakpoint
CREATE INDEX "documents_register_value" ON "documents" USING btree ("subscriber_id","direction","financial_year","document_value","id","entity_id","return_period","status") WHERE "documents"."is_draft_document" = false;
--> statement-breakpoint
-- register_totals follows every statement that writes documents (INSERT, INSERT ... ON CONFLICT DO UPDATE, INSERT ...
-- SELECT, COPY, UPDATE, DELETE) through statement-level triggers with transition tables: one grouped upsert per
-- statement, not one per row, so an import of 100,000 rows adds a few hundred upserts. Groups are written in key order so
-- two statements touching the same groups lock them in the same order (no deadlock between them); a group whose last
-- document left is deleted, so the table only holds groups that exist. An upsert of a row by ON CONFLICT DO UPDATE fires
-- the UPDATE trigger with that row's old and new versions, an inserted row the INSERT trigger.
CREATE FUNCTION register_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO register_totals AS t (subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document, documents, taxable, igst, cgst, sgst, cess, document_value)
    SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document, sum(n), sum(taxable), sum(igst), sum(cgst), sum(sgst), sum(cess), sum(document_value)
    FROM (
      SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, coalesce(supply_type, '') AS supply_type, status, source, is_reverse_charge, is_draft_document, 1 AS n, taxable, igst, cgst, sgst, cess, document_value FROM new_rows
    ) c GROUP BY subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document
    HAVING sum(n) <> 0 OR sum(taxable) <> 0 OR sum(igst) <> 0 OR sum(cgst) <> 0 OR sum(sgst) <> 0 OR sum(cess) <> 0 OR sum(document_value) <> 0
    ORDER BY subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document
    ON CONFLICT (subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document) DO UPDATE SET documents = t.documents + excluded.documents, taxable = t.taxable + excluded.taxable,
      igst = t.igst + excluded.igst, cgst = t.cgst + excluded.cgst, sgst = t.sgst + excluded.sgst, cess = t.cess + excluded.cess,
      document_value = t.document_value + excluded.document_value;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION register_totals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO register_totals AS t (subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document, documents, taxable, igst, cgst, sgst, cess, document_value)
    SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document, sum(n), sum(taxable), sum(igst), sum(cgst), sum(sgst), sum(cess), sum(document_value)
    FROM (
      SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, coalesce(supply_type, '') AS supply_type, status, source, is_reverse_charge, is_draft_document, 1 AS n, taxable, igst, cgst, sgst, cess, document_value FROM new_rows
      UNION ALL
      SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, coalesce(supply_type, '') AS supply_type, status, source, is_reverse_charge, is_draft_document, -1 AS n, -taxable AS taxable, -igst AS igst, -cgst AS cgst, -sgst AS sgst, -cess AS cess, -document_value AS document_value FROM old_rows
    ) c GROUP BY subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document
    HAVING sum(n) <> 0 OR sum(taxable) <> 0 OR sum(igst) <> 0 OR sum(cgst) <> 0 OR sum(sgst) <> 0 OR sum(cess) <> 0 OR sum(document_value) <> 0
    ORDER BY subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document
    ON CONFLICT (subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document) DO UPDATE SET documents = t.documents + excluded.documents, taxable = t.taxable + excluded.taxable,
      igst = t.igst + excluded.igst, cgst = t.cgst + excluded.cgst, sgst = t.sgst + excluded.sgst, cess = t.cess + excluded.cess,
      document_value = t.document_value + excluded.document_value;
  DELETE FROM register_totals t
    WHERE t.documents = 0 AND (t.subscriber_id, t.direction, t.entity_id, t.financial_year, t.return_period, t.document_type, t.supply_type, t.status, t.source, t.is_reverse_charge, t.is_draft_document) IN (SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, coalesce(supply_type, ''), status, source, is_reverse_charge, is_draft_document FROM old_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION register_totals_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO register_totals AS t (subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document, documents, taxable, igst, cgst, sgst, cess, document_value)
    SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document, sum(n), sum(taxable), sum(igst), sum(cgst), sum(sgst), sum(cess), sum(document_value)
    FROM (
      SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, coalesce(supply_type, '') AS supply_type, status, source, is_reverse_charge, is_draft_document, -1 AS n, -taxable AS taxable, -igst AS igst, -cgst AS cgst, -sgst AS sgst, -cess AS cess, -document_value AS document_value FROM old_rows
    ) c GROUP BY subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document
    HAVING sum(n) <> 0 OR sum(taxable) <> 0 OR sum(igst) <> 0 OR sum(cgst) <> 0 OR sum(sgst) <> 0 OR sum(cess) <> 0 OR sum(document_value) <> 0
    ORDER BY subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document
    ON CONFLICT (subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document) DO UPDATE SET documents = t.documents + excluded.documents, taxable = t.taxable + excluded.taxable,
      igst = t.igst + excluded.igst, cgst = t.cgst + excluded.cgst, sgst = t.sgst + excluded.sgst, cess = t.cess + excluded.cess,
      document_value = t.document_value + excluded.document_value;
  DELETE FROM register_totals t
    WHERE t.documents = 0 AND (t.subscriber_id, t.direction, t.entity_id, t.financial_year, t.return_period, t.document_type, t.supply_type, t.status, t.source, t.is_reverse_charge, t.is_draft_document) IN (SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, coalesce(supply_type, ''), status, source, is_reverse_charge, is_draft_document FROM old_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION register_totals_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM register_totals;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER register_totals_inserted AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION register_totals_inserted();--> statement-breakpoint
CREATE TRIGGER register_totals_updated AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION register_totals_updated();--> statement-breakpoint
CREATE TRIGGER register_totals_deleted AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION register_totals_deleted();--> statement-breakpoint
CREATE TRIGGER register_totals_truncated AFTER TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION register_totals_truncated();--> statement-breakpoint
-- The documents already stored (the triggers above keep the table from here on; migrations run alone at start-up).
INSERT INTO register_totals (subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document, documents, taxable, igst, cgst, sgst, cess, document_value)
  SELECT subscriber_id, direction, entity_id, financial_year, return_period, document_type, coalesce(supply_type, ''), status, source, is_reverse_charge, is_draft_document, count(*), sum(taxable), sum(igst), sum(cgst), sum(sgst), sum(cess), sum(document_value)
  FROM documents GROUP BY subscriber_id, direction, entity_id, financial_year, return_period, document_type, coalesce(supply_type, ''), status, source, is_reverse_charge, is_draft_document;

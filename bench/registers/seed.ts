// The data of the registers benchmark: sales documents of a few locations over 24 return periods (April 2023 to March
// 2025, stored month after month as imports would), mixed types, statuses, sources and 5,000 customers (every tenth
// document B2C), with one to three item lines each; written by INSERT ... SELECT generate_series, deterministic.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/database';

/** 24 return periods, April 2023 to March 2025, documents stored month after month as imports would. */
export const PERIODS = 24;
export const CUSTOMERS = 5000;

export const numberOf = (g: number) => `S${String(g).padStart(7, '0')}`;
/** The GSTIN the seed gives customer c (same expression as the SQL below). */
export const customerGstin = (c: number) =>
  `${String((c % 36) + 1).padStart(2, '0')}AAACB${String(c).padStart(4, '0')}C1Z${String.fromCharCode(65 + (c % 26))}`;

/** db.execute answers rows (postgres-js) or { rows } (PGlite). */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * INSERT ... SELECT generate_series: sales documents of the locations, then one to three item lines each. The secondary
 * indexes of the two tables are dropped for the load and built again after it (one sort each instead of a million
 * inserts into each); the triggers stay, so register_totals is kept as an import would keep it.
 */
export const seed = async (db: Db, subscriberId: number, locations: number[], documents: number) => {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(
      sql.raw(`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename IN ('documents', 'document_items')
    AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`),
    ),
  );
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.name}`));
  const month = `((g - 1) * ${PERIODS} / ${documents})`;
  const customer = `((g::bigint * 7919) % ${CUSTOMERS})::int`;
  const gstin = `lpad(((${customer} % 36) + 1)::text, 2, '0') || 'AAACB' || lpad(${customer}::text, 4, '0') || 'C1Z' || chr(65 + ${customer} % 26)`;
  const taxable = `(10000 + (g::bigint * 104729) % 10000000)`;
  const interState = `(g % 2 = 0)`;
  await db.execute(
    sql.raw(`
    INSERT INTO documents (subscriber_id, entity_id, direction, financial_year, return_period, document_type, document_number, document_date, supply_type,
      counterparty_gstin, counterparty_name, counterparty_state, place_of_supply, is_reverse_charge, taxable, igst, cgst, sgst, cess, document_value,
      status, is_draft_document, source, import_id)
    SELECT ${subscriberId}, (ARRAY[${locations.join(',')}])[1 + g % ${locations.length}], 'Sales',
      CASE WHEN m < 12 THEN '2023-24' ELSE '2024-25' END,
      lpad(((3 + m) % 12 + 1)::text, 2, '0') || (2023 + (3 + m) / 12)::text,
      CASE g % 20 WHEN 0 THEN 'CRN' WHEN 1 THEN 'DBN' ELSE 'INV' END,
      'S' || lpad(g::text, 7, '0'),
      make_date(2023 + (3 + m) / 12, (3 + m) % 12 + 1, 1 + g % 28)::text,
      CASE WHEN g % 10 = 3 THEN 'B2C' ELSE 'B2B' END,
      CASE WHEN g % 10 = 3 THEN '' ELSE ${gstin} END,
      CASE WHEN g % 10 = 3 THEN NULL ELSE 'Customer ' || ${customer} END,
      CASE WHEN g % 10 = 3 THEN NULL ELSE lpad(((${customer} % 36) + 1)::text, 2, '0') END,
      CASE WHEN g % 10 = 3 THEN '07' ELSE lpad(((${customer} % 36) + 1)::text, 2, '0') END,
      g % 97 = 0,
      t, CASE WHEN ${interState} THEN t * 18 / 100 ELSE 0 END, CASE WHEN ${interState} THEN 0 ELSE t * 9 / 100 END, CASE WHEN ${interState} THEN 0 ELSE t * 9 / 100 END, 0,
      t + t * 18 / 100,
      (ARRAY['YetNotGenerated','YetNotGenerated','YetNotGenerated','YetNotGenerated','Generated','Generated','Completed','Approved','Rejected','YetNotGenerated'])[1 + g % 10],
      g % 100 = 99, CASE WHEN g % 50 = 0 THEN 'Manual' ELSE 'Import' END, CASE WHEN g % 50 = 0 THEN NULL ELSE 1 + m END
    FROM (SELECT g, ${month} AS m, ${taxable} AS t FROM generate_series(1, ${documents}) g) s`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO document_items (document_id, line_number, hsn, description, uqc, quantity, rate, taxable, igst, cgst, sgst, cess)
    SELECT d.id, l, '8471' || lpad((d.id % 10000)::text, 4, '0'), 'Item ' || (d.id % 1000), 'NOS', 1000 * l, 18000,
      d.taxable / n + CASE WHEN l = 1 THEN d.taxable % n ELSE 0 END, d.igst / n + CASE WHEN l = 1 THEN d.igst % n ELSE 0 END,
      d.cgst / n + CASE WHEN l = 1 THEN d.cgst % n ELSE 0 END, d.sgst / n + CASE WHEN l = 1 THEN d.sgst % n ELSE 0 END, 0
    FROM (SELECT id, taxable, igst, cgst, sgst, 1 + id % 3 AS n FROM documents WHERE subscriber_id = ${subscriberId}) d CROSS JOIN LATERAL generate_series(1, d.n) l`),
  );
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  await db.execute(sql.raw('VACUUM ANALYZE documents'));
  await db.execute(sql.raw('VACUUM ANALYZE document_items'));
  await db.execute(sql.raw('VACUUM ANALYZE register_totals'));
};

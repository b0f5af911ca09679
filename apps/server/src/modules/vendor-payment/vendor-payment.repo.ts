// Reads of vendor payments: the open purchase invoices of the user's locations with what was paid and held on them so
// far, and the latest reconciliation's answer for each (status, both sides' tax, the supplier's GSTR-1 filing).
import type { ReconcileStatus } from '@opengst/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/database';

/** A purchase invoice with the sums of its payment lines (paise). */
export type OpenInvoice = {
  id: number;
  entityId: number;
  gstin: string;
  supplierGstin: string;
  supplierName: string | null;
  documentType: string;
  documentNumber: string;
  documentDate: string;
  returnPeriod: string;
  value: number;
  tax: number;
  /** Paid to the supplier so far (releases included) and GST held and not yet released. */
  paid: number;
  held: number;
};

/** Which invoices: some suppliers exactly, or parts of the supplier's GSTIN and name; or some documents by id. */
export type InvoiceMatch = { supplierGstins?: readonly string[]; gstinPart?: string; namePart?: string; documentIds?: readonly number[] };

const list = (values: readonly (number | string)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const like = (part: string) => `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type InvoiceRecord = {
  id: string;
  entity_id: number;
  gstin: string | null;
  supplier_gstin: string;
  supplier_name: string | null;
  document_type: string;
  document_number: string;
  document_date: string;
  return_period: string;
  value: string;
  tax: string;
  paid: string;
  held: string;
};

/**
 * The invoices and debit notes of registered suppliers in these locations with value unpaid or GST held. Documents under
 * reverse charge are left out: the buyer pays their tax itself (s.9(3)-(4)), so there is no supplier's GST to hold, and
 * Rule 37(1) does not reach them. Credit notes are not payments owed. `lock` takes the documents' rows for update, so
 * two payments of the same invoice wait for each other (a payment's transaction).
 */
export const findOpenInvoices = async (
  db: DbOrTx,
  subscriberId: number,
  entityIds: readonly number[],
  match: InvoiceMatch,
  lock = false,
): Promise<OpenInvoice[]> => {
  if (entityIds.length === 0) return [];
  const conditions: SQL[] = [];
  if (match.supplierGstins) conditions.push(sql`AND d.counterparty_gstin IN (${list(match.supplierGstins)})`);
  if (match.gstinPart) conditions.push(sql`AND d.counterparty_gstin ILIKE ${like(match.gstinPart)}`);
  if (match.namePart) conditions.push(sql`AND d.counterparty_name ILIKE ${like(match.namePart)}`);
  if (match.documentIds) conditions.push(sql`AND d.id IN (${list(match.documentIds)})`);
  if (lock && match.documentIds) {
    await db.execute(
      sql`SELECT id FROM documents WHERE subscriber_id = ${subscriberId} AND id IN (${list(match.documentIds)}) ORDER BY id FOR UPDATE`,
    );
  }
  const rows = await rowsOf<InvoiceRecord>(
    db,
    sql`SELECT d.id, d.entity_id, e.gstin, d.counterparty_gstin AS supplier_gstin, d.counterparty_name AS supplier_name,
               d.document_type, d.document_number, d.document_date, d.return_period, d.document_value AS value,
               d.igst + d.cgst + d.sgst + d.cess AS tax, coalesce(l.paid, 0) AS paid, coalesce(l.held, 0) AS held
          FROM documents d
          JOIN entities e ON e.id = d.entity_id
          LEFT JOIN (SELECT document_id, sum(paid + released) AS paid, sum(held - released) AS held
                       FROM vendor_payment_lines WHERE subscriber_id = ${subscriberId} GROUP BY document_id) l ON l.document_id = d.id
         WHERE d.subscriber_id = ${subscriberId} AND d.direction = 'Purchase' AND NOT d.is_draft_document
           AND NOT d.is_reverse_charge AND d.document_type IN ('INV', 'DBN') AND d.counterparty_gstin <> ''
           AND d.entity_id IN (${list(entityIds)})
           AND (d.document_value > coalesce(l.paid, 0) + coalesce(l.held, 0) OR coalesce(l.held, 0) > 0)
           ${sql.join(conditions, sql` `)}
         ORDER BY d.counterparty_gstin, d.document_date, d.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    entityId: r.entity_id,
    gstin: r.gstin ?? '',
    supplierGstin: r.supplier_gstin,
    supplierName: r.supplier_name,
    documentType: r.document_type,
    documentNumber: r.document_number,
    documentDate: r.document_date,
    returnPeriod: r.return_period,
    value: Number(r.value),
    tax: Number(r.tax),
    paid: Number(r.paid),
    held: Number(r.held),
  }));
};

/** The latest completed reconciliation's row holding a books document. */
export type DocumentReconciliation = {
  status: ReconcileStatus;
  /** The row's tax on each side, and how many books documents share it. */
  booksTax: number;
  portalTax: number;
  documents: number;
  /** The supplier's GSTR-1 for the row's period as the 2A/2B reported it (null: the portal did not say). */
  gstr1Filed: boolean | null;
};

const CHUNK = 5000;

/**
 * Per document id, its row in the newest completed run that holds it (a later run replaces an earlier answer), with the
 * supplier's filing of the period the run read (reconciliation_filings, by the row's portal period or else its books').
 * Only the subscriber's current runs are read (a superseded run's rows are deleted when it is superseded), each by its
 * rows' run index: the rows have no index by document, so a request reads the current runs' rows once per 5,000 ids.
 */
export const findReconciliations = async (
  db: DbOrTx,
  subscriberId: number,
  documentIds: readonly number[],
): Promise<Map<number, DocumentReconciliation>> => {
  const found = new Map<number, DocumentReconciliation>();
  for (let i = 0; i < documentIds.length; i += CHUNK) {
    const ids = documentIds.slice(i, i + CHUNK);
    const rows = await rowsOf<{
      document_id: string;
      status: ReconcileStatus;
      books_tax: string;
      portal_tax: string;
      documents: number;
      gstr1_filed: boolean | null;
    }>(
      db,
      sql`SELECT DISTINCT ON (p.document_id) p.document_id, r.status, r.books_tax, r.portal_tax,
                 cardinality(r.purchase_ids) AS documents, f.gstr1_filed
            FROM reconciliation_runs run
            JOIN reconciliation_rows r ON r.run_id = run.id
            CROSS JOIN LATERAL unnest(r.purchase_ids) AS p(document_id)
            LEFT JOIN reconciliation_filings f ON f.run_id = r.run_id AND f.supplier_gstin = r.supplier_gstin
                 AND f.return_period = coalesce(r.portal_period, r.books_period)
           WHERE run.subscriber_id = ${subscriberId} AND run.status = 'Completed' AND run.superseded_by IS NULL
             AND r.purchase_ids && ARRAY[${list(ids)}]::bigint[]
             AND p.document_id IN (${list(ids)})
           ORDER BY p.document_id, r.run_id DESC`,
    );
    for (const r of rows) {
      found.set(Number(r.document_id), {
        status: r.status,
        booksTax: Number(r.books_tax),
        portalTax: Number(r.portal_tax),
        documents: Number(r.documents),
        gstr1Filed: r.gstr1_filed,
      });
    }
  }
  return found;
};

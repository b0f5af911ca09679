// The documents behind one figure of the last computation: the ids stored with it (gstr3b_figure_sources) read back
// from their own tables, a page at a time: sales and purchase documents, GSTR-2B records and GSTR-1 summary rows.
import type { Gstr3bFigureDocument, Gstr3bFigureDocumentsResponse, Gstr3bSourceKind } from '@opengst/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

type Raw = {
  kind: Gstr3bSourceKind;
  id: number | string;
  document_type: string;
  document_number: string;
  document_date: string | null;
  return_period: string | null;
  counterparty_gstin: string | null;
  counterparty_name: string | null;
  place_of_supply: string | null;
  taxable: number | string;
  igst: number | string;
  cgst: number | string;
  sgst: number | string;
  cess: number | string;
  total: number | string;
};

const DEFAULT_SIZE = 50;

export const figureDocuments = async (
  db: Db,
  subscriberId: number,
  returnId: number,
  request: {
    figure: string;
    placeOfSupply?: string | null;
    kinds?: readonly Gstr3bSourceKind[] | null;
    start: number;
    size?: number | null;
  },
): Promise<Gstr3bFigureDocumentsResponse> => {
  const kinds = request.kinds && request.kinds.length > 0 ? request.kinds.join(',') : null;
  const size = request.size ?? DEFAULT_SIZE;
  // Each table is joined on its own id and the tenant: the ids were the tenant's when stored, and stay checked.
  const rows = await rowsOf<Raw>(
    db,
    sql`with src as (
          select kind, unnest(ids) as id from gstr3b_figure_sources
           where return_id = ${returnId} and figure = ${request.figure} and place_of_supply = ${request.placeOfSupply ?? ''}),
        found as (
          select case when d.direction = 'Sales' then 'sales' else 'purchase' end as kind, d.id, d.document_type,
                 d.document_number, d.document_date, d.return_period, d.counterparty_gstin, d.counterparty_name,
                 d.place_of_supply, d.taxable, d.igst, d.cgst, d.sgst, d.cess
            from src join documents d on d.id = src.id
           where src.kind = 'documents' and d.subscriber_id = ${subscriberId}
          union all
          select 'gstr2b', p.id, p.document_type, p.document_number, p.document_date, p.return_period, p.supplier_gstin,
                 p.supplier_name, p.place_of_supply, p.taxable, p.igst, p.cgst, p.sgst, p.cess
            from src join portal_documents p on p.id = src.id
           where src.kind = 'portal' and p.subscriber_id = ${subscriberId}
          union all
          select 'summary', s.id, s.summary_type, s.summary_type, null, s.return_period, nullif(s.ecommerce_gstin, ''), null,
                 nullif(s.place_of_supply, ''), s.taxable, s.igst, s.cgst, s.sgst, s.cess
            from src join document_summaries s on s.id = src.id
           where src.kind = 'summaries' and s.subscriber_id = ${subscriberId})
        select *, count(*) over () as total from found
         where ${kinds}::text is null or kind = any(string_to_array(${kinds}::text, ','))
         order by kind, document_date nulls last, id
         limit ${size} offset ${request.start}`,
  );
  const items: Gstr3bFigureDocument[] = rows.map((r) => ({
    kind: r.kind,
    id: Number(r.id),
    documentType: r.document_type,
    documentNumber: r.document_number,
    documentDate: r.document_date,
    returnPeriod: r.return_period,
    counterpartyGstin: r.counterparty_gstin,
    counterpartyName: r.counterparty_name,
    placeOfSupply: r.place_of_supply,
    taxable: Number(r.taxable),
    igst: Number(r.igst),
    cgst: Number(r.cgst),
    sgst: Number(r.sgst),
    cess: Number(r.cess),
  }));
  const totalRecords =
    rows.length > 0 ? Number(rows[0]!.total) : request.start > 0 ? await countOf(db, subscriberId, returnId, request, kinds) : 0;
  return { items, totalRecords };
};

/** The count alone, for a page past the end (the window count has no row to ride on). */
const countOf = async (
  db: Db,
  subscriberId: number,
  returnId: number,
  request: { figure: string; placeOfSupply?: string | null },
  kinds: string | null,
): Promise<number> => {
  const page = await figureDocuments(db, subscriberId, returnId, {
    ...request,
    kinds: kinds ? (kinds.split(',') as Gstr3bSourceKind[]) : null,
    start: 0,
    size: 1,
  });
  return page.totalRecords;
};

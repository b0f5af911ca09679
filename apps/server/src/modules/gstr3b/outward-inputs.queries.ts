// The outward side of a GSTR-3B's input: the sales documents and summary rows of the months it covers, in the shape
// buildGstr3b takes (Gstr1Document with its id, form and return period).
//
// Liability comes from the period's GSTR-1/IFF and GSTR-1A (s.39(1) read with the auto-population of GSTR-3B from
// GSTR-1, GST-RULES-DETAIL §1.3). For each month: when its GSTR-1 was generated in the product, the documents it holds
// (return_documents, corrections of earlier periods included, which the domain takes as amendments by their change)
// and those of the month's GSTR-1A if generated; else the books' final sales documents of the month not yet reported,
// as the month's GSTR-1 would hold them. Summary rows (B2CS, advances, nil/exempt/non-GST) of the months.
import type { Gstr1Item, Gstr3bOutwardDocument, Gstr3bSummaryRow } from '@opengst/domain';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { documents, documentSummaries, returnDocuments, returns } from '../../db/schema';
import { documentColumnsOf, RETURN_DOCUMENT_FIELDS } from '../documents';
import { gstr1SummaryRowOf } from '../returns';
import { readRows, stringPool, type OnRows, type ReadRow } from './read-rows.queries';

export type Gstr3bScope = { subscriberId: number; entityId: number; periods: readonly string[] };

/** A table of a location's rows by return period: documents, their summary rows, returns, GSTR-2B records. */
type PeriodTable = { id: PgColumn; subscriberId: PgColumn; entityId: PgColumn; returnPeriod: PgColumn };

/** The rows of the scope's location; in its months, or also among `extraIds` (rows of other months claimed in it). */
export const inScope = (table: PeriodTable, scope: Gstr3bScope, extraIds: readonly number[] = []): SQL =>
  and(
    eq(table.subscriberId, scope.subscriberId),
    eq(table.entityId, scope.entityId),
    extraIds.length > 0
      ? or(inArray(table.returnPeriod, [...scope.periods]), inArray(table.id, [...extraIds]))
      : inArray(table.returnPeriod, [...scope.periods]),
  )!;

const outwardColumns = {
  id: documents.id,
  ...documentColumnsOf(documents, RETURN_DOCUMENT_FIELDS),
  taxable: documents.taxable,
  igst: documents.igst,
  cgst: documents.cgst,
  sgst: documents.sgst,
  cess: documents.cess,
  filedReturnId: documents.filedReturnId,
  filedNumber: documents.filedNumber,
  filedDate: documents.filedDate,
  filedItems: documents.filedItems,
};
type OutwardRow = ReadRow<typeof outwardColumns>;

/**
 * A row as the builder takes it. The document's own totals stand for its items: GSTR-3B takes a document's sums only
 * (3.1 has no rate breakup), so the items are not read. A document filed in an earlier return (not `returnId`, the one
 * read) is an amendment here: its filed items are its first-reported figures. One filed in this return is not: once the
 * period's GSTR-1 is filed, each of its documents carries that return's id.
 */
const outwardOf = (
  r: OutwardRow,
  form: 'GSTR1' | 'GSTR1A',
  returnPeriod: string,
  returnId: number | null,
  pooled: ReturnType<typeof stringPool>,
): Gstr3bOutwardDocument => {
  const total: Gstr1Item = { rate: 0, taxable: r.taxable ?? 0, igst: r.igst ?? 0, cgst: r.cgst ?? 0, sgst: r.sgst ?? 0, cess: r.cess ?? 0 };
  // Field by field, not a spread of the row: see inward-inputs.queries.ts (a spread gives each row a hidden class).
  return {
    documentType: pooled(r.documentType ?? ''),
    documentNumber: r.documentNumber ?? '',
    documentDate: pooled(r.documentDate ?? ''),
    supplyType: pooled(r.supplyType),
    counterpartyGstin: pooled(r.counterpartyGstin ?? ''),
    counterpartyState: pooled(r.counterpartyState),
    placeOfSupply: pooled(r.placeOfSupply),
    isReverseCharge: r.isReverseCharge,
    ecommerceGstin: pooled(r.ecommerceGstin),
    portCode: pooled(r.portCode),
    shippingBillNumber: r.shippingBillNumber,
    shippingBillDate: r.shippingBillDate,
    originalDocumentNumber: r.originalDocumentNumber,
    originalDocumentDate: r.originalDocumentDate,
    documentValue: r.documentValue ?? 0,
    id: r.id!,
    form,
    returnPeriod,
    amendment:
      r.filedReturnId !== null && r.filedReturnId !== returnId
        ? {
            documentNumber: r.filedNumber ?? r.documentNumber ?? '',
            documentDate: r.filedDate ?? r.documentDate ?? '',
            items: (r.filedItems as Gstr1Item[] | null) ?? null,
          }
        : null,
    items: [total],
  } satisfies Record<(typeof RETURN_DOCUMENT_FIELDS)[number], unknown> & Gstr3bOutwardDocument;
};

/** The generated GSTR-1 and GSTR-1A returns of the months, by month and form. */
const generatedReturnsOf = async (db: Db, scope: Gstr3bScope) =>
  db
    .select({ id: returns.id, returnType: returns.returnType, returnPeriod: returns.returnPeriod })
    .from(returns)
    .where(and(inScope(returns, scope), eq(returns.generationStatus, 'Completed')));

export const loadOutwardDocuments = async (db: Db, scope: Gstr3bScope, onRows?: OnRows): Promise<Gstr3bOutwardDocument[]> => {
  const generated = await generatedReturnsOf(db, scope);
  const out: Gstr3bOutwardDocument[] = [];
  const pooled = stringPool();
  for (const r of generated) {
    const rows = await readRows(
      db,
      outwardColumns,
      { table: returnDocuments, join: { table: documents, on: eq(documents.id, returnDocuments.documentId) } },
      eq(returnDocuments.returnId, r.id),
      (row) => outwardOf(row, r.returnType, r.returnPeriod, r.id, pooled),
      onRows,
    );
    for (const row of rows) out.push(row);
  }
  const withGstr1 = new Set(generated.filter((r) => r.returnType === 'GSTR1').map((r) => r.returnPeriod));
  const open = scope.periods.filter((p) => !withGstr1.has(p));
  if (open.length > 0) {
    const rows = await readRows(
      db,
      { ...outwardColumns, returnPeriod: documents.returnPeriod },
      { table: documents },
      and(
        eq(documents.subscriberId, scope.subscriberId),
        eq(documents.entityId, scope.entityId),
        eq(documents.direction, 'Sales'),
        eq(documents.isDraftDocument, false),
        inArray(documents.returnPeriod, open),
        isNull(documents.filedReturnId),
      )!,
      (row) => outwardOf(row, 'GSTR1', pooled(row.returnPeriod ?? ''), null, pooled),
      onRows,
    );
    for (const row of rows) out.push(row);
  }
  return out;
};

export const loadOutwardSummaries = async (db: Db, scope: Gstr3bScope): Promise<Gstr3bSummaryRow[]> => {
  const rows = await db
    .select()
    .from(documentSummaries)
    .where(and(inScope(documentSummaries, scope), eq(documentSummaries.direction, 'Sales')))
    .orderBy(asc(documentSummaries.id));
  return rows.map((s) => ({ id: s.id, returnPeriod: s.returnPeriod, ...gstr1SummaryRowOf(s) }));
};

/** Whether each month's GSTR-1 is filed in the product (s.39(10): GSTR-3B only after it). */
export const gstr1FilingsOf = async (db: Db, scope: Gstr3bScope) =>
  db
    .select({ returnPeriod: returns.returnPeriod, status: returns.status, filedAt: returns.filedAt })
    .from(returns)
    .where(and(inScope(returns, scope), eq(returns.returnType, 'GSTR1')));

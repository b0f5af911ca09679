// A stored sales document as the domain reads it (DocumentInput, through the contracts' toDocumentInput): what the
// e-invoice (INV-01) and e-way bill (GENEWAYBILL) builders are given, with the stored document value as its total.
import { toDocumentInput, type DocumentSaveRequest } from '@opengst/contracts';
import type { DocumentInput } from '@opengst/domain';
import { and, asc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/database';
import { businessPartners, documentItems, documents } from '../db/schema';

export const storedDocumentInput = (
  document: typeof documents.$inferSelect,
  items: readonly (typeof documentItems.$inferSelect)[],
  supplierGstin: string,
  supplyType: string | null = document.supplyType,
): DocumentInput => {
  const request = {
    direction: 'Sales',
    entityId: document.entityId,
    isDraftDocument: false,
    documentType: document.documentType,
    documentNumber: document.documentNumber,
    documentDate: document.documentDate,
    supplyType,
    counterpartyGstin: document.counterpartyGstin,
    counterpartyName: document.counterpartyName,
    placeOfSupply: document.placeOfSupply ?? '',
    isReverseCharge: document.isReverseCharge,
    ecommerceGstin: document.ecommerceGstin,
    portCode: document.portCode,
    shippingBillNumber: document.shippingBillNumber,
    shippingBillDate: document.shippingBillDate,
    originalDocumentNumber: document.originalDocumentNumber,
    originalDocumentDate: document.originalDocumentDate,
    items: items.map((it) => ({
      hsn: it.hsn,
      description: it.description,
      uqc: it.uqc,
      quantity: it.quantity,
      rate: it.rate,
      taxable: it.taxable,
      igst: it.igst,
      cgst: it.cgst,
      sgst: it.sgst,
      cess: it.cess,
    })),
  } as DocumentSaveRequest;
  return { ...toDocumentInput(request, supplierGstin), totalValue: document.documentValue };
};

const d = documents;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters the document lists of /e-invoice and /e-way-bill share (spec core §2's filter bar). */
export type DocumentListFilters = {
  financialYear?: string | null | undefined;
  returnPeriods?: readonly string[] | null | undefined;
  fromDate?: string | null | undefined;
  toDate?: string | null | undefined;
  documentTypes?: readonly string[] | null | undefined;
  documentNumbers?: readonly string[] | null | undefined;
  isDocNumberLikeSearch?: boolean | null | undefined;
  text?: string | null | undefined;
};

/**
 * The conditions of those filters on the documents table; the text search also looks in `textColumns` (the IRN, the
 * e-way bill and vehicle numbers). Undefined entries are filters not given (and() skips them).
 */
export const documentListConditions = (
  f: DocumentListFilters | undefined,
  textColumns: readonly AnyPgColumn[] = [],
): (SQL | undefined)[] => {
  const numbers = f?.documentNumbers?.filter(Boolean) ?? [];
  const text = f?.text ? `%${escapeLike(f.text)}%` : null;
  return [
    f?.financialYear ? eq(d.financialYear, f.financialYear) : undefined,
    f?.returnPeriods?.length ? inArray(d.returnPeriod, [...f.returnPeriods]) : undefined,
    f?.fromDate ? gte(d.documentDate, f.fromDate) : undefined,
    f?.toDate ? lte(d.documentDate, f.toDate) : undefined,
    f?.documentTypes?.length ? inArray(d.documentType, [...f.documentTypes]) : undefined,
    numbers.length
      ? f?.isDocNumberLikeSearch
        ? or(...numbers.map((n) => ilike(d.documentNumber, `%${escapeLike(n)}%`)))
        : inArray(d.documentNumber, numbers)
      : undefined,
    text
      ? or(
          ilike(d.documentNumber, text),
          ilike(d.counterpartyGstin, text),
          ilike(d.counterpartyName, text),
          ...textColumns.map((c) => ilike(c, text)),
        )
      : undefined,
  ];
};

/** A document's lines in order and its buyer's master record (by GSTIN, of the subscriber), read at once. */
export const linesAndBuyerOf = async (db: DbOrTx, subscriberId: number, document: { id: number; counterpartyGstin: string }) => {
  const [items, [buyer]] = await Promise.all([
    db.select().from(documentItems).where(eq(documentItems.documentId, document.id)).orderBy(asc(documentItems.lineNumber)),
    document.counterpartyGstin
      ? db
          .select()
          .from(businessPartners)
          .where(and(eq(businessPartners.subscriberId, subscriberId), eq(businessPartners.gstin, document.counterpartyGstin)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return { items, buyer: buyer ?? null };
};

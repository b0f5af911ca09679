// The drill-down of a generated return: the documents of one section (return_documents) with the portal's error on
// each; the portal's errors of the last save; and the return's history.
import type { ReturnErrorRow, ReturnHistoryRow, ReturnSectionRow, ReturnSectionSearchResponse } from '@opengst/contracts';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { documents, returnDocuments, returnErrors, returnHistory, users } from '../../../db/schema';
import { orderByOf } from '../../../platform/lists';

const d = documents;
const SORT_COLUMNS = {
  documentNumber: d.documentNumber,
  documentDate: d.documentDate,
  counterpartyGstin: d.counterpartyGstin,
  taxable: d.taxable,
  documentValue: d.documentValue,
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const searchSection = async (
  db: DbOrTx,
  returnId: number,
  request: { section: string; text?: string | null; start?: number; size?: number | null; sortExpression?: string | null },
): Promise<ReturnSectionSearchResponse> => {
  const orderBy = orderByOf(request.sortExpression, SORT_COLUMNS, 'documentDate ASC', d.id);
  const conditions: SQL[] = [eq(returnDocuments.returnId, returnId), eq(returnDocuments.section, request.section)];
  if (request.text) {
    const pattern = `%${escapeLike(request.text)}%`;
    conditions.push(or(ilike(d.documentNumber, pattern), ilike(d.counterpartyGstin, pattern))!);
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(returnDocuments).innerJoin(d, eq(d.id, returnDocuments.documentId)).where(where);
  // The portal may report several errors on one document: they are shown together.
  const portalError = sql<
    string | null
  >`(select string_agg(${returnErrors.errorCode} || ': ' || ${returnErrors.errorMessage}, '; ' order by ${returnErrors.id})
    from ${returnErrors} where ${returnErrors.returnId} = ${returnId} and ${returnErrors.documentId} = ${d.id})`;
  const rows = await db
    .select({
      documentId: d.id,
      documentType: d.documentType,
      documentNumber: d.documentNumber,
      documentDate: d.documentDate,
      counterpartyGstin: d.counterpartyGstin,
      counterpartyName: d.counterpartyName,
      placeOfSupply: d.placeOfSupply,
      taxable: d.taxable,
      igst: d.igst,
      cgst: d.cgst,
      sgst: d.sgst,
      cess: d.cess,
      documentValue: d.documentValue,
      portalError,
    })
    .from(returnDocuments)
    .innerJoin(d, eq(d.id, returnDocuments.documentId))
    .where(where)
    .orderBy(...orderBy)
    .offset(request.start ?? 0)
    .limit(request.size ?? 50);
  return { totalRecords: Number(total?.n ?? 0), items: rows.map((r): ReturnSectionRow => ({ ...r, portalError: r.portalError ?? null })) };
};

export const listReturnErrors = async (
  db: DbOrTx,
  returnId: number,
  request: { start?: number; size?: number | null },
): Promise<{ items: ReturnErrorRow[]; totalRecords: number }> => {
  const where = eq(returnErrors.returnId, returnId);
  const [total] = await db.select({ n: count() }).from(returnErrors).where(where);
  const rows = await db
    .select({
      id: returnErrors.id,
      section: returnErrors.section,
      documentId: returnErrors.documentId,
      documentNumber: returnErrors.documentNumber,
      counterpartyGstin: returnErrors.counterpartyGstin,
      errorCode: returnErrors.errorCode,
      errorMessage: returnErrors.errorMessage,
    })
    .from(returnErrors)
    .where(where)
    .orderBy(asc(returnErrors.id))
    .offset(request.start ?? 0)
    .limit(request.size ?? 50);
  return { totalRecords: Number(total?.n ?? 0), items: rows };
};

export const listHistory = async (db: DbOrTx, returnId: number): Promise<ReturnHistoryRow[]> => {
  const rows = await db
    .select({ h: returnHistory, userName: users.displayName })
    .from(returnHistory)
    .leftJoin(users, eq(users.id, returnHistory.userId))
    .where(eq(returnHistory.returnId, returnId))
    .orderBy(asc(returnHistory.id));
  return rows.map(({ h, userName }) => ({
    id: h.id,
    action: h.action,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    message: h.message,
    userName: userName ?? null,
    createdAt: h.createdAt.toISOString(),
  }));
};

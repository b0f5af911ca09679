// Reads of the documents module: one document with its lines (the detail of the registers and the edit screen), one
// summary row, the /draft-document list and the HSN/SAC lookup. Every read is scoped to the principal's subscriber
// (another subscriber's id is "not found") and to the user's locations (403 GEN0010).
import {
  type Direction,
  type DocumentDetail,
  DRAFT_DEFAULT_SORT,
  type DraftItem,
  type DraftSearchRequest,
  DraftSearchRequestSchema,
  HSN_LOOKUP_LIMIT,
  type HsnLookupItem,
  type SummaryItem,
} from '@opengst/contracts';
import { amendmentDeadline } from '@opengst/domain';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { searchOfficialHsn } from '../masters';
import type { DbOrTx } from '../../db/database';
import { documentItems, documents, documentSummaries, entities, hsnCodes, userEntities, users } from '../../db/schema';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import { orderByOf } from '../../platform/lists';
import type { SessionPrincipal } from '../../platform/auth/sessions';

export type DocumentRow = typeof documents.$inferSelect;
export type ItemRow = typeof documentItems.$inferSelect;

/** The document of this direction when it is the subscriber's (else 404) and its location is the user's (else 403). */
export const findDocument = async (db: DbOrTx, principal: SessionPrincipal, id: number, direction: Direction): Promise<DocumentRow> => {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.subscriberId, principal.subscriberId), eq(documents.direction, direction)));
  if (!row) throw new AppError('GEN0003');
  await assertEntityAccess(db, principal, [row.entityId]);
  return row;
};

export const itemsOf = (db: DbOrTx, documentId: number): Promise<ItemRow[]> =>
  db.select().from(documentItems).where(eq(documentItems.documentId, documentId)).orderBy(asc(documentItems.lineNumber));

/** The detail answer of a stored document: header, lines, location, who and when. */
export const documentDetail = async (db: DbOrTx, row: DocumentRow): Promise<DocumentDetail> => {
  const [location] = await db
    .select({ entityName: entities.entityName, gstin: entities.gstin })
    .from(entities)
    .where(eq(entities.id, row.entityId));
  const userIds = [row.createdBy, row.updatedBy].filter((id): id is number => id !== null);
  const names = new Map(
    userIds.length === 0
      ? []
      : (await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, userIds))).map((u) => [
          u.id,
          u.name,
        ]),
  );
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const items = await itemsOf(db, row.id);
  return {
    id: row.id,
    direction: row.direction,
    entityId: row.entityId,
    isDraftDocument: row.isDraftDocument,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    documentDate: row.documentDate,
    supplyType: row.supplyType,
    counterpartyGstin: row.counterpartyGstin,
    counterpartyName: row.counterpartyName,
    placeOfSupply: row.placeOfSupply ?? '',
    isReverseCharge: row.isReverseCharge,
    ecommerceGstin: row.ecommerceGstin,
    portCode: row.portCode,
    shippingBillNumber: row.shippingBillNumber,
    shippingBillDate: row.shippingBillDate,
    originalDocumentNumber: row.originalDocumentNumber,
    originalDocumentDate: row.originalDocumentDate,
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
      itcEligibility: it.itcEligibility,
    })),
    entityName: location?.entityName ?? '',
    gstin: location?.gstin ?? null,
    financialYear: row.financialYear,
    returnPeriod: row.returnPeriod,
    status: row.status,
    source: row.source,
    importId: row.importId,
    taxable: row.taxable,
    igst: row.igst,
    cgst: row.cgst,
    sgst: row.sgst,
    cess: row.cess,
    documentValue: row.documentValue,
    createdByName: nameOf(row.createdBy),
    updatedByName: nameOf(row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    filed:
      row.filedReturnId === null
        ? null
        : {
            returnId: row.filedReturnId,
            documentNumber: row.filedNumber ?? row.documentNumber,
            documentDate: row.filedDate ?? row.documentDate,
            amendableUntil: amendmentDeadline(row.financialYear),
          },
    amendmentPending: row.amendmentPending,
  };
};

/** One summary row (B2CS, advances, nil/exempt, documents issued) of this direction, scoped like a document. */
export const summaryDetail = async (db: DbOrTx, principal: SessionPrincipal, id: number, direction: Direction): Promise<SummaryItem> => {
  const [found] = await db
    .select({ s: documentSummaries, entityName: entities.entityName, gstin: entities.gstin })
    .from(documentSummaries)
    .innerJoin(entities, eq(entities.id, documentSummaries.entityId))
    .where(
      and(
        eq(documentSummaries.id, id),
        eq(documentSummaries.subscriberId, principal.subscriberId),
        eq(documentSummaries.direction, direction),
      ),
    );
  if (!found) throw new AppError('GEN0003');
  await assertEntityAccess(db, principal, [found.s.entityId]);
  const { s } = found;
  return {
    id: s.id,
    entityId: s.entityId,
    entityName: found.entityName,
    gstin: found.gstin,
    financialYear: s.financialYear,
    returnPeriod: s.returnPeriod,
    summaryType: s.summaryType,
    placeOfSupply: s.placeOfSupply,
    supplyType: s.supplyType,
    rate: s.rate,
    ecommerceGstin: s.ecommerceGstin,
    documentNature: s.documentNature,
    fromNumber: s.fromNumber,
    toNumber: s.toNumber,
    totalNumber: s.totalNumber,
    cancelledNumber: s.cancelledNumber,
    taxable: s.taxable,
    igst: s.igst,
    cgst: s.cgst,
    sgst: s.sgst,
    cess: s.cess,
    nilRated: s.nilRated,
    exempted: s.exempted,
    nonGst: s.nonGst,
    source: s.source,
    importId: s.importId,
    updatedAt: s.updatedAt.toISOString(),
  };
};

const DRAFT_SORT_COLUMNS = {
  id: documents.id,
  documentDate: documents.documentDate,
  documentNumber: documents.documentNumber,
  documentType: documents.documentType,
  counterpartyName: documents.counterpartyName,
  updatedAt: documents.updatedAt,
};

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The /draft-document list: the drafts of the user's locations, 'id DESC' unless asked otherwise. */
export const searchDrafts = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  input: DraftSearchRequest,
  pageSize: number,
): Promise<{ items: DraftItem[]; totalRecords: number }> => {
  const request = DraftSearchRequestSchema.parse(input);
  const f = request.filters ?? {};
  const accessible = db.select({ id: userEntities.entityId }).from(userEntities).where(eq(userEntities.userId, principal.userId));
  const text = f.text ? `%${likeEscape(f.text)}%` : null;
  const where: (SQL | undefined)[] = [
    eq(documents.subscriberId, principal.subscriberId),
    eq(documents.isDraftDocument, true),
    inArray(documents.entityId, accessible),
    f.direction ? eq(documents.direction, f.direction) : undefined,
    f.entityIds?.length ? inArray(documents.entityId, f.entityIds) : undefined,
    text
      ? or(ilike(documents.documentNumber, text), ilike(documents.counterpartyName, text), ilike(documents.counterpartyGstin, text))
      : undefined,
  ];
  const condition = and(...where);
  const orderBy = orderByOf(request.sortExpression, DRAFT_SORT_COLUMNS, DRAFT_DEFAULT_SORT, documents.id);
  const [total] = await db.select({ n: count() }).from(documents).where(condition);
  const itemCount = db
    .select({ documentId: documentItems.documentId, n: count().as('n') })
    .from(documentItems)
    .groupBy(documentItems.documentId)
    .as('item_count');
  const rows = await db
    .select({ d: documents, entityName: entities.entityName, updatedByName: users.displayName, itemCount: itemCount.n })
    .from(documents)
    .innerJoin(entities, eq(entities.id, documents.entityId))
    .leftJoin(users, eq(users.id, documents.updatedBy))
    .leftJoin(itemCount, eq(itemCount.documentId, documents.id))
    .where(condition)
    .orderBy(...orderBy)
    .offset(request.start)
    .limit(request.size ?? pageSize);
  return {
    totalRecords: total?.n ?? 0,
    items: rows.map(({ d, entityName, updatedByName, itemCount: n }) => ({
      id: d.id,
      direction: d.direction,
      entityId: d.entityId,
      entityName,
      documentType: d.documentType,
      documentNumber: d.documentNumber,
      documentDate: d.documentDate,
      counterpartyGstin: d.counterpartyGstin,
      counterpartyName: d.counterpartyName,
      documentValue: d.documentValue,
      itemCount: Number(n ?? 0),
      updatedByName,
      updatedAt: d.updatedAt.toISOString(),
    })),
  };
};

/**
 * The subscriber's HSN/SAC master by code prefix (digits typed) or by every word of the description; exact and
 * shorter codes first, so "1006" shows the heading before its sub-headings.
 */
/**
 * The subscriber's own HSN/SAC list first; when it has fewer than HSN_LOOKUP_LIMIT matches, the GST portal's directory
 * fills the rest (codes the own list holds are not repeated), so the lookup works on a new installation too. Codes
 * deactivated on /hsn-sac are offered by neither.
 */
export const searchHsn = async (db: DbOrTx, subscriberId: number, text: string, hsnDirectoryFile: string): Promise<HsnLookupItem[]> => {
  const own = await searchOwnHsn(db, subscriberId, text);
  if (own.length >= HSN_LOOKUP_LIMIT) return own;
  const known = new Set(own.map((item) => item.code));
  const official = await searchOfficialHsn(hsnDirectoryFile, text, HSN_LOOKUP_LIMIT);
  // A code the subscriber deactivated on /hsn-sac is not offered again from the directory either.
  const candidates = official.map((item) => item.code).filter((code) => !known.has(code));
  const deactivated =
    candidates.length === 0
      ? []
      : await db
          .select({ code: hsnCodes.code })
          .from(hsnCodes)
          .where(and(eq(hsnCodes.subscriberId, subscriberId), eq(hsnCodes.status, 'Inactive'), inArray(hsnCodes.code, candidates)));
  for (const row of deactivated) known.add(row.code);
  return [...own, ...official.filter((item) => !known.has(item.code))].slice(0, HSN_LOOKUP_LIMIT);
};

const searchOwnHsn = async (db: DbOrTx, subscriberId: number, text: string): Promise<HsnLookupItem[]> => {
  const query = text.trim();
  const digits = query.replace(/\s+/g, '');
  const words = query
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  const byCode = /^\d+$/.test(digits) ? sql`${hsnCodes.code} like ${`${digits}%`}` : undefined;
  const byWords = and(...words.map((w) => ilike(hsnCodes.description, `%${likeEscape(w)}%`)));
  const rows = await db
    .select({
      code: hsnCodes.code,
      description: hsnCodes.description,
      isService: hsnCodes.isService,
      rate: hsnCodes.rate,
      uqc: hsnCodes.uqc,
    })
    .from(hsnCodes)
    .where(and(eq(hsnCodes.subscriberId, subscriberId), eq(hsnCodes.status, 'Active'), byCode ? or(byCode, byWords) : byWords))
    .orderBy(sql`length(${hsnCodes.code})`, asc(hsnCodes.code))
    .limit(HSN_LOOKUP_LIMIT);
  return rows.map((row) => ({ ...row, source: 'Subscriber' as const }));
};

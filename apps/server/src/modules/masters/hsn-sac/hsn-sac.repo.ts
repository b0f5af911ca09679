// Drizzle queries of the subscriber's HSN/SAC list (hsn_codes). The tenant (subscriber) is a required parameter of every query.
import type { HSN_SAC_SORT_COLUMNS, HsnSac, HsnSacFilters } from '@opengst/contracts';
import { and, count, countDistinct, eq, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/database';
import { documentItems, documents, hsnCodes, users } from '../../../db/schema';
import { orderByOf } from '../../../platform/lists';

export type HsnCodeRow = typeof hsnCodes.$inferSelect;
type Page = { start: number; size: number; sortExpression?: string | null | undefined };

const t = hsnCodes;
const updater = alias(users, 'hsn_code_updater');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Digits (spaces and dots ignored) search codes by their start; any other text the description. */
const textCondition = (text: string): SQL | undefined => {
  const digits = text.replace(/[\s.]/g, '');
  if (/^\d+$/.test(digits)) return like(t.code, `${digits}%`);
  return or(ilike(t.description, `%${escapeLike(text)}%`), ilike(t.code, `%${escapeLike(text)}%`));
};

export const hsnSacWhere = (subscriberId: number, filters: HsnSacFilters | undefined): SQL =>
  and(
    eq(t.subscriberId, subscriberId),
    filters?.status ? eq(t.status, filters.status) : undefined,
    filters?.kind ? eq(t.isService, filters.kind === 'SAC') : undefined,
    filters?.rate !== undefined && filters?.rate !== null ? eq(t.rate, filters.rate) : undefined,
    filters?.text ? textCondition(filters.text) : undefined,
  )!;

/** The columns the list sorts by (contracts' HSN_SAC_SORT_COLUMNS, the compiler keeps them equal). */
const SORT: Record<(typeof HSN_SAC_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: t.id,
  code: t.code,
  description: t.description,
  rate: t.rate,
  uqc: t.uqc,
  status: t.status,
  updatedAt: t.updatedAt,
};

export const toHsnSac = (row: HsnCodeRow, updatedByName: string | null): HsnSac => ({
  id: row.id,
  code: row.code,
  kind: row.isService ? 'SAC' : 'HSN',
  description: row.description,
  rate: row.rate,
  uqc: row.uqc,
  status: row.status,
  updatedByName,
  updatedAt: row.updatedAt.toISOString(),
});

/** A page of codes (or every one, for the export) with who changed them last. */
export const findHsnSacs = async (db: DbOrTx, where: SQL, page: Page): Promise<{ items: HsnSac[]; totalRecords: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: t, updatedByName: updater.displayName })
      .from(t)
      .leftJoin(updater, eq(updater.id, t.updatedBy))
      .where(where)
      .orderBy(...orderByOf(page.sortExpression, SORT, 'code ASC', t.id))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { items: rows.map((r) => toHsnSac(r.row, r.updatedByName)), totalRecords: total?.n ?? 0 };
};

export const findHsnCodeRows = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<HsnCodeRow[]> =>
  db
    .select()
    .from(t)
    .where(and(eq(t.subscriberId, subscriberId), inArray(t.id, [...ids])));

export const findHsnCodeByCode = async (db: DbOrTx, subscriberId: number, code: string): Promise<HsnCodeRow | undefined> =>
  (
    await db
      .select()
      .from(t)
      .where(and(eq(t.subscriberId, subscriberId), eq(t.code, code)))
  )[0];

/** How many of the subscriber's documents (drafts included) carry each of these codes on a line. */
export const documentsUsingCodes = async (db: DbOrTx, subscriberId: number, codes: readonly string[]): Promise<Map<string, number>> => {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: documentItems.hsn, n: countDistinct(documents.id) })
    .from(documentItems)
    .innerJoin(documents, eq(documents.id, documentItems.documentId))
    .where(and(eq(documents.subscriberId, subscriberId), inArray(documentItems.hsn, [...codes])))
    .groupBy(documentItems.hsn);
  return new Map(rows.map((r) => [r.code ?? '', r.n]));
};

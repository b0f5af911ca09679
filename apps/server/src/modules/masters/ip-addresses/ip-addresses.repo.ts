// Drizzle queries of the IP allow-list. The tenant (subscriber) is a required parameter of every query.
import type { IP_ADDRESS_SORT_COLUMNS, IpAddress, IpAddressFilters } from '@opengst/contracts';
import { parseIpRange } from '@opengst/domain';
import { and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/database';
import { ipAllowList, users } from '../../../db/schema';
import { orderByOf } from '../../../platform/lists';

export type IpAddressRow = typeof ipAllowList.$inferSelect;
type Page = { start: number; size: number; sortExpression?: string | null | undefined };

const t = ipAllowList;
const updater = alias(users, 'ip_address_updater');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const grouped = new Intl.NumberFormat('en-IN');

/** How many addresses a range holds: in en-IN figures up to 2^53, as a power of two beyond. */
const sizeOf = (address: string): { version: 4 | 6; size: string } => {
  const parsed = parseIpRange(address);
  if (!parsed.ok) return { version: address.includes(':') ? 6 : 4, size: '' };
  const hostBits = (parsed.range.version === 4 ? 32 : 128) - parsed.range.prefix;
  return { version: parsed.range.version, size: hostBits <= 53 ? grouped.format(2 ** hostBits) : `2^${hostBits}` };
};

export const ipAddressWhere = (subscriberId: number, filters: IpAddressFilters | undefined): SQL =>
  and(
    eq(t.subscriberId, subscriberId),
    filters?.status ? eq(t.status, filters.status) : undefined,
    filters?.text
      ? or(ilike(t.address, `%${escapeLike(filters.text)}%`), ilike(t.description, `%${escapeLike(filters.text)}%`))
      : undefined,
  )!;

/** The columns the list sorts by (contracts' IP_ADDRESS_SORT_COLUMNS, the compiler keeps them equal). */
const SORT: Record<(typeof IP_ADDRESS_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: t.id,
  address: t.address,
  description: t.description,
  status: t.status,
  updatedAt: t.updatedAt,
};

export const toIpAddress = (row: IpAddressRow, updatedByName: string | null): IpAddress => ({
  id: row.id,
  address: row.address,
  ...sizeOf(row.address),
  description: row.description,
  status: row.status,
  updatedByName,
  updatedAt: row.updatedAt.toISOString(),
});

/** A page of entries (or every one, for the export) with who changed them last. */
export const findIpAddresses = async (db: DbOrTx, where: SQL, page: Page): Promise<{ items: IpAddress[]; totalRecords: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: t, updatedByName: updater.displayName })
      .from(t)
      .leftJoin(updater, eq(updater.id, t.updatedBy))
      .where(where)
      .orderBy(...orderByOf(page.sortExpression, SORT, 'id DESC', t.id))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { items: rows.map((r) => toIpAddress(r.row, r.updatedByName)), totalRecords: total?.n ?? 0 };
};

export const findIpAddressRows = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<IpAddressRow[]> =>
  db
    .select()
    .from(t)
    .where(and(eq(t.subscriberId, subscriberId), inArray(t.id, [...ids])));

/** The texts of a subscriber's active entries: what sign-in checks against. */
export const activeIpAddresses = async (db: DbOrTx, subscriberId: number): Promise<string[]> =>
  (
    await db
      .select({ address: t.address })
      .from(t)
      .where(and(eq(t.subscriberId, subscriberId), eq(t.status, 'Active')))
  ).map((r) => r.address);

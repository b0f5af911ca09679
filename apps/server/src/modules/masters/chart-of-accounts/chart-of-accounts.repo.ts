// Drizzle queries of the chart of accounts. The tenant (subscriber) is a required parameter of every query. The tree
// (id, parent, code, name, type, group, status of every account) is read whole: a chart holds hundreds or a few
// thousand accounts, and the paths, the children counts and the placement checks all need it.
import type { CHART_OF_ACCOUNTS_SORT_COLUMNS, ChartAccount, ChartAccountFilters, ChartGroup, GstHead } from '@opengst/contracts';
import { PATH_SEPARATOR, pathOf, type AccountNode, type AccountType } from '@opengst/domain';
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/database';
import { chartOfAccounts, users } from '../../../db/schema';
import { orderByOf } from '../../../platform/lists';

export type AccountRow = typeof chartOfAccounts.$inferSelect;
export type Tree = Map<number, AccountNode>;
type Page = { start: number; size: number; sortExpression?: string | null | undefined };

const t = chartOfAccounts;
const updater = alias(users, 'chart_account_updater');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const chartAccountWhere = (subscriberId: number, filters: ChartAccountFilters | undefined): SQL =>
  and(
    eq(t.subscriberId, subscriberId),
    filters?.status ? eq(t.status, filters.status) : undefined,
    filters?.accountType ? eq(t.accountType, filters.accountType) : undefined,
    filters?.gstHead ? eq(t.gstHead, filters.gstHead) : undefined,
    filters?.kind ? eq(t.isGroup, filters.kind === 'Group') : undefined,
    filters?.text ? or(ilike(t.code, `%${escapeLike(filters.text)}%`), ilike(t.name, `%${escapeLike(filters.text)}%`)) : undefined,
  )!;

/** The columns the list sorts by (contracts' CHART_OF_ACCOUNTS_SORT_COLUMNS, the compiler keeps them equal). */
const SORT: Record<(typeof CHART_OF_ACCOUNTS_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: t.id,
  code: t.code,
  name: t.name,
  accountType: t.accountType,
  status: t.status,
  updatedAt: t.updatedAt,
};

export const toNode = (row: Pick<AccountRow, 'id' | 'parentId' | 'code' | 'name' | 'accountType' | 'isGroup' | 'status'>): AccountNode => ({
  id: row.id,
  parentId: row.parentId,
  code: row.code,
  name: row.name,
  accountType: row.accountType as AccountType,
  isGroup: row.isGroup,
  status: row.status,
});

/**
 * Every account of the subscriber as a tree. With `lock`, the rows are locked for the transaction: the changes of one
 * subscriber's chart take turns, so two moves at the same moment cannot together make a loop.
 */
export const loadTree = async (db: DbOrTx, subscriberId: number, lock = false): Promise<Tree> => {
  const query = db
    .select({
      id: t.id,
      parentId: t.parentId,
      code: t.code,
      name: t.name,
      accountType: t.accountType,
      isGroup: t.isGroup,
      status: t.status,
    })
    .from(t)
    .where(eq(t.subscriberId, subscriberId))
    .orderBy(asc(t.id));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.id, toNode(row)]));
};

export const childrenOf = (tree: Tree, id: number): AccountNode[] => [...tree.values()].filter((node) => node.parentId === id);

const toChartAccount = (
  row: AccountRow,
  updatedByName: string | null,
  tree: Tree,
  children: ReadonlyMap<number, number>,
): ChartAccount => ({
  id: row.id,
  code: row.code,
  name: row.name,
  accountType: row.accountType as AccountType,
  isGroup: row.isGroup,
  parentId: row.parentId,
  parentCode: row.parentId === null ? null : (tree.get(row.parentId)?.code ?? null),
  path: pathOf(row.id, tree).join(PATH_SEPARATOR),
  gstHead: row.gstHead as GstHead | null,
  description: row.description,
  status: row.status,
  children: children.get(row.id) ?? 0,
  updatedByName,
  updatedAt: row.updatedAt.toISOString(),
});

/** A page of accounts (or every one, for the export) with their paths and who changed them last. */
export const findChartAccounts = async (
  db: DbOrTx,
  subscriberId: number,
  where: SQL,
  page: Page,
): Promise<{ items: ChartAccount[]; totalRecords: number }> => {
  const [rows, [total], tree] = await Promise.all([
    db
      .select({ row: t, updatedByName: updater.displayName })
      .from(t)
      .leftJoin(updater, eq(updater.id, t.updatedBy))
      .where(where)
      .orderBy(...orderByOf(page.sortExpression, SORT, 'code ASC', t.id))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(t).where(where),
    loadTree(db, subscriberId),
  ]);
  const children = new Map<number, number>();
  for (const node of tree.values()) if (node.parentId !== null) children.set(node.parentId, (children.get(node.parentId) ?? 0) + 1);
  return { items: rows.map((r) => toChartAccount(r.row, r.updatedByName, tree, children)), totalRecords: total?.n ?? 0 };
};

/** Every group with its path, in path order: the choice of a parent. */
export const findChartGroups = async (db: DbOrTx, subscriberId: number): Promise<ChartGroup[]> => {
  const tree = await loadTree(db, subscriberId);
  return [...tree.values()]
    .filter((node) => node.isGroup)
    .map((node) => ({
      id: node.id,
      code: node.code,
      name: node.name,
      accountType: node.accountType,
      path: pathOf(node.id, tree).join(PATH_SEPARATOR),
      status: node.status,
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
};

export const findAccountRows = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<AccountRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(t)
        .where(and(eq(t.subscriberId, subscriberId), inArray(t.id, [...ids])));

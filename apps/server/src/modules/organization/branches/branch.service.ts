import type { Branch, BranchSaveRequestSchema } from '@opengst/contracts';
import { NAMED_RECORD_SORT_COLUMNS } from '@opengst/contracts';
import { and, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit';
import type { Db, DbOrTx } from '../../../db/database';
import { branches } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { orderByOf } from '../../../platform/lists';
import type { SessionPrincipal } from '../../../platform/auth/sessions';

type BranchRow = typeof branches.$inferSelect;
type Filters = { name?: string | null | undefined; status?: BranchRow['status'] | null | undefined };

/** The outer row's id, table-qualified: drizzle leaves columns unqualified in single-table queries, where a
 * subquery would read them as its own. */
const BRANCH_ID = sql.raw('"branches"."id"');
const AUDIT_TYPE = 'Branch';

const SORT_COLUMNS: Record<(typeof NAMED_RECORD_SORT_COLUMNS)[number], (typeof branches)['id' | 'name' | 'code' | 'status' | 'createdAt']> = {
  id: branches.id, name: branches.name, code: branches.code, status: branches.status, createdAt: branches.createdAt,
};

/** Users assigned to the branch who are not deleted: they hold a delete back. */
const assignedUsers = sql<number>`(select count(*)::int from users u where u.branch_id = ${BRANCH_ID} and u.status <> 'Delete')`.mapWith(Number);

const toBranch = (row: BranchRow & { activeUsers: number }): Branch => ({
  id: row.id, name: row.name, code: row.code, address: row.address, status: row.status, activeUsers: row.activeUsers,
  createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
});

const columns = {
  id: branches.id, subscriberId: branches.subscriberId, name: branches.name, code: branches.code, address: branches.address,
  status: branches.status, createdAt: branches.createdAt, updatedAt: branches.updatedAt, activeUsers: assignedUsers,
};

export const searchBranches = async (db: DbOrTx, principal: SessionPrincipal, search: { start: number; size: number; sortExpression?: string | null | undefined; filters?: Filters | undefined }) => {
  const name = search.filters?.name?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where: SQL | undefined = and(
    eq(branches.subscriberId, principal.subscriberId),
    search.filters?.status ? eq(branches.status, search.filters.status) : ne(branches.status, 'Delete'),
    name ? ilike(branches.name, `%${name}%`) : undefined,
  );
  const rows = await db.select(columns).from(branches).where(where)
    .orderBy(...orderByOf(search.sortExpression, SORT_COLUMNS, 'id DESC', branches.id)).limit(search.size).offset(search.start);
  const [count] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(branches).where(where);
  return { items: rows.map(toBranch), totalRecords: count?.n ?? 0 };
};

/** The subscriber's branch (not deleted), else 404. */
export const findBranch = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<Branch> => {
  const [row] = await db.select(columns).from(branches)
    .where(and(eq(branches.id, id), eq(branches.subscriberId, principal.subscriberId), ne(branches.status, 'Delete')));
  if (!row) throw new AppError('GEN0003');
  return toBranch(row);
};

const findBranchRow = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<BranchRow> => {
  const [row] = await db.select().from(branches)
    .where(and(eq(branches.id, id), eq(branches.subscriberId, principal.subscriberId), ne(branches.status, 'Delete')));
  if (!row) throw new AppError('GEN0003');
  return row;
};

/** Names are unique per subscriber among records not deleted, ignoring case (the database index says the same). */
const assertNameFree = async (db: DbOrTx, principal: SessionPrincipal, name: string, exceptId: number | undefined) => {
  const [clash] = await db.select({ id: branches.id }).from(branches).where(and(
    eq(branches.subscriberId, principal.subscriberId), ne(branches.status, 'Delete'),
    sql`lower(${branches.name}) = lower(${name})`, exceptId ? ne(branches.id, exceptId) : undefined,
  ));
  if (clash) throw new AppError('ORG0006', { propertyName: 'Name' });
};

export const saveBranch = async (db: Db, principal: SessionPrincipal, input: z.output<typeof BranchSaveRequestSchema>, ip: string): Promise<number> => {
  // The stored row, not the answer's shape, is what the audit row compares.
  const existing = input.id ? await findBranchRow(db, principal, input.id) : null;
  await assertNameFree(db, principal, input.name, input.id);
  const values = { name: input.name, code: input.code ?? null, address: input.address ?? null, status: input.status };
  return db.transaction(async (tx) => {
    if (existing) {
      const [after] = await tx.update(branches).set({ ...values, updatedAt: new Date() }).where(eq(branches.id, existing.id)).returning();
      await writeAudit(tx, principal, { entityType: AUDIT_TYPE, entityKey: existing.id, entityName: values.name, action: 'Update', before: existing, after, ip });
      return existing.id;
    }
    const [created] = await tx.insert(branches).values({ ...values, subscriberId: principal.subscriberId }).returning();
    if (!created) throw new Error('branch insert returned no row');
    await writeAudit(tx, principal, { entityType: AUDIT_TYPE, entityKey: created.id, entityName: created.name, action: 'Create', after: created, ip });
    return created.id;
  });
};

const loadMany = async (db: DbOrTx, principal: SessionPrincipal, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  const rows = await db.select(columns).from(branches)
    .where(and(eq(branches.subscriberId, principal.subscriberId), inArray(branches.id, unique), ne(branches.status, 'Delete')));
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  return rows;
};

export const updateBranchStatus = async (db: Db, principal: SessionPrincipal, ids: readonly number[], status: 'Active' | 'Inactive', ip: string): Promise<number> => {
  const rows = await loadMany(db, principal, ids);
  return db.transaction(async (tx) => {
    for (const row of rows) {
      await tx.update(branches).set({ status, updatedAt: new Date() }).where(eq(branches.id, row.id));
      await writeAudit(tx, principal, { entityType: AUDIT_TYPE, entityKey: row.id, entityName: row.name, action: 'StatusChange', before: { status: row.status }, after: { status }, ip });
    }
    return rows.length;
  });
};

/** Soft delete, refused while users who are not deleted belong to the branch. */
export const deleteBranches = async (db: Db, principal: SessionPrincipal, ids: readonly number[], ip: string): Promise<number> => {
  const rows = await loadMany(db, principal, ids);
  const busy = rows.find((row) => row.activeUsers > 0);
  if (busy) throw new AppError('ORG0007', { message: `${busy.name}: this branch cannot be deleted while ${busy.activeUsers} user(s) are assigned to it.` });
  return db.transaction(async (tx) => {
    for (const row of rows) {
      await tx.update(branches).set({ status: 'Delete', updatedAt: new Date() }).where(eq(branches.id, row.id));
      await writeAudit(tx, principal, { entityType: AUDIT_TYPE, entityKey: row.id, entityName: row.name, action: 'Delete', before: row, after: { status: 'Delete' }, ip });
    }
    return rows.length;
  });
};

import type { Department, DepartmentSaveRequestSchema } from '@opengst/contracts';
import { NAMED_RECORD_SORT_COLUMNS } from '@opengst/contracts';
import { and, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit';
import type { Db, DbOrTx } from '../../../db/database';
import { departments } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { orderByOf } from '../../../platform/lists';
import type { SessionPrincipal } from '../../../platform/auth/sessions';

type DepartmentRow = typeof departments.$inferSelect;
type Filters = { name?: string | null | undefined; status?: DepartmentRow['status'] | null | undefined };

/** The outer row's id, table-qualified: drizzle leaves columns unqualified in single-table queries, where a
 * subquery would read them as its own. */
const DEPARTMENT_ID = sql.raw('"departments"."id"');
const AUDIT_TYPE = 'Department';

const SORT_COLUMNS: Record<(typeof NAMED_RECORD_SORT_COLUMNS)[number], (typeof departments)['id' | 'name' | 'code' | 'status' | 'createdAt']> = {
  id: departments.id, name: departments.name, code: departments.code, status: departments.status, createdAt: departments.createdAt,
};

/** Users assigned to the department who are not deleted: they hold a delete back. */
const assignedUsers = sql<number>`(select count(*)::int from users u where u.department_id = ${DEPARTMENT_ID} and u.status <> 'Delete')`.mapWith(Number);

const toDepartment = (row: DepartmentRow & { activeUsers: number }): Department => ({
  id: row.id, name: row.name, code: row.code, status: row.status, activeUsers: row.activeUsers,
  createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
});

const columns = {
  id: departments.id, subscriberId: departments.subscriberId, name: departments.name, code: departments.code,
  status: departments.status, createdAt: departments.createdAt, updatedAt: departments.updatedAt, activeUsers: assignedUsers,
};

export const searchDepartments = async (db: DbOrTx, principal: SessionPrincipal, search: { start: number; size: number; sortExpression?: string | null | undefined; filters?: Filters | undefined }) => {
  const name = search.filters?.name?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where: SQL | undefined = and(
    eq(departments.subscriberId, principal.subscriberId),
    search.filters?.status ? eq(departments.status, search.filters.status) : ne(departments.status, 'Delete'),
    name ? ilike(departments.name, `%${name}%`) : undefined,
  );
  const rows = await db.select(columns).from(departments).where(where)
    .orderBy(...orderByOf(search.sortExpression, SORT_COLUMNS, 'id DESC', departments.id)).limit(search.size).offset(search.start);
  const [count] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(departments).where(where);
  return { items: rows.map(toDepartment), totalRecords: count?.n ?? 0 };
};

/** The subscriber's department (not deleted), else 404. */
export const findDepartment = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<Department> => {
  const [row] = await db.select(columns).from(departments)
    .where(and(eq(departments.id, id), eq(departments.subscriberId, principal.subscriberId), ne(departments.status, 'Delete')));
  if (!row) throw new AppError('GEN0003');
  return toDepartment(row);
};

const findDepartmentRow = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<DepartmentRow> => {
  const [row] = await db.select().from(departments)
    .where(and(eq(departments.id, id), eq(departments.subscriberId, principal.subscriberId), ne(departments.status, 'Delete')));
  if (!row) throw new AppError('GEN0003');
  return row;
};

/** Names are unique per subscriber among records not deleted, ignoring case (the database index says the same). */
const assertNameFree = async (db: DbOrTx, principal: SessionPrincipal, name: string, exceptId: number | undefined) => {
  const [clash] = await db.select({ id: departments.id }).from(departments).where(and(
    eq(departments.subscriberId, principal.subscriberId), ne(departments.status, 'Delete'),
    sql`lower(${departments.name}) = lower(${name})`, exceptId ? ne(departments.id, exceptId) : undefined,
  ));
  if (clash) throw new AppError('ORG0006', { propertyName: 'Name' });
};

export const saveDepartment = async (db: Db, principal: SessionPrincipal, input: z.output<typeof DepartmentSaveRequestSchema>, ip: string): Promise<number> => {
  // The stored row, not the answer's shape, is what the audit row compares.
  const existing = input.id ? await findDepartmentRow(db, principal, input.id) : null;
  await assertNameFree(db, principal, input.name, input.id);
  const values = { name: input.name, code: input.code ?? null, status: input.status };
  return db.transaction(async (tx) => {
    if (existing) {
      const [after] = await tx.update(departments).set({ ...values, updatedAt: new Date() }).where(eq(departments.id, existing.id)).returning();
      await writeAudit(tx, principal, { entityType: AUDIT_TYPE, entityKey: existing.id, entityName: values.name, action: 'Update', before: existing, after, ip });
      return existing.id;
    }
    const [created] = await tx.insert(departments).values({ ...values, subscriberId: principal.subscriberId }).returning();
    if (!created) throw new Error('department insert returned no row');
    await writeAudit(tx, principal, { entityType: AUDIT_TYPE, entityKey: created.id, entityName: created.name, action: 'Create', after: created, ip });
    return created.id;
  });
};

const loadMany = async (db: DbOrTx, principal: SessionPrincipal, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  const rows = await db.select(columns).from(departments)
    .where(and(eq(departments.subscriberId, principal.subscriberId), inArray(departments.id, unique), ne(departments.status, 'Delete')));
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  return rows;
};

export const updateDepartmentStatus = async (db: Db, principal: SessionPrincipal, ids: readonly number[], status: 'Active' | 'Inactive', ip: string): Promise<number> => {
  const rows = await loadMany(db, principal, ids);
  return db.transaction(async (tx) => {
    for (const row of rows) {
      await tx.update(departments).set({ status, updatedAt: new Date() }).where(eq(departments.id, row.id));
      await writeAudit(tx, principal, { entityType: AUDIT_TYPE, entityKey: row.id, entityName: row.name, action: 'StatusChange', before: { status: row.status }, after: { status }, ip });
    }
    return rows.length;
  });
};

/** Soft delete, refused while users who are not deleted belong to the department. */
export const deleteDepartments = async (db: Db, principal: SessionPrincipal, ids: readonly number[], ip: string): Promise<number> => {
  const rows = await loadMany(db, principal, ids);
  const busy = rows.find((row) => row.activeUsers > 0);
  if (busy) throw new AppError('ORG0007', { message: `${busy.name}: this department cannot be deleted while ${busy.activeUsers} user(s) are assigned to it.` });
  return db.transaction(async (tx) => {
    for (const row of rows) {
      await tx.update(departments).set({ status: 'Delete', updatedAt: new Date() }).where(eq(departments.id, row.id));
      await writeAudit(tx, principal, { entityType: AUDIT_TYPE, entityKey: row.id, entityName: row.name, action: 'Delete', before: row, after: { status: 'Delete' }, ip });
    }
    return rows.length;
  });
};

import { NAMED_RECORD_SORT_COLUMNS, type NamedRecord, type NamedRecordSave, type RecordStatusSchema } from '@opengst/contracts';
import { and, eq, getTableName, ilike, inArray, ne, sql, type ColumnBaseConfig, type ColumnDataType, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/database';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import { orderByOf } from '../../../platform/lists';

type Column<TData, TNotNull extends boolean> = PgColumn<ColumnBaseConfig<ColumnDataType, string> & { data: TData; notNull: TNotNull }>;
type RecordStatus = z.infer<typeof RecordStatusSchema>;

/** The columns every named-record table has (branches, departments). */
export type NamedRecordTable = PgTable & {
  id: Column<number, true>;
  subscriberId: Column<number, true>;
  name: Column<string, true>;
  code: Column<string, false>;
  status: Column<RecordStatus, true>;
  createdAt: Column<Date, true>;
  updatedAt: Column<Date, true>;
};

/** What sets a kind of named record apart: its table, its own text columns, and its names in audit rows and messages. */
export type NamedRecordKind = {
  table: NamedRecordTable;
  /** Text columns of the kind's own (a branch's address): saved as sent (null when absent) and answered. */
  textColumns: Record<string, Column<string, false>>;
  /** The audit trail's record type ('Branch'). */
  auditType: string;
  /** The kind in messages ('branch'). */
  noun: string;
  /** The users column ('branch_id') that assigns a user to a record: assigned users who are not deleted hold its delete back. */
  userColumn: string;
};

type Filters = { name?: string | null | undefined; status?: RecordStatus | null | undefined };
type Search = { start: number; size: number; sortExpression?: string | null | undefined; filters?: Filters | undefined };
type SaveInput = NamedRecordSave & Record<string, unknown>;

/** Search, read, save, status and soft delete of one kind of named record, always within the principal's subscriber. */
export const namedRecordService = ({ table, textColumns, auditType, noun, userColumn }: NamedRecordKind) => {
  /** The outer row's id, table-qualified: drizzle leaves columns unqualified in single-table queries, where a
   * subquery would read them as its own. */
  const outerId = sql.raw(`"${getTableName(table)}"."id"`);
  const assignedUsers =
    sql<number>`(select count(*)::int from users u where u.${sql.raw(userColumn)} = ${outerId} and u.status <> 'Delete')`.mapWith(Number);
  const sortColumns: Record<(typeof NAMED_RECORD_SORT_COLUMNS)[number], PgColumn> = {
    id: table.id,
    name: table.name,
    code: table.code,
    status: table.status,
    createdAt: table.createdAt,
  };
  /** The stored row: what audit rows hold before and after. */
  const rowColumns = {
    id: table.id,
    subscriberId: table.subscriberId,
    name: table.name,
    code: table.code,
    ...textColumns,
    status: table.status,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  };
  const listColumns = { ...rowColumns, activeUsers: assignedUsers };
  const isLive = (principal: SessionPrincipal) => and(eq(table.subscriberId, principal.subscriberId), ne(table.status, 'Delete'));

  const loadMany = async (db: DbOrTx, principal: SessionPrincipal, ids: readonly number[]) => {
    const unique = [...new Set(ids)];
    const rows = await db
      .select(listColumns)
      .from(table)
      .where(and(isLive(principal), inArray(table.id, unique)));
    if (rows.length !== unique.length) throw new AppError('GEN0003');
    return rows;
  };

  const toRecord = ({
    subscriberId: _subscriber,
    createdAt,
    updatedAt,
    ...rest
  }: Awaited<ReturnType<typeof loadMany>>[number]): NamedRecord => ({
    ...rest,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  });

  const search = async (db: DbOrTx, principal: SessionPrincipal, request: Search) => {
    const name = request.filters?.name?.replace(/[\\%_]/g, (c) => `\\${c}`);
    const where: SQL | undefined = and(
      eq(table.subscriberId, principal.subscriberId),
      request.filters?.status ? eq(table.status, request.filters.status) : ne(table.status, 'Delete'),
      name ? ilike(table.name, `%${name}%`) : undefined,
    );
    const rows = await db
      .select(listColumns)
      .from(table)
      .where(where)
      .orderBy(...orderByOf(request.sortExpression, sortColumns, 'id DESC', table.id))
      .limit(request.size)
      .offset(request.start);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(table)
      .where(where);
    return { items: rows.map(toRecord), totalRecords: count?.n ?? 0 };
  };

  /** The subscriber's record (not deleted), else 404. */
  const find = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<NamedRecord> => {
    const [row] = await db
      .select(listColumns)
      .from(table)
      .where(and(eq(table.id, id), isLive(principal)));
    if (!row) throw new AppError('GEN0003');
    return toRecord(row);
  };

  /** Names are unique per subscriber among records not deleted, ignoring case (the database index says the same). */
  const assertNameFree = async (db: DbOrTx, principal: SessionPrincipal, name: string, exceptId: number | undefined) => {
    const [clash] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(isLive(principal), sql`lower(${table.name}) = lower(${name})`, exceptId ? ne(table.id, exceptId) : undefined));
    if (clash) throw new AppError('ORG0006', { propertyName: 'Name' });
  };

  const save = async (db: Db, principal: SessionPrincipal, input: SaveInput, ip: string): Promise<number> => {
    // The stored row, not the answer's shape, is what the audit row compares.
    const [existing] = input.id
      ? await db
          .select(rowColumns)
          .from(table)
          .where(and(eq(table.id, input.id), isLive(principal)))
      : [];
    if (input.id && !existing) throw new AppError('GEN0003');
    await assertNameFree(db, principal, input.name, input.id);
    const texts = Object.fromEntries(Object.keys(textColumns).map((column) => [column, input[column] ?? null]));
    const values = { name: input.name, code: input.code ?? null, ...texts, status: input.status };
    return db.transaction(async (tx) => {
      if (existing) {
        const [after] = await tx
          .update(table)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(table.id, existing.id))
          .returning(rowColumns);
        await writeAudit(tx, principal, {
          entityType: auditType,
          entityKey: existing.id,
          entityName: values.name,
          action: 'Update',
          before: existing,
          after,
          ip,
        });
        return existing.id;
      }
      const [created] = await tx
        .insert(table)
        .values({ ...values, subscriberId: principal.subscriberId })
        .returning(rowColumns);
      if (!created) throw new Error(`${noun} insert returned no row`);
      await writeAudit(tx, principal, {
        entityType: auditType,
        entityKey: created.id,
        entityName: created.name,
        action: 'Create',
        after: created,
        ip,
      });
      return created.id;
    });
  };

  const updateStatus = async (
    db: Db,
    principal: SessionPrincipal,
    ids: readonly number[],
    status: 'Active' | 'Inactive',
    ip: string,
  ): Promise<number> => {
    const rows = await loadMany(db, principal, ids);
    return db.transaction(async (tx) => {
      for (const row of rows) {
        await tx.update(table).set({ status, updatedAt: new Date() }).where(eq(table.id, row.id));
        await writeAudit(tx, principal, {
          entityType: auditType,
          entityKey: row.id,
          entityName: row.name,
          action: 'StatusChange',
          before: { status: row.status },
          after: { status },
          ip,
        });
      }
      return rows.length;
    });
  };

  /** Soft delete, refused while users who are not deleted are assigned to one of the records. */
  const remove = async (db: Db, principal: SessionPrincipal, ids: readonly number[], ip: string): Promise<number> => {
    const rows = await loadMany(db, principal, ids);
    const busy = rows.find((row) => row.activeUsers > 0);
    if (busy)
      throw new AppError('ORG0007', {
        message: `${busy.name}: this ${noun} cannot be deleted while ${busy.activeUsers} user(s) are assigned to it.`,
      });
    return db.transaction(async (tx) => {
      for (const row of rows) {
        await tx.update(table).set({ status: 'Delete', updatedAt: new Date() }).where(eq(table.id, row.id));
        await writeAudit(tx, principal, {
          entityType: auditType,
          entityKey: row.id,
          entityName: row.name,
          action: 'Delete',
          before: row,
          after: { status: 'Delete' },
          ip,
        });
      }
      return rows.length;
    });
  };

  return { search, find, save, updateStatus, remove };
};

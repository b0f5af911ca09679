// One implementation of the small named masters (levels, verticals, notice tags; issue 20): list, save, status and
// delete over a table of one shape, each change in one transaction with its audit rows. A master brings its table,
// its own columns, the keys its values must keep unique and the tables that hold its records (definition files beside
// this one).
//
// Uniqueness is checked in the change's transaction under a lock per subscriber and master (the database's own unique
// indexes are the backstop for names), so two administrators saving at the same moment cannot both take a name or a rank.
import {
  and,
  eq,
  getTableName,
  ilike,
  inArray,
  notInArray,
  or,
  sql,
  type ColumnBaseConfig,
  type ColumnDataType,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { NamedMasterEndpoints } from '@opengst/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/database';
import { users } from '../../../db/schema';
import type { XlsxColumn } from '../../../files/xlsx-writer';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import { orderByOf } from '../../../platform/lists';

type Status = 'Active' | 'Inactive';
type Who = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;
type Column<TData, TNotNull extends boolean = true> = PgColumn<
  ColumnBaseConfig<ColumnDataType, string> & { data: TData; notNull: TNotNull }
>;

/** The columns every named master's table has (levels, verticals, notice_tags). */
export type NamedMasterTable = PgTable & {
  id: Column<number>;
  subscriberId: Column<number>;
  name: Column<string>;
  description: Column<string>;
  status: Column<Status>;
  createdBy: Column<number, false>;
  updatedBy: Column<number, false>;
  updatedAt: Column<Date>;
};

/** What every master's record answers; a master adds its own fields (recordOf). */
export type CommonRecord = {
  id: number;
  name: string;
  description: string;
  status: Status;
  inUse: number;
  updatedByName: string | null;
  updatedAt: string;
};

/** What every master's save takes, as parsed by its contracts schema. */
export type CommonSave = { id?: number | undefined; name: string; description: string; status: Status };

/** A value a master keeps unique per subscriber besides the name (a level's rank, a vertical's code). */
export type UniqueKey = {
  column: AnyPgColumn;
  /** The field's name in errors ('Rank'). */
  propertyName: string;
  /** Unique among every record, or among the active ones only (an inactive level may keep a rank another holds). */
  among: 'all' | 'active';
  /** The value of a record's own columns; '' is no value and is not checked. */
  valueOf: (own: Record<string, unknown>) => string | number;
  /** Why the value is refused: `holder` names the record that has it. */
  message: (value: string | number, holder: string) => string;
};

/**
 * A table whose rows hold a master's records (users hold a level). While a live row holds one, the record is not
 * deleted: the refusal says how many and suggests deactivating it.
 */
export type Holder = {
  /** The subscriber's live rows holding the record whose id is `recordId` (a correlated subquery answering a count). */
  count: (recordId: SQL) => SQL<number>;
  reason: (name: string, n: number) => string;
  /**
   * Clears the reference from rows that are soft-deleted (status 'Delete'), which no longer count as holding it, so the
   * foreign key lets the record go.
   */
  release: (tx: DbOrTx, ids: number[]) => Promise<void>;
};

export type NamedMasterDefinition<Rec extends CommonRecord, Save extends CommonSave> = {
  endpoints: NamedMasterEndpoints<z.ZodType<Rec, unknown>, z.ZodType<Save, unknown>>;
  /** The audit trail's entity type ('Level'). */
  auditType: string;
  /** The first key of the transaction lock that serialises a subscriber's changes to this master. */
  lockClass: number;
  table: NamedMasterTable;
  /** The master's own columns: read into `recordOf` and written from `ownValues`. */
  ownColumns: Record<string, AnyPgColumn>;
  ownValues: (input: Save) => Record<string, string | number>;
  recordOf: (common: CommonRecord, own: Record<string, unknown>) => Rec;
  /** Searched by the list's text besides the name and the description. */
  searchColumns: readonly AnyPgColumn[];
  sortColumns: Record<string, AnyPgColumn>;
  defaultSort: string;
  keys: readonly UniqueKey[];
  holders: readonly Holder[];
  export: { sheet: string; fileName: string; columns: readonly XlsxColumn<Rec>[] };
};

type Page = { start: number; size: number; sortExpression?: string | null | undefined };
type Filters = { text?: string | null | undefined; status?: Status | null | undefined } | undefined;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const updater = alias(users, 'named_master_updater');

/** The service of one named master: search, save, status and delete, always within the principal's subscriber. */
export const namedMasterService = <Rec extends CommonRecord, Save extends CommonSave>(def: NamedMasterDefinition<Rec, Save>) => {
  const t = def.table;
  // The outer row's id, table-qualified: in a single-table query drizzle leaves columns unqualified, where the
  // holders' subqueries would read them as their own.
  const outerId = sql.raw(`"${getTableName(t)}"."id"`);
  const holderCounts = Object.fromEntries(def.holders.map((holder, i) => [`holder${i}`, holder.count(outerId).mapWith(Number)]));
  const columns = {
    id: t.id,
    name: t.name,
    description: t.description,
    status: t.status,
    updatedAt: t.updatedAt,
    updatedByName: updater.displayName,
    ...def.ownColumns,
    ...holderCounts,
  };
  type Row = Record<string, unknown> & { id: number; name: string; description: string; status: Status; updatedAt: Date };
  const countsOf = (row: Row) => def.holders.map((_, i) => Number(row[`holder${i}`] ?? 0));
  const ownOf = (row: Row) => Object.fromEntries(Object.keys(def.ownColumns).map((key) => [key, row[key]]));
  const audited = (row: Row) => ({ name: row.name, description: row.description, status: row.status, ...ownOf(row) });
  const toRecord = (row: Row): Rec =>
    def.recordOf(
      {
        id: row.id,
        name: row.name,
        description: row.description,
        status: row.status,
        inUse: countsOf(row).reduce((a, b) => a + b, 0),
        updatedByName: typeof row.updatedByName === 'string' ? row.updatedByName : null,
        updatedAt: row.updatedAt.toISOString(),
      },
      ownOf(row),
    );

  const select = (db: DbOrTx, where: SQL | undefined) =>
    db.select(columns).from(t).leftJoin(updater, eq(updater.id, t.updatedBy)).where(where).$dynamic();

  const whereOf = (subscriberId: number, filters: Filters): SQL | undefined => {
    const pattern = filters?.text ? `%${escapeLike(filters.text)}%` : undefined;
    return and(
      eq(t.subscriberId, subscriberId),
      filters?.status ? eq(t.status, filters.status) : undefined,
      pattern ? or(...[t.name, t.description, ...def.searchColumns].map((column) => ilike(column, pattern))) : undefined,
    );
  };

  /** A page of records, or every one (the export), in the list's sort. */
  const search = async (db: DbOrTx, who: Who, page: Page & { filters?: Filters }) => {
    const where = whereOf(who.subscriberId, page.filters);
    const [rows, [total]] = await Promise.all([
      select(db, where)
        .orderBy(...orderByOf(page.sortExpression, def.sortColumns, def.defaultSort, t.id))
        .offset(page.start)
        .limit(page.size),
      db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(t)
        .where(where),
    ]);
    return { items: (rows as Row[]).map(toRecord), totalRecords: total?.n ?? 0 };
  };

  /** The subscriber's records with these ids, all of them, else 404: another subscriber's ids do not exist here. */
  const loadAll = async (db: DbOrTx, who: Who, ids: readonly number[]): Promise<Row[]> => {
    const unique = [...new Set(ids)];
    const rows = (await select(db, and(eq(t.subscriberId, who.subscriberId), inArray(t.id, unique)))) as Row[];
    if (rows.length !== unique.length) throw new AppError('GEN0003');
    return rows;
  };

  const lock = (tx: DbOrTx, who: Who) => tx.execute(sql`SELECT pg_advisory_xact_lock(${def.lockClass}, ${who.subscriberId})`);

  /** Another record of the subscriber with this key's value (among the active ones where the key says so). */
  const holderOf = async (
    tx: DbOrTx,
    who: Who,
    key: Pick<UniqueKey, 'column' | 'among'>,
    value: string | number,
    except: readonly number[],
  ) => {
    const [clash] = await tx
      .select({ name: t.name })
      .from(t)
      .where(
        and(
          eq(t.subscriberId, who.subscriberId),
          typeof value === 'string' ? sql`lower(${key.column}) = lower(${value})` : eq(key.column, value),
          key.among === 'active' ? eq(t.status, 'Active') : undefined,
          except.length > 0 ? notInArray(t.id, [...except]) : undefined,
        ),
      )
      .limit(1);
    return clash?.name;
  };

  /** The own column's key of a unique key ('rank'), which is also its field in the save and its import column. */
  const fieldOf = (key: UniqueKey) => Object.entries(def.ownColumns).find(([, column]) => column === key.column)?.[0] ?? null;

  /** The first unique key whose value another record already holds, with the reason. */
  const keyClash = async (tx: DbOrTx, who: Who, own: Record<string, unknown>, status: Status, except: readonly number[]) => {
    for (const key of def.keys) {
      const value = key.valueOf(own);
      if (value === '' || (key.among === 'active' && status !== 'Active')) continue;
      const holder = await holderOf(tx, who, key, value, except);
      if (holder !== undefined) return { key, field: fieldOf(key), message: key.message(value, holder) };
    }
    return null;
  };

  /** Creates the record or updates `existing`, with its audit row; the caller holds the lock and checked the keys. */
  const write = async (tx: DbOrTx, who: Who, existing: Row | undefined, input: Save, ip: string | undefined): Promise<number> => {
    const values = { name: input.name, description: input.description, status: input.status, ...def.ownValues(input) };
    const stamp = { updatedBy: who.userId, updatedAt: new Date() };
    const [saved] = existing
      ? await tx
          .update(t)
          .set({ ...values, ...stamp })
          .where(eq(t.id, existing.id))
          .returning({ id: t.id })
      : await tx
          .insert(t)
          .values({ ...values, ...stamp, subscriberId: who.subscriberId, createdBy: who.userId })
          .returning({ id: t.id });
    if (!saved) throw new Error(`${def.auditType} write returned no row`);
    await writeAudit(tx, who, {
      entityType: def.auditType,
      entityKey: saved.id,
      entityName: input.name,
      action: existing ? 'Update' : 'Create',
      ...(existing ? { before: audited(existing) } : {}),
      after: values,
      ...(ip ? { ip } : {}),
    });
    return saved.id;
  };

  const save = async (db: Db, who: Who, input: Save, ip: string): Promise<Rec> => {
    const [existing] = input.id ? await loadAll(db, who, [input.id]) : [];
    const id = await db.transaction(async (tx) => {
      await lock(tx, who);
      const except = existing ? [existing.id] : [];
      // Names are unique per subscriber ignoring case: 'Retail' and 'RETAIL' would read as one in every picker.
      const named = await holderOf(tx, who, { column: t.name, among: 'all' }, input.name, except);
      if (named !== undefined) throw new AppError('ORG0006', { propertyName: 'Name', message: `${named} already exists.` });
      const clash = await keyClash(tx, who, def.ownValues(input), input.status, except);
      if (clash) throw new AppError('ORG0006', { propertyName: clash.key.propertyName, message: clash.message });
      return write(tx, who, existing, input, ip);
    });
    const [row] = await loadAll(db, who, [id]);
    if (!row) throw new AppError('GEN0003');
    return toRecord(row);
  };

  const updateStatus = async (db: Db, who: Who, ids: readonly number[], status: Status, ip: string): Promise<number> => {
    const rows = await loadAll(db, who, ids);
    const changing = rows.filter((row) => row.status !== status);
    return db.transaction(async (tx) => {
      await lock(tx, who);
      if (status === 'Active') {
        // An activated record takes its key among the active ones: against those already active, and against the
        // others activated with it.
        const taken = new Map<string | number, string>();
        for (const row of changing) {
          for (const key of def.keys.filter((k) => k.among === 'active')) {
            const value = key.valueOf(ownOf(row));
            const holder = taken.get(value) ?? (await holderOf(tx, who, key, value, []));
            if (holder !== undefined)
              throw new AppError('ORG0006', { propertyName: key.propertyName, message: key.message(value, holder) });
            taken.set(value, row.name);
          }
        }
      }
      for (const row of changing) {
        await tx.update(t).set({ status, updatedBy: who.userId, updatedAt: new Date() }).where(eq(t.id, row.id));
        await writeAudit(tx, who, {
          entityType: def.auditType,
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

  /** Deletes the records, refused (nothing deleted) while a live row holds one of them, with the reason. */
  const remove = async (db: Db, who: Who, ids: readonly number[], ip: string): Promise<number> => {
    const unique = [...new Set(ids)];
    try {
      return await removeNow(db, who, unique, ip);
    } catch (error) {
      // A holder that took a record between the check and the delete (a user saved with the level at that moment).
      if (isForeignKeyViolation(error))
        throw new AppError('ORG0007', { message: 'It has just been given to a record: deactivate it instead.' });
      throw error;
    }
  };

  const removeNow = async (db: Db, who: Who, unique: number[], ip: string): Promise<number> =>
    db.transaction(async (tx) => {
      await lock(tx, who);
      const rows = await loadAll(tx, who, unique);
      for (const row of rows) {
        const held = countsOf(row).findIndex((n) => n > 0);
        const holder = def.holders[held];
        if (holder) throw new AppError('ORG0007', { message: holder.reason(row.name, countsOf(row)[held] ?? 0) });
      }
      for (const holder of def.holders) await holder.release(tx, unique);
      await tx.delete(t).where(inArray(t.id, unique));
      for (const row of rows) {
        await writeAudit(tx, who, {
          entityType: def.auditType,
          entityKey: row.id,
          entityName: row.name,
          action: 'Delete',
          before: audited(row),
          ip,
        });
      }
      return rows.length;
    });

  /**
   * The import's write, in the file's transaction: a record whose name is already there (any case) is updated, else one
   * is created, row by row in the file's order, each with the screen save's checks and audit row. A row whose unique
   * key another record holds (a rank among the active levels, a vertical's code) is refused with the reason; a held
   * record may be made Inactive, as on the screen.
   */
  const importRecords = async (tx: DbOrTx, who: Who, records: readonly Save[], ip?: string) => {
    await lock(tx, who);
    const issues: { index: number; column: string | null; message: string }[] = [];
    let written = 0;
    for (const [index, input] of records.entries()) {
      const [existing] = (await select(tx, and(eq(t.subscriberId, who.subscriberId), sql`lower(${t.name}) = lower(${input.name})`)).limit(
        1,
      )) as Row[];
      const clash = await keyClash(tx, who, def.ownValues(input), input.status, existing ? [existing.id] : []);
      if (clash) {
        issues.push({ index, column: clash.field, message: clash.message });
        continue;
      }
      await write(tx, who, existing, { ...input, id: existing?.id }, ip);
      written++;
    }
    return { written, issues };
  };

  return { search, save, updateStatus, remove, importRecords };
};

/** `3 users`, `1 user` in a refusal. */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const isForeignKeyViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23503' || e.cause?.code === '23503';
};

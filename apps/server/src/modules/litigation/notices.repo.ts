// Drizzle queries of the notice register: every read within the caller's subscriber and the locations in scope. The
// spec's status (ACT, REP, CLS, DDL, ROPEN) is not stored: it is read off stage, due date and reopening against today,
// in SQL for the filter (statusCondition) and in the domain's noticeStatusOf for each row, the two kept equal by test.
// A user who is a consultant (/manage-consultants) reaches, within its locations, only the notices assigned to it.
import {
  NOTICE_DEFAULT_SORT,
  type NOTICE_SORT_COLUMNS,
  type Notice,
  type NoticeFilters,
  type NoticeOptions,
  type NoticeStageName,
  type NoticeStatusCode,
} from '@opengst/contracts';
import {
  contingentTreatment,
  daysBetween,
  NOTICE_SECTION_SPLIT,
  noticeFormInfo,
  noticeSections,
  noticeStatusOf,
  type ContingentClass,
} from '@opengst/domain';
import { and, arrayOverlaps, asc, count, eq, gte, ilike, inArray, lt, lte, ne, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { consultants, entities, levels, noticeConsultants, notices, noticeTags, users } from '../../db/schema';
import { orderByOf } from '../../platform/lists';

export type NoticeRow = typeof notices.$inferSelect;
type Page = { start: number; size: number; sortExpression?: string | null | undefined };

const n = notices;
const assignee = alias(users, 'notice_assignee');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The stages where the taxpayer owes the reply (the domain's noticeStatusOf reads the same set). */
const AWAITING: NoticeStageName[] = ['Received', 'UnderReview', 'ReplyDrafted'];

const statusCondition = (status: NoticeStatusCode, today: string): SQL => {
  const awaiting = inArray(n.stage, AWAITING);
  const lapsed = and(awaiting, lt(n.dueOn, today))!;
  switch (status) {
    case 'CLS':
      return eq(n.stage, 'Closed');
    case 'REP':
      return and(ne(n.stage, 'Closed'), notInArray(n.stage, AWAITING))!;
    case 'DDL':
      return lapsed;
    case 'ROPEN':
      return and(awaiting, eq(n.isReopened, true), not(lapsed))!;
    case 'ACT':
      return and(awaiting, eq(n.isReopened, false), not(lapsed))!;
  }
};

/** Whom a read covers: the subscriber, the locations in scope, and the consultant the user is (null: not one). */
export type NoticeScope = { subscriberId: number; entityIds: readonly number[]; consultantId: number | null };

/** The notices assigned to any of `ids`. */
const assignedTo = (ids: readonly number[]): SQL =>
  sql`${n.id} in (select ${noticeConsultants.noticeId} from ${noticeConsultants} where ${inArray(noticeConsultants.consultantId, [...ids])})`;

/** The sections a notice cites, split in SQL as the domain's noticeSections splits them. */
const sectionsOf = sql`regexp_split_to_array(btrim(${n.section}), ${NOTICE_SECTION_SPLIT})`;

/** A list of values where '-' stands for "none": the condition on the rest or-ed with `none`. */
const withNone = (values: readonly string[], none: SQL, some: (rest: string[]) => SQL): SQL => {
  const rest = values.filter((v) => v !== '-');
  return or(values.includes('-') ? none : undefined, rest.length > 0 ? some(rest) : undefined)!;
};

export const noticeWhere = (scope: NoticeScope, filters: NoticeFilters | undefined, today: string): SQL => {
  const text = filters?.text ? `%${escapeLike(filters.text)}%` : null;
  return and(
    eq(n.subscriberId, scope.subscriberId),
    inArray(n.entityId, scope.entityIds.length > 0 ? [...scope.entityIds] : [-1]),
    scope.consultantId !== null ? assignedTo([scope.consultantId]) : undefined,
    text ? or(ilike(n.referenceNumber, text), ilike(n.subject, text), ilike(n.section, text), ilike(n.form, text)) : undefined,
    filters?.forms?.length ? inArray(n.form, filters.forms) : undefined,
    filters?.noticeTypes?.length ? inArray(n.noticeType, filters.noticeTypes) : undefined,
    filters?.stages?.length ? inArray(n.stage, filters.stages) : undefined,
    filters?.statuses?.length ? or(...filters.statuses.map((status) => statusCondition(status, today))) : undefined,
    filters?.dueFrom ? gte(n.dueOn, filters.dueFrom) : undefined,
    filters?.dueTo ? lte(n.dueOn, filters.dueTo) : undefined,
    filters?.tagIds?.length ? arrayOverlaps(n.tagIds, filters.tagIds) : undefined,
    filters?.sections?.length
      ? withNone(
          filters.sections,
          sql`btrim(${n.section}) = ''`,
          (rest) =>
            sql`${sectionsOf} && ${sql`array[${sql.join(
              rest.map((r) => sql`${r}`),
              sql`, `,
            )}]::text[]`}`,
        )
      : undefined,
    filters?.financialYears?.length
      ? withNone(filters.financialYears, sql`cardinality(${n.financialYears}) = 0`, (rest) => arrayOverlaps(n.financialYears, rest))
      : undefined,
    filters?.contingentClasses?.length ? inArray(n.contingentClass, filters.contingentClasses) : undefined,
    filters?.consultantIds?.length ? assignedTo(filters.consultantIds) : undefined,
  )!;
};

const SORT: Record<(typeof NOTICE_SORT_COLUMNS)[number], AnyPgColumn> = {
  id: n.id,
  dueOn: n.dueOn,
  issuedOn: n.issuedOn,
  referenceNumber: n.referenceNumber,
  form: n.form,
  stage: n.stage,
  updatedAt: n.updatedAt,
};

type Joined = { row: NoticeRow; entityName: string; gstin: string | null; assigneeName: string | null; assigneeLevelName: string | null };
export type NoticeConsultant = Notice['consultants'][number];

/** The consultants of each of the notices, by name. */
export const consultantsOfNotices = async (db: DbOrTx, noticeIds: readonly number[]): Promise<Map<number, NoticeConsultant[]>> => {
  const byNotice = new Map<number, NoticeConsultant[]>();
  if (noticeIds.length === 0) return byNotice;
  const rows = await db
    .select({ noticeId: noticeConsultants.noticeId, id: consultants.id, displayName: users.displayName })
    .from(noticeConsultants)
    .innerJoin(consultants, eq(consultants.id, noticeConsultants.consultantId))
    .innerJoin(users, eq(users.id, consultants.userId))
    .where(inArray(noticeConsultants.noticeId, [...new Set(noticeIds)]))
    .orderBy(asc(users.displayName), asc(consultants.id));
  for (const { noticeId, id, displayName } of rows) byNotice.set(noticeId, [...(byNotice.get(noticeId) ?? []), { id, displayName }]);
  return byNotice;
};

export const toNotice = (
  { row, entityName, gstin, assigneeName, assigneeLevelName }: Joined,
  today: string,
  consultantsOf: ReadonlyMap<number, NoticeConsultant[]> = new Map(),
): Notice => {
  const demand = {
    taxIgst: row.taxIgst,
    taxCgst: row.taxCgst,
    taxSgst: row.taxSgst,
    taxCess: row.taxCess,
    interest: row.interest,
    penalty: row.penalty,
  };
  const stage = row.stage as NoticeStageName;
  const contingentClass = row.contingentClass as ContingentClass | null;
  return {
    id: row.id,
    entityId: row.entityId,
    entityName,
    gstin,
    form: row.form,
    formTitle: noticeFormInfo(row.form)?.title ?? row.form,
    noticeType: row.noticeType as Notice['noticeType'],
    referenceNumber: row.referenceNumber,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    dueBasis: row.dueBasis,
    daysLeft: row.dueOn && stage !== 'Closed' ? daysBetween(today, row.dueOn) : null,
    stage,
    status: noticeStatusOf({ stage, dueOn: row.dueOn, isReopened: row.isReopened }, today),
    section: row.section,
    subject: row.subject,
    demand,
    totalDemand: demand.taxIgst + demand.taxCgst + demand.taxSgst + demand.taxCess + demand.interest + demand.penalty,
    contingentClass,
    contingentAmount: row.contingentAmount,
    contingentTreatment: contingentClass ? contingentTreatment(contingentClass) : null,
    assigneeUserId: row.assigneeUserId,
    assigneeName,
    assigneeLevelId: row.assigneeLevelId,
    assigneeLevelName,
    tagIds: row.tagIds,
    consultants: consultantsOf.get(row.id) ?? [],
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
};

export const joinedSelect = (db: DbOrTx) =>
  db
    .select({
      row: n,
      entityName: entities.entityName,
      gstin: entities.gstin,
      assigneeName: assignee.displayName,
      assigneeLevelName: levels.name,
    })
    .from(n)
    .innerJoin(entities, eq(entities.id, n.entityId))
    .leftJoin(assignee, eq(assignee.id, n.assigneeUserId))
    .leftJoin(levels, eq(levels.id, n.assigneeLevelId));

export const findNotices = async (
  db: DbOrTx,
  where: SQL,
  page: Page,
  today: string,
): Promise<{ items: Notice[]; totalRecords: number }> => {
  const [rows, [total]] = await Promise.all([
    joinedSelect(db)
      .where(where)
      .orderBy(...orderByOf(page.sortExpression, SORT, NOTICE_DEFAULT_SORT, n.id))
      .offset(page.start)
      .limit(page.size),
    db.select({ n: count() }).from(n).where(where),
  ]);
  const consultantsOf = await consultantsOfNotices(
    db,
    rows.map((r) => r.row.id),
  );
  return { items: rows.map((r) => toNotice(r, today, consultantsOf)), totalRecords: total?.n ?? 0 };
};

export const findNoticeJoined = async (db: DbOrTx, subscriberId: number, id: number): Promise<Joined | undefined> =>
  (await joinedSelect(db).where(and(eq(n.subscriberId, subscriberId), eq(n.id, id))))[0];

export const findNoticeRows = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<NoticeRow[]> =>
  db
    .select()
    .from(n)
    .where(and(eq(n.subscriberId, subscriberId), inArray(n.id, [...ids])));

/** Whether the consultant is assigned to every one of the notices. */
export const isAssignedToAll = async (db: DbOrTx, consultantId: number, noticeIds: readonly number[]): Promise<boolean> => {
  const unique = [...new Set(noticeIds)];
  if (unique.length === 0) return true;
  const [found] = await db
    .select({ n: count() })
    .from(noticeConsultants)
    .where(and(eq(noticeConsultants.consultantId, consultantId), inArray(noticeConsultants.noticeId, unique)));
  return (found?.n ?? 0) === unique.length;
};

/** The filter bar's choices: the sections, years and consultants the notices in scope hold; the subscriber's tags. */
export const findNoticeOptions = async (db: DbOrTx, scope: NoticeScope, today: string): Promise<NoticeOptions> => {
  const where = noticeWhere(scope, undefined, today);
  const [held, assigned, tags] = await Promise.all([
    db.selectDistinct({ section: n.section, years: n.financialYears }).from(n).where(where),
    db
      .selectDistinct({ id: consultants.id, displayName: users.displayName })
      .from(noticeConsultants)
      .innerJoin(n, eq(n.id, noticeConsultants.noticeId))
      .innerJoin(consultants, eq(consultants.id, noticeConsultants.consultantId))
      .innerJoin(users, eq(users.id, consultants.userId))
      .where(where),
    db
      .select({ id: noticeTags.id, name: noticeTags.name, color: noticeTags.color, status: noticeTags.status })
      .from(noticeTags)
      .where(eq(noticeTags.subscriberId, scope.subscriberId))
      .orderBy(asc(noticeTags.name)),
  ]);
  const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  return {
    sections: [...new Set(held.flatMap((h) => noticeSections(h.section)))].sort(byNumber),
    financialYears: [...new Set(held.flatMap((h) => h.years))].sort().reverse(),
    consultants: assigned.sort((a, b) => a.displayName.localeCompare(b.displayName) || a.id - b.id),
    tags: tags.map(({ status, ...tag }) => ({ ...tag, isActive: status === 'Active' })),
    viewerConsultantId: scope.consultantId,
  };
};

// Drizzle queries of the notice register: every read within the caller's subscriber and the locations in scope. The
// spec's status (ACT, REP, CLS, DDL, ROPEN) is not stored: it is read off stage, due date and reopening against today,
// in SQL for the filter (statusCondition) and in the domain's noticeStatusOf for each row, the two kept equal by test.
import {
  NOTICE_DEFAULT_SORT,
  type NOTICE_SORT_COLUMNS,
  type Notice,
  type NoticeFilters,
  type NoticeStageName,
  type NoticeStatusCode,
} from '@opengst/contracts';
import { contingentTreatment, daysBetween, noticeFormInfo, noticeStatusOf, type ContingentClass } from '@opengst/domain';
import { and, arrayOverlaps, count, eq, gte, ilike, inArray, lt, lte, ne, not, notInArray, or, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { entities, notices, users } from '../../db/schema';
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

export const noticeWhere = (subscriberId: number, scope: readonly number[], filters: NoticeFilters | undefined, today: string): SQL => {
  const text = filters?.text ? `%${escapeLike(filters.text)}%` : null;
  return and(
    eq(n.subscriberId, subscriberId),
    inArray(n.entityId, scope.length > 0 ? [...scope] : [-1]),
    text ? or(ilike(n.referenceNumber, text), ilike(n.subject, text), ilike(n.section, text), ilike(n.form, text)) : undefined,
    filters?.forms?.length ? inArray(n.form, filters.forms) : undefined,
    filters?.noticeTypes?.length ? inArray(n.noticeType, filters.noticeTypes) : undefined,
    filters?.stages?.length ? inArray(n.stage, filters.stages) : undefined,
    filters?.statuses?.length ? or(...filters.statuses.map((status) => statusCondition(status, today))) : undefined,
    filters?.dueFrom ? gte(n.dueOn, filters.dueFrom) : undefined,
    filters?.dueTo ? lte(n.dueOn, filters.dueTo) : undefined,
    filters?.tagIds?.length ? arrayOverlaps(n.tagIds, filters.tagIds) : undefined,
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

type Joined = { row: NoticeRow; entityName: string; gstin: string | null; assigneeName: string | null };

export const toNotice = ({ row, entityName, gstin, assigneeName }: Joined, today: string): Notice => {
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
    tagIds: row.tagIds,
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
};

const joinedSelect = (db: DbOrTx) =>
  db
    .select({ row: n, entityName: entities.entityName, gstin: entities.gstin, assigneeName: assignee.displayName })
    .from(n)
    .innerJoin(entities, eq(entities.id, n.entityId))
    .leftJoin(assignee, eq(assignee.id, n.assigneeUserId));

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
  return { items: rows.map((r) => toNotice(r, today)), totalRecords: total?.n ?? 0 };
};

export const findNoticeJoined = async (db: DbOrTx, subscriberId: number, id: number): Promise<Joined | undefined> =>
  (await joinedSelect(db).where(and(eq(n.subscriberId, subscriberId), eq(n.id, id))))[0];

export const findNoticeRows = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<NoticeRow[]> =>
  db
    .select()
    .from(n)
    .where(and(eq(n.subscriberId, subscriberId), inArray(n.id, [...ids])));

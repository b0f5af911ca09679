// Reads of the returns: the regular returns list (/regular-returns-list), the overview of one GSTIN and period, the
// detail of one return with its staleness, and the counts they show.
import type {
  ReturnCorrections,
  ReturnDetail,
  ReturnListRequest,
  ReturnListResponse,
  ReturnListRow,
  ReturnOverview,
  FiledReturnForm,
} from '@opengst/contracts';
import { hasGstr1a, isBeforeRegistration } from '@opengst/domain';
import { and, count, eq, gt, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { documents, documentSummaries, entities, gstr3bReturns, returnErrors, returns } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { locationScope } from '../../platform/location-scope';
import { selectionKeyOf } from './gstr1/gstr1-generate.service';
import { selectionParts } from './gstr1/gstr1-selection.queries';
import { correctionsFor, correctionsOf } from './corrections.queries';
import { inwardDownloads } from './inward/inward.service';
import {
  blankDetail,
  deadlineOf,
  detailOf,
  dueDateOf,
  findReturnByKey,
  type ReturnRow,
  type ReturnTarget,
  returnTarget,
} from './returns.repo';

/** Final sales documents of the period in the books, per location. */
const booksCounts = async (
  db: DbOrTx,
  subscriberId: number,
  entityIds: readonly number[],
  returnPeriod: string,
): Promise<Map<number, number>> => {
  if (entityIds.length === 0) return new Map();
  const rows = await db
    .select({ entityId: documents.entityId, n: count() })
    .from(documents)
    .where(
      and(
        eq(documents.subscriberId, subscriberId),
        eq(documents.direction, 'Sales'),
        inArray(documents.entityId, [...entityIds]),
        eq(documents.returnPeriod, returnPeriod),
        eq(documents.isDraftDocument, false),
      ),
    )
    .groupBy(documents.entityId);
  return new Map(rows.map((r) => [r.entityId, Number(r.n)]));
};

/**
 * Stale: a document of the return's selection changed (or was added) after the generation started, or one was
 * removed (the selection no longer has the count generated), or a summary row of the period changed (GSTR-1).
 */
export const isStale = async (db: DbOrTx, row: ReturnRow): Promise<boolean> => {
  // A filed return is final: its documents are locked and later changes go to an amendment elsewhere.
  if (row.generationStatus !== 'Completed' || !row.generatedAt || row.status === 'Filed') return false;
  // Part by part (they are disjoint): each is planned on its own index, which one OR of them is not.
  const parts = selectionParts(await selectionKeyOf(db, row));
  for (const part of parts) {
    const [changed] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(part, gt(documents.updatedAt, row.generatedAt)))
      .limit(1);
    if (changed) return true;
  }
  if (row.returnType === 'GSTR1') {
    const [summary] = await db
      .select({ id: documentSummaries.id })
      .from(documentSummaries)
      .where(
        and(
          eq(documentSummaries.subscriberId, row.subscriberId),
          eq(documentSummaries.entityId, row.entityId),
          eq(documentSummaries.direction, 'Sales'),
          eq(documentSummaries.returnPeriod, row.returnPeriod),
          gt(documentSummaries.updatedAt, row.generatedAt),
        ),
      )
      .limit(1);
    if (summary) return true;
  }
  let n = 0;
  for (const part of parts) {
    const [counted] = await db.select({ n: count() }).from(documents).where(part);
    n += Number(counted?.n ?? 0);
  }
  return n !== row.documentCount;
};

export const errorCountOf = async (db: DbOrTx, returnId: number): Promise<number> => {
  const [n] = await db.select({ n: count() }).from(returnErrors).where(eq(returnErrors.returnId, returnId));
  return Number(n?.n ?? 0);
};

/**
 * A return opens with the registration's first period (RET0016 before it); a GSTR-1A, from July 2024 (RET0017), once
 * the GSTR-1 of its period is filed (RET0004): generate-request.service.ts refuses the generation otherwise.
 */
const isOpen = async (
  db: DbOrTx,
  subscriberId: number,
  target: ReturnTarget,
  returnType: FiledReturnForm,
  returnPeriod: string,
): Promise<boolean> => {
  if (isBeforeRegistration(returnPeriod, target.registrationDate)) return false;
  if (returnType === 'GSTR1') return true;
  return hasGstr1a(returnPeriod) && (await findReturnByKey(db, subscriberId, target.entityId, 'GSTR1', returnPeriod))?.status === 'Filed';
};

/** Only a return not yet submitted at the portal can still be generated, and so take a correction. */
const canGenerate = (row: ReturnRow | undefined, open: boolean): boolean =>
  open && (row === undefined || row.status === 'NotSubmitted' || row.status === 'Error');

/** The corrections a return of a location holds, would take, or leaves to the return that holds them. */
const correctionsOfReturn = async (
  db: DbOrTx,
  subscriberId: number,
  target: ReturnTarget,
  returnType: FiledReturnForm,
  returnPeriod: string,
  row: ReturnRow | undefined,
  open: boolean,
) =>
  correctionsFor(
    { returnType, returnPeriod },
    (await correctionsOf(db, subscriberId, [target.entityId], returnPeriod)).get(target.entityId),
    canGenerate(row, open),
  );

export const returnDetail = async (db: DbOrTx, target: ReturnTarget, row: ReturnRow): Promise<ReturnDetail> => {
  const open = await isOpen(db, row.subscriberId, target, row.returnType, row.returnPeriod);
  return detailOf(target, row, {
    stale: await isStale(db, row),
    errorCount: await errorCountOf(db, row.id),
    isOpen: open,
    corrections: await correctionsOfReturn(db, row.subscriberId, target, row.returnType, row.returnPeriod, row, open),
  });
};

/** The detail of a GSTIN's return for a period, generated or not. */
export const returnDetailByKey = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  entityId: number,
  returnType: FiledReturnForm,
  returnPeriod: string,
): Promise<ReturnDetail> => {
  const target = await returnTarget(db, principal, entityId);
  const row = await findReturnByKey(db, principal.subscriberId, entityId, returnType, returnPeriod);
  if (row) return returnDetail(db, target, row);
  const open = await isOpen(db, principal.subscriberId, target, returnType, returnPeriod);
  const corrections = await correctionsOfReturn(db, principal.subscriberId, target, returnType, returnPeriod, undefined, open);
  // A GSTR-1A holds corrections only: what it would take, not the period's books.
  const documentCount =
    returnType === 'GSTR1A'
      ? corrections.open
      : ((await booksCounts(db, principal.subscriberId, [entityId], returnPeriod)).get(entityId) ?? 0);
  return blankDetail(target, returnType, returnPeriod, documentCount, open, corrections);
};

const listRow = (
  target: ReturnTarget,
  returnType: FiledReturnForm,
  returnPeriod: string,
  row: ReturnRow | undefined,
  documentCount: number,
  corrections: ReturnCorrections,
): ReturnListRow => ({
  id: row?.id ?? null,
  entityId: target.entityId,
  entityName: target.entityName,
  gstin: target.gstin,
  returnType,
  returnPeriod,
  dueDate: dueDateOf(returnType, returnPeriod, target.stateCode),
  status: row?.status ?? 'NotSubmitted',
  generationStatus: row?.generationStatus ?? 'YetNotStarted',
  documentCount,
  filedAt: row?.filedAt?.toISOString() ?? null,
  arn: row?.arn ?? null,
  deadline: deadlineOf(target, returnType, returnPeriod),
  corrections,
});

/** A location's GSTR-3B of the period (gstr3b module): computed or not, with its filing status. */
const gstr3bListRow = (target: ReturnTarget, returnPeriod: string, row: typeof gstr3bReturns.$inferSelect | undefined): ReturnListRow => ({
  id: row?.id ?? null,
  entityId: target.entityId,
  entityName: target.entityName,
  gstin: target.gstin,
  returnType: 'GSTR3B',
  returnPeriod,
  dueDate: dueDateOf('GSTR3B', returnPeriod, target.stateCode),
  status: row?.status ?? 'NotSubmitted',
  generationStatus: row?.computedAt ? 'Completed' : 'YetNotStarted',
  documentCount: null,
  filedAt: row?.filedAt?.toISOString() ?? null,
  arn: row?.arn ?? null,
  deadline: deadlineOf(target, 'GSTR3B', returnPeriod),
  corrections: { held: 0, open: 0, elsewhere: [] },
});

/**
 * One GSTR-1 and one GSTR-3B row per location whose registration has begun by the period. A GSTR-1A row (from July
 * 2024, once the GSTR-1 is filed) only when there is something in it: it exists, or corrections of the period wait
 * that it would take. It is optional, so an empty one is not offered as work to do.
 */
const rowsOf = async (
  db: DbOrTx,
  subscriberId: number,
  allTargets: readonly ReturnTarget[],
  returnPeriod: string,
): Promise<ReturnListRow[]> => {
  const targets = allTargets.filter((t) => !isBeforeRegistration(returnPeriod, t.registrationDate));
  const ids = targets.map((t) => t.entityId);
  if (ids.length === 0) return [];
  const stored = await db
    .select()
    .from(returns)
    .where(and(eq(returns.subscriberId, subscriberId), eq(returns.returnPeriod, returnPeriod), inArray(returns.entityId, ids)));
  const byKey = new Map(stored.map((r) => [`${r.entityId}|${r.returnType}`, r]));
  const gstr3bs = await db
    .select()
    .from(gstr3bReturns)
    .where(
      and(eq(gstr3bReturns.subscriberId, subscriberId), eq(gstr3bReturns.returnPeriod, returnPeriod), inArray(gstr3bReturns.entityId, ids)),
    );
  const gstr3bOf = new Map(gstr3bs.map((r) => [r.entityId, r]));
  const books = await booksCounts(db, subscriberId, ids, returnPeriod);
  const corrections = await correctionsOf(db, subscriberId, ids, returnPeriod);
  return targets.flatMap((t) => {
    const gstr1 = byKey.get(`${t.entityId}|GSTR1`);
    const gstr1a = byKey.get(`${t.entityId}|GSTR1A`);
    const own = corrections.get(t.entityId);
    const rows = [
      listRow(
        t,
        'GSTR1',
        returnPeriod,
        gstr1,
        books.get(t.entityId) ?? 0,
        correctionsFor({ returnType: 'GSTR1', returnPeriod }, own, canGenerate(gstr1, true)),
      ),
    ];
    const gstr1aOpen = gstr1?.status === 'Filed' && hasGstr1a(returnPeriod);
    const oneA = correctionsFor({ returnType: 'GSTR1A', returnPeriod }, own, canGenerate(gstr1a, gstr1aOpen));
    if (gstr1a || oneA.open > 0) rows.push(listRow(t, 'GSTR1A', returnPeriod, gstr1a, gstr1a?.documentCount ?? oneA.open, oneA));
    rows.push(gstr3bListRow(t, returnPeriod, gstr3bOf.get(t.entityId)));
    return rows;
  });
};

const SORT_FIELDS = ['gstin', 'entityName', 'status', 'dueDate'] as const;
type SortField = (typeof SORT_FIELDS)[number];

const comparatorOf = (sortExpression: string | null | undefined): ((a: ReturnListRow, b: ReturnListRow) => number) => {
  const match = /^(\w+)\s+(ASC|DESC)$/i.exec((sortExpression ?? '').trim() || 'gstin ASC');
  const field = match?.[1] as SortField | undefined;
  if (!match || !field || !SORT_FIELDS.includes(field)) {
    throw new AppError('GEN0009', {
      propertyName: 'SortExpression',
      message: `Sort by one of: ${SORT_FIELDS.join(', ')}, then ASC or DESC.`,
    });
  }
  const sign = match[2]?.toUpperCase() === 'DESC' ? -1 : 1;
  const tie = (a: ReturnListRow, b: ReturnListRow) =>
    a.gstin.localeCompare(b.gstin) || a.returnType.localeCompare(b.returnType) || a.entityId - b.entityId;
  return (a, b) => sign * String(a[field]).localeCompare(String(b[field])) || tie(a, b);
};

/** The locations of the scope that carry a GSTIN. */
const targetsOf = async (db: DbOrTx, subscriberId: number, ids: readonly number[]): Promise<ReturnTarget[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      entityId: entities.id,
      entityName: entities.entityName,
      gstin: entities.gstin,
      stateCode: entities.stateCode,
      registrationDate: entities.registrationDate,
      createdAt: entities.createdAt,
    })
    .from(entities)
    .where(
      and(
        eq(entities.subscriberId, subscriberId),
        inArray(entities.id, [...ids]),
        isNotNull(entities.gstin),
        ne(entities.gstin, ''),
        ne(entities.status, 'Delete'),
      ),
    );
  return rows.map((r) => ({
    entityId: r.entityId,
    entityName: r.entityName,
    gstin: r.gstin ?? '',
    stateCode: r.stateCode ?? (r.gstin ?? '').slice(0, 2),
    registrationDate: r.registrationDate,
    createdAt: r.createdAt,
  }));
};

export const searchReturns = async (db: DbOrTx, principal: SessionPrincipal, request: ReturnListRequest): Promise<ReturnListResponse> => {
  const compare = comparatorOf(request.sortExpression);
  const scope = await locationScope(db, principal, request.entityIds);
  const targets = await targetsOf(db, principal.subscriberId, scope);
  let rows = await rowsOf(db, principal.subscriberId, targets, request.returnPeriod);
  if (request.returnTypes?.length) rows = rows.filter((r) => request.returnTypes?.includes(r.returnType));
  if (request.statuses?.length) rows = rows.filter((r) => request.statuses?.includes(r.status));
  rows.sort(compare);
  const start = request.start ?? 0;
  return { items: rows.slice(start, start + (request.size ?? 50)), totalRecords: rows.length };
};

export const returnOverview = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  entityId: number,
  returnPeriod: string,
  portalSession: ReturnOverview['portalSession'],
): Promise<ReturnOverview> => {
  const target = await returnTarget(db, principal, entityId);
  return {
    entityId,
    entityName: target.entityName,
    gstin: target.gstin,
    returnPeriod,
    returns: await rowsOf(db, principal.subscriberId, [target], returnPeriod),
    inward: await inwardDownloads(db, principal.subscriberId, entityId, returnPeriod),
    portalSession,
  };
};

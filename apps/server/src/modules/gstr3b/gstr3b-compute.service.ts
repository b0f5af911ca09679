// Computing a GSTR-3B, in the background (COMPUTE_JOB): the request marks the return InProgress and queues the job;
// the job reads the period's rows from the database into the domain's Gstr3bInput (its stage and the rows read kept on
// the return for the screen's progress bar), runs buildGstr3b, counts table 5.1's interest and late fee to today and
// stores the result with the ids behind each figure (the drill-down). The user's figures stay as they were: a new
// computation changes only the system's column.
import type { Gstr3bComputeStage, Gstr3bSourceCount } from '@opengst/contracts';
import { buildGstr3b, indiaDateOf, periodsCovered, type Gstr3bInput, type Gstr3bResult } from '@opengst/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents, gstr3bReturns, portalDocuments } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/queue';
import { figuresOfResult, rowKeyOf } from './gstr3b-figures';
import { paymentPlanOf, UNKNOWN_LEDGERS } from './gstr3b-payment';
import { assertNotSubmitted } from './gstr3b-portal.service';
import { COMPUTE_JOB } from './gstr3b.jobs';
import {
  gstr3bDueDate,
  gstr3bTarget,
  openGstr3b,
  precedingTurnoverOf,
  replaceFigureSources,
  writeGstr3bHistory,
  type FigureSources,
  type Gstr3bTarget,
} from './gstr3b.repo';
import { claimedElsewhere, decisionsOf, loadDecidedRows, loadGstr2b, loadPurchases } from './inward-inputs.queries';
import { loadOutwardDocuments, loadOutwardSummaries, type Gstr3bScope } from './outward-inputs.queries';
import type { OnRows } from './read-rows.queries';

export type Frequency = 'monthly' | 'quarterly';

/** What gstr3b_returns.computed holds: the result without the ids behind its figures, which are counted instead. */
export type StoredComputation = {
  result: Gstr3bResult;
  /** By rowKeyOf(figure, placeOfSupply). */
  sourceCounts: Record<string, Gstr3bSourceCount>;
  excluded: { code: string; reason: string; count: number }[];
};

/** Issues kept with a computation: enough to act on; a period with more has a problem the first ones show. */
const MAX_ISSUES = 500;

/** The months a return takes; a quarterly return's period must be the quarter's last month (Rule 61(2), 61A). */
export const periodsOf = (period: string, frequency: Frequency): string[] => {
  try {
    return periodsCovered(period, frequency);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('GEN0009', { propertyName: 'returnPeriod', message: error.message });
    throw error;
  }
};

/** Told when the reading moves to the next kind of row, and of the rows each batch read. */
export type ReadProgress = { stage: (stage: Gstr3bComputeStage) => Promise<void>; rows: OnRows };

const SILENT: ReadProgress = { stage: async () => {}, rows: async () => {} };

/** The domain's input for the return, read from the database. */
export const loadGstr3bInput = async (
  db: Db,
  subscriberId: number,
  target: Gstr3bTarget,
  period: string,
  frequency: Frequency,
  progress: ReadProgress = SILENT,
): Promise<Gstr3bInput> => {
  const scope: Gstr3bScope = { subscriberId, entityId: target.entityId, periods: periodsOf(period, frequency) };
  const decided = await loadDecidedRows(db, scope, target.gstin);
  const elsewhere = claimedElsewhere(decided, scope.periods);
  const imsActions = new Map<number, 'Accept' | 'Reject' | 'Pending'>();
  for (const row of decided) if (row.action) for (const id of row.portalIds) imsActions.set(id, row.action);
  await progress.stage('gstr2b');
  const gstr2b = await loadGstr2b(db, scope, elsewhere.portalIds, imsActions, progress.rows);
  const periodOf = new Map(gstr2b.map((r) => [r.id, r.returnPeriod]));
  await progress.stage('sales');
  const outward = { documents: await loadOutwardDocuments(db, scope, progress.rows), summaries: await loadOutwardSummaries(db, scope) };
  await progress.stage('purchases');
  const purchases = await loadPurchases(db, scope, elsewhere.purchaseIds, progress.rows);
  return {
    gstin: target.gstin,
    period,
    frequency,
    outward,
    inward: { purchases, gstr2b, decisions: decisionsOf(decided, scope.periods, (id) => periodOf.get(id)) },
  };
};

/** About how many rows the computation reads: the months' documents and GSTR-2B records of the location. */
const rowsToRead = async (db: Db, scope: Gstr3bScope): Promise<number> => {
  const periods = [...scope.periods];
  const [books] = await db
    .select({ n: count() })
    .from(documents)
    .where(
      and(
        eq(documents.subscriberId, scope.subscriberId),
        eq(documents.entityId, scope.entityId),
        inArray(documents.returnPeriod, periods),
        eq(documents.isDraftDocument, false),
      ),
    );
  const [portal] = await db
    .select({ n: count() })
    .from(portalDocuments)
    .where(
      and(
        eq(portalDocuments.subscriberId, scope.subscriberId),
        eq(portalDocuments.entityId, scope.entityId),
        inArray(portalDocuments.returnPeriod, periods),
        eq(portalDocuments.source, 'GSTR2B'),
      ),
    );
  return (books?.n ?? 0) + (portal?.n ?? 0);
};

/** The return built from the database, and what it read; the rows read are left to the collector once it is built. */
const buildFromDatabase = async (
  db: Db,
  subscriberId: number,
  target: Gstr3bTarget,
  period: string,
  frequency: Frequency,
  progress: ReadProgress,
) => {
  const input = await loadGstr3bInput(db, subscriberId, target, period, frequency, progress);
  const counts = `${input.outward.documents.length} sales documents, ${input.inward?.purchases?.length ?? 0} purchases, ${input.inward?.gstr2b?.length ?? 0} GSTR-2B records`;
  await progress.stage('compute');
  return { result: buildGstr3b(input), counts };
};

/** The ids behind each figure as rows to store, and their counts. */
const sourcesOf = (result: Gstr3bResult): { rows: FigureSources[]; counts: Record<string, Gstr3bSourceCount> } => {
  const rows: FigureSources[] = [];
  const counts: Record<string, Gstr3bSourceCount> = {};
  for (const f of figuresOfResult(result)) {
    if (!f.sources) continue;
    const placeOfSupply = f.placeOfSupply ?? '';
    const { documentIds, portalIds, summaryIds } = f.sources;
    rows.push(
      { figure: f.figure, placeOfSupply, kind: 'documents', ids: documentIds },
      { figure: f.figure, placeOfSupply, kind: 'portal', ids: portalIds },
      { figure: f.figure, placeOfSupply, kind: 'summaries', ids: summaryIds },
    );
    counts[rowKeyOf(f.figure, f.placeOfSupply)] = { documents: documentIds.length, gstr2b: portalIds.length, summaries: summaryIds.length };
  }
  return { rows, counts };
};

const EMPTY_SOURCES = { documentIds: [], portalIds: [], summaryIds: [] };

/** The result as stored: ids and exclusions counted, not listed (they are the drill-down's, read from their table). */
const storedOf = (result: Gstr3bResult, counts: Record<string, Gstr3bSourceCount>): StoredComputation => {
  const excluded = new Map<string, { code: string; reason: string; count: number }>();
  for (const e of result.excluded) {
    const at = excluded.get(e.code);
    if (at) at.count++;
    else excluded.set(e.code, { code: e.code, reason: e.reason, count: 1 });
  }
  const bare = JSON.parse(
    JSON.stringify({ ...result, excluded: [], issues: result.issues.slice(0, MAX_ISSUES) }, (key, value: unknown) =>
      key === 'sources' ? EMPTY_SOURCES : value,
    ),
  ) as Gstr3bResult;
  return { result: bare, sourceCounts: counts, excluded: [...excluded.values()] };
};

/** The state of a computation as the return row keeps it. */
const computeState = (
  status: 'InProgress' | 'Completed' | 'Failed',
  stage: Gstr3bComputeStage | null,
  rows: { done?: number; total?: number } = {},
  message: string | null = null,
) => ({ computeStatus: status, computeStage: stage, computeDone: rows.done ?? 0, computeTotal: rows.total ?? 0, computeMessage: message });

/**
 * Asks for the return of `period` to be computed: the return (created on first use) is marked InProgress and the job
 * queued; answers its id. Refused while the return is submitted or filed (RET0007: what the portal holds stays what
 * the product shows) or while a computation of it runs (RET0024).
 */
export const requestGstr3bCompute = async (
  deps: { db: Db; jobs: JobQueue },
  principal: SessionPrincipal,
  target: Gstr3bTarget,
  request: { returnPeriod: string; frequency: Frequency },
  ip?: string,
): Promise<number> => {
  const { db } = deps;
  const { returnPeriod: period, frequency } = request;
  periodsOf(period, frequency);
  const id = await db.transaction(async (tx) => {
    const row = await openGstr3b(tx, principal.subscriberId, target, period, frequency);
    assertNotSubmitted(row);
    if (row.computeStatus === 'InProgress') throw new AppError('RET0024');
    await tx
      .update(gstr3bReturns)
      .set({ ...computeState('InProgress', 'queued'), frequency })
      .where(eq(gstr3bReturns.id, row.id));
    await writeAudit(tx, principal, {
      entityType: 'Gstr3b',
      entityKey: row.id,
      entityName: `GSTR3B ${target.gstin} ${period}`,
      action: 'Update',
      before: { computeStatus: row.computeStatus },
      after: { computeStatus: 'InProgress', frequency },
      ...(ip ? { ip } : {}),
    });
    return row.id;
  });
  // Queued after the commit: on PGlite the job queue shares the one connection an open transaction holds.
  await deps.jobs.send(COMPUTE_JOB, { returnId: id, userId: principal.userId });
  return id;
};

export const INTERRUPTED_COMPUTE = 'The server stopped while this GSTR-3B was being computed: compute it again.';
const FAILED_COMPUTE = 'The GSTR-3B could not be computed because of an unexpected error; compute it again.';

/**
 * The job: computes the return queued by requestGstr3bCompute and stores it, or records why it failed. A return
 * submitted meanwhile keeps what it had (RET0007's message).
 */
export const processGstr3bCompute = async (deps: { db: Db; now: () => Date }, returnId: number, userId: number | null): Promise<void> => {
  const { db } = deps;
  const [row] = await db.select().from(gstr3bReturns).where(eq(gstr3bReturns.id, returnId));
  if (!row || row.computeStatus !== 'InProgress') return;
  const { returnPeriod: period, frequency } = row;
  try {
    const target = await gstr3bTarget(db, { subscriberId: row.subscriberId }, row.entityId);
    const total = await rowsToRead(db, { subscriberId: row.subscriberId, entityId: row.entityId, periods: periodsOf(period, frequency) });
    let stage: Gstr3bComputeStage = 'queued';
    let done = 0;
    const report = () =>
      db
        .update(gstr3bReturns)
        .set(computeState('InProgress', stage, { done: Math.min(done, total), total }))
        .where(eq(gstr3bReturns.id, returnId));
    const progress: ReadProgress = {
      stage: async (next) => {
        stage = next;
        if (next === 'compute') done = total;
        await report();
      },
      rows: async (n) => {
        done += n;
        await report();
      },
    };
    const { result, counts } = await buildFromDatabase(db, row.subscriberId, target, period, frequency, progress);
    // 5.1 counted to today, as if filed now; the set-off counts it again on the day it is asked for.
    const plan = paymentPlanOf({
      figures: result,
      userInterest: null,
      userLateFee: null,
      ledgers: UNKNOWN_LEDGERS,
      period,
      dueDate: gstr3bDueDate(period, frequency, target.stateCode),
      asOf: indiaDateOf(deps.now()),
      aggregateTurnover: await precedingTurnoverOf(db, target.entityId, period),
    });
    result.table51 = { interest: plan.payable.interest, lateFee: plan.payable.lateFee };
    const sources = sourcesOf(result);
    const stored = storedOf(result, sources.counts);
    await progress.stage('store');
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(gstr3bReturns).where(eq(gstr3bReturns.id, returnId)).for('update');
      if (!current || current.computeStatus !== 'InProgress') return;
      assertNotSubmitted(current);
      await tx
        .update(gstr3bReturns)
        .set({
          ...computeState('Completed', null, { done: total, total }),
          computed: stored,
          computedAt: deps.now(),
          computedBy: userId,
          updatedAt: deps.now(),
        })
        .where(eq(gstr3bReturns.id, returnId));
      await replaceFigureSources(tx, returnId, sources.rows);
      await writeGstr3bHistory(tx, returnId, userId, { action: 'Compute', message: `${counts}; ${result.issues.length} issues.` });
    });
  } catch (error) {
    const message = error instanceof AppError ? error.message : FAILED_COMPUTE;
    if (!(error instanceof AppError)) console.error(`[gstr3b ${returnId}]`, error);
    await db
      .update(gstr3bReturns)
      .set(computeState('Failed', null, {}, message))
      .where(eq(gstr3bReturns.id, returnId));
    await writeGstr3bHistory(db, returnId, userId, { action: 'Compute', message });
  }
};

/** On start, a computation still InProgress belonged to a process that died; the last completed one is intact. */
export const recoverInterruptedComputes = async (db: Db): Promise<number> => {
  const rows = await db
    .update(gstr3bReturns)
    .set(computeState('Failed', null, {}, INTERRUPTED_COMPUTE))
    .where(eq(gstr3bReturns.computeStatus, 'InProgress'))
    .returning({ id: gstr3bReturns.id });
  for (const { id } of rows) await writeGstr3bHistory(db, id, null, { action: 'Compute', message: INTERRUPTED_COMPUTE });
  return rows.length;
};

// Computing a GSTR-3B: the period's rows read from the database into the domain's Gstr3bInput, buildGstr3b, table
// 5.1's interest and late fee counted to today, and the result stored with the ids behind each figure (the
// drill-down). The user's figures stay as they were: a new computation changes only the system's column.
import type { Gstr3bSourceCount } from '@opengst/contracts';
import { buildGstr3b, indiaDateOf, periodsCovered, type Gstr3bInput, type Gstr3bResult } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gstr3bReturns } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { figuresOfResult, rowKeyOf } from './gstr3b-figures';
import { paymentPlanOf, UNKNOWN_LEDGERS } from './gstr3b-payment';
import {
  gstr3bDueDate,
  openGstr3b,
  precedingTurnoverOf,
  replaceFigureSources,
  writeGstr3bHistory,
  type FigureSources,
  type Gstr3bTarget,
} from './gstr3b.repo';
import { claimedElsewhere, decisionsOf, loadDecidedRows, loadGstr2b, loadPurchases } from './inward-inputs.queries';
import { loadOutwardDocuments, loadOutwardSummaries, type Gstr3bScope } from './outward-inputs.queries';

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

/** The domain's input for the return, read from the database. */
export const loadGstr3bInput = async (
  db: Db,
  subscriberId: number,
  target: Gstr3bTarget,
  period: string,
  frequency: Frequency,
): Promise<Gstr3bInput> => {
  const scope: Gstr3bScope = { subscriberId, entityId: target.entityId, periods: periodsOf(period, frequency) };
  const decided = await loadDecidedRows(db, scope, target.gstin);
  const elsewhere = claimedElsewhere(decided, scope.periods);
  const imsActions = new Map<number, 'Accept' | 'Reject' | 'Pending'>();
  for (const row of decided) if (row.action) for (const id of row.portalIds) imsActions.set(id, row.action);
  const gstr2b = await loadGstr2b(db, scope, elsewhere.portalIds, imsActions);
  const periodOf = new Map(gstr2b.map((r) => [r.id, r.returnPeriod]));
  return {
    gstin: target.gstin,
    period,
    frequency,
    outward: { documents: await loadOutwardDocuments(db, scope), summaries: await loadOutwardSummaries(db, scope) },
    inward: {
      purchases: await loadPurchases(db, scope, elsewhere.purchaseIds),
      gstr2b,
      decisions: decisionsOf(decided, scope.periods, (id) => periodOf.get(id)),
    },
  };
};

/** The return built from the database, and what it read; the rows read are left to the collector once it is built. */
const buildFromDatabase = async (db: Db, subscriberId: number, target: Gstr3bTarget, period: string, frequency: Frequency) => {
  const input = await loadGstr3bInput(db, subscriberId, target, period, frequency);
  const counts = `${input.outward.documents.length} sales documents, ${input.inward?.purchases?.length ?? 0} purchases, ${input.inward?.gstr2b?.length ?? 0} GSTR-2B records`;
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

/**
 * Computes the return of `period` for the location and stores it; answers the return's id. A submitted or filed return
 * is not computed again (RET0003): what the portal holds stays what the product shows.
 */
export const computeGstr3b = async (
  deps: { db: Db; now: () => Date },
  principal: SessionPrincipal,
  target: Gstr3bTarget,
  request: { returnPeriod: string; frequency: Frequency },
  ip?: string,
): Promise<number> => {
  const { db } = deps;
  const { returnPeriod: period, frequency } = request;
  const { result, counts } = await buildFromDatabase(db, principal.subscriberId, target, period, frequency);
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
  return db.transaction(async (tx) => {
    const row = await openGstr3b(tx, principal.subscriberId, target, period, frequency);
    if (row.status === 'Submitted' || row.status === 'Filed') throw new AppError('RET0003');
    await tx
      .update(gstr3bReturns)
      .set({ computed: stored, computedAt: deps.now(), computedBy: principal.userId, frequency, updatedAt: deps.now() })
      .where(eq(gstr3bReturns.id, row.id));
    await replaceFigureSources(tx, row.id, sources.rows);
    await writeGstr3bHistory(tx, row.id, principal.userId, { action: 'Compute', message: `${counts}; ${result.issues.length} issues.` });
    await writeAudit(tx, principal, {
      entityType: 'Gstr3b',
      entityKey: row.id,
      entityName: `GSTR3B ${target.gstin} ${period}`,
      action: 'Update',
      after: { computed: true, frequency, counts },
      ...(ip ? { ip } : {}),
    });
    return row.id;
  });
};

// The reconciliation job: reads the books and the portal's documents of the run's scope, runs the engine with the
// subscriber's tolerances, replays the users' decisions, keeps the rows that touch the run's periods and stores them
// with COPY into a partition of its own (run-partition.ts), then the summaries. A later run over the same scope
// supersedes this one (its partition is dropped); a crash leaves the run Failed with its partial rows removed at the
// next start.
import { applyDecisions, reconcile, type ReconcileRow, type ReconcileSettingsInput } from '@opengst/domain';
import type { ReconciliationSettingsSchema } from '@opengst/contracts';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { copyIn, type Db, type DbOrTx } from '../../db/database';
import { reconciliationFilings, reconciliationRuns, reconciliationTotals, reconciliationVendors } from '../../db/schema';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { markAwaiting2b } from './awaiting.service';
import { actionsOf, activeDecisions, decisionsForRun } from './decisions.repo';
import { loadBooks, loadPortalWithFilings, type RunScope } from './run-load.queries';
import { COPY_COLUMNS, copyLineOf, explainedRows, keyOfPortal, rowRecordOf } from './row-record';
import { attachRunTable, createRunTable, dropRunRows } from './run-partition';
import { INTERRUPTED_RUN } from './runs.service';
import { filingTotals, refreshRunSummary, rowTotals, vendorsFromTotals } from './summaries.repo';

/** The job's stages, in order, for a caller that times them (the reconcile-job benchmark). */
export type RunStage = 'load' | 'engine' | 'store' | 'summaries' | 'done';
/** explainBudget: the candidate scorings spent on unpaired rows' explanations (row-record.ts; a test sets it). */
type Deps = { db: Db; now: () => Date; onStage?: (stage: RunStage) => void; explainBudget?: number };

const SOURCE_NAMES = { GSTR2B: 'GSTR-2B', GSTR2A: 'GSTR-2A', IMS: 'IMS records' } as const;

/** How many rows are written between two progress updates. */
const PROGRESS_EVERY = 50_000;
/** COPY lines handed to the writer at once. */
const COPY_BATCH_CHARS = 32 * 1024;

/** The subscriber's reconciliation settings as the engine takes them (tolerances in rupees). */
export const engineSettingsOf = (s: z.infer<typeof ReconciliationSettingsSchema>): ReconcileSettingsInput => ({
  tolerances: {
    invoiceValue: s.invoiceValueTolerance,
    taxable: s.taxableValueTolerance,
    igst: s.igstTolerance,
    cgst: s.cgstTolerance,
    sgst: s.sgstTolerance,
    cess: s.cessTolerance,
  },
  dateToleranceDays: s.dateToleranceDays,
  matchAcrossFinancialYears: s.matchAcrossFinancialYears,
  panLevelMatching: s.panLevelMatching,
});

const inPeriods = (from: string, to: string) => {
  const sortable = (p: string | undefined) => (p ? p.slice(2) + p.slice(0, 2) : '');
  const lo = sortable(from);
  const hi = sortable(to);
  const within = (d: { returnPeriod?: string }) => {
    const p = sortable(d.returnPeriod);
    return p >= lo && p <= hi;
  };
  return (row: ReconcileRow): boolean => row.purchases.some(within) || row.portal.some(within);
};

/** A run's rows and summaries (of a superseded, failed or interrupted run). */
const deleteResults = async (db: DbOrTx, runId: number): Promise<void> => {
  await dropRunRows(db, runId);
  await db.delete(reconciliationVendors).where(eq(reconciliationVendors.runId, runId));
  await db.delete(reconciliationTotals).where(eq(reconciliationTotals.runId, runId));
  await db.delete(reconciliationFilings).where(eq(reconciliationFilings.runId, runId));
};

type Run = typeof reconciliationRuns.$inferSelect;
type Progress = (set: Partial<typeof reconciliationRuns.$inferInsert>) => Promise<unknown>;

/**
 * The run's rows made and copied into its table (not attached yet): the documents read, the engine, the users'
 * decisions, the rows of the run's periods written with COPY, and the filing summary. Answers only what the summaries
 * need: the documents and the engine's rows (some 1.5 GB of a million-document run) are garbage once it returns,
 * before the table's indexes are built and the summaries made.
 */
const matchAndCopy = async (
  { db, onStage, explainBudget }: Deps,
  run: Run,
  progress: Progress,
): Promise<{ rows: number; totals: ReturnType<typeof rowTotals> }> => {
  const runId = run.id;
  onStage?.('load');
  const scope: RunScope = { ...run, portalSource: run.portalSource };
  const books = await loadBooks(db, scope);
  await progress({ stage: `Reading the stored ${SOURCE_NAMES[run.portalSource]}` });
  // The filing summary is summed from the same scan (the run's own periods, rejected records too).
  const filings = filingTotals();
  const portal = await loadPortalWithFilings(db, scope, filings.add);
  // Stored now: on PostgreSQL on a connection of its own while the engine runs and the rows are copied; on PGlite
  // between their queries.
  const filed = filings.store(db, run);
  filed.catch(() => undefined); // awaited below, also when the run fails (before its results are removed)
  try {
    await progress({ stage: 'Matching', booksDocuments: books.length, portalDocuments: portal.length });
    onStage?.('engine');
    const settings = engineSettingsOf((await loadSubscriberSettings(db, run.subscriberId)).reconciliation);
    const fresh = reconcile(books, portal, settings);
    // The users' decisions, replayed when any names this run's documents (the maps of a million ids are built only then).
    const stored = await activeDecisions(db, run.subscriberId);
    const decisions =
      stored.length === 0
        ? []
        : decisionsForRun(stored, new Set(books.map((d) => d.id)), new Map(portal.map((d) => [keyOfPortal(d), d.id])));
    const decided = decisions.length === 0 ? fresh : applyDecisions(fresh, decisions).result;
    // Against GSTR-2B, the PR only documents their suppliers reported in the 2A or IMS are Awaiting 2B (after the decisions).
    const result = await markAwaiting2b(db, scope, decided, portal);
    const rows = result.rows.filter(inPeriods(run.fromPeriod, run.toPeriod));
    await progress({ stage: 'Storing the results', done: 0, total: rows.length, settings: result.settings });

    onStage?.('store');
    const actions = await actionsOf(db, run.subscriberId);
    const explained = explainedRows(rows, books, portal, explainBudget);
    const totals = rowTotals();
    const copy = await copyIn(db, await createRunTable(db, runId), COPY_COLUMNS);
    try {
      let lines = '';
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        const record = rowRecordOf(row, runId, run.subscriberId, actions, explained(row), result.context);
        totals.add(record);
        lines += copyLineOf(record);
        if (lines.length >= COPY_BATCH_CHARS) {
          await copy.write(lines);
          lines = '';
        }
        if ((i + 1) % PROGRESS_EVERY === 0) await progress({ done: i + 1 });
      }
      await copy.write(lines);
      await copy.end();
    } catch (error) {
      copy.abort();
      throw error;
    }
    await filed;
    return { rows: rows.length, totals };
  } finally {
    await filed.catch(() => undefined);
  }
};

export const processRun = async (deps: Deps, runId: number): Promise<void> => {
  const { db, now, onStage } = deps;
  const [run] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
  if (!run || run.status !== 'YetNotStarted') return;
  const progress = (set: Partial<typeof reconciliationRuns.$inferInsert>) =>
    db.update(reconciliationRuns).set(set).where(eq(reconciliationRuns.id, runId));
  await progress({ status: 'InProgress', stage: 'Reading the purchase register' });
  try {
    const { rows, totals } = await matchAndCopy(deps, run, progress);
    await attachRunTable(db, runId);
    await progress({ stage: 'Summarising', done: rows });
    onStage?.('summaries');
    await totals.store(db, runId);
    await vendorsFromTotals(db, runId, run.subscriberId);
    await refreshRunSummary(db, runId);
    await db.execute(sql`ANALYZE reconciliation_totals, reconciliation_vendors, reconciliation_filings`);
    await db.transaction(async (tx) => {
      const older = await tx
        .update(reconciliationRuns)
        .set({ supersededBy: runId })
        .where(
          and(
            eq(reconciliationRuns.subscriberId, run.subscriberId),
            eq(reconciliationRuns.scopeKey, run.scopeKey),
            lt(reconciliationRuns.id, runId),
            ne(reconciliationRuns.status, 'InProgress'),
          ),
        )
        .returning({ id: reconciliationRuns.id });
      for (const { id } of older) await deleteResults(tx, id);
      await tx
        .update(reconciliationRuns)
        .set({ status: 'Completed', stage: null, finishedAt: now() })
        .where(eq(reconciliationRuns.id, runId));
    });
    onStage?.('done');
  } catch (error) {
    console.error(`[reconciliation run ${runId}]`, error);
    await deleteResults(db, runId);
    await progress({
      status: 'Failed',
      stage: null,
      finishedAt: now(),
      message: 'The reconciliation failed because of an unexpected error. Run it again; if it fails again, tell your administrator.',
    });
  }
};

/** At start: runs a stopped server left InProgress are failed and their partial rows removed. */
export const recoverInterruptedRuns = async (db: Db): Promise<number> => {
  const stopped = await db
    .update(reconciliationRuns)
    .set({ status: 'Failed', stage: null, message: INTERRUPTED_RUN })
    .where(eq(reconciliationRuns.status, 'InProgress'))
    .returning({ id: reconciliationRuns.id });
  for (const { id } of stopped) await deleteResults(db, id);
  return stopped.length;
};

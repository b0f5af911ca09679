// `npm run bench -- reconcile-job [--documents N] [--engine pglite|postgres|both] [--iterations N]`: the reconciliation
// job (issue 18) over 1,000,000 purchase documents against 1,000,000 GSTR-2B documents stored in the database, on PGlite
// and, when TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL (in a database of its own, dropped afterwards).
//
// The data is the engine benchmark's (bench/reconcile/generate.ts), written with COPY (bench/reconcile-job/seed.ts) by a
// child process of its own; a second child, run with --expose-gc, starts the run through the API (a signed-in user,
// app.inject) and runs the job (processRun: load, engine, store, summaries) in its own process, so its peak RSS
// (process.resourceUsage().maxRSS) is the job's, not the generator's or the seed's. The job's stages are timed through
// its onStage hook. The reference is the engine alone: reconcile() over the documents the job loads (loaded again with
// the job's own queries after it), with the same settings, in the same process; the job's row counts by status must equal
// the engine's. Then the reconciliation screens' lists over the stored results: the rows report through the API in the
// mix a user makes, the documents report's number search, p50/p95 against the raw SQL of the first page, and the vendors
// report's first page.
// One JSON line a case on stdout (../shared/design/CONVENTIONS.md "Benchmark output"). Targets: the job in 60 s on
// PostgreSQL and 120 s on PGlite, 10 times the engine alone at most, peak RSS under 2 GB; the lists' p95 under 150 ms.
import {
  HEADERS,
  RECONCILIATION_API,
  RECONCILIATION_DOCUMENTS_REPORT,
  RECONCILIATION_ROWS_REPORT,
  RECONCILIATION_VENDORS_REPORT,
  type Run,
} from '@opengst/contracts';
import { reconcile } from '@opengst/domain';
import { eq, sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { rowsOf } from '../apps/server/src/db/database';
import { reconciliationRuns } from '../apps/server/src/db/schema';
import { engineSettingsOf, processRun, type RunStage } from '../apps/server/src/modules/reconciliation/run.job';
import { loadBooks, loadPortal } from '../apps/server/src/modules/reconciliation/run-load.queries';
import { loadSubscriberSettings } from '../apps/server/src/platform/settings/subscriber-settings';
import { ensureFinancialYears } from '../apps/server/src/seed/provision';
import { seed } from './reconcile-job/seed';
import { runInChildren, type EngineState } from './support/engine-children';
import { benchApp, provisionBenchSubscriber, signIn } from './support/server';
import { runTargets } from './support/targets';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000000' },
    engine: { type: 'string', default: 'both' },
    iterations: { type: 'string', default: '40' },
  },
});
const DOCUMENTS = Number(args.documents);
const ITERATIONS = Number(args.iterations);
const WARM_UP = 3;
const TARGET_SECONDS = { pglite: 120, postgres: 60 } as const;
const TARGET_RATIO = 10;
const TARGET_RSS_MB = 2048;
const TARGET_P95_MS = 150;
const FROM_PERIOD = '042024';
const TO_PERIOD = '032025';
const NODE_FLAGS = ['--expose-gc'];

const round = (n: number, digits = 1): number => Number(n.toFixed(digits));
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => undefined);

/** What the seed child leaves for the job child. */
type State = EngineState & {
  subscriberId: number;
  entityIds: number[];
  userName: string;
  password: string;
  books: number;
  portal: number;
  seedSeconds: number;
};

/** Child 1: the subscriber, its two locations and the documents. */
const seedChild = async (state: State): Promise<State> => {
  const { app, ctx } = await benchApp(state);
  try {
    const { db } = ctx.database;
    await ensureFinancialYears(db, new Date());
    const userName = `bench-reconcile-${state.engine}`;
    const { tenant, password } = await provisionBenchSubscriber(db, userName, {
      name: 'Bench reconciliation',
      business: {
        name: 'Bench Industries',
        pan: 'AAACB1234C',
        locations: [
          { name: 'Mumbai', stateCode: '27', entityNumber: '1' },
          { name: 'Pune', stateCode: '27', entityNumber: '2' },
        ],
      },
    });
    const entityIds = tenant.entityIds.slice(1);
    const locations = await rowsOf<{ id: number; gstin: string }>(
      db,
      sql.raw(`SELECT id, gstin FROM entities WHERE id IN (${entityIds.join(',')}) ORDER BY id`),
    );
    const started = performance.now();
    const stored = await seed(db, tenant.subscriberId, locations, DOCUMENTS);
    const seedSeconds = (performance.now() - started) / 1000;
    console.error(`${state.engine}: stored ${stored.books} purchase and ${stored.portal} GSTR-2B documents in ${round(seedSeconds)} s`);
    return { ...state, subscriberId: tenant.subscriberId, entityIds, userName, password, ...stored, seedSeconds };
  } finally {
    await app.close();
  }
};

const measure = async (run: () => Promise<unknown>): Promise<{ p50: number; p95: number; max: number; times: number[] }> => {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN, times };
};

/** Child 2: the run through the API and the job, the engine alone over the same documents, then the lists. */
const jobChild = async (state: State): Promise<void> => {
  const { engine } = state;
  const { app, ctx } = await benchApp(state);
  try {
    const { db } = ctx.database;
    const token = await signIn(app, state.userName, state.password);
    const post = async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url, payload, headers: { [HEADERS.authToken]: token } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res.json().data as { items: unknown[]; totalRecords?: number };
    };
    const started = (await post(RECONCILIATION_API.runStart, {
      entityIds: state.entityIds,
      fromPeriod: FROM_PERIOD,
      toPeriod: TO_PERIOD,
    })) as unknown as Run;
    const runId = started.id;

    // The job, its stages timed by its hook; the RSS sampled every 50 ms, its highest per stage, and the process's
    // peak so far at each stage's end (the samples miss what a synchronous stretch allocates and frees: the engine,
    // and PGlite's queries, which run on this thread).
    gc();
    const marks: Partial<Record<RunStage, number>> = {};
    // CPU time of this process per stage too: on a shared machine the wall clock also counts the other processes'
    // turns. PGlite runs on this thread, so there it is the job's whole work; PostgreSQL's is in its server's processes.
    const cpu = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1e6;
    };
    const cpuMarks: Partial<Record<RunStage, number>> = {};
    const stageRssMb: Partial<Record<RunStage, number>> = {};
    const peakRssMbAtEnd: Partial<Record<RunStage, number>> = {};
    let current: RunStage = 'load';
    const sample = () => {
      stageRssMb[current] = Math.max(stageRssMb[current] ?? 0, Math.round(process.memoryUsage.rss() / 1024 / 1024));
    };
    const sampler = setInterval(sample, 50);
    const t0 = performance.now();
    const c0 = cpu();
    await processRun(
      {
        db,
        now: ctx.now,
        onStage: (stage) => {
          sample();
          if (stage !== 'load') peakRssMbAtEnd[current] = rssMb();
          marks[stage] = performance.now();
          cpuMarks[stage] = cpu();
          current = stage;
        },
      },
      runId,
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = cpu() - c0;
    clearInterval(sampler);
    const peakRssMb = rssMb();
    const [run] = await rowsOf<{ status: string; message: string | null; rows: number; by_status: { status: string; rows: number }[] }>(
      db,
      sql`SELECT status, message, rows, by_status FROM reconciliation_runs WHERE id = ${runId}`,
    );
    if (run?.status !== 'Completed') throw new Error(`run ${runId} ended ${run?.status}: ${run?.message}`);
    const span = (from: RunStage, to: RunStage) => round(((marks[to] ?? NaN) - (marks[from] ?? NaN)) / 1000, 2);
    const stages = {
      load: span('load', 'engine'),
      engine: span('engine', 'store'),
      store: span('store', 'summaries'),
      summaries: span('summaries', 'done'),
    };
    const cpuSpan = (from: RunStage, to: RunStage) => round((cpuMarks[to] ?? NaN) - (cpuMarks[from] ?? NaN), 2);
    const stagesCpu = {
      load: cpuSpan('load', 'engine'),
      engine: cpuSpan('engine', 'store'),
      store: cpuSpan('store', 'summaries'),
      summaries: cpuSpan('summaries', 'done'),
    };

    // The engine alone over the same documents, loaded again by the job's queries, with the same settings.
    const [stored] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
    const scope = { ...stored!, portalSource: stored!.portalSource };
    let books = await loadBooks(db, scope);
    let portal = await loadPortal(db, scope);
    const settings = engineSettingsOf((await loadSubscriberSettings(db, state.subscriberId)).reconciliation);
    gc();
    const e0 = performance.now();
    const ec0 = cpu();
    const result = reconcile(books, portal, settings);
    const engineSeconds = (performance.now() - e0) / 1000;
    const engineCpuSeconds = cpu() - ec0;
    const engineCounts: Record<string, number> = {};
    for (const row of result.rows) engineCounts[row.status] = (engineCounts[row.status] ?? 0) + 1;
    const jobCounts = Object.fromEntries(run.by_status.map((s) => [s.status, s.rows]));
    const countsAgree =
      Object.keys({ ...engineCounts, ...jobCounts }).every((status) => engineCounts[status] === jobCounts[status]) &&
      run.rows === result.rows.length;
    const loaded = { books: books.length, portal: portal.length };
    books = [];
    portal = [];

    const ratio = seconds / engineSeconds;
    console.log(
      JSON.stringify({
        bench: 'reconcile-job',
        case: `${engine}: job ${DOCUMENTS}x${DOCUMENTS}`,
        seconds: round(seconds, 2),
        ratio: round(ratio, 2),
        reference: 'engine alone: reconcile() over the same documents, same process',
        peakRssMb,
        metrics: {
          books: loaded.books,
          portal: loaded.portal,
          rows: run.rows,
          stages,
          stageRssMb,
          peakRssMbAtEnd,
          engineSeconds: round(engineSeconds, 2),
          cpuSeconds: round(cpuSeconds, 2),
          stagesCpu,
          engineCpuSeconds: round(engineCpuSeconds, 2),
          cpuRatio: round(cpuSeconds / engineCpuSeconds, 2),
          rowsPerSecond: Math.round(run.rows / seconds),
          byStatus: jobCounts,
          countsAgree,
          seedSeconds: round(state.seedSeconds, 1),
          nodeFlags: NODE_FLAGS.join(' '),
          ...runTargets(
            { seconds, ratio, peakRssMb },
            { seconds: TARGET_SECONDS[engine], ratio: TARGET_RATIO, rssMb: TARGET_RSS_MB },
            countsAgree ? [] : ['row counts by status differ from the engine alone'],
          ),
        },
      }),
    );

    // The lists over the stored results.
    const reference = await measure(() => db.execute(sql`SELECT * FROM reconciliation_rows WHERE run_id = ${runId} ORDER BY id LIMIT 50`));
    const suppliers = await rowsOf<{ supplier_gstin: string }>(
      db,
      sql`SELECT supplier_gstin FROM reconciliation_vendors WHERE run_id = ${runId}
          ORDER BY matched + matched_with_tolerance + mismatched + near_matched + books_only + portal_only DESC, supplier_gstin`,
    );
    const largest = suppliers[0]?.supplier_gstin ?? '';
    const typical = suppliers[Math.floor(suppliers.length / 2)]?.supplier_gstin ?? '';
    const ROWS = RECONCILIATION_ROWS_REPORT.endpoints.search.path;
    const rows = (extra: object) => post(ROWS, { ...extra, filters: { runId, ...((extra as { filters?: object }).filters ?? {}) } });
    const cases: { name: string; run: () => Promise<{ items: unknown[]; totalRecords?: number }> }[] = [
      { name: 'rows: first page', run: () => rows({}) },
      { name: 'rows: status Mismatched', run: () => rows({ filters: { statuses: ['Mismatched'] } }) },
      { name: 'rows: status PR only + GST only', run: () => rows({ filters: { statuses: ['PR only', 'GST only'] } }) },
      { name: 'rows: supplier (largest)', run: () => rows({ filters: { supplierGstins: [largest] } }) },
      { name: 'rows: supplier (typical)', run: () => rows({ filters: { supplierGstins: [typical] } }) },
      { name: 'rows: number search', run: () => rows({ filters: { documentNumber: 'INV/4321' } }) },
      // The documents tab's number search (either side of the rows, one document's number; the manual link's picker).
      {
        name: 'documents: number search',
        run: () =>
          post(RECONCILIATION_DOCUMENTS_REPORT.endpoints.search.path, { filters: { runId, side: 'portal', documentNumber: 'inv-43' } }),
      },
      { name: 'rows: sort itcAtRisk DESC', run: () => rows({ sortExpression: 'itcAtRisk DESC' }) },
      { name: 'rows: sort taxDifference ASC', run: () => rows({ sortExpression: 'taxDifference ASC' }) },
      { name: 'rows: load more at start 5000', run: () => rows({ start: 5000 }) },
      {
        name: 'vendors: first page',
        run: () => post(RECONCILIATION_VENDORS_REPORT.endpoints.search.path, { filters: { runId } }),
      },
    ];
    const all: number[] = [];
    for (const c of cases) {
      const first = await c.run();
      const m = await measure(c.run);
      all.push(...m.times);
      console.log(
        JSON.stringify({
          bench: 'reconcile-job',
          case: `${engine}: ${c.name}`,
          seconds: round(m.times.reduce((s, t) => s + t, 0) / 1000, 2),
          ratio: round(m.p50 / reference.p50, 1),
          reference: 'raw SQL of the first page',
          peakRssMb: rssMb(),
          metrics: {
            rows: run.rows,
            items: first.items.length,
            totalRecords: first.totalRecords ?? null,
            p50Ms: round(m.p50),
            p95Ms: round(m.p95),
            maxMs: round(m.max),
            referenceMs: round(reference.p50, 2),
            targetP95Ms: TARGET_P95_MS,
            targetMet: m.p95 < TARGET_P95_MS,
          },
        }),
      );
    }
    const sorted = all.sort((a, b) => a - b);
    const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)];
    console.log(
      JSON.stringify({
        bench: 'reconcile-job',
        case: `${engine}: lists, overall mix`,
        seconds: round(sorted.reduce((s, t) => s + t, 0) / 1000, 2),
        ratio: round(p50 / reference.p50, 1),
        reference: 'raw SQL of the first page',
        peakRssMb: rssMb(),
        metrics: {
          rows: run.rows,
          requests: sorted.length,
          p50Ms: round(p50),
          p95Ms: round(p95),
          referenceMs: round(reference.p50, 2),
          targetP95Ms: TARGET_P95_MS,
          targetMet: p95 < TARGET_P95_MS,
        },
      }),
    );
  } finally {
    await app.close();
  }
};

await runInChildren<State>({
  bench: 'reconcile-job',
  file: import.meta.url,
  engine: args.engine,
  roles: [
    { role: 'seed', run: seedChild },
    { role: 'job', nodeFlags: NODE_FLAGS, run: jobChild },
  ],
});

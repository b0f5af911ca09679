// `npm run bench -- registers [--documents N] [--iterations N] [--engine pglite|postgres|both]`: the sales register over 1,000,000 stored documents
// (about 2,000,000 item lines), on PGlite and, when TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL (in a
// database of its own, dropped afterwards). A signed-in user drives the real API (app.inject) through the mix the
// screen makes; each case prints p50/p95 and the ratio to the raw SQL of the first page measured in the same run
// (CONVENTIONS.md "Benchmark output"). Target: p95 under 150 ms.
import { HEADERS, REGISTER_API } from '@opengst/contracts';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { readConfig } from '../apps/server/src/config';
import { ensureFinancialYears } from '../apps/server/src/seed/provision';
import { customerGstin, numberOf, seed } from './registers/seed';
import { forEachEngine, scratchPostgres, type Engine } from './support/engines';
import { provisionBenchSubscriber, signIn } from './support/server';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000000' },
    iterations: { type: 'string', default: '40' },
    engine: { type: 'string', default: 'both' },
  },
});
const DOCUMENTS = Number(args.documents);
const ITERATIONS = Number(args.iterations);
const WARM_UP = 3;
const TARGET_P95_MS = 150;
const DEFAULT_FY = '2024-25';

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (n: number, digits = 1): number => Number(n.toFixed(digits));
const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
/** db.execute answers rows (postgres-js) or { rows } (PGlite). */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

const measure = async (run: () => Promise<void>): Promise<{ p50: number; p95: number; max: number; times: number[] }> => {
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

const runEngine = async (engine: Engine, databaseUrl?: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'opengst-bench-registers-'));
  const scratch = databaseUrl ? await scratchPostgres(databaseUrl) : undefined;
  const config = {
    ...readConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' }, ['--data-dir', dataDir]),
    ...(scratch ? { databaseUrl: scratch.url } : {}),
  };
  const { app, ctx } = await buildApp(config);
  try {
    const { db } = ctx.database;
    await ensureFinancialYears(db, new Date());
    const userName = `bench-registers-${engine}`;
    const { tenant, password } = await provisionBenchSubscriber(db, userName, {
      name: 'Bench registers',
      business: {
        name: 'Bench Industries',
        pan: 'AAACB1234C',
        locations: [
          { name: 'Delhi', stateCode: '07', entityNumber: '1' },
          { name: 'Chennai', stateCode: '33', entityNumber: '1' },
          { name: 'Mumbai', stateCode: '27', entityNumber: '1' },
          { name: 'Bengaluru', stateCode: '29', entityNumber: '1' },
        ],
      },
    });
    const locations = tenant.entityIds.slice(1);
    const seedStarted = performance.now();
    await seed(db, tenant.subscriberId, locations, DOCUMENTS);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const [stored] = rowsOf<{ documents: number; items: number }>(
      await db.execute(
        sql.raw(`SELECT (SELECT count(*) FROM documents)::int AS documents, (SELECT count(*) FROM document_items)::int AS items`),
      ),
    );
    console.error(`${engine}: seeded ${stored?.documents} documents and ${stored?.items} item lines in ${round(seedSeconds)} s`);

    const token = await signIn(app, userName, password);
    const post = async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url, payload, headers: { [HEADERS.authToken]: token } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res.json().data as { items: unknown[]; totalRecords?: number };
    };

    // Reference: the raw SQL of the first page, without the API, the totals or the joins.
    const reference = await measure(async () => {
      await db.execute(
        sql.raw(`SELECT * FROM documents WHERE subscriber_id = ${tenant.subscriberId} AND direction = 'Sales' AND is_draft_document = false
        AND financial_year = '${DEFAULT_FY}' ORDER BY id DESC LIMIT 50`),
      );
    });

    // The screen always carries the financial-year chip (a default key, modules §5); the rest is what users add.
    const fy = { financialYear: DEFAULT_FY };
    const bulk = Array.from({ length: 100 }, (_, i) => numberOf(Math.floor(DOCUMENTS / 2) + 1 + i * Math.floor(DOCUMENTS / 250)));
    const cases: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'first page, default sort', run: () => post(REGISTER_API.salesSearch, { filters: fy }) },
      {
        name: 'financial year + return period',
        run: () => post(REGISTER_API.salesSearch, { filters: { ...fy, returnPeriods: ['092024'] } }),
      },
      { name: 'bulk documentNumbers (100)', run: () => post(REGISTER_API.salesSearch, { filters: { ...fy, documentNumbers: bulk } }) },
      { name: 'sort documentValue DESC', run: () => post(REGISTER_API.salesSearch, { sortExpression: 'documentValue DESC', filters: fy }) },
      { name: 'counterparty GSTIN', run: () => post(REGISTER_API.salesSearch, { filters: { ...fy, gstins: [customerGstin(1234)] } }) },
      { name: 'status counts', run: () => post(REGISTER_API.salesStatusCount, { filters: fy }) },
      { name: 'load more at start 5000', run: () => post(REGISTER_API.salesSearch, { start: 5000, filters: fy }) },
    ];
    const all: number[] = [];
    for (const c of cases) {
      const first = (await c.run()) as { items: unknown[]; totalRecords?: number };
      const m = await measure(async () => {
        await c.run();
      });
      all.push(...m.times);
      console.log(
        JSON.stringify({
          bench: 'registers',
          case: `${engine}: ${c.name}`,
          seconds: round(m.times.reduce((s, t) => s + t, 0) / 1000, 2),
          ratio: round(m.p50 / reference.p50, 1),
          reference: 'raw SQL of the first page',
          peakRssMb: rssMb(),
          metrics: {
            documents: stored?.documents,
            rows: first.items.length,
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
        bench: 'registers',
        case: `${engine}: overall mix`,
        seconds: round(sorted.reduce((s, t) => s + t, 0) / 1000, 2),
        ratio: round(p50 / reference.p50, 1),
        reference: 'raw SQL of the first page',
        peakRssMb: rssMb(),
        metrics: {
          documents: stored?.documents,
          items: stored?.items,
          seedSeconds: round(seedSeconds),
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
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await forEachEngine('registers', args.engine, runEngine);

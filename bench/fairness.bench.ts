// `npm run bench -- fairness [--documents N] [--samples N] [--engine pglite|postgres|both]`: one user floods the server
// with waves of 50 concurrent sales-register searches over 200,000 stored documents while a second user's search and
// /api/v0.1/ping are timed one after the other; the same two requests timed on the idle server in the same run are the
// reference (ratio = p95 under the flood / p95 idle). On PGlite, and on PostgreSQL when TEST_DATABASE_URL or
// DATABASE_URL is set (in a database of its own, dropped afterwards). Targets (issue 16): /ping p95 under 200 ms and the
// second user's p95 under 1 s on PGlite; both under 300 ms on PostgreSQL.
import { HEADERS, REGISTER_API, SETTINGS_ENDPOINTS } from '@opengst/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { readConfig } from '../apps/server/src/config';
import { ensureFinancialYears } from '../apps/server/src/seed/provision';
import { seed } from './registers/seed';
import { forEachEngine, scratchPostgres, type Engine } from './support/engines';
import { provisionBenchSubscriber, signIn } from './support/server';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '200000' },
    samples: { type: 'string', default: '40' },
    engine: { type: 'string', default: 'both' },
  },
});
const DOCUMENTS = Number(args.documents);
/** The second user's own register, a tenth of the first one's. */
const SECOND_DOCUMENTS = Math.max(1000, Math.round(DOCUMENTS / 10));
const SAMPLES = Number(args.samples);
const FLOOD = 50;
/** Between two samples, so the samples spread over the flood rather than follow each other. */
const SAMPLE_GAP_MS = 50;
const TARGETS = {
  pglite: { pingP95Ms: 200, secondP95Ms: 1000 },
  postgres: { pingP95Ms: 300, secondP95Ms: 300 },
};

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (n: number, digits = 1): number => Number(n.toFixed(digits));
const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Timings = { second: number[]; ping: number[] };

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
};

const runEngine = async (engine: Engine, databaseUrl?: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'opengst-bench-fairness-'));
  const scratch = databaseUrl ? await scratchPostgres(databaseUrl) : undefined;
  const config = {
    ...readConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' }, ['--data-dir', dataDir]),
    ...(scratch ? { databaseUrl: scratch.url } : {}),
  };
  const { app, ctx } = await buildApp(config);
  try {
    const { db } = ctx.database;
    await ensureFinancialYears(db, new Date());
    const tenants = [];
    for (const [i, documents] of [DOCUMENTS, SECOND_DOCUMENTS].entries()) {
      const userName = `bench-fairness-${engine}-${i + 1}`;
      const { tenant, password } = await provisionBenchSubscriber(db, userName, {
        name: `Bench fairness ${i + 1}`,
        displayName: `Bench ${i + 1}`,
        business: {
          name: `Bench Industries ${i + 1}`,
          pan: 'AAACB1234C',
          locations: [
            { name: 'Delhi', stateCode: '07', entityNumber: '1' },
            { name: 'Mumbai', stateCode: '27', entityNumber: '1' },
          ],
        },
      });
      const seedStarted = performance.now();
      await seed(db, tenant.subscriberId, tenant.entityIds.slice(1), documents);
      console.error(`${engine}: seeded ${documents} documents for user ${i + 1} in ${round((performance.now() - seedStarted) / 1000)} s`);
      tenants.push({ userName, password });
    }
    const [flooder, second] = await Promise.all(tenants.map((t) => signIn(app, t.userName, t.password)));
    const search = (token: string | undefined) =>
      app.inject({
        method: 'POST',
        url: REGISTER_API.salesSearch,
        payload: { filters: { financialYear: '2024-25' } },
        headers: { [HEADERS.authToken]: token ?? '' },
      });
    const timed = async (run: () => Promise<{ statusCode: number; body: string }>, expected: number): Promise<number> => {
      const started = performance.now();
      const res = await run();
      const ms = performance.now() - started;
      if (res.statusCode !== expected) throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return ms;
    };
    const ping = () => app.inject({ method: 'GET', url: SETTINGS_ENDPOINTS.ping.path });
    const sample = async (): Promise<Timings> => {
      const t: Timings = { second: [], ping: [] };
      for (let i = 0; i < SAMPLES; i++) {
        t.second.push(await timed(() => search(second), 200));
        t.ping.push(await timed(ping, 204));
        await pause(SAMPLE_GAP_MS);
      }
      return t;
    };

    for (let i = 0; i < 3; i++) await Promise.all([search(flooder), search(second), ping()]);
    const idleStarted = performance.now();
    const idle = await sample();
    const idleSeconds = (performance.now() - idleStarted) / 1000;

    // The flood: waves of 50 concurrent searches by the first user, each wave sent once the previous one is answered.
    const flood = { waves: 0, accepted: 0, refused: 0, other: 0, retryAfter: new Set<string>() };
    let flooding = true;
    const floodStarted = performance.now();
    const floodLoop = (async () => {
      while (flooding) {
        const answers = await Promise.all(Array.from({ length: FLOOD }, () => search(flooder)));
        flood.waves++;
        for (const res of answers) {
          if (res.statusCode === 200) flood.accepted++;
          else if (res.statusCode === 503) {
            flood.refused++;
            flood.retryAfter.add(String(res.headers['retry-after']));
          } else flood.other++;
        }
      }
    })();
    await pause(200);
    const loadedStarted = performance.now();
    const loaded = await sample();
    const loadedSeconds = (performance.now() - loadedStarted) / 1000;
    flooding = false;
    await floodLoop;
    const floodSeconds = (performance.now() - floodStarted) / 1000;
    const floodMetrics = {
      floodConcurrency: FLOOD,
      floodWaves: flood.waves,
      floodAccepted: flood.accepted,
      floodRefused503: flood.refused,
      floodOtherAnswers: flood.other,
      floodAcceptedPerSecond: round(flood.accepted / floodSeconds),
      retryAfterSeconds: [...flood.retryAfter].sort(),
    };

    const cases = [
      { name: "second user's list request", idle: idle.second, loaded: loaded.second, target: TARGETS[engine].secondP95Ms },
      { name: '/ping', idle: idle.ping, loaded: loaded.ping, target: TARGETS[engine].pingP95Ms },
    ];
    for (const c of cases) {
      const [atRest, underFlood] = [summary(c.idle), summary(c.loaded)];
      console.log(
        JSON.stringify({
          bench: 'fairness',
          case: `${engine}: ${c.name} while one user sends ${FLOOD} concurrent list requests`,
          seconds: round(loadedSeconds, 2),
          ratio: round(underFlood.p95 / atRest.p95, 1),
          reference: 'p95 of the same request on the idle server',
          peakRssMb: rssMb(),
          metrics: {
            documents: DOCUMENTS + SECOND_DOCUMENTS,
            firstUserDocuments: DOCUMENTS,
            secondUserDocuments: SECOND_DOCUMENTS,
            samples: SAMPLES,
            p50Ms: round(underFlood.p50),
            p95Ms: round(underFlood.p95),
            maxMs: round(underFlood.max),
            idleP50Ms: round(atRest.p50),
            idleP95Ms: round(atRest.p95),
            idleSeconds: round(idleSeconds, 2),
            targetP95Ms: c.target,
            targetMet: underFlood.p95 < c.target,
            ...floodMetrics,
            limits: config.fairness,
          },
        }),
      );
    }
  } finally {
    await app.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await forEachEngine('fairness', args.engine, runEngine);

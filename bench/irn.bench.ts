// `npm run bench -- irn [--documents N] [--concurrency N] [--engine pglite|postgres|both]`: IRN generation through the
// server's HTTP API (issue 22): 20 clients, each a user of its own signed in, send the generate-IRN request for one
// stored B2B sales invoice at a time over loopback HTTP; the server builds INV-01, asks the IRP sandbox mounted in it,
// verifies the signed answer and stores it. Per-request p50/p95/p99, IRNs per second, errors (must be 0) and the IRNs
// counted in the database afterwards. Reference in the same run: the IRP sandbox alone, the same count of generate calls
// at the same concurrency through the client the server uses (authenticated once), for INV-01s of documents of their
// own built beforehand; ratio = product p95 / sandbox p95. On PGlite, and on PostgreSQL when TEST_DATABASE_URL or
// DATABASE_URL is set (in a database of its own, dropped afterwards). Target on PostgreSQL: p95 under 100 ms.
import { EINVOICE_API, HEADERS, type EinvoiceGenerateResponse } from '@opengst/contracts';
import { gstinCheckCharacter } from '@opengst/domain';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { readConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/database';
import {
  businessPartners,
  documentItems,
  documents,
  einvoices,
  entities,
  roleRights,
  roles,
  userEntities,
  users,
} from '../apps/server/src/db/schema';
import { loadForEinvoice } from '../apps/server/src/modules/einvoice/einvoice.repo';
import { einvoiceOf } from '../apps/server/src/modules/einvoice/einvoice.service';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { IRP_SANDBOX_USER } from '../apps/server/src/portal/irp/irp-client';
import { ensureFinancialYears } from '../apps/server/src/seed/provision';
import { forEachEngine, scratchPostgres, type Engine } from './support/engines';
import { provisionBenchSubscriber, signIn } from './support/server';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '20' },
    engine: { type: 'string', default: 'both' },
    /** A file to write the CPU profile of the product's timed run to (.cpuprofile, for Chrome DevTools). */
    profile: { type: 'string' },
  },
});
const DOCUMENTS = Number(args.documents);
const CONCURRENCY = Number(args.concurrency);
/** Generated before the timing, by product and reference alike: the first IRP session, the certificate, warm code. */
const WARM_UP = 40;
const TARGET_P95_MS = { pglite: null, postgres: 100 } as const;
const BUYER = ((first14: string) => first14 + gstinCheckCharacter(first14))('27AABCT3518Q1Z');
const TAXABLE = 100_000;
const IGST = 18_000;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (n: number, digits = 1): number => Number(n.toFixed(digits));
const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** Yesterday in IST (the IRP refuses a future date), its financial year and return period. */
const documentDay = () => {
  const date = new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);
  const [y, m] = date.split('-').map(Number) as [number, number];
  const startYear = m >= 4 ? y : y - 1;
  return {
    date,
    financialYear: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
    returnPeriod: `${String(m).padStart(2, '0')}${y}`,
  };
};

/** `n` B2B invoices of the location to the buyer, numbered `${prefix}000001`..., one line of ₹1,000 at 18% IGST; answers their ids. */
const seedInvoices = async (db: Db, subscriberId: number, entityId: number, userId: number, prefix: string, n: number) => {
  const day = documentDay();
  const ids: number[] = [];
  for (let from = 0; from < n; from += 500) {
    const rows = await db
      .insert(documents)
      .values(
        Array.from({ length: Math.min(500, n - from) }, (_, i) => ({
          subscriberId,
          entityId,
          direction: 'Sales' as const,
          financialYear: day.financialYear,
          returnPeriod: day.returnPeriod,
          documentType: 'INV',
          documentNumber: `${prefix}${String(from + i + 1).padStart(6, '0')}`,
          documentDate: day.date,
          supplyType: 'B2B',
          counterpartyGstin: BUYER,
          counterpartyName: 'Tata Consultancy Services Limited',
          counterpartyState: '27',
          placeOfSupply: '27',
          taxable: TAXABLE,
          igst: IGST,
          documentValue: TAXABLE + IGST,
          source: 'Manual' as const,
          createdBy: userId,
        })),
      )
      .returning({ id: documents.id });
    await db.insert(documentItems).values(
      rows.map((r) => ({
        documentId: r.id,
        lineNumber: 1,
        hsn: '84713010',
        description: 'Laptop',
        uqc: 'NOS',
        quantity: 1000,
        rate: 18000,
        taxable: TAXABLE,
        igst: IGST,
      })),
    );
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
};

/** Runs `work` over `items` with `concurrency` workers (the clients) each taking the next item; answers each call's milliseconds and the wall time. */
const pool = async <T>(items: readonly T[], concurrency: number, work: (item: T, worker: number) => Promise<void>) => {
  const times: number[] = [];
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < items.length) {
        const item = items[next++] as T;
        const t = performance.now();
        await work(item, worker);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = times.sort((a, b) => a - b);
  return {
    seconds,
    /** The process's CPU time over the wall time: near 100% is one core busy, the event loop the limit. */
    cpuPercent: ((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100,
    cpuMsPerCall: (cpu.user + cpu.system) / 1000 / sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    perSecond: sorted.length / seconds,
  };
};

const runEngine = async (engine: Engine, databaseUrl?: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'opengst-bench-irn-'));
  const scratch = databaseUrl ? await scratchPostgres(databaseUrl) : undefined;
  // The process's slots (8 by default) would queue 12 of the 20 clients: the bench gives it one per client, so that it
  // measures IRN generation and not the fair-share queue; each client is a user and a session of its own, one request
  // at a time, within the per-user (3) and per-session (2) slots.
  const config = {
    ...readConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', FAIR_SLOTS_TOTAL: String(CONCURRENCY) }, [
      '--data-dir',
      dataDir,
    ]),
    ...(scratch ? { databaseUrl: scratch.url } : {}),
    runJobs: false,
  };
  const { app, ctx } = await buildApp(config);
  try {
    const { db } = ctx.database;
    await ensureFinancialYears(db, new Date());
    const seedStarted = performance.now();
    const adminName = `bench-irn-${engine}`;
    const { tenant, password } = await provisionBenchSubscriber(db, adminName, {
      name: 'Bench IRN',
      business: { name: 'Bench Components', pan: 'AAACB1234C', locations: [{ name: 'Delhi', stateCode: '07', entityNumber: '1' }] },
    });
    const { subscriberId, adminUserId } = tenant;
    const location = tenant.entityIds[1] ?? 0;
    await db
      .update(entities)
      .set({ legalName: 'Bench Components Private Limited', address: '14, Okhla Phase II, New Delhi', pincode: '110020' })
      .where(eq(entities.id, location));
    const [{ gstin } = { gstin: null }] = await db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, location));
    await db.insert(businessPartners).values({
      subscriberId,
      gstin: BUYER,
      legalName: 'Tata Consultancy Services Limited',
      stateCode: '27',
      address: '9th Floor, Nirmal Building, Nariman Point',
      city: 'Mumbai',
      pincode: '400021',
    });
    const productIds = await seedInvoices(db, subscriberId, location, adminUserId, 'IRN/', WARM_UP + DOCUMENTS);
    const referenceIds = await seedInvoices(db, subscriberId, location, adminUserId, 'REF/', WARM_UP + DOCUMENTS);

    // The location's e-invoice API user, recorded through the API as a user does.
    const adminToken = await signIn(app, adminName, password);
    const saved = await app.inject({
      method: 'POST',
      url: EINVOICE_API.einvoiceIrpUserSave,
      headers: { [HEADERS.authToken]: adminToken },
      payload: { entityId: location, ...IRP_SANDBOX_USER },
    });
    if (saved.statusCode !== 200) throw new Error(`the IRP user save answered ${saved.statusCode}: ${saved.body}`);

    // The clients: a user each, in a role holding the e-invoice rights, with the location.
    const [role] = await db.insert(roles).values({ subscriberId, name: 'E-invoicing' }).returning();
    if (!role) throw new Error('no role');
    await db.insert(roleRights).values([
      { roleId: role.id, rightId: 'EInvoiceView' },
      { roleId: role.id, rightId: 'EInvoiceGenerate' },
    ]);
    const clientPassword = `Bench#Irn${engine}1`;
    const passwordHash = await hashPassword(clientPassword);
    const clients = await db
      .insert(users)
      .values(
        Array.from({ length: CONCURRENCY }, (_, i) => ({
          subscriberId,
          roleId: role.id,
          userName: `bench-irn-${engine}-${i + 1}`,
          displayName: `Client ${i + 1}`,
          email: `bench-irn-${engine}-${i + 1}@bench.test`,
          passwordHash,
        })),
      )
      .returning({ id: users.id, userName: users.userName });
    await db.insert(userEntities).values(clients.map((c) => ({ userId: c.id, entityId: location })));
    const tokens = await Promise.all(clients.map((c) => signIn(app, c.userName, clientPassword)));

    // The reference's INV-01s, built before its timing (the product builds each inside its request).
    const referenceJson: unknown[] = [];
    for (const id of referenceIds) {
      const loaded = await loadForEinvoice(db, subscriberId, id);
      if (!loaded) throw new Error(`reference document ${id} not found`);
      const built = einvoiceOf(loaded, ctx.irp.isSandbox);
      if (built.problems.length) throw new Error(`reference document ${id}: ${JSON.stringify(built.problems)}`);
      referenceJson.push(built.json);
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.error(
      `${engine}: seeded ${productIds.length + referenceIds.length} invoices and ${CONCURRENCY} users in ${round(seedSeconds)} s`,
    );

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const failures = new Map<string, number>();
    const fail = (why: string): void => {
      failures.set(why, (failures.get(why) ?? 0) + 1);
    };
    // Each client (a worker of the pool) sends with its own user's token.
    const generate = async (documentId: number, client: number) => {
      const token = tokens[client % tokens.length] ?? '';
      const res = await fetch(`${address}${EINVOICE_API.einvoiceGenerate}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HEADERS.authToken]: token },
        body: JSON.stringify({ documentIds: [documentId] }),
      });
      const body = await res.text();
      if (res.status !== 200) return fail(`HTTP ${res.status}: ${body.slice(0, 200)}`);
      const [result] = (JSON.parse(body) as { data: EinvoiceGenerateResponse }).data.results;
      if (result?.status !== 'Generated' || !result.irn) fail(`${result?.status}: ${result?.errorCode} ${result?.message}`);
    };
    const sandboxSession = await ctx.irp.authenticate(gstin ?? '', IRP_SANDBOX_USER.userName, IRP_SANDBOX_USER.password);
    let referenceErrors = 0;
    const sandboxGenerate = async (json: unknown) => {
      const answer = await ctx.irp.generate(sandboxSession, json).catch(() => null);
      if (!answer?.Irn) referenceErrors++;
    };

    await pool(productIds.slice(0, WARM_UP), CONCURRENCY, generate);
    await pool(referenceJson.slice(0, WARM_UP), CONCURRENCY, sandboxGenerate);
    const loadBefore = loadavg();
    const reference = await pool(referenceJson.slice(WARM_UP), CONCURRENCY, sandboxGenerate);
    const profiler = args.profile ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const product = await pool(productIds.slice(WARM_UP), CONCURRENCY, generate);
    if (profiler && args.profile) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(args.profile.replace(/(\.cpuprofile)?$/, `-${engine}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
    }
    const loadAfter = loadavg();

    const [stored] = await db
      .select({ n: count() })
      .from(einvoices)
      .innerJoin(documents, eq(documents.id, einvoices.documentId))
      .where(
        and(
          eq(einvoices.subscriberId, subscriberId),
          inArray(einvoices.status, ['Generated']),
          isNotNull(einvoices.irn),
          isNotNull(einvoices.signedInvoice),
          isNotNull(einvoices.signedQrCode),
          eq(documents.status, 'Generated'),
        ),
      );
    const irnsStored = stored?.n ?? 0;
    const errors = [...failures.values()].reduce((s, n) => s + n, 0);
    const target = TARGET_P95_MS[engine];
    const targetsMissed = [
      ...(target !== null && product.p95 > target ? [`p95 ${round(product.p95)} ms > ${target} ms`] : []),
      ...(errors ? [`${errors} requests failed`] : []),
      ...(irnsStored !== productIds.length ? [`${irnsStored} IRNs stored of ${productIds.length}`] : []),
      ...(referenceErrors ? [`${referenceErrors} sandbox calls of the reference failed`] : []),
    ];
    console.log(
      JSON.stringify({
        bench: 'irn',
        case: `${engine}: generate IRN, ${CONCURRENCY} concurrent clients over HTTP`,
        seconds: round(product.seconds, 2),
        ratio: round(product.p95 / reference.p95, 2),
        reference: `the IRP sandbox alone: ${DOCUMENTS} generate calls at ${CONCURRENCY} concurrent, through the server's IRP client, authenticated once (p95)`,
        peakRssMb: rssMb(),
        metrics: {
          documents: DOCUMENTS,
          warmUp: WARM_UP,
          concurrency: CONCURRENCY,
          p50Ms: round(product.p50),
          p95Ms: round(product.p95),
          p99Ms: round(product.p99),
          maxMs: round(product.max),
          irnsPerSecond: round(product.perSecond),
          cpuPercent: round(product.cpuPercent),
          cpuMsPerIrn: round(product.cpuMsPerCall, 2),
          errors,
          failures: Object.fromEntries(failures),
          irnsStored,
          referenceP50Ms: round(reference.p50),
          referenceP95Ms: round(reference.p95),
          referenceP99Ms: round(reference.p99),
          referenceIrnsPerSecond: round(reference.perSecond),
          referenceSeconds: round(reference.seconds, 2),
          referenceCpuPercent: round(reference.cpuPercent),
          referenceCpuMsPerIrn: round(reference.cpuMsPerCall, 2),
          referenceErrors,
          throughputRatio: round(product.perSecond / reference.perSecond, 2),
          seedSeconds: round(seedSeconds),
          loadAverage1m: [round(loadBefore[0] ?? 0, 2), round(loadAfter[0] ?? 0, 2)],
          cpus: cpus().length,
          fairnessLimits: config.fairness,
          fairnessNote: `FAIR_SLOTS_TOTAL=${CONCURRENCY} (default 8) so no client waits for a process slot; each client a user and session of its own`,
          targetP95Ms: target,
          targetsMissed,
        },
      }),
    );
  } finally {
    await app.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await forEachEngine('irn', args.engine, runEngine);

// `npm run bench -- gstr3b [--documents N] [--engine pglite|postgres|both] [--seed S]`: GSTR-3B computed (issue 19) for
// one GSTIN with N sales documents, N purchase documents and their GSTR-2B records in the month, from the database, on
// PGlite and, when TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL (a database of its own, dropped afterwards).
//
// A first child process generates the documents (seeded, deterministic) and writes them with COPY; a second one signs in
// and asks the API to compute the return (app.inject: read the rows, buildGstr3b, store the result and the ids behind
// each figure), so its peak RSS (process.resourceUsage().maxRSS) is the computation's. The reference, in the same
// process after it: reading the same rows alone with the module's own queries (loadGstr3bInput). One JSON line a case
// (../shared/design/CONVENTIONS.md "Benchmark output"). Targets: 60 s on PostgreSQL, 120 s on PGlite, 3 times the
// reading alone at most, peak RSS under 2 GB.
import { API, GSTR3B_API, HEADERS, type Gstr3bDetail } from '@opengst/contracts';
import { gstinCheckCharacter } from '@opengst/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { spawnSync } from 'node:child_process';
import { createCipheriv, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { buildApp } from '../apps/server/src/app';
import { readConfig } from '../apps/server/src/config';
import { copyText } from '../apps/server/src/db/copy-text';
import { copyIn, rowsOf, type Db } from '../apps/server/src/db/database';
import { entities } from '../apps/server/src/db/schema';
import { loadGstr3bInput } from '../apps/server/src/modules/gstr3b/gstr3b-compute.service';
import { gstr3bTarget } from '../apps/server/src/modules/gstr3b/gstr3b.repo';
import { ensureFinancialYears, generatePassword, provisionSubscriber } from '../apps/server/src/seed/provision';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '500000' },
    engine: { type: 'string', default: 'both' },
    seed: { type: 'string', default: '42' },
  },
});
const DOCUMENTS = Number(args.documents);
const SEED = Number(args.seed);
const PERIOD = '082025';
const TARGET_SECONDS = { pglite: 120, postgres: 60 } as const;
const TARGET_RATIO = 3;
const TARGET_RSS_MB = 2048;
type Engine = 'pglite' | 'postgres';

const ROLE = 'OPENGST_GSTR3B_BENCH_ROLE';
const STATE = 'OPENGST_GSTR3B_BENCH_STATE';

const round = (n: number, digits = 2): number => Number(n.toFixed(digits));
const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

type State = {
  engine: Engine;
  dataDir: string;
  databaseUrl?: string;
  subscriberId: number;
  entityId: number;
  userName: string;
  password: string;
  seedSeconds: number;
};

// mulberry32: small, fast, deterministic.
const prng = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const gstinOf = (state: string, n: number): string => {
  const body = `${state}AAAC${String.fromCharCode(65 + (n % 26))}${String(n % 10000).padStart(4, '0')}${String.fromCharCode(65 + ((n >> 4) % 26))}1Z`;
  return body + gstinCheckCharacter(body);
};

const STATES = ['07', '27', '29', '33', '09', '24'];
const COLUMNS = [
  'subscriber_id',
  'entity_id',
  'direction',
  'financial_year',
  'return_period',
  'document_type',
  'document_number',
  'document_date',
  'supply_type',
  'counterparty_gstin',
  'counterparty_state',
  'place_of_supply',
  'is_reverse_charge',
  'taxable',
  'igst',
  'cgst',
  'sgst',
  'cess',
  'document_value',
  'status',
  'is_draft_document',
  'source',
];
const PORTAL_COLUMNS = [
  'subscriber_id',
  'entity_id',
  'gstin',
  'source',
  'return_period',
  'section',
  'supplier_gstin',
  'document_type',
  'document_number',
  'document_date',
  'place_of_supply',
  'is_reverse_charge',
  'taxable',
  'igst',
  'cgst',
  'sgst',
  'cess',
  'document_value',
  'supplier_filed',
  'itc_availability',
];

const line = (values: (string | number | boolean | null)[]): string => values.map(copyText).join('\t') + '\n';

/** Drops a table's secondary indexes (not constraints) for the load; answers the step that builds them again. */
const withoutIndexes = async (db: Db, table: string): Promise<() => Promise<void>> => {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql.raw(`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = '${table}'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`),
  );
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.name}`));
  return async () => {
    for (const index of indexes) await db.execute(sql.raw(index.definition));
    await db.execute(sql.raw(`ANALYZE ${table}`));
  };
};

const copyAll = async (db: Db, table: string, columns: readonly string[], lineOf: (i: number) => string, n: number): Promise<void> => {
  const copy = await copyIn(db, table, columns);
  try {
    let batch = '';
    for (let i = 0; i < n; i++) {
      batch += lineOf(i);
      if (batch.length >= 64 * 1024) {
        await copy.write(batch);
        batch = '';
      }
    }
    if (batch !== '') await copy.write(batch);
    await copy.end();
  } catch (error) {
    copy.abort();
    throw error;
  }
};

/**
 * The month's documents: sales (B2B within and across States, B2C across States by place of supply, exports, one in
 * twenty a credit note); purchases (one in fifty under reverse charge from an unregistered supplier) and, for nineteen
 * in twenty, their GSTR-2B record.
 */
const seedDocuments = async (db: Db, subscriberId: number, entityId: number, gstin: string): Promise<void> => {
  const rand = prng(SEED);
  const amount = () => 10_000 + Math.floor(rand() * 5_000_000);
  const day = () => `2025-08-${String(1 + Math.floor(rand() * 31)).padStart(2, '0')}`;
  const home = gstin.slice(0, 2);
  const restore = await withoutIndexes(db, 'documents');
  await copyAll(
    db,
    'documents',
    COLUMNS,
    (i) => {
      const kind = rand();
      const taxable = amount();
      const note = rand() < 0.05;
      const type = note ? 'CRN' : 'INV';
      if (kind < 0.5) {
        const buyer = gstinOf(STATES[Math.floor(rand() * STATES.length)]!, i % 5000);
        const inter = buyer.slice(0, 2) !== home;
        const tax = Math.round(taxable * 0.18);
        const [igst, half] = inter ? [tax, 0] : [0, Math.round(tax / 2)];
        return line([
          subscriberId,
          entityId,
          'Sales',
          '2025-26',
          PERIOD,
          type,
          `S/${i}`,
          day(),
          'B2B',
          buyer,
          buyer.slice(0, 2),
          buyer.slice(0, 2),
          false,
          taxable,
          igst,
          half,
          half,
          0,
          taxable + igst + 2 * half,
          'YetNotGenerated',
          false,
          'Import',
        ]);
      }
      if (kind < 0.97) {
        const pos = STATES[Math.floor(rand() * STATES.length)]!;
        const tax = Math.round(taxable * 0.12);
        const [igst, half] = pos !== home ? [tax, 0] : [0, Math.round(tax / 2)];
        return line([
          subscriberId,
          entityId,
          'Sales',
          '2025-26',
          PERIOD,
          'INV',
          `S/${i}`,
          day(),
          'B2C',
          '',
          pos,
          pos,
          false,
          taxable,
          igst,
          half,
          half,
          0,
          taxable + igst + 2 * half,
          'YetNotGenerated',
          false,
          'Import',
        ]);
      }
      return line([
        subscriberId,
        entityId,
        'Sales',
        '2025-26',
        PERIOD,
        'INV',
        `S/${i}`,
        day(),
        'EXPWOP',
        '',
        '96',
        '96',
        false,
        taxable,
        0,
        0,
        0,
        0,
        taxable,
        'YetNotGenerated',
        false,
        'Import',
      ]);
    },
    DOCUMENTS,
  );
  type Purchase = {
    supplier: string;
    number: string;
    date: string;
    rcm: boolean;
    taxable: number;
    igst: number;
    half: number;
    note: boolean;
  };
  const purchases: Purchase[] = [];
  for (let i = 0; i < DOCUMENTS; i++) {
    const rcm = rand() < 0.02;
    const supplier = rcm ? '' : gstinOf(STATES[Math.floor(rand() * STATES.length)]!, 5000 + (i % 20_000));
    const taxable = amount();
    const tax = Math.round(taxable * 0.18);
    const inter = !rcm && supplier.slice(0, 2) !== home;
    purchases.push({
      supplier,
      number: `P/${i}`,
      date: day(),
      rcm,
      taxable,
      igst: inter ? tax : 0,
      half: inter ? 0 : Math.round(tax / 2),
      note: rand() < 0.03,
    });
  }
  await copyAll(
    db,
    'documents',
    COLUMNS,
    (i) => {
      const p = purchases[i]!;
      return line([
        subscriberId,
        entityId,
        'Purchase',
        '2025-26',
        PERIOD,
        p.note ? 'CRN' : 'INV',
        p.number,
        p.date,
        'B2B',
        p.supplier,
        p.supplier.slice(0, 2) || home,
        home,
        p.rcm,
        p.taxable,
        p.igst,
        p.half,
        p.half,
        0,
        p.taxable + p.igst + 2 * p.half,
        'YetNotGenerated',
        false,
        'Import',
      ]);
    },
    DOCUMENTS,
  );
  await restore();
  const inPortal = purchases.filter((p) => !p.rcm && rand() < 0.95);
  const restorePortal = await withoutIndexes(db, 'portal_documents');
  await copyAll(
    db,
    'portal_documents',
    PORTAL_COLUMNS,
    (i) => {
      const p = inPortal[i]!;
      return line([
        subscriberId,
        entityId,
        gstin,
        'GSTR2B',
        PERIOD,
        p.note ? 'cdnr' : 'b2b',
        p.supplier,
        p.note ? 'CRN' : 'INV',
        p.number,
        p.date,
        home,
        false,
        p.taxable,
        p.igst,
        p.half,
        p.half,
        0,
        p.taxable + p.igst + 2 * p.half,
        true,
        'Y',
      ]);
    },
    inPortal.length,
  );
  await restorePortal();
};

const appOf = async (state: Pick<State, 'dataDir' | 'databaseUrl'>) => {
  const config = {
    ...readConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' }, ['--data-dir', state.dataDir]),
    ...(state.databaseUrl ? { databaseUrl: state.databaseUrl } : {}),
    runJobs: false,
  };
  return buildApp(config);
};

const signIn = async (app: FastifyInstance, userName: string, password: string): Promise<string> => {
  const key = (await app.inject({ method: 'GET', url: API.encryptor })).json().data as { key: string; iv: string; identifier: string };
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(key.key, 'base64'), Buffer.from(key.iv, 'base64'));
  const encrypted = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
  const res = await app.inject({
    method: 'POST',
    url: API.token,
    headers: { [HEADERS.encId]: key.identifier },
    payload: { userName, password: encrypted },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  return res.json().data.token as string;
};

/** Child 1: the subscriber, its location and the month's documents. */
const seedChild = async (state: State): Promise<State> => {
  const { app, ctx } = await appOf(state);
  try {
    const { db } = ctx.database;
    await ensureFinancialYears(db, new Date());
    const password = generatePassword();
    const userName = `bench-gstr3b-${state.engine}`;
    const tenant = await provisionSubscriber(db, {
      name: 'Bench GSTR-3B',
      admin: { userName, displayName: 'Bench', email: `${userName}@bench.test`, password },
      business: { name: 'Bench Traders', pan: 'AAACB1234C', locations: [{ name: 'Delhi', stateCode: '07', entityNumber: '1' }] },
    });
    const entityId = tenant.entityIds[1]!;
    const [location] = await db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, entityId));
    const started = performance.now();
    await seedDocuments(db, tenant.subscriberId, entityId, location!.gstin!);
    const seedSeconds = (performance.now() - started) / 1000;
    console.error(
      `${state.engine}: stored ${DOCUMENTS} sales and ${DOCUMENTS} purchase documents and their GSTR-2B in ${round(seedSeconds, 1)} s`,
    );
    return { ...state, subscriberId: tenant.subscriberId, entityId, userName, password, seedSeconds };
  } finally {
    await app.close();
  }
};

/** Child 2: the computation through the API, then the reading alone. */
const computeChild = async (state: State): Promise<void> => {
  const { engine } = state;
  const { app, ctx } = await appOf(state);
  try {
    const { db } = ctx.database;
    const token = await signIn(app, state.userName, state.password);
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: GSTR3B_API.compute,
      payload: { entityId: state.entityId, returnPeriod: PERIOD },
      headers: { [HEADERS.authToken]: token },
    });
    const seconds = (performance.now() - t0) / 1000;
    const peakRssMb = rssMb();
    if (res.statusCode !== 200) throw new Error(`compute answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const detail = res.json().data as Gstr3bDetail;
    const figure = (key: string) => detail.rows.find((r) => r.figure === key);

    // The reference: the same rows read alone, by the module's own queries.
    const principal = { subscriberId: state.subscriberId, userId: 0 } as Parameters<typeof gstr3bTarget>[1];
    const target = await gstr3bTarget(db, principal, state.entityId);
    const r0 = performance.now();
    const input = await loadGstr3bInput(db, state.subscriberId, target, PERIOD, 'monthly');
    const readSeconds = (performance.now() - r0) / 1000;
    const rows = {
      sales: input.outward.documents.length,
      purchases: input.inward?.purchases?.length ?? 0,
      gstr2b: input.inward?.gstr2b?.length ?? 0,
    };

    const ratio = seconds / readSeconds;
    const missed: string[] = [];
    if (seconds > TARGET_SECONDS[engine]) missed.push(`seconds ${round(seconds, 1)} > ${TARGET_SECONDS[engine]}`);
    if (ratio > TARGET_RATIO) missed.push(`ratio ${round(ratio, 1)} > ${TARGET_RATIO}`);
    if (peakRssMb > TARGET_RSS_MB) missed.push(`peak RSS ${peakRssMb} MB > ${TARGET_RSS_MB}`);
    console.log(
      JSON.stringify({
        bench: 'gstr3b',
        case: `${engine}: compute ${DOCUMENTS} sales x ${DOCUMENTS} purchases`,
        seconds: round(seconds),
        ratio: round(ratio),
        reference: 'reading the same rows alone (loadGstr3bInput), same process, after',
        peakRssMb,
        metrics: {
          ...rows,
          readSeconds: round(readSeconds),
          rowsPerSecond: Math.round((rows.sales + rows.purchases + rows.gstr2b) / seconds),
          '3.1a': figure('3.1a')?.system ?? null,
          '4A5': figure('4A5')?.system ?? null,
          sourcesOf3_1a: figure('3.1a')?.sources ?? null,
          issues: detail.issues.length,
          excluded: detail.excluded,
          seedSeconds: round(state.seedSeconds, 1),
          targetSeconds: TARGET_SECONDS[engine],
          targetRatio: TARGET_RATIO,
          targetRssMb: TARGET_RSS_MB,
          targetsMissed: missed,
        },
      }),
    );
  } finally {
    await app.close();
  }
};

/** A database of its own on the server of `url`, dropped afterwards. */
const scratchPostgres = async (url: string) => {
  const name = `opengst_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const s = postgres(url, { max: 1, onnotice: () => {} });
      await s.unsafe(`drop database if exists ${name} with (force)`);
      await s.end();
    },
  };
};

const child = (role: 'seed' | 'compute', stateFile: string): void => {
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, [ROLE]: role, [STATE]: stateFile },
  });
  if (run.status !== 0) throw new Error(`the ${role} child ended with ${run.status ?? run.signal}`);
};

const runEngine = async (engine: Engine, databaseUrl?: string): Promise<void> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'opengst-bench-gstr3b-'));
  const scratch = databaseUrl ? await scratchPostgres(databaseUrl) : undefined;
  const stateFile = join(dataDir, 'bench-state.json');
  try {
    writeFileSync(stateFile, JSON.stringify({ engine, dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}) }));
    child('seed', stateFile);
    child('compute', stateFile);
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const role = process.env[ROLE];
if (role === 'seed' || role === 'compute') {
  const stateFile = process.env[STATE]!;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
  if (role === 'seed') writeFileSync(stateFile, JSON.stringify(await seedChild(state)));
  else await computeChild(state);
  process.exit(0);
} else {
  if (args.engine !== 'postgres') await runEngine('pglite');
  const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (args.engine === 'pglite') console.log(JSON.stringify({ bench: 'gstr3b', case: 'postgres', skipped: '--engine pglite' }));
  else if (postgresUrl) await runEngine('postgres', postgresUrl);
  else
    console.log(
      JSON.stringify({ bench: 'gstr3b', case: 'postgres', skipped: 'set TEST_DATABASE_URL or DATABASE_URL to run on PostgreSQL too' }),
    );
}

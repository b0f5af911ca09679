// `npm run bench -- gstr3b [--documents N] [--engine pglite|postgres|both] [--seed S]`: GSTR-3B computed (issue 19) for
// one GSTIN with N sales documents, N purchase documents and their GSTR-2B records in the month, from the database, on
// PGlite and, when TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL (a database of its own, dropped afterwards).
//
// A first child process generates the documents (seeded, deterministic) and writes them with COPY; a second one signs in,
// asks the API to compute the return (app.inject) and runs the job it queued (read the rows, buildGstr3b, store the
// result and the ids behind each figure), so its peak RSS (process.resourceUsage().maxRSS) is the computation's. The reference, in the same
// process after it: reading the same rows alone with the module's own queries (loadGstr3bInput). One JSON line a case
// (../shared/design/CONVENTIONS.md "Benchmark output"). Targets: 60 s on PostgreSQL, 120 s on PGlite, 3 times the
// reading alone at most, peak RSS under 2 GB.
import { GSTR3B_API, HEADERS, type Gstr3bDetail } from '@opengst/contracts';
import { gstinCheckCharacter } from '@opengst/domain';
import { eq, sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { type Db } from '../apps/server/src/db/database';
import { entities } from '../apps/server/src/db/schema';
import { loadGstr3bInput, processGstr3bCompute } from '../apps/server/src/modules/gstr3b/gstr3b-compute.service';
import { gstr3bTarget } from '../apps/server/src/modules/gstr3b/gstr3b.repo';
import { ensureFinancialYears } from '../apps/server/src/seed/provision';
import { copyAll, copyLine, withoutIndexes } from './support/copy-load';
import { runInChildren, type EngineState } from './support/engine-children';
import { prng } from './support/prng';
import { benchApp, provisionBenchSubscriber, signIn } from './support/server';
import { runTargets } from './support/targets';

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

const round = (n: number, digits = 2): number => Number(n.toFixed(digits));
const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

type State = EngineState & {
  subscriberId: number;
  entityId: number;
  userName: string;
  password: string;
  seedSeconds: number;
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
  /** A document of the month as a line of COPY text for `documents`; its tax as IGST or as half CGST, half SGST. */
  const documentLine = (d: {
    direction: 'Sales' | 'Purchase';
    type: string;
    number: string;
    date: string;
    supply: string;
    counterparty: string;
    counterpartyState: string;
    placeOfSupply: string;
    reverseCharge: boolean;
    taxable: number;
    igst: number;
    half: number;
  }): string =>
    copyLine([
      subscriberId,
      entityId,
      d.direction,
      '2025-26',
      PERIOD,
      d.type,
      d.number,
      d.date,
      d.supply,
      d.counterparty,
      d.counterpartyState,
      d.placeOfSupply,
      d.reverseCharge,
      d.taxable,
      d.igst,
      d.half,
      d.half,
      0,
      d.taxable + d.igst + 2 * d.half,
      'YetNotGenerated',
      false,
      'Import',
    ]);
  /** Sale `i`, dated on a random day of the month; `state` is both the buyer's State and the place of supply. */
  const sale = (i: number, type: string, supply: string, buyer: string, state: string, taxable: number, igst: number, half: number) =>
    documentLine({
      direction: 'Sales',
      type,
      number: `S/${i}`,
      date: day(),
      supply,
      counterparty: buyer,
      counterpartyState: state,
      placeOfSupply: state,
      reverseCharge: false,
      taxable,
      igst,
      half,
    });
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
        return sale(i, type, 'B2B', buyer, buyer.slice(0, 2), taxable, igst, half);
      }
      if (kind < 0.97) {
        const pos = STATES[Math.floor(rand() * STATES.length)]!;
        const tax = Math.round(taxable * 0.12);
        const [igst, half] = pos !== home ? [tax, 0] : [0, Math.round(tax / 2)];
        return sale(i, 'INV', 'B2C', '', pos, taxable, igst, half);
      }
      return sale(i, 'INV', 'EXPWOP', '', '96', taxable, 0, 0);
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
      return documentLine({
        direction: 'Purchase',
        type: p.note ? 'CRN' : 'INV',
        number: p.number,
        date: p.date,
        supply: 'B2B',
        counterparty: p.supplier,
        counterpartyState: p.supplier.slice(0, 2) || home,
        placeOfSupply: home,
        reverseCharge: p.rcm,
        taxable: p.taxable,
        igst: p.igst,
        half: p.half,
      });
    },
    DOCUMENTS,
  );
  await restore();
  await db.execute(sql.raw('ANALYZE documents'));
  const inPortal = purchases.filter((p) => !p.rcm && rand() < 0.95);
  const restorePortal = await withoutIndexes(db, 'portal_documents');
  await copyAll(
    db,
    'portal_documents',
    PORTAL_COLUMNS,
    (i) => {
      const p = inPortal[i]!;
      return copyLine([
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
  await db.execute(sql.raw('ANALYZE portal_documents'));
};

/** Child 1: the subscriber, its location and the month's documents. */
const seedChild = async (state: State): Promise<State> => {
  const { app, ctx } = await benchApp(state);
  try {
    const { db } = ctx.database;
    await ensureFinancialYears(db, new Date());
    const userName = `bench-gstr3b-${state.engine}`;
    const { tenant, password } = await provisionBenchSubscriber(db, userName, {
      name: 'Bench GSTR-3B',
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
  const { app, ctx } = await benchApp(state);
  try {
    const { db } = ctx.database;
    const token = await signIn(app, state.userName, state.password);
    const api = async (method: 'GET' | 'POST', url: string, payload: Record<string, unknown>) => {
      const res = await app.inject({
        method,
        url,
        ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) } : { payload }),
        headers: { [HEADERS.authToken]: token },
      });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res.json().data as Gstr3bDetail;
    };
    const key = { entityId: state.entityId, returnPeriod: PERIOD };
    const t0 = performance.now();
    // The request queues the job; the benchmark's app has no worker, so the job's handler runs here, as the worker would.
    const queued = await api('POST', GSTR3B_API.compute, key);
    await processGstr3bCompute({ db, now: () => new Date() }, queued.id!, null);
    const seconds = (performance.now() - t0) / 1000;
    const peakRssMb = rssMb();
    const detail = await api('GET', GSTR3B_API.detail, key);
    if (detail.compute.status !== 'Completed') throw new Error(`compute ${detail.compute.status}: ${detail.compute.message ?? ''}`);
    const figure = (key: string) => detail.rows.find((r) => r.figure === key);

    // The reference: the same rows read alone, by the module's own queries.
    const target = await gstr3bTarget(db, { subscriberId: state.subscriberId }, state.entityId);
    const r0 = performance.now();
    const input = await loadGstr3bInput(db, state.subscriberId, target, PERIOD, 'monthly');
    const readSeconds = (performance.now() - r0) / 1000;
    const rows = {
      sales: input.outward.documents.length,
      purchases: input.inward?.purchases?.length ?? 0,
      gstr2b: input.inward?.gstr2b?.length ?? 0,
    };

    const ratio = seconds / readSeconds;
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
          ...runTargets({ seconds, ratio, peakRssMb }, { seconds: TARGET_SECONDS[engine], ratio: TARGET_RATIO, rssMb: TARGET_RSS_MB }),
        },
      }),
    );
  } finally {
    await app.close();
  }
};

await runInChildren<State>({
  bench: 'gstr3b',
  file: import.meta.url,
  engine: args.engine,
  roles: [
    { role: 'seed', run: seedChild },
    { role: 'compute', run: computeChild },
  ],
});

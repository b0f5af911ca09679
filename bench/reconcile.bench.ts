// `npm run bench -- reconcile [--case 100k|1M]`: the reconciliation engine on seeded data with
// planted truth. Prints one JSON line per case (see ../shared/design/CONVENTIONS.md).
//
// The bench re-runs itself in a child Node with `--expose-gc` (NODE_FLAGS), so that it can collect
// the generator's garbage before each timed section: without it, a full mark-compact of the
// ~700 MB the 1M generator leaves behind (measured 4-6 s on the 2-core bench machine) landed in
// whichever timed section came first. The reference (plain Maps of both sides' exact keys) runs
// twice, each after a full GC, and the faster run is kept. A larger young generation
// (--max-semi-space-size 64 or 128) was measured too and changed the engine's GC time by less
// than the run-to-run noise (0.6-0.7 s of scavenges either way), so it is not used.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { reconcile, type ReconcileStatus } from '@opengst/domain';
import { CATEGORIES, generate, type Category } from './reconcile/generate';

const CASES: Record<string, { pairs: number; skewed: number }> = {
  '100k': { pairs: 100_000, skewed: 50_000 },
  '1M': { pairs: 1_000_000, skewed: 50_000 },
};
const TARGET_SECONDS_1M = 10;
const TARGET_RSS_MB = 3072;
const TARGET_RATIO = 10;

const NODE_FLAGS = ['--expose-gc'];
const CHILD_MARK = 'OPENGST_RECONCILE_BENCH_CHILD';
if (process.env[CHILD_MARK] !== '1') {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, ...NODE_FLAGS, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, [CHILD_MARK]: '1' },
    },
  );
  process.exit(child.status ?? 1);
}
const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => undefined);

const arg = process.argv.indexOf('--case');
const only = arg > 0 ? process.argv[arg + 1] : undefined;
if (only && !CASES[only]) {
  console.error(`unknown case ${only}; use one of ${Object.keys(CASES).join(', ')}`);
  process.exit(1);
}

const EXPECTED_STATUS: Partial<Record<Category, ReconcileStatus>> = {
  exact: 'Matched',
  tolerance: 'Matched due to tolerance',
  renumbered: 'Matched due to tolerance',
  dateShifted: 'Mismatched',
  amountMismatch: 'Mismatched',
  near: 'Near matched',
};

const idIndex = (id: string): number => Number(id.slice(1));
const round = (x: number, d = 4): number => Math.round(x * 10 ** d) / 10 ** d;

for (const [name, spec] of Object.entries(CASES)) {
  if (only && only !== name) continue;
  const data = generate(spec.pairs, spec.skewed);
  const { books, portal } = data;

  // Reference: plain Maps of both sides' exact keys (supplier GSTIN + document number); the
  // faster of two runs, each after a full GC, so a GC pause cannot inflate it.
  const reference = (): number => {
    gc();
    const t0 = performance.now();
    const refB = new Map<string, number>();
    for (let i = 0; i < books.length; i++) refB.set(books[i]!.supplierGstin + '|' + books[i]!.documentNumber, i);
    const refG = new Map<string, number>();
    for (let i = 0; i < portal.length; i++) refG.set(portal[i]!.supplierGstin + '|' + portal[i]!.documentNumber, i);
    const s = (performance.now() - t0) / 1000;
    if (refB.size + refG.size === 0) console.error('empty reference');
    return s;
  };
  const referenceSeconds = Math.min(reference(), reference());

  gc();
  const t0 = performance.now();
  const result = reconcile(books, portal);
  const seconds = (performance.now() - t0) / 1000;
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);

  // Precision and recall per planted category.
  const found = new Map<number, { g: number; status: ReconcileStatus }>();
  for (const row of result.rows) {
    if (row.purchases.length === 1 && row.portal.length === 1) {
      found.set(idIndex(row.purchases[0]!.id), { g: idIndex(row.portal[0]!.id), status: row.status });
    }
  }
  const pairedPortal = new Set<number>([...found.values()].map((f) => f.g));
  const metrics: Record<string, unknown> = {
    books: books.length,
    portal: portal.length,
    rows: result.rows.length,
    documentsPerSecond: Math.round((books.length + portal.length) / seconds),
    referenceSeconds: round(referenceSeconds, 3),
    nodeFlags: NODE_FLAGS.join(' '),
  };
  const missed: string[] = [];
  for (let c = 0; c < CATEGORIES.length; c++) {
    const cat = CATEGORIES[c]!;
    let planted = 0;
    let engine = 0;
    let correct = 0;
    let statusOk = 0;
    let unpairedOk = 0;
    let docs = 0;
    for (let i = 0; i < books.length; i++) {
      if (data.bookCategory[i] !== c) continue;
      docs++;
      const truth = data.truth[i]!;
      const f = found.get(i);
      if (truth >= 0) planted++;
      if (f) {
        engine++;
        if (f.g === truth) {
          correct++;
          if (f.status === EXPECTED_STATUS[cat]) statusOk++;
        }
      } else if (truth < 0) unpairedOk++;
    }
    if (planted > 0) {
      const precision = engine === 0 ? 1 : correct / engine;
      const recall = correct / planted;
      metrics[cat] = {
        planted,
        precision: round(precision),
        recall: round(recall),
        statusAccuracy: round(statusOk / Math.max(1, correct)),
      };
      const [minP, minR] = cat === 'exact' || cat === 'tolerance' ? [1, 1] : cat === 'near' ? [0.995, 0.99] : [0, 0];
      if (precision < minP || recall < minR) missed.push(`${cat} precision ${round(precision)} recall ${round(recall)}`);
    } else if (cat === 'portalOnly') {
      let pd = 0;
      let left = 0;
      for (let j = 0; j < portal.length; j++) {
        if (data.portalCategory[j] !== c) continue;
        pd++;
        if (!pairedPortal.has(j)) left++;
      }
      metrics[cat] = { documents: pd, leftUnpaired: round(left / Math.max(1, pd)) };
    } else {
      metrics[cat] = { documents: docs, leftUnpaired: round(unpairedOk / Math.max(1, docs)) };
    }
  }
  const ratio = seconds / referenceSeconds;
  if (name === '1M' && seconds > TARGET_SECONDS_1M) missed.push(`seconds ${round(seconds, 2)} > ${TARGET_SECONDS_1M}`);
  if (peakRssMb > TARGET_RSS_MB) missed.push(`peak RSS ${peakRssMb} MB > ${TARGET_RSS_MB}`);
  if (ratio > TARGET_RATIO) missed.push(`ratio ${round(ratio, 2)} > ${TARGET_RATIO}`);
  metrics['targetsMissed'] = missed;
  console.log(
    JSON.stringify({
      bench: 'reconcile',
      case: `${name}x${name}`,
      seconds: round(seconds, 3),
      ratio: round(ratio, 2),
      reference: 'plain key maps',
      peakRssMb,
      metrics,
    }),
  );
}

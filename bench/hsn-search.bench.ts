// `npm run bench -- hsn-search [--queries N] [--seed N]`: the public HSN/SAC search (issue 20) over the GST portal's whole
// directory (official/masters/HSN_SAC_2024-11.xlsx, ~22,000 codes). Queries of three kinds in equal shares, drawn from
// the directory with a seeded generator: a code prefix (2 to 8 digits of a real code), one or two words of a real
// description, and the same with one typo in each word of 4 letters or more. Cases:
// - `function`: the domain's searchHsn alone (first page of 25);
// - `route`: GET /api/v0.1/public/hsnSacCodes through app.inject (validation, the per-address limit's counter in the
//   database, serialisation), on PGlite, or on the PostgreSQL of DATABASE_URL when it is set;
// each against a plain scan of the same rows in the same run: every code tested with startsWith, every description with
// includes for each word (what the document lookup did before; it finds no typo). One JSON line a case on stdout
// (../shared/design/CONVENTIONS.md "Benchmark output"). Target: p95 under 20 ms per query through the route.
import { HSN_SEARCH_API } from '@opengst/contracts';
import { searchHsn, searchWords, type HsnSearchIndex } from '@opengst/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { readConfig } from '../apps/server/src/config';
import { officialHsnIndex } from '../apps/server/src/modules/masters/official-hsn.service';
import { prng } from './support/prng';

const { values: args } = parseArgs({ options: { queries: { type: 'string', default: '1000' }, seed: { type: 'string', default: '20' } } });
const QUERIES = Number(args.queries);
const PAGE = 25;
const TARGET_P95_MS = 20;
const KINDS = ['code', 'words', 'typos'] as const;
type Kind = (typeof KINDS)[number];

const round = (n: number, digits = 3): number => Number(n.toFixed(digits));
const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

// The same queries on every run with the same seed.
const random = prng(Number(args.seed));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** One edit (substitution, deletion, insertion or swap of neighbours) inside the word, never its first letter. */
const misspell = (word: string): string => {
  if (word.length < 4) return word;
  const at = 1 + Math.floor(random() * (word.length - 1));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + pick([...LETTERS].filter((c) => c !== word[at])) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + pick([...LETTERS]) + word.slice(at);
    default:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word.slice(0, at);
  }
};

const queriesOf = (index: HsnSearchIndex): { kind: Kind; text: string }[] => {
  const records = index.entries.map((e) => e.record);
  return Array.from({ length: QUERIES }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    if (kind === 'code') {
      const code = pick(records).code;
      return { kind, text: code.slice(0, 2 + 2 * Math.floor(random() * (code.length / 2))) };
    }
    let words: string[] = [];
    while (words.length === 0) words = searchWords(pick(records).description).filter((w) => w.length >= 3 && !/^[0-9]+$/.test(w));
    const start = Math.floor(random() * words.length);
    const chosen = words.slice(start, start + 1 + Math.floor(random() * 2)).map((w) => w.toLowerCase());
    return { kind, text: (kind === 'typos' ? chosen.map((w) => misspell(w)) : chosen).join(' ') };
  });
};

/** The reference: a plain scan of the same rows, the first page of codes starting with the digits or holding every word. */
const plainScan = (rows: readonly { code: string; text: string }[], query: string): number => {
  const digits = query.replace(/[\s.]/g, '');
  const words = query.toUpperCase().split(/\s+/).filter(Boolean);
  const isCode = /^[0-9]+$/.test(digits);
  const found = rows.filter((r) => (isCode ? r.code.startsWith(digits) : words.every((w) => r.text.includes(w))));
  found.sort((a, b) => a.code.length - b.code.length || (a.code < b.code ? -1 : 1));
  return found.slice(0, PAGE).length;
};

const summary = (times: Record<Kind, number[]>) => {
  const all = Object.values(times)
    .flat()
    .sort((a, b) => a - b);
  const byKind = Object.fromEntries(
    KINDS.map((kind) => {
      const sorted = [...times[kind]].sort((a, b) => a - b);
      return [kind, { p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), maxMs: round(sorted.at(-1) ?? NaN) }];
    }),
  );
  return { p50: percentile(all, 50), p95: percentile(all, 95), byKind };
};

/**
 * Wall-clock time per query, and the process's CPU time per query beside it: on a machine shared with other work the
 * wall clock also counts the waits for a CPU, the CPU time only this process's own work (the route's includes PGlite,
 * which runs in the process).
 */
const timeEach = async (queries: readonly { kind: Kind; text: string }[], run: (text: string) => unknown) => {
  const wall: Record<Kind, number[]> = { code: [], words: [], typos: [] };
  const cpu: Record<Kind, number[]> = { code: [], words: [], typos: [] };
  let total = 0;
  for (const q of queries) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    await run(q.text);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpuStart);
    wall[q.kind].push(ms);
    cpu[q.kind].push((used.user + used.system) / 1000);
    total += ms;
  }
  return { seconds: total / 1000, ...summary(wall), cpu: summary(cpu) };
};

const dataDir = mkdtempSync(join(tmpdir(), 'opengst-bench-hsn-'));
// The per-address limit is lifted: every request of the benchmark comes from one address.
const config = readConfig({ ...process.env, LOG_LEVEL: 'silent', SIGNIN_RATE_PER_MINUTE: '1000000' }, ['--data-dir', dataDir]);
const { app } = await buildApp(config);
try {
  const built = performance.now();
  const index = await officialHsnIndex(config.hsnDirectoryFile);
  const buildSeconds = (performance.now() - built) / 1000;
  const rows = index.entries.map((e) => ({ code: e.record.code, text: e.record.description.toUpperCase() }));
  const queries = queriesOf(index);
  const found = { code: 0, words: 0, typos: 0 };
  for (const q of queries) if (searchHsn(index, q.text, 1).total > 0) found[q.kind]++;

  // Warm-up of each path on a tenth of the queries, so the JIT has compiled them before the timed runs.
  const warm = queries.slice(0, Math.ceil(queries.length / 10));
  const inject = async (text: string) => {
    const res = await app.inject({ method: 'GET', url: HSN_SEARCH_API.search, query: { text, size: String(PAGE) } });
    if (res.statusCode !== 200) throw new Error(`the route answered ${res.statusCode}: ${res.body}`);
    return res.body.length;
  };
  for (const q of warm) {
    plainScan(rows, q.text);
    searchHsn(index, q.text, PAGE);
    await inject(q.text);
  }

  const reference = await timeEach(queries, (text) => plainScan(rows, text));
  const cases = {
    function: await timeEach(queries, (text) => searchHsn(index, text, PAGE)),
    route: await timeEach(queries, inject),
  };
  for (const [name, measured] of Object.entries(cases)) {
    console.log(
      JSON.stringify({
        bench: 'hsn-search',
        case: name,
        seconds: round(measured.seconds, 4),
        ratio: round(measured.seconds / reference.seconds, 2),
        reference: 'plain scan of the same rows (startsWith / includes), same queries',
        peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
        metrics: {
          queries: queries.length,
          codes: rows.length,
          p50Ms: round(measured.p50),
          p95Ms: round(measured.p95),
          byKind: measured.byKind,
          cpuP50Ms: round(measured.cpu.p50),
          cpuP95Ms: round(measured.cpu.p95),
          cpuByKind: measured.cpu.byKind,
          referenceP50Ms: round(reference.p50),
          referenceP95Ms: round(reference.p95),
          referenceByKind: reference.byKind,
          queriesWithResults: found,
          indexBuildSeconds: round(buildSeconds, 2),
          engine: config.databaseUrl ? 'postgres' : 'pglite',
          // The figures are wall-clock times: a busy machine inflates them, so its load is printed beside them.
          loadAverage1m: round(loadavg()[0] ?? NaN, 2),
          cpus: availableParallelism(),
          targetP95Ms: TARGET_P95_MS,
          targetMet: measured.p95 < TARGET_P95_MS,
          targetMetInCpuTime: measured.cpu.p95 < TARGET_P95_MS,
        },
      }),
    );
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

// `npm run bench -- validate [--docs 1000000] [--batch 100000] [--seed 42]`
// Validates generated documents with validateDocument and compares with a plain loop that only reads the same fields.
// Documents are generated deterministically (seeded PRNG) in batches so memory stays bounded; generation is not timed,
// and its garbage is collected before each timed batch.
// About 5% of the documents carry one error (bad GSTIN check character, wrong tax, future date, bad HSN, bad number).
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type DocumentInput, type DocumentItem, gstinCheckCharacter, validateDocument, type ValidationContext } from '@opengst/domain';
import { prng } from './support/prng';

// Collect the generator's garbage between batches so that neither timed loop pays for it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const TOTAL = arg('docs', 1_000_000);
const BATCH = Math.min(arg('batch', 50_000), TOTAL);
const SEED = arg('seed', 42);
const TARGET = 500_000;

const rand = prng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const STATES = ['27', '29', '07', '33', '24', '09', '19', '36'];
const makeGstin = (state: string): string => {
  let body = state;
  for (let i = 0; i < 3; i++) body += LETTERS.charAt(Math.floor(rand() * 26));
  body += pick(['C', 'P', 'F']) + LETTERS.charAt(Math.floor(rand() * 26));
  body += String(Math.floor(rand() * 10000)).padStart(4, '0') + LETTERS.charAt(Math.floor(rand() * 26)) + '1Z';
  return body + gstinCheckCharacter(body);
};
const GSTINS = Array.from({ length: 2000 }, () => makeGstin(pick(STATES)));
const HSNS = ['84713010', '85171300', '30049099', '998314', '39269099', '73181500', '940360', '4819'];
const UQCS = ['NOS', 'KGS', 'PCS', 'BOX', 'LTR'];
const RATES = [5, 12, 18, 28, 0];
const SUPPLIER = '27AAPFU0939F1ZV';

function makeItem(intra: boolean): DocumentItem {
  const taxable = 100 + Math.floor(rand() * 5_000_000);
  const ratePercent = pick(RATES);
  const hsn = pick(HSNS);
  const item: DocumentItem = {
    hsn,
    uqc: hsn.startsWith('99') ? 'NA' : pick(UQCS),
    quantity: 1 + Math.floor(rand() * 50),
    taxable,
    ratePercent,
    igst: 0,
    cgst: 0,
    sgst: 0,
    cess: 0,
  };
  if (intra) item.cgst = item.sgst = Math.round((taxable * ratePercent) / 200);
  else item.igst = Math.round((taxable * ratePercent) / 100);
  return item;
}

function makeDocument(n: number): DocumentInput {
  const buyer = rand() < 0.8 ? pick(GSTINS) : 'URP';
  const pos = buyer === 'URP' ? pick(STATES) : buyer.slice(0, 2);
  const intra = pos === '27';
  const count = 1 + Math.floor(rand() * 3);
  const items: DocumentItem[] = [];
  for (let i = 0; i < count; i++) items.push(makeItem(intra));
  const day = 1 + Math.floor(rand() * 28);
  const d: DocumentInput = {
    documentType: rand() < 0.9 ? 'INV' : 'CRN',
    documentNumber: `INV/${n % 1_000_000}`,
    documentDate: `2025-05-${String(day).padStart(2, '0')}`,
    supplierGstin: SUPPLIER,
    counterpartyGstin: buyer,
    counterpartyState: buyer === 'URP' ? null : pos,
    placeOfSupply: pos,
    originalDocumentNumber: 'INV/1',
    items,
  };
  if (rand() < 0.05) {
    const k = Math.floor(rand() * 5);
    const first = items[0]!;
    if (k === 0 && buyer !== 'URP') d.counterpartyGstin = buyer.slice(0, 14) + (buyer.endsWith('A') ? 'B' : 'A');
    else if (k === 1) first.igst = (first.igst ?? 0) + 5_000;
    else if (k === 2) d.documentDate = '2025-06-30';
    else if (k === 3) first.hsn = '84A1';
    else d.documentNumber = 'INV#' + n;
  }
  return d;
}

const context: ValidationContext = {
  today: '2025-06-15',
  returnPeriod: '052025',
  supplierTurnover: 3 * 100 * 1_00_00_000,
  tolerancePaise: 100,
};

/** The reference: read the fields validateDocument reads, and nothing else. */
function readFields(docs: readonly DocumentInput[]): number {
  let acc = 0;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    acc += d.documentType.length + d.documentNumber.length + d.documentDate.length + (d.supplierGstin?.length ?? 0);
    acc += (d.counterpartyGstin?.length ?? 0) + (d.counterpartyState?.length ?? 0) + (d.placeOfSupply?.length ?? 0);
    const items = d.items;
    for (let j = 0; j < items.length; j++) {
      const it = items[j]!;
      acc += it.taxable + it.ratePercent + (it.igst ?? 0) + (it.cgst ?? 0) + (it.sgst ?? 0) + (it.cess ?? 0);
      acc += (it.hsn?.length ?? 0) + (it.uqc?.length ?? 0) + (it.quantity ?? 0);
    }
  }
  return acc;
}

// Warm up both loops so the JIT has compiled them before timing.
{
  const warm = Array.from({ length: 20_000 }, (_, i) => makeDocument(i));
  for (let r = 0; r < 5; r++) {
    for (const d of warm) validateDocument(d, context);
    readFields(warm);
  }
}

let validateNs = 0n;
let validateCpuMicros = 0;
let referenceNs = 0n;
let invalidDocuments = 0;
let issueCount = 0;
let checksum = 0;
let peakRss = process.memoryUsage().rss;
for (let done = 0; done < TOTAL; done += BATCH) {
  const size = Math.min(BATCH, TOTAL - done);
  const docs: DocumentInput[] = new Array(size);
  for (let i = 0; i < size; i++) docs[i] = makeDocument(done + i);
  collectGarbage();
  let t = process.hrtime.bigint();
  checksum += readFields(docs);
  referenceNs += process.hrtime.bigint() - t;
  t = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < size; i++) {
    const found = validateDocument(docs[i]!, context);
    if (found.length > 0) {
      invalidDocuments++;
      issueCount += found.length;
    }
  }
  validateNs += process.hrtime.bigint() - t;
  const cpu = process.cpuUsage(cpu0);
  validateCpuMicros += cpu.user + cpu.system;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

const seconds = Number(validateNs) / 1e9;
const referenceSeconds = Number(referenceNs) / 1e9;
const docsPerSecond = Math.round(TOTAL / seconds);
// CPU time of the process during the timed validation (all threads, so a conservative figure): on a shared machine the
// wall clock also counts time the core spent on other processes.
const cpuSeconds = validateCpuMicros / 1e6;
const docsPerCpuSecond = Math.round(TOTAL / cpuSeconds);
console.log(
  JSON.stringify({
    bench: 'validate',
    case: TOTAL === 1_000_000 ? '1M' : String(TOTAL),
    seconds: Number(seconds.toFixed(3)),
    ratio: Number((seconds / referenceSeconds).toFixed(1)),
    reference: 'plain field-reading loop',
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    metrics: {
      documents: TOTAL,
      docsPerSecond,
      cpuSeconds: Number(cpuSeconds.toFixed(3)),
      docsPerCpuSecond,
      target: TARGET,
      targetMet: docsPerSecond >= TARGET,
      targetMetOnCpuTime: docsPerCpuSecond >= TARGET,
      loadAverage1m: Number(loadavg()[0]?.toFixed(2)),
      referenceSeconds: Number(referenceSeconds.toFixed(3)),
      invalidDocuments,
      issues: issueCount,
      checksum: checksum % 1_000_003,
    },
  }),
);

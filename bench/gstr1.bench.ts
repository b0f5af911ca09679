// `npm run bench -- gstr1 [--docs 500000] [--seed 42]`
// Builds one GSTR-1 save JSON from generated sales documents (buildGstr1 + JSON.stringify of the result) and compares
// with JSON.stringify of the same input documents in the same run. Documents are generated deterministically (seeded
// PRNG) before timing, with a mix of sections: B2B (regular, SEZ, deemed exports, reverse charge, e-commerce), B2C
// large and small, exports with and without payment, credit and debit notes to registered and unregistered persons,
// bills of supply, amendments; plus B2CS, advance and nil summary rows.
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildGstr1, type Gstr1Document, type Gstr1Item, type Gstr1SummaryRow, gstinCheckCharacter, summarizeGstr1 } from '@opengst/domain';
import { prng } from './support/prng';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const TOTAL = arg('docs', 500_000);
const SEED = arg('seed', 42);
const TARGET_SECONDS = 15;

const rand = prng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const STATES = ['27', '29', '07', '33', '24', '09', '19', '36'];
const SUPPLIER = '27AAPFU0939F1ZV';
const makeGstin = (state: string): string => {
  let body = state;
  for (let i = 0; i < 3; i++) body += LETTERS.charAt(Math.floor(rand() * 26));
  body += pick(['C', 'P', 'F']) + LETTERS.charAt(Math.floor(rand() * 26));
  body += String(Math.floor(rand() * 10000)).padStart(4, '0') + LETTERS.charAt(Math.floor(rand() * 26)) + '1Z';
  return body + gstinCheckCharacter(body);
};
const BUYERS = Array.from({ length: 5000 }, () => makeGstin(pick(STATES)));
const ECOS = ['07AARCA1234K1C5', '29AAICA3918J1CT', '27AAHCB2345L1C9'];
const HSNS = ['84713010', '85171300', '30049099', '998314', '39269099', '73181500', '940360', '4819'];
const UQCS = ['NOS', 'KGS', 'PCS', 'BOX', 'LTR'];
const RATES = [5000, 12000, 18000, 28000, 0, 250];

function makeItem(inter: boolean, noTax: boolean): Gstr1Item {
  const taxable = 100 + Math.floor(rand() * 5_000_000);
  const rate = pick(RATES);
  const hsn = pick(HSNS);
  const tax = noTax ? 0 : Math.round((taxable * rate) / 100_000);
  const half = noTax ? 0 : Math.round((taxable * rate) / 200_000);
  return {
    hsn,
    uqc: pick(UQCS),
    quantity: 1000 * (1 + Math.floor(rand() * 50)),
    rate,
    taxable,
    igst: inter ? tax : 0,
    cgst: inter ? 0 : half,
    sgst: inter ? 0 : half,
    cess: 0,
  };
}

function makeDocument(n: number): Gstr1Document {
  const r = rand();
  let supplyType = 'B2B';
  let buyer = '';
  let pos = '27';
  let documentType = 'INV';
  if (r < 0.62) {
    buyer = pick(BUYERS);
    pos = buyer.slice(0, 2);
    const s = rand();
    supplyType = s < 0.03 ? 'SEZWP' : s < 0.05 ? 'SEZWOP' : s < 0.06 ? 'DEXP' : 'B2B';
    if (rand() < 0.08) documentType = rand() < 0.8 ? 'CRN' : 'DBN';
  } else if (r < 0.9) {
    supplyType = 'B2C';
    pos = rand() < 0.7 ? '27' : pick(STATES);
    if (rand() < 0.04) documentType = 'CRN';
  } else if (r < 0.96) {
    supplyType = rand() < 0.5 ? 'EXPWP' : 'EXPWOP';
    pos = '96';
    if (rand() < 0.05) documentType = 'CRN';
  } else {
    documentType = 'BIL';
    supplyType = 'B2C';
    pos = pick(STATES);
  }
  const inter = supplyType !== 'B2B' && supplyType !== 'B2C' && supplyType !== 'DEXP' ? true : pos !== '27';
  const noTax = supplyType === 'SEZWOP' || supplyType === 'EXPWOP' || documentType === 'BIL';
  const count = 1 + Math.floor(rand() * 3);
  const items: Gstr1Item[] = [];
  let value = 0;
  for (let i = 0; i < count; i++) {
    const it = makeItem(inter, noTax);
    // A few B2C invoices are large enough for table 5.
    if (supplyType === 'B2C' && rand() < 0.05) it.taxable += 1_50_000_00;
    value += it.taxable + it.igst + it.cgst + it.sgst + it.cess;
    items.push(it);
  }
  const d: Gstr1Document = {
    documentType,
    documentNumber: `${documentType}/${n}`,
    documentDate: `2025-05-${String(1 + Math.floor(rand() * 31)).padStart(2, '0')}`,
    supplyType,
    counterpartyGstin: buyer,
    placeOfSupply: supplyType.startsWith('EXP') ? null : pos,
    isReverseCharge: buyer !== '' && rand() < 0.02,
    documentValue: value,
    items,
  };
  if (supplyType.startsWith('EXP')) {
    d.portCode = 'INBOM1';
    d.shippingBillNumber = String(1000 + (n % 9_000_000));
    d.shippingBillDate = d.documentDate;
  }
  if (documentType === 'INV' && (supplyType === 'B2B' || supplyType === 'B2C') && rand() < 0.05) d.ecommerceGstin = pick(ECOS);
  if (documentType !== 'BIL' && rand() < 0.01) d.amendment = { documentNumber: `${documentType}/A${n}`, documentDate: '2025-04-15' };
  return d;
}

const summaryRow = (r: Partial<Gstr1SummaryRow> & Pick<Gstr1SummaryRow, 'summaryType'>): Gstr1SummaryRow => ({
  placeOfSupply: '',
  supplyType: '',
  rate: 0,
  ecommerceGstin: '',
  documentNature: 0,
  fromNumber: '',
  toNumber: '',
  totalNumber: 0,
  cancelledNumber: 0,
  taxable: 0,
  igst: 0,
  cgst: 0,
  sgst: 0,
  cess: 0,
  nilRated: 0,
  exempted: 0,
  nonGst: 0,
  ...r,
});
const summaries: Gstr1SummaryRow[] = [];
for (const pos of STATES) {
  summaries.push(
    summaryRow({
      summaryType: 'B2CS',
      placeOfSupply: pos,
      rate: 18000,
      taxable: 1_00_000_00,
      igst: pos === '27' ? 0 : 18_000_00,
      cgst: pos === '27' ? 9_000_00 : 0,
      sgst: pos === '27' ? 9_000_00 : 0,
    }),
  );
  summaries.push(
    summaryRow({
      summaryType: 'AdvanceReceived',
      placeOfSupply: pos,
      rate: 18000,
      taxable: 50_000_00,
      igst: pos === '27' ? 0 : 9_000_00,
      cgst: pos === '27' ? 4_500_00 : 0,
      sgst: pos === '27' ? 4_500_00 : 0,
    }),
  );
}
summaries.push(summaryRow({ summaryType: 'NilExemptNonGst', supplyType: 'INTRAB2C', nilRated: 10_000_00, exempted: 5_000_00 }));

const options = { gstin: SUPPLIER, period: '052025', summaries };

// Warm up both paths so the JIT has compiled them before timing.
{
  const warm = Array.from({ length: 20_000 }, (_, i) => makeDocument(i));
  for (let r = 0; r < 3; r++) {
    JSON.stringify(buildGstr1(warm, options));
    JSON.stringify(warm);
  }
}

const documents: Gstr1Document[] = new Array(TOTAL);
for (let i = 0; i < TOTAL; i++) documents[i] = makeDocument(i + 1);
collectGarbage();
let peakRss = process.memoryUsage().rss;

// CPU time besides wall time: on a shared machine the wall clock also counts time the cores spent on other processes.
const cpuSecondsSince = (start: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1e6;
};
let cpu = process.cpuUsage();
let t = process.hrtime.bigint();
const referenceText = JSON.stringify(documents);
const referenceNs = process.hrtime.bigint() - t;
const referenceCpuSeconds = cpuSecondsSince(cpu);
const referenceChars = referenceText.length;
peakRss = Math.max(peakRss, process.memoryUsage().rss);
collectGarbage();

cpu = process.cpuUsage();
t = process.hrtime.bigint();
const json = buildGstr1(documents, options);
const buildNs = process.hrtime.bigint() - t;
const text = JSON.stringify(json);
const totalNs = process.hrtime.bigint() - t;
const cpuSeconds = cpuSecondsSince(cpu);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const seconds = Number(totalNs) / 1e9;
const referenceSeconds = Number(referenceNs) / 1e9;
const records = Object.fromEntries(
  summarizeGstr1(json)
    .filter((s) => s.records > 0)
    .map((s) => [s.section, s.records]),
);
console.log(
  JSON.stringify({
    bench: 'gstr1',
    case: TOTAL === 500_000 ? '500k' : String(TOTAL),
    seconds: Number(seconds.toFixed(3)),
    ratio: Number((seconds / referenceSeconds).toFixed(2)),
    reference: 'JSON.stringify of the input documents',
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    metrics: {
      documents: TOTAL,
      docsPerSecond: Math.round(TOTAL / seconds),
      buildSeconds: Number((Number(buildNs) / 1e9).toFixed(3)),
      stringifySeconds: Number((Number(totalNs - buildNs) / 1e9).toFixed(3)),
      referenceSeconds: Number(referenceSeconds.toFixed(3)),
      cpuSeconds: Number(cpuSeconds.toFixed(3)),
      referenceCpuSeconds: Number(referenceCpuSeconds.toFixed(3)),
      cpuRatio: Number((cpuSeconds / referenceCpuSeconds).toFixed(2)),
      jsonMb: Number((text.length / 1024 / 1024).toFixed(1)),
      inputJsonMb: Number((referenceChars / 1024 / 1024).toFixed(1)),
      records,
      targetSeconds: TARGET_SECONDS,
      targetMet: seconds <= TARGET_SECONDS,
      targetMetOnCpuTime: cpuSeconds <= TARGET_SECONDS,
      loadAverage1m: Number(loadavg()[0]?.toFixed(2)),
    },
  }),
);

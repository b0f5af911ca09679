// Temporary: the new engine against the original copy on generated and messy data.
import { reconcile } from '../../packages/domain/src/reconcile/engine';
import { reconcile as reconcileOrig } from '/tmp/reconcile.orig/engine';
import { generate } from './generate';
import type { ReconcileDocument } from '../../packages/domain/src/reconcile/types';

const dump = (r: ReturnType<typeof reconcile>): string =>
  JSON.stringify({ rows: r.rows.map((x) => [x.status, x.level, x.rule, x.purchases.map((d) => d.id), x.portal.map((d) => d.id)]), summary: r.summary });

let seed = 7;
const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
const pick = <T,>(a: T[]): T => a[Math.floor(rnd() * a.length)]!;
const messy = (n: number): [ReconcileDocument[], ReconcileDocument[]] => {
  const gst = ['27AAAAA0001A1Z5', '27aaaaa0001a1z5', ' 27AAAAA0001A1Z5', '29AAAAA0001A1Z1', '07BBBBB0002B1Z2', 'XYZ', '27CCCCC0003C1Z3'];
  const nums = ['INV/1', 'inv-1', 'INV 001/24-25', '1', 'S/1', '8400', 'S/8400', 'BILL-23-00040', 'BILL-23-00045', '12/3', '1/23', ' INV/2 ', 'INV/2', 'FY2024-25/7', '7', 'X', ''];
  const dates = ['2024-04-01', '2025-03-31', '2024-04-02', '2024-05-01', 'bad', '2024-13-01', '2024-04-15'];
  const mk = (side: string, k: number): ReconcileDocument => {
    const taxable = pick([10000, 10050, 10100, 20000, 0.5, 10000]);
    return {
      id: side + k,
      supplierGstin: pick(gst),
      supplierName: pick([undefined, 'Acme', 'Other']),
      documentType: pick(['INV', 'INV', 'CRN', 'DBN', 'BOE'] as const),
      documentNumber: pick(nums),
      documentDate: pick(dates),
      placeOfSupply: pick(['27', '29', undefined]),
      isReverseCharge: rnd() < 0.1,
      taxable,
      igst: pick([0, 1800, 1850]),
      cgst: pick([0, 900]),
      sgst: pick([0, 900, 901]),
      cess: pick([0, 0, 3]),
      invoiceValue: taxable + 1800,
      rates: pick([[18], [12, 18], undefined]),
      itcAvailability: pick(['Y', 'N', 'T', null, undefined] as const),
    };
  };
  return [Array.from({ length: n }, (_, k) => mk('B', k)), Array.from({ length: n }, (_, k) => mk('G', k))];
};
const settingsList = [undefined, { panLevelMatching: false }, { nearMatching: false }, { matchAcrossFinancialYears: true, dateToleranceDays: 3 }, { numberNormalisation: { ignoreCase: false, ignoreSeparators: false } }, { matchColumns: { placeOfSupply: true, rate: true, reverseCharge: true } }, { tolerances: { taxable: 0 } }];
let bad = 0;
for (let t = 0; t < 300; t++) {
  const [b, g] = messy(1 + Math.floor(rnd() * 60));
  const s = settingsList[t % settingsList.length];
  if (dump(reconcile(b, g, s)) !== dump(reconcileOrig(b, g, s))) { bad++; if (bad < 3) console.log('DIFF messy', t); }
}
for (const n of [20_000, 100_000]) {
  const d = generate(n, Math.min(50_000, n / 2));
  for (const s of [undefined, { panLevelMatching: false }]) {
    const a = dump(reconcile(d.books, d.portal, s));
    const o = dump(reconcileOrig(d.books, d.portal, s));
    if (a !== o) { bad++; console.log('DIFF generated', n); }
  }
}
console.log(bad === 0 ? 'SAME' : `DIFFERENT ${bad}`);

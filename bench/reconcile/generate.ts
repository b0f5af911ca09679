// Seeded purchase-register and portal data with planted truth, for the reconcile benchmark.
import type { PurchaseDocument } from '@opengst/domain';

export const CATEGORIES = [
  'exact',
  'tolerance',
  'renumbered',
  'dateShifted',
  'amountMismatch',
  'near',
  'prOnly',
  'portalOnly',
  'lookAlike',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Share of planted items per category (each item is a pair, or one unpaired document, or a look-alike couple). */
const MIX: Record<Category, number> = {
  exact: 0.6,
  tolerance: 0.1,
  renumbered: 0.08,
  dateShifted: 0.05,
  amountMismatch: 0.05,
  near: 0.04,
  prOnly: 0.03,
  portalOnly: 0.03,
  lookAlike: 0.02,
};

export type Dataset = {
  books: PurchaseDocument[];
  portal: PurchaseDocument[];
  /** Category of each books / portal document, by index of id number. */
  bookCategory: Uint8Array;
  portalCategory: Uint8Array;
  /** Planted partner: portal index of each books document (-1 none). */
  truth: Int32Array;
};

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const STATES = ['27', '29', '07', '33', '24', '09', '19', '36'];

const gstinOf = (k: number, rnd: () => number): string => {
  let pan = '';
  for (let i = 0; i < 5; i++) pan += ALPHA[Math.floor(rnd() * 26)];
  pan += String(k % 10000).padStart(4, '0');
  pan += ALPHA[Math.floor(rnd() * 26)];
  return `${STATES[k % STATES.length]}${pan}1Z${ALPHA[k % 36]}`;
};

const isoOfDay = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);
const FY_START = Date.UTC(2024, 3, 1) / 86_400_000;

/**
 * `pairs` planted items; one supplier holds `skewed` of them. Returns shuffled sides with ids
 * B<n>/G<n> (n the generation index), so input order says nothing about the truth.
 */
export const generate = (pairs: number, skewed: number, seed = 42): Dataset => {
  const rnd = mulberry32(seed);
  const supplierCount = Math.max(1, Math.floor((pairs - skewed) / 25));
  const suppliers = Array.from({ length: supplierCount + 1 }, (_, k) => gstinOf(k, rnd));
  const seqOf = new Int32Array(supplierCount + 1);
  const books: PurchaseDocument[] = [];
  const portal: PurchaseDocument[] = [];
  const bookCat: number[] = [];
  const portalCat: number[] = [];
  const truthList: number[] = [];
  const cumulative: number[] = [];
  let acc = 0;
  for (const c of CATEGORIES) cumulative.push((acc += MIX[c]));

  const make = (
    id: string,
    gstin: string,
    type: 'INV' | 'CRN',
    no: string,
    date: string,
    taxable: number,
    intra: boolean,
  ): PurchaseDocument => {
    const tax = Math.round(taxable * 0.18);
    const half = Math.floor(tax / 2);
    return {
      id,
      supplierGstin: gstin,
      supplierName: `Supplier ${gstin.slice(2, 7)}`,
      documentType: type,
      documentNumber: no,
      documentDate: date,
      placeOfSupply: '27',
      isReverseCharge: false,
      taxable,
      igst: intra ? 0 : tax,
      cgst: intra ? half : 0,
      sgst: intra ? tax - half : 0,
      cess: 0,
      invoiceValue: taxable + tax,
      rates: [18],
      itcAvailability: 'Y',
    };
  };

  for (let n = 0; n < pairs; n++) {
    const s = n < skewed ? 0 : 1 + Math.floor(rnd() * supplierCount);
    const gstin = suppliers[s]!;
    const seq = ++seqOf[s]!;
    const r = rnd();
    let ci = cumulative.findIndex((c) => r < c);
    if (ci < 0) ci = 0;
    const cat = CATEGORIES[ci]!;
    const day = FY_START + Math.floor(rnd() * 350);
    const date = isoOfDay(day);
    const taxable = 100_00 + Math.floor(rnd() * 5_000_000_00);
    const intra = gstin.startsWith('27');
    const type = rnd() < 0.05 ? 'CRN' : 'INV';
    const no = `INV/${seq}`;
    const b = (docNo: string, t = taxable, d = date) => {
      books.push(make(`B${books.length}`, gstin, type, docNo, d, t, intra));
      bookCat.push(ci);
      truthList.push(-1);
    };
    const g = (docNo: string, t = taxable, d = date) => {
      portal.push(make(`G${portal.length}`, gstin, type, docNo, d, t, intra));
      portalCat.push(ci);
    };
    const pairUp = () => {
      truthList[truthList.length - 1] = portal.length - 1;
    };
    switch (cat) {
      case 'exact':
        b(no);
        g(no);
        pairUp();
        break;
      case 'tolerance':
        b(no);
        g(no, taxable + (rnd() < 0.5 ? 50 : -50));
        pairUp();
        break;
      case 'renumbered':
        b(`INV/${String(seq).padStart(5, '0')}/24-25`);
        g(`inv-${seq}`);
        pairUp();
        break;
      case 'dateShifted':
        b(no);
        g(no, taxable, isoOfDay(day + 1 + Math.floor(rnd() * 5)));
        pairUp();
        break;
      case 'amountMismatch':
        b(no);
        g(no, taxable + 500_00 + Math.floor(rnd() * 100_000_00));
        pairUp();
        break;
      case 'near':
        b(`${seq}`);
        g(`SUP/${seq}`, taxable, isoOfDay(day + Math.floor(rnd() * 3)));
        pairUp();
        break;
      case 'prOnly':
        b(no);
        break;
      case 'portalOnly':
        g(no);
        break;
      case 'lookAlike':
        b(`BILL-23-${String(900000 + 10 * seq).padStart(7, '0')}`);
        g(`BILL-23-${String(900000 + 10 * seq + 5).padStart(7, '0')}`, taxable + 1000_00 + Math.floor(rnd() * 1000_00));
        break;
    }
  }
  const shuffle = <T>(a: T[]): T[] => {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  };
  return {
    books: shuffle(books),
    portal: shuffle(portal),
    bookCategory: Uint8Array.from(bookCat),
    portalCategory: Uint8Array.from(portalCat),
    truth: Int32Array.from(truthList),
  };
};

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcile } from './engine';
import { linkDocuments, unlinkDocuments } from './manual';
import { summarise } from './summary';
import type { PurchaseDocument } from './types';

const G = '27AAPFU0939F1ZV';
const G2 = '29AAPFU0939F1ZU'; // same PAN, other state
const doc = (id: string, documentNumber: string, taxable: number, extra: Partial<PurchaseDocument> = {}): PurchaseDocument => ({
  id,
  supplierGstin: G,
  supplierName: 'Acme',
  documentType: 'INV',
  documentNumber,
  documentDate: '2024-05-10',
  placeOfSupply: '27',
  isReverseCharge: false,
  taxable,
  igst: 0,
  cgst: taxable * 0.09,
  sgst: taxable * 0.09,
  cess: 0,
  invoiceValue: taxable * 1.18,
  rates: [18],
  ...extra,
});

const pairsOf = (r: ReturnType<typeof reconcile>) =>
  r.rows
    .map((row) => `${row.purchases.map((d) => d.id).join('+')}|${row.portal.map((d) => d.id).join('+')}|${row.status}|${row.level}`)
    .sort();

describe('reconcile statuses', () => {
  it('Matched when every field is equal', () => {
    const r = reconcile([doc('b', 'INV-1', 10000)], [doc('g', 'INV-1', 10000)]);
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.status).toBe('Matched');
    expect(r.rows[0]!.rule).toBe('exact-number');
    expect(r.rows[0]!.level).toBe('GSTIN');
  });
  it('Matched due to tolerance within ₹1, Mismatched beyond', () => {
    const r = reconcile(
      [doc('b1', 'A1', 10000), doc('b2', 'A2', 10000)],
      [doc('g1', 'A1', 10000, { taxable: 10099 }), doc('g2', 'A2', 10000, { taxable: 10101 })],
    );
    expect(r.rows.map((x) => x.status)).toEqual(['Matched due to tolerance', 'Mismatched']);
  });
  it('tolerances are settings in rupees', () => {
    const r = reconcile([doc('b', 'A1', 10000)], [doc('g', 'A1', 10000, { taxable: 10500 })], { tolerances: { taxable: 5 } });
    expect(r.rows[0]!.status).toBe('Matched due to tolerance');
  });
  it('PR only and GST only for unpaired documents', () => {
    const r = reconcile([doc('b', 'X1', 100)], [doc('g', 'Y2', 999)]);
    expect(r.rows.map((x) => [x.status, x.level, x.rule])).toEqual([
      ['PR only', null, 'unpaired'],
      ['GST only', null, 'unpaired'],
    ]);
  });
  it('normalised numbers pair as Matched due to tolerance (FY fragment, zeros, separators, case)', () => {
    const r = reconcile(
      [doc('b1', 'INV/001/24-25', 100), doc('b2', 'inv 7/2024-25', 100), doc('b3', 'S\\0042', 100)],
      [doc('g1', 'INV-1', 100), doc('g2', 'INV-0007', 100), doc('g3', 's-42', 100)],
    );
    expect(pairsOf(r)).toEqual([
      'b1|g1|Matched due to tolerance|GSTIN',
      'b2|g2|Matched due to tolerance|GSTIN',
      'b3|g3|Matched due to tolerance|GSTIN',
    ]);
    expect(r.rows[0]!.rule).toBe('normalised-number');
  });
  it('normalisation switched off keeps them apart', () => {
    const r = reconcile([doc('b', 'INV/001', 100)], [doc('g', 'INV-1', 100)], {
      numberNormalisation: { ignoreLeadingZeros: false, ignoreSeparators: false },
      nearMatching: false,
    });
    expect(r.rows.map((x) => x.status)).toEqual(['PR only', 'GST only']);
  });
  it('Near matched: same trailing digits, amounts within tolerance, dates in the window', () => {
    const r = reconcile([doc('b', '8400', 100)], [doc('g', 'SUP/8400', 100, { documentDate: '2024-05-20' })]);
    expect(r.rows[0]!.status).toBe('Near matched');
    expect(r.rows[0]!.rule).toBe('near-number');
  });
  it('near matching refuses other amounts, dates outside the window, or when switched off', () => {
    expect(reconcile([doc('b', '8400', 100)], [doc('g', 'SUP/8400', 5000)]).rows).toHaveLength(2);
    expect(reconcile([doc('b', '8400', 100)], [doc('g', 'SUP/8400', 100, { documentDate: '2024-08-20' })]).rows).toHaveLength(2);
    expect(reconcile([doc('b', '8400', 100)], [doc('g', 'SUP/8400', 100)], { nearMatching: false }).rows).toHaveLength(2);
  });
  it('PAN level pairs across GSTINs of one PAN, and can be switched off', () => {
    const r = reconcile([doc('b', 'A1', 100)], [doc('g', 'A1', 100, { supplierGstin: G2 })]);
    expect(r.rows[0]!.level).toBe('PAN');
    expect(r.rows[0]!.status).toBe('Matched');
    expect(reconcile([doc('b', 'A1', 100)], [doc('g', 'A1', 100, { supplierGstin: G2 })], { panLevelMatching: false }).rows).toHaveLength(
      2,
    );
  });
  it('GSTIN case and spaces do not matter', () => {
    const r = reconcile([doc('b', 'A1', 100, { supplierGstin: ` ${G.toLowerCase()} ` })], [doc('g', 'A1', 100)]);
    expect(r.rows[0]!.level).toBe('GSTIN');
  });
});

describe('dates, years and match columns', () => {
  it('a date difference is Mismatched by default and within tolerance when allowed', () => {
    const g = doc('g', 'A1', 100, { documentDate: '2024-05-12' });
    expect(reconcile([doc('b', 'A1', 100)], [g]).rows[0]!.status).toBe('Mismatched');
    expect(reconcile([doc('b', 'A1', 100)], [g], { dateToleranceDays: 2 }).rows[0]!.status).toBe('Matched due to tolerance');
    expect(reconcile([doc('b', 'A1', 100)], [g], { matchColumns: { documentDate: false } }).rows[0]!.status).toBe('Matched');
  });
  it('the same number in another financial year does not pair unless allowed', () => {
    const b = doc('b', 'A1', 100, { documentDate: '2023-05-10' });
    expect(reconcile([b], [doc('g', 'A1', 100)]).rows).toHaveLength(2);
    const r = reconcile([b], [doc('g', 'A1', 100)], { matchAcrossFinancialYears: true });
    expect(r.rows[0]!.status).toBe('Mismatched');
  });
  it('dates within the date tolerance may cross a year end', () => {
    const r = reconcile([doc('b', 'A1', 100, { documentDate: '2024-03-31' })], [doc('g', 'A1', 100, { documentDate: '2024-04-01' })], {
      dateToleranceDays: 1,
    });
    expect(r.rows[0]!.status).toBe('Matched due to tolerance');
  });
  it('extra columns: place of supply, reverse charge, rate, document type', () => {
    const b = doc('b', 'A1', 100);
    const on = { placeOfSupply: true, reverseCharge: true, rate: true, documentType: true };
    expect(reconcile([b], [doc('g', 'A1', 100, { placeOfSupply: '29' })], { matchColumns: on }).rows[0]!.status).toBe('Mismatched');
    expect(reconcile([b], [doc('g', 'A1', 100, { isReverseCharge: true })], { matchColumns: on }).rows[0]!.status).toBe('Mismatched');
    expect(reconcile([b], [doc('g', 'A1', 100, { rates: [12] })], { matchColumns: on }).rows[0]!.status).toBe('Mismatched');
    expect(reconcile([b], [doc('g', 'A1', 100, { rates: [18, 18] })], { matchColumns: on }).rows[0]!.status).toBe('Matched');
    expect(reconcile([b], [doc('g', 'A1', 100, { documentType: 'DBN' })]).rows[0]!.status).toBe('Mismatched');
    expect(reconcile([b], [doc('g', 'A1', 100, { placeOfSupply: '29' })]).rows[0]!.status).toBe('Matched');
  });
  it('rejects negative settings', () => {
    expect(() => reconcile([], [], { tolerances: { igst: -1 } })).toThrow(RangeError);
    expect(() => reconcile([], [], { dateToleranceDays: Number.NaN })).toThrow(RangeError);
  });
});

describe('what other products get wrong', () => {
  it('"1" does not pair with "INV 10"', () => {
    const r = reconcile([doc('b', '1', 100)], [doc('g', 'INV 10', 100)]);
    expect(r.rows.map((x) => x.status)).toEqual(['PR only', 'GST only']);
    expect(r.rows[0]!.explanation.candidates[0]!.reason).toContain('digits differ (1 vs 10)');
  });
  it('BILL-23-00040 does not pair with BILL-23-00045 (different amounts)', () => {
    const r = reconcile([doc('b', 'BILL-23-00040', 100)], [doc('g', 'BILL-23-00045', 250)]);
    expect(r.rows.map((x) => x.status)).toEqual(['PR only', 'GST only']);
    const c = r.rows[1]!.explanation.candidates[0]!;
    expect(c).toMatchObject({ side: 'books', id: 'b' });
    expect(c.reason).toContain('digits differ');
  });
  it('RS/23/24-25 and RS/25/24-25 are two documents, not one with a wrong amount (issue 18)', () => {
    const r = reconcile([doc('b', 'RS/23/24-25', 100)], [doc('g', 'RS/25/24-25', 250)]);
    expect(r.rows.map((x) => x.status)).toEqual(['PR only', 'GST only']);
    const other = reconcile([doc('b', 'RS/023/24-25', 100)], [doc('g', 'RS/23/24-25', 100)]);
    expect(other.rows.map((x) => x.status)).toEqual(['PR only', 'GST only']);
    expect(other.rows[0]!.explanation.candidates[0]).toMatchObject({ id: 'g' });
    expect(other.rows[0]!.explanation.candidates[0]!.reason).toContain('numbers differ after normalisation (RS23 vs RS23/24-25)');
  });
  it('does not show an invoice as missing when only its formatting differs', () => {
    const r = reconcile([doc('b', 'INV/00123/2024-25', 100)], [doc('g', 'inv123', 100)]);
    expect(r.rows).toHaveLength(1);
  });
  it('duplicate numbers pair by best score, not by row order', () => {
    const books = [doc('b1', 'A1', 100), doc('b2', 'A1', 500)];
    const portal = [doc('g1', 'A1', 500), doc('g2', 'A1', 100), doc('g3', 'A1', 100, { documentType: 'CRN' })];
    const expected = ['b1|g2|Matched|GSTIN', 'b2|g1|Matched|GSTIN', '|g3|GST only|null'];
    expect(pairsOf(reconcile(books, portal))).toEqual([...expected].sort());
    expect(pairsOf(reconcile([...books].reverse(), [...portal].reverse()))).toEqual([...expected].sort());
  });
  it('a key with many documents a side stays bounded and pairs by date', () => {
    const books: PurchaseDocument[] = [];
    const portal: PurchaseDocument[] = [];
    for (let k = 0; k < 150; k++) {
      const date = `2024-${String(4 + (k % 9)).padStart(2, '0')}-${String(1 + (k % 28)).padStart(2, '0')}`;
      books.push(doc(`b${k}`, 'NA', 1000 + k, { documentDate: date }));
      portal.push(doc(`g${k}`, 'NA', 1000 + k, { documentDate: date }));
    }
    const r = reconcile(books, portal);
    expect(r.rows.filter((x) => x.status === 'Matched')).toHaveLength(150);
  });
  it('50,000 documents of one supplier a side is fast (no quadratic pass)', () => {
    const books: PurchaseDocument[] = [];
    const portal: PurchaseDocument[] = [];
    for (let k = 0; k < 50_000; k++) {
      books.push(doc(`b${k}`, `INV/${k}`, 1000 + k));
      portal.push(doc(`g${k}`, k % 10 === 0 ? `X-${k}` : `INV/${k}`, 1000 + k));
    }
    const t0 = performance.now();
    const r = reconcile(books, portal);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(r.rows).toHaveLength(50_000);
    expect(r.summary.byStatus.find((s) => s.status === 'Near matched')!.rows).toBe(5000);
  });
});

describe('order independence', () => {
  const arbDoc = (prefix: string) =>
    fc
      .record({
        n: fc.constantFrom('1', '01', 'INV-1', 'INV/1/24-25', '10', 'INV 10', 'A-7', '7', 'BILL-23-00040', 'BILL-23-00045'),
        taxable: fc.constantFrom(100, 150, 10_000),
        day: fc.integer({ min: 1, max: 9 }),
        gstin: fc.constantFrom(G, G2, '07AAACB1234C1Z5'),
        type: fc.constantFrom('INV' as const, 'CRN' as const),
      })
      .map((x) => ({ ...x, prefix }));
  it('the same inputs in any order give the same pairs and statuses', () => {
    fc.assert(
      fc.property(fc.array(arbDoc('b'), { maxLength: 12 }), fc.array(arbDoc('g'), { maxLength: 12 }), fc.integer(), (bs, gs, seed) => {
        const toDoc = (x: (typeof bs)[number], k: number) =>
          doc(`${x.prefix}${k}`, x.n, x.taxable, { supplierGstin: x.gstin, documentType: x.type, documentDate: `2024-06-0${x.day}` });
        const books = bs.map(toDoc);
        const portal = gs.map(toDoc);
        const shuffle = <T>(a: T[]): T[] => {
          const out = [...a];
          let s = seed;
          for (let i = out.length - 1; i > 0; i--) {
            s = (s * 1103515245 + 12345) & 0x7fffffff;
            const j = s % (i + 1);
            [out[i], out[j]] = [out[j]!, out[i]!];
          }
          return out;
        };
        expect(pairsOf(reconcile(shuffle(books), shuffle(portal)))).toEqual(pairsOf(reconcile(books, portal)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('explanations and summaries', () => {
  it('lists every compared field with both values and portal minus books', () => {
    const r = reconcile([doc('b', 'INV-1', 10000)], [doc('g', 'INV/1', 10000, { cgst: 950, documentDate: '2024-05-11' })]);
    const e = r.rows[0]!.explanation;
    expect(e.rule).toBe('normalised-number');
    expect(e.ruleText).toContain('normalisation');
    const cgst = e.fields.find((f) => f.field === 'cgst')!;
    expect(cgst).toMatchObject({
      books: 900,
      portal: 950,
      difference: 50,
      differenceLabel: 'portal minus books',
      outcome: 'within tolerance',
    });
    expect(e.fields.find((f) => f.field === 'documentDate')).toMatchObject({ difference: 1, outcome: 'different', isMatchColumn: true });
    expect(e.fields.find((f) => f.field === 'documentNumber')!.outcome).toBe('within tolerance');
    expect(e.fields.map((f) => f.field)).toEqual([
      'documentNumber',
      'documentDate',
      'invoiceValue',
      'taxable',
      'igst',
      'cgst',
      'sgst',
      'cess',
      'documentType',
      'placeOfSupply',
      'reverseCharge',
      'rate',
      'supplierGstin',
      'recipientGstin',
      'returnPeriod',
    ]);
    expect(r.rows[0]!.explanation).toBe(e);
    expect(JSON.parse(JSON.stringify(r.rows[0]))).toMatchObject({ status: 'Mismatched', purchaseIds: ['b'], portalIds: ['g'] });
  });
  it('gives unpaired documents their nearest candidates with reasons', () => {
    const r = reconcile(
      [doc('b1', 'A1', 100), doc('b2', 'A5', 100, { documentDate: '2023-05-10' }), doc('b3', 'Z9', 100, { supplierGstin: G2 })],
      [doc('g1', 'A1', 100), doc('g2', 'A5', 100), doc('g3', 'Q9', 100)],
      { panLevelMatching: false },
    );
    const b2 = r.rows.find((x) => x.purchases[0]?.id === 'b2')!;
    const reasons = Object.fromEntries(b2.explanation.candidates.map((c) => [c.id, c.reason]));
    expect(reasons['g2']).toContain('different financial years');
    expect(reasons['g1']).toContain('already paired with A1');
    const b3 = r.rows.find((x) => x.purchases[0]?.id === 'b3')!;
    expect(b3.explanation.candidates[0]!.reason).toContain('PAN-level matching is off');
    expect(reconcile([doc('b', '1', 100)], [doc('g', '2', 100)], { maxExplainedCandidates: 0 }).rows[0]!.explanation.candidates).toEqual(
      [],
    );
    const off = reconcile([doc('b', '1', 100)], [doc('g', '2', 100)], { nearMatching: false });
    expect(off.rows[0]!.explanation.candidates[0]!.reason).toContain('near matching is off');
  });
  it("lists an unpaired document's best candidates of its family only, best first, equal scores by id", () => {
    // Equal trailing digits score 1000 and the same type 100; a day between the dates takes 0.1 (344 days: 34.4).
    const portal = [
      doc('g9', 'X7', 100),
      doc('g2', 'Y1', 100),
      doc('g1', 'Y1', 100),
      doc('g3', 'C7', 900),
      doc('g4', 'Q1', 100, { documentDate: '2024-05-20' }),
      doc('g5', 'Q7', 100, { supplierGstin: G2 }),
    ];
    const r = reconcile([doc('b', 'B1', 100, { documentDate: '2023-06-01' })], portal, {
      maxExplainedCandidates: 3,
      panLevelMatching: false,
    });
    const unpaired = r.rows.find((x) => x.purchases[0]?.id === 'b')!;
    expect(unpaired.explanation.candidates.map((c) => [c.id, c.score])).toEqual([
      ['g1', 1065.6],
      ['g2', 1065.6],
      ['g4', 1064.6],
    ]);
  });
  it('summarises by status and by supplier with ITC at risk', () => {
    const r = reconcile(
      [doc('b1', 'A1', 10000), doc('b2', 'A2', 10000), doc('b3', 'A3', 10000, { documentType: 'CRN' }), doc('b4', 'A4', 10000)],
      [doc('g1', 'A1', 10000), doc('g2', 'A2', 5000), doc('g5', 'A5', 2000), doc('g4', 'A4', 10000, { itcAvailability: 'N' })],
    );
    const by = Object.fromEntries(r.summary.byStatus.map((s) => [s.status, s]));
    expect(by['Matched']!.rows).toBe(2);
    expect(by['Mismatched']).toMatchObject({
      rows: 1,
      booksTaxable: 10000,
      portalTaxable: 5000,
      taxableDifference: -5000,
      taxDifference: -900,
    });
    expect(by['PR only']!.booksDocuments).toBe(1);
    expect(by['GST only']!.portalTax).toBe(360);
    const sup = r.summary.bySupplier[0]!;
    expect(sup).toMatchObject({ supplierGstin: G, supplierName: 'Acme', itcAtRisk: 900 + 1800, itcNotInBooks: 360 });
    expect(sup.counts['Matched']).toBe(2);
    expect(r.summary.itcAtRisk).toBe(2700);
  });
});

describe("the recipient GSTIN (ITC is the registration's whose GSTR-2B holds the document, s.16(2)(aa))", () => {
  const MH = '27AAACB2222C1Z5';
  const KA = '29AAACB2222C1Z1';
  it('a pair across two GSTINs of the buyer is never Matched, and says why', () => {
    const r = reconcile([doc('b', 'A1', 10000, { recipientGstin: MH })], [doc('g', 'A1', 10000, { recipientGstin: KA })]);
    expect(r.rows).toHaveLength(1);
    const row = r.rows[0]!;
    expect(row.status).toBe('Recipient GSTIN differs');
    expect(row.explanation.fields.find((f) => f.field === 'recipientGstin')).toMatchObject({
      books: MH,
      portal: KA,
      outcome: 'different',
      isMatchColumn: true,
    });
    expect(row.explanation.statusText).toContain(`against GSTIN ${KA}, not against ${MH}`);
    expect(row.explanation.statusText).toContain('s.16(2)(aa)');
    expect(r.summary.itcAtRisk).toBe(1800);
    expect(r.summary.byStatus.find((x) => x.status === 'Recipient GSTIN differs')).toMatchObject({
      rows: 1,
      booksTax: 1800,
      portalTax: 1800,
    });
    expect(r.summary.bySupplier[0]!.counts['Recipient GSTIN differs']).toBe(1);
    expect(summarise(r.rows)).toEqual(r.summary);
  });
  it('the copy reported to the GSTIN that booked it wins, whatever the order and the type', () => {
    const books = [doc('b', 'A1', 10000, { recipientGstin: MH })];
    const portal = [
      doc('g1', 'A1', 10000, { recipientGstin: KA }),
      doc('g2', 'A1', 10000, { recipientGstin: ` ${MH.toLowerCase()}`, documentType: 'DBN' }),
    ];
    for (const p of [portal, [...portal].reverse()]) {
      expect(pairsOf(reconcile(books, p))).toEqual(['b|g2|Mismatched|GSTIN', '|g1|GST only|null']);
    }
    // Unknown beats different.
    const unknown = reconcile(books, [doc('g1', 'A1', 10000, { recipientGstin: KA }), doc('g3', 'A1', 10000)]);
    expect(pairsOf(unknown)).toEqual(['b|g3|Matched|GSTIN', '|g1|GST only|null']);
  });
  it('a missing recipient on either side changes nothing', () => {
    expect(reconcile([doc('b', 'A1', 100, { recipientGstin: MH })], [doc('g', 'A1', 100)]).rows[0]!.status).toBe('Matched');
    const r = reconcile([doc('b', 'A1', 100)], [doc('g', 'A1', 100, { recipientGstin: KA })]);
    expect(r.rows[0]!.status).toBe('Matched');
    expect(r.rows[0]!.explanation.fields.find((f) => f.field === 'recipientGstin')!.outcome).toBe('not compared');
  });
  it('a manual link across two GSTINs gets the status too, and its summary puts the credit at risk', () => {
    const base = reconcile([doc('b', 'X1', 10000, { recipientGstin: MH })], [doc('g', 'Y9', 10000, { recipientGstin: KA })]);
    const out = linkDocuments(base, ['b'], ['g']);
    if (!out.ok) throw new Error(out.message);
    expect(out.result.rows[0]!.status).toBe('Recipient GSTIN differs');
    expect(out.result.summary.itcAtRisk).toBe(1800);
    const back = unlinkDocuments(out.result, ['b'], ['g']);
    if (!back.ok) throw new Error(back.message);
    expect(back.result.rows.map((x) => x.status)).toEqual(['PR only', 'GST only']);
  });
});

describe('matches across return periods', () => {
  it('a March 2025 purchase reported by the supplier in the April 2025 GSTR-2B is a match, shown as across periods', () => {
    const books = [doc('b', 'INV-31', 10000, { documentDate: '2025-03-28', returnPeriod: '032025' })];
    const portal = [doc('g', 'INV-31', 10000, { documentDate: '2025-03-28', returnPeriod: '042025' })];
    const row = reconcile(books, portal).rows[0]!;
    expect(row.status).toBe('Matched');
    expect(row.acrossPeriods).toBe(true);
    expect(row.explanation.fields.find((f) => f.field === 'returnPeriod')).toEqual({
      field: 'returnPeriod',
      books: '032025',
      portal: '042025',
      difference: 1,
      differenceLabel: 'portal minus books',
      outcome: 'different',
      isMatchColumn: false,
    });
    expect(row.explanation.statusText).toContain('Across periods: booked in 032025, reported in 042025.');
    expect(JSON.parse(JSON.stringify(row))).toMatchObject({ status: 'Matched', acrossPeriods: true });
  });
  it('the same period, or a side without one, is not across periods', () => {
    const same = reconcile([doc('b', 'A1', 100, { returnPeriod: '042025' })], [doc('g', 'A1', 100, { returnPeriod: '042025' })]).rows[0]!;
    expect(same.acrossPeriods).toBe(false);
    expect(same.explanation.fields.find((f) => f.field === 'returnPeriod')).toMatchObject({ outcome: 'equal', difference: 0 });
    const none = reconcile([doc('b', 'A1', 100)], [doc('g', 'A1', 100, { returnPeriod: '042025' })]).rows[0]!;
    expect(none.acrossPeriods).toBe(false);
    expect(none.explanation.fields.find((f) => f.field === 'returnPeriod')).toMatchObject({ outcome: 'not compared', books: null });
  });
});

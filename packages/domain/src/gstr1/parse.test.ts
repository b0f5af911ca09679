// parseGstr1 reads the portal's JSON back into what buildGstr1 takes: buildGstr1(parseGstr1(json)) reproduces json.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGstr1 } from './build';
import { parseGstr1 } from './parse';
import type { Gstr1Document, Gstr1Item, Gstr1Json, Gstr1SummaryRow } from './types';

const data = new URL('../../../../official/gstr1/', import.meta.url);
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, data), 'utf8').replace(/^\uFEFF/, ''));
const ajv = new Ajv({ allErrors: true, strict: false });
const validateSave = ajv.compile(readJson('saveGSTR1Schema.json') as object);

const SUPPLIER = '27AAPFU0939F1ZV';
const BUYERS = ['29AAGCB7383J1Z4', '27AABCT3518Q1ZW', '24AAACS8577K1ZN', '33AAACR5055K1Z5'];
const ECOS = ['07AARCA1234K1C5', '29AAICA3918J1CT'];
const STATES = ['27', '29', '33', '07', '24'];
const RATES = [0, 100, 250, 3000, 5000, 12000, 18000, 28000];
const HSNS = ['84713010', '998314', '0401', '3004', '73181500'];

const rebuild = (json: Gstr1Json, summariesToo = true): Gstr1Json => {
  const p = parseGstr1(json);
  return buildGstr1(p.documents, { gstin: p.gstin, period: p.period, summaries: summariesToo ? p.summaries : [], hsn: p.hsn });
};

type Kind = 'b2b' | 'b2c' | 'exp' | 'bil';

const itemArb = (inter: boolean, noTax: boolean): fc.Arbitrary<Gstr1Item> =>
  fc
    .record({
      rate: fc.constantFrom(...RATES),
      taxable: fc.integer({ min: 0, max: 5_000_000_00 }),
      cess: fc.integer({ min: 0, max: 10_000_00 }),
      hsn: fc.constantFrom(...HSNS),
      quantity: fc.integer({ min: 0, max: 1_000_000 }),
    })
    .map((r) => {
      const tax = noTax ? 0 : Math.round((r.taxable * r.rate) / 100_000);
      const half = noTax ? 0 : Math.round((r.taxable * r.rate) / 200_000);
      return {
        hsn: r.hsn,
        uqc: 'NOS',
        quantity: r.quantity,
        rate: r.rate,
        taxable: r.taxable,
        igst: inter ? tax : 0,
        cgst: inter ? 0 : half,
        sgst: inter ? 0 : half,
        cess: r.cess,
      };
    });

const documentArb = (n: number): fc.Arbitrary<Gstr1Document> =>
  fc
    .record({
      kind: fc.constantFrom<Kind>('b2b', 'b2b', 'b2c', 'b2c', 'exp', 'bil'),
      type: fc.constantFrom('INV', 'INV', 'INV', 'CRN', 'DBN'),
      buyer: fc.constantFrom(...BUYERS),
      b2bType: fc.constantFrom('B2B', 'B2B', 'SEZWP', 'SEZWOP', 'DEXP'),
      expType: fc.constantFrom('EXPWP', 'EXPWOP'),
      pos: fc.constantFrom(...STATES),
      day: fc.integer({ min: 1, max: 31 }),
      eco: fc.option(fc.constantFrom(...ECOS), { freq: 3 }),
      reverseCharge: fc.boolean(),
      amended: fc.integer({ min: 0, max: 9 }),
      originalValue: fc.option(fc.integer({ min: 0, max: 3_00_000_00 }), { freq: 2 }),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
    })
    .chain((r) => {
      const registered = r.kind === 'b2b' || (r.kind === 'bil' && r.seed % 2 === 0);
      const supplyType = r.kind === 'b2b' ? r.b2bType : r.kind === 'exp' ? r.expType : r.kind === 'bil' ? null : 'B2C';
      const pos = registered ? r.buyer.slice(0, 2) : r.kind === 'exp' ? null : r.pos;
      const inter = r.kind === 'exp' || supplyType === 'SEZWP' || supplyType === 'SEZWOP' || pos !== '27';
      const noTax = supplyType === 'SEZWOP' || supplyType === 'EXPWOP' || r.kind === 'bil';
      return fc.array(itemArb(inter, noTax), { minLength: 1, maxLength: 4 }).map((items): Gstr1Document => {
        const documentType = r.kind === 'bil' ? 'BIL' : r.type;
        const isNote = documentType === 'CRN' || documentType === 'DBN';
        const d: Gstr1Document = {
          documentType,
          documentNumber: `${documentType}/${n}`,
          documentDate: `2025-05-${String(r.day).padStart(2, '0')}`,
          supplyType,
          counterpartyGstin: registered ? r.buyer : '',
          placeOfSupply: pos,
          isReverseCharge: r.kind === 'b2b' && r.reverseCharge,
          documentValue: items.reduce((s, i) => s + i.taxable + i.igst + i.cgst + i.sgst + i.cess, 0),
          items,
        };
        // The format carries the operator only on b2b, b2cl, b2cs and cdnr records.
        if (r.eco !== null && (r.kind === 'b2b' || (r.kind === 'b2c' && !isNote))) d.ecommerceGstin = r.eco;
        if (isNote && r.kind === 'b2c' && r.originalValue !== null) d.originalDocumentValue = r.originalValue;
        if (r.kind === 'exp') {
          d.portCode = 'INBOM1';
          d.shippingBillNumber = String(100 + n);
          d.shippingBillDate = d.documentDate;
        }
        if (r.amended === 0 && r.kind !== 'bil')
          d.amendment = { documentNumber: `OLD/${n}`, documentDate: `2025-04-${String(1 + (r.seed % 30)).padStart(2, '0')}` };
        return d;
      });
    });

const summaryArb: fc.Arbitrary<Gstr1SummaryRow> = fc
  .record({
    summaryType: fc.constantFrom('B2CS', 'AdvanceReceived', 'AdvanceAdjusted', 'NilExemptNonGst') as fc.Arbitrary<
      Gstr1SummaryRow['summaryType']
    >,
    pos: fc.constantFrom(...STATES),
    rate: fc.constantFrom(...RATES),
    taxable: fc.integer({ min: 0, max: 1_000_000_00 }),
    nilType: fc.constantFrom('INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'),
    amended: fc.boolean(),
  })
  .map((r): Gstr1SummaryRow => {
    const intra = r.pos === '27';
    const tax = Math.round((r.taxable * r.rate) / 100_000);
    const half = Math.round((r.taxable * r.rate) / 200_000);
    const nil = r.summaryType === 'NilExemptNonGst';
    return {
      summaryType: r.summaryType,
      placeOfSupply: nil ? '' : r.pos,
      supplyType: nil ? r.nilType : '',
      rate: nil ? 0 : r.rate,
      ecommerceGstin: '',
      documentNature: 0,
      fromNumber: '',
      toNumber: '',
      totalNumber: 0,
      cancelledNumber: 0,
      taxable: nil ? 0 : r.taxable,
      igst: nil || intra ? 0 : tax,
      cgst: nil || !intra ? 0 : half,
      sgst: nil || !intra ? 0 : half,
      cess: 0,
      nilRated: nil ? r.taxable : 0,
      exempted: nil ? Math.floor(r.taxable / 3) : 0,
      nonGst: nil ? 7 : 0,
      originalPeriod: !nil && r.amended ? '042025' : null,
    };
  });

const booksArb = fc
  .tuple(fc.integer({ min: 1, max: 40 }), fc.array(summaryArb, { maxLength: 6 }))
  .chain(([count, summaries]) =>
    fc.tuple(fc.tuple(...Array.from({ length: count }, (_, i) => documentArb(i + 1))), fc.constant(summaries)),
  );

describe('parseGstr1', () => {
  it('buildGstr1(parseGstr1(json)) reproduces every section of generated books, and the JSON is valid', () => {
    fc.assert(
      fc.property(booksArb, ([documents, summaries]) => {
        const json = buildGstr1(documents, { gstin: SUPPLIER, period: '052025', summaries });
        if (!validateSave(json)) throw new Error(ajv.errorsText(validateSave.errors, { separator: '\n' }));
        expect(rebuild(json)).toEqual(json);
      }),
      { numRuns: 100 },
    );
  }, 60_000); // generous: the machine running the suite is shared

  it('reads documents back with their table, amounts in paise and ISO dates', () => {
    const json = buildGstr1(
      [
        {
          documentType: 'CRN',
          documentNumber: 'CN/1',
          documentDate: '2025-05-02',
          supplyType: 'SEZWP',
          counterpartyGstin: '24AAACS8577K1ZN',
          placeOfSupply: '24',
          documentValue: 118_00,
          amendment: { documentNumber: 'CN/0', documentDate: '2025-04-02' },
          items: [{ rate: 18000, taxable: 100_00, igst: 18_00, cgst: 0, sgst: 0, cess: 0 }],
        },
        {
          documentType: 'INV',
          documentNumber: 'E/1',
          documentDate: '2025-05-03',
          supplyType: 'EXPWOP',
          counterpartyGstin: '',
          documentValue: 100_00,
          items: [{ rate: 100, taxable: 100_00, igst: 0, cgst: 0, sgst: 0, cess: 0 }],
        },
      ],
      { gstin: SUPPLIER, period: '052025' },
    );
    const p = parseGstr1(json);
    expect(p.documents[0]).toEqual({
      documentType: 'INV',
      documentNumber: 'E/1',
      documentDate: '2025-05-03',
      supplyType: 'EXPWOP',
      counterpartyGstin: '',
      placeOfSupply: null,
      portCode: null,
      shippingBillNumber: null,
      shippingBillDate: null,
      documentValue: 100_00,
      gstr1Section: 'exp',
      amendment: null,
      items: [{ rate: 100, taxable: 100_00, igst: 0, cgst: 0, sgst: 0, cess: 0, hsn: null }],
    });
    expect(p.documents[1]).toMatchObject({
      documentType: 'CRN',
      supplyType: 'SEZWP',
      gstr1Section: 'cdnr',
      amendment: { documentNumber: 'CN/0', documentDate: '2025-04-02' },
      items: [{ taxable: 100_00, igst: 18_00 }],
    });
    expect(p.summaries.map((s) => [s.summaryType, s.documentNature, s.fromNumber, s.totalNumber])).toEqual([
      ['DocumentsIssued', 1, 'E/1', 1],
    ]);
  });

  it('reads the official B2B sample, and a refund voucher note of the older format', () => {
    const sample = readJson('b2bin.json') as Gstr1Json;
    const p = parseGstr1(sample);
    expect(p.documents).toHaveLength(1);
    expect(p.documents[0]).toMatchObject({
      documentNumber: 'S0000026',
      documentDate: '2023-07-25',
      counterpartyGstin: '27GSPMH0231G1ZZ',
      placeOfSupply: '06',
      documentValue: 729_248_16,
      items: [{ rate: 5000, taxable: 10_000_00, igst: 325_00, cess: 500_00 }],
    });
    // The sample has no table 13: rebuilt, its b2b section is identical (table 13 is then derived from the documents).
    expect(rebuild(sample).b2b).toEqual(sample.b2b);
    const old = parseGstr1({
      gstin: SUPPLIER,
      fp: '052025',
      cdnr: [
        {
          ctin: BUYERS[0]!,
          nt: [{ nt_num: 'R1', nt_dt: '01-05-2025', ntty: 'R' as 'C', val: 1, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [] }],
        },
      ],
    });
    expect(old.documents[0]?.documentType).toBe('RFV');
  });
});

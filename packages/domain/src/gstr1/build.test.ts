// Conformance: GSTR-1 built from documents that exercise every section validates against GSTN's save schema
// (official/gstr1/saveGSTR1Schema.json, 2025 revision) with ajv (draft-07), and the figures come out exact.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildGstr1 } from './build';
import { summarizeGstr1 } from './summary';
import type { Gstr1Document, Gstr1Item, Gstr1SummaryRow } from './types';

const data = new URL('../../../../official/gstr1/', import.meta.url);
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, data), 'utf8').replace(/^\uFEFF/, ''));

const ajv = new Ajv({ allErrors: true, strict: false });
const validateSave = ajv.compile(readJson('saveGSTR1Schema.json') as object);
const schemaErrors = (json: unknown): string => (validateSave(json) ? '' : ajv.errorsText(validateSave.errors, { separator: '\n' }));

const SUPPLIER = '27AAPFU0939F1ZV';
const BUYER_KA = '29AAGCB7383J1Z4';
const BUYER_MH = '27AABCT3518Q1ZW';
const SEZ_UNIT = '24AAACS8577K1ZN';
const ECO = '07AARCA1234K1C5';

/** An item at `ratePercent` on `taxable` paise, intra- or inter-State, tax rounded half up to the paisa. */
function item(taxable: number, ratePercent: number, inter: boolean, extra: Partial<Gstr1Item> = {}): Gstr1Item {
  const tax = Math.round((taxable * ratePercent) / 100);
  const half = Math.round((taxable * ratePercent) / 200);
  return {
    hsn: '84713010',
    uqc: 'NOS',
    quantity: 2_000,
    rate: ratePercent * 1000,
    taxable,
    igst: inter ? tax : 0,
    cgst: inter ? 0 : half,
    sgst: inter ? 0 : half,
    cess: 0,
    ...extra,
  };
}
const valueOf = (items: readonly Gstr1Item[]): number => items.reduce((s, i) => s + i.taxable + i.igst + i.cgst + i.sgst + i.cess, 0);
function doc(partial: Partial<Gstr1Document> & { documentNumber: string; items: Gstr1Item[] }): Gstr1Document {
  return { documentType: 'INV', documentDate: '2025-05-10', counterpartyGstin: '', documentValue: valueOf(partial.items), ...partial };
}
const row = (r: Partial<Gstr1SummaryRow> & Pick<Gstr1SummaryRow, 'summaryType'>): Gstr1SummaryRow => ({
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

/** Documents for every section and amendment section of the save format. */
export const EVERY_SECTION: Gstr1Document[] = [
  doc({
    documentNumber: 'INV/25/001',
    counterpartyGstin: BUYER_MH,
    supplyType: 'B2B',
    placeOfSupply: '27',
    items: [
      item(100_000_00, 18, false),
      item(20_000_50, 5, false, { hsn: '998314', uqc: 'OTH', description: 'IT consulting services for the quarter' }),
      item(1_00, 18, false),
    ],
  }),
  doc({
    documentNumber: 'INV/25/002',
    counterpartyGstin: BUYER_KA,
    supplyType: 'B2B',
    placeOfSupply: '29',
    isReverseCharge: true,
    ecommerceGstin: ECO,
    items: [item(50_000_00, 12, true, { cess: 1_000_00 })],
  }),
  doc({
    documentNumber: 'INV/25/003',
    counterpartyGstin: SEZ_UNIT,
    supplyType: 'SEZWP',
    placeOfSupply: '24',
    items: [item(10_000_00, 18, true)],
  }),
  doc({
    documentNumber: 'INV/25/004',
    counterpartyGstin: SEZ_UNIT,
    supplyType: 'SEZWOP',
    placeOfSupply: '24',
    items: [{ ...item(10_000_00, 18, true), igst: 0 }],
  }),
  doc({
    documentNumber: 'INV/25/005',
    counterpartyGstin: BUYER_MH,
    supplyType: 'DEXP',
    placeOfSupply: '27',
    items: [item(7_500_00, 0.1, false)],
  }),
  doc({ documentNumber: 'INV/25/006', supplyType: 'B2C', placeOfSupply: '29', items: [item(1_50_000_00, 18, true)] }),
  doc({
    documentNumber: 'INV/25/007',
    supplyType: 'B2C',
    placeOfSupply: '27',
    items: [item(5_000_00, 18, false), item(3_333_33, 28, false)],
  }),
  doc({ documentNumber: 'INV/25/008', supplyType: 'B2C', placeOfSupply: '27', items: [item(2_000_00, 18, false)] }),
  doc({ documentNumber: 'INV/25/009', supplyType: 'B2C', placeOfSupply: '33', ecommerceGstin: ECO, items: [item(4_000_00, 5, true)] }),
  doc({
    documentNumber: 'EXP/25/001',
    supplyType: 'EXPWP',
    portCode: 'INBOM1',
    shippingBillNumber: '1234567',
    shippingBillDate: '2025-05-12',
    items: [item(3_00_000_00, 18, true, { hsn: '84713010' })],
  }),
  doc({ documentNumber: 'EXP/25/002', supplyType: 'EXPWOP', items: [{ ...item(2_00_000_00, 18, true), igst: 0 }] }),
  doc({
    documentType: 'CRN',
    documentNumber: 'CN/25/001',
    counterpartyGstin: BUYER_KA,
    supplyType: 'B2B',
    placeOfSupply: '29',
    originalDocumentNumber: 'INV/25/002',
    originalDocumentDate: '2025-05-10',
    items: [item(5_000_00, 12, true)],
  }),
  doc({
    documentType: 'DBN',
    documentNumber: 'DN/25/001',
    counterpartyGstin: BUYER_MH,
    supplyType: 'B2B',
    placeOfSupply: '27',
    items: [item(1_000_00, 18, false)],
  }),
  doc({
    documentType: 'CRN',
    documentNumber: 'CN/25/002',
    supplyType: 'B2C',
    placeOfSupply: '29',
    originalDocumentNumber: 'INV/25/006',
    originalDocumentDate: '2025-05-10',
    originalDocumentValue: 1_77_000_00,
    items: [item(10_000_00, 18, true)],
  }),
  doc({ documentType: 'CRN', documentNumber: 'CN/25/003', supplyType: 'EXPWP', items: [item(10_000_00, 18, true)] }),
  doc({ documentType: 'CRN', documentNumber: 'CN/25/004', supplyType: 'B2C', placeOfSupply: '27', items: [item(1_000_00, 18, false)] }),
  doc({
    documentType: 'BIL',
    documentNumber: 'BOS/25/001',
    counterpartyGstin: BUYER_KA,
    placeOfSupply: '29',
    items: [item(12_345_67, 0, true, { hsn: '0401', uqc: 'LTR' })],
  }),
  // Amendments of documents reported in April 2025.
  doc({
    documentNumber: 'INV/25/101',
    counterpartyGstin: BUYER_KA,
    supplyType: 'B2B',
    placeOfSupply: '29',
    amendment: { documentNumber: 'INV/25/100', documentDate: '2025-04-20' },
    items: [item(9_000_00, 18, true)],
  }),
  doc({
    documentNumber: 'INV/25/102',
    supplyType: 'B2C',
    placeOfSupply: '29',
    amendment: { documentNumber: 'INV/25/102', documentDate: '2025-04-21' },
    items: [item(2_00_000_00, 5, true)],
  }),
  doc({
    documentNumber: 'INV/25/103',
    supplyType: 'B2C',
    placeOfSupply: '27',
    amendment: { documentNumber: 'INV/25/103', documentDate: '2025-04-22' },
    items: [item(1_000_00, 12, false)],
  }),
  doc({
    documentNumber: 'EXP/25/101',
    supplyType: 'EXPWOP',
    amendment: { documentNumber: 'EXP/25/100', documentDate: '2025-04-23' },
    items: [{ ...item(50_000_00, 18, true), igst: 0 }],
  }),
  doc({
    documentType: 'CRN',
    documentNumber: 'CN/25/101',
    counterpartyGstin: BUYER_KA,
    supplyType: 'B2B',
    placeOfSupply: '29',
    amendment: { documentNumber: 'CN/25/100', documentDate: '2025-04-24' },
    items: [item(1_000_00, 18, true)],
  }),
  doc({
    documentType: 'CRN',
    documentNumber: 'CN/25/102',
    supplyType: 'EXPWOP',
    amendment: { documentNumber: 'CN/25/102', documentDate: '2025-04-25' },
    items: [{ ...item(1_000_00, 18, true), igst: 0 }],
  }),
  // Not reported in GSTR-1's document tables.
  doc({ documentType: 'RV', documentNumber: 'RV/25/001', supplyType: 'B2C', placeOfSupply: '27', items: [item(1_000_00, 18, false)] }),
];

export const EVERY_SUMMARY: Gstr1SummaryRow[] = [
  row({ summaryType: 'B2CS', placeOfSupply: '27', rate: 18000, taxable: 10_000_00, cgst: 900_00, sgst: 900_00 }),
  row({ summaryType: 'B2CS', placeOfSupply: '27', rate: 12000, taxable: 1_000_00, cgst: 60_00, sgst: 60_00, originalPeriod: '042025' }),
  row({ summaryType: 'AdvanceReceived', placeOfSupply: '29', rate: 18000, taxable: 50_000_00, igst: 9_000_00 }),
  row({
    summaryType: 'AdvanceReceived',
    placeOfSupply: '27',
    rate: 5000,
    taxable: 1_000_00,
    cgst: 25_00,
    sgst: 25_00,
    originalPeriod: '042025',
  }),
  row({ summaryType: 'AdvanceAdjusted', placeOfSupply: '29', rate: 18000, taxable: 20_000_00, igst: 3_600_00 }),
  row({
    summaryType: 'AdvanceAdjusted',
    placeOfSupply: '27',
    rate: 18000,
    taxable: 2_000_00,
    cgst: 180_00,
    sgst: 180_00,
    originalPeriod: '042025',
  }),
  row({ summaryType: 'NilExemptNonGst', supplyType: 'INTRAB2C', nilRated: 1_000_00, exempted: 2_000_00, nonGst: 3_000_00 }),
  row({ summaryType: 'NilExemptNonGst', supplyType: 'INTRB2B', exempted: 55 }),
];

const built = () => buildGstr1(EVERY_SECTION, { gstin: SUPPLIER, period: '052025', summaries: EVERY_SUMMARY });

describe('buildGstr1 conformance with saveGSTR1Schema.json', () => {
  it('exercises every section and validates with zero errors', () => {
    const json = built();
    const present = Object.keys(json)
      .filter((k) => k !== 'gstin' && k !== 'fp')
      .sort();
    expect(present).toEqual([
      'at',
      'ata',
      'b2b',
      'b2ba',
      'b2cl',
      'b2cla',
      'b2cs',
      'b2csa',
      'cdnr',
      'cdnra',
      'cdnur',
      'cdnura',
      'doc_issue',
      'exp',
      'expa',
      'hsn',
      'nil',
      'supeco',
      'txpd',
      'txpda',
    ]);
    expect(Object.keys(json.hsn ?? {}).sort()).toEqual(['hsn_b2b', 'hsn_b2c']);
    expect(schemaErrors(json)).toBe('');
    // The JSON text round-trips through the schema too (what the portal receives).
    expect(schemaErrors(JSON.parse(JSON.stringify(json)))).toBe('');
  });

  it('the official B2B sample validates, and a broken document is caught', () => {
    expect(schemaErrors(readJson('b2bin.json'))).toBe('');
    const json = built();
    (json.b2b?.[0]?.inv[0] as { idt: string }).idt = '2025-05-10';
    expect(schemaErrors(json)).toContain('must match pattern');
  });

  it('writes the fields of each section as the format names them', () => {
    const json = built();
    const mh = json.b2b?.find((p) => p.ctin === BUYER_MH);
    expect(mh?.inv[0]).toEqual({
      inum: 'INV/25/001',
      idt: '10-05-2025',
      val: 139001.7,
      pos: '27',
      rchrg: 'N',
      inv_typ: 'R',
      itms: [
        { num: 1, itm_det: { rt: 18, txval: 100001, camt: 9000.09, samt: 9000.09, csamt: 0 } },
        { num: 2, itm_det: { rt: 5, txval: 20000.5, camt: 500.01, samt: 500.01, csamt: 0 } },
      ],
    });
    expect(mh?.inv[1]).toMatchObject({ inum: 'INV/25/005', inv_typ: 'DE', itms: [{ num: 1, itm_det: { rt: 0.1 } }] });
    expect(json.b2b?.find((p) => p.ctin === BUYER_KA)?.inv[0]).toMatchObject({
      rchrg: 'Y',
      etin: ECO,
      itms: [{ itm_det: { rt: 12, iamt: 6000, csamt: 1000 } }],
    });
    expect(json.b2b?.find((p) => p.ctin === SEZ_UNIT)?.inv.map((i) => i.inv_typ)).toEqual(['SEWP', 'SEWOP']);
    expect(json.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: 'INV/25/006',
            idt: '10-05-2025',
            val: 177000,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 150000, iamt: 27000, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.exp).toEqual([
      {
        exp_typ: 'WPAY',
        inv: [
          {
            inum: 'EXP/25/001',
            idt: '10-05-2025',
            val: 354000,
            sbpcode: 'INBOM1',
            sbnum: '1234567',
            sbdt: '12-05-2025',
            itms: [{ rt: 18, txval: 300000, iamt: 54000, csamt: 0 }],
          },
        ],
      },
      {
        exp_typ: 'WOPAY',
        inv: [{ inum: 'EXP/25/002', idt: '10-05-2025', val: 200000, itms: [{ rt: 18, txval: 200000, iamt: 0, csamt: 0 }] }],
      },
    ]);
    expect(json.cdnr?.map((p) => p.nt.map((n) => [n.nt_num, n.ntty, n.inv_typ]))).toEqual([
      [['CN/25/001', 'C', 'R']],
      [['DN/25/001', 'D', 'R']],
    ]);
    expect(json.cdnur).toEqual([
      {
        typ: 'B2CL',
        nt_num: 'CN/25/002',
        nt_dt: '10-05-2025',
        ntty: 'C',
        val: 11800,
        pos: '29',
        itms: [{ num: 1, itm_det: { rt: 18, txval: 10000, iamt: 1800, csamt: 0 } }],
      },
      {
        typ: 'EXPWP',
        nt_num: 'CN/25/003',
        nt_dt: '10-05-2025',
        ntty: 'C',
        val: 11800,
        itms: [{ num: 1, itm_det: { rt: 18, txval: 10000, iamt: 1800, csamt: 0 } }],
      },
    ]);
    expect(json.nil).toEqual({
      inv: [
        { sply_ty: 'INTRB2B', nil_amt: 0, expt_amt: 12346.22, ngsup_amt: 0 }, // bill of supply 12,345.67 + summary row 0.55
        { sply_ty: 'INTRAB2C', nil_amt: 1000, expt_amt: 2000, ngsup_amt: 3000 },
      ],
    });
    expect(json.at).toEqual([{ pos: '29', sply_ty: 'INTER', itms: [{ rt: 18, ad_amt: 50000, iamt: 9000, csamt: 0 }] }]);
    expect(json.ata).toEqual([
      { pos: '27', sply_ty: 'INTRA', omon: '042025', itms: [{ rt: 5, ad_amt: 1000, camt: 25, samt: 25, csamt: 0 }] },
    ]);
    expect(json.txpd?.[0]).toMatchObject({ pos: '29', itms: [{ ad_amt: 20000, iamt: 3600 }] });
    expect(json.txpda?.[0]).toMatchObject({ omon: '042025', itms: [{ ad_amt: 2000, camt: 180 }] });
    expect(json.supeco).toEqual({ clttx: [{ etin: ECO, suppval: 54000, igst: 6200, cgst: 0, sgst: 0, cess: 1000 }] });
  });

  it('amendments carry the original number and date (or month)', () => {
    const json = built();
    expect(json.b2ba?.[0]?.inv[0]).toMatchObject({ inum: 'INV/25/101', oinum: 'INV/25/100', oidt: '20-04-2025' });
    expect(json.b2cla?.[0]).toMatchObject({ pos: '29', inv: [{ inum: 'INV/25/102', oinum: 'INV/25/102', oidt: '21-04-2025' }] });
    expect(json.expa?.[0]).toMatchObject({ exp_typ: 'WOPAY', inv: [{ oinum: 'EXP/25/100', oidt: '23-04-2025' }] });
    expect(json.cdnra?.[0]?.nt[0]).toMatchObject({ nt_num: 'CN/25/101', ont_num: 'CN/25/100', ont_dt: '24-04-2025' });
    expect(json.cdnura?.[0]).toMatchObject({ typ: 'EXPWOP', ont_num: 'CN/25/102', ont_dt: '25-04-2025' });
    expect(json.cdnura?.[0]).not.toHaveProperty('pos');
    // The amended B2C small invoice and the amended B2CS summary row of April share the group of pos 27, OE, intra.
    expect(json.b2csa).toEqual([
      { sply_ty: 'INTRA', typ: 'OE', pos: '27', omon: '042025', itms: [{ rt: 12, txval: 2000, camt: 120, samt: 120, csamt: 0 }] },
    ]);
  });

  it('reports an amendment in table 12 as the difference from the items as filed, and leaves it out without them', () => {
    const filed = [item(9_000_00, 18, true), item(1_000_00, 5, true, { hsn: '998314', uqc: 'OTH' })];
    const amended = doc({
      documentNumber: 'INV/25/201',
      counterpartyGstin: BUYER_KA,
      supplyType: 'B2B',
      placeOfSupply: '29',
      amendment: { documentNumber: 'INV/25/200', documentDate: '2025-04-20', items: filed },
      items: [item(12_000_00, 18, true, { quantity: 3_000 })],
    });
    const json = buildGstr1([amended], { gstin: SUPPLIER, period: '052025' });
    expect(schemaErrors(json)).toBe('');
    // 84713010: 12,000 − 9,000 at 18% and one more unit; 998314 at 5%: no longer supplied, −1,000.
    expect(json.hsn?.hsn_b2b).toEqual([
      { num: 1, hsn_sc: '84713010', uqc: 'NOS', qty: 1, rt: 18, txval: 3000, iamt: 540, camt: 0, samt: 0, csamt: 0 },
      { num: 2, hsn_sc: '998314', uqc: 'NA', qty: 0, rt: 5, txval: -1000, iamt: -50, camt: 0, samt: 0, csamt: 0 },
    ]);
    const withoutFiled = buildGstr1([{ ...amended, amendment: { documentNumber: 'INV/25/200', documentDate: '2025-04-20' } }], {
      gstin: SUPPLIER,
      period: '052025',
    });
    expect(withoutFiled.hsn).toBeUndefined();
  });

  it('aggregates B2C small per place of supply, rate, type and operator, net of credit notes, in exact paise', () => {
    const json = built();
    expect(json.b2cs).toEqual([
      // INV/25/007 5,000 + INV/25/008 2,000 − CN/25/004 1,000 + summary row 10,000 at 18%, intra-State.
      { sply_ty: 'INTRA', typ: 'OE', pos: '27', rt: 18, txval: 16000, camt: 1440, samt: 1440, csamt: 0 },
      { sply_ty: 'INTRA', typ: 'OE', pos: '27', rt: 28, txval: 3333.33, camt: 466.67, samt: 466.67, csamt: 0 },
      { sply_ty: 'INTER', typ: 'E', pos: '33', rt: 5, txval: 4000, iamt: 200, csamt: 0, etin: ECO },
    ]);
  });

  it('splits the HSN summary into B2B and B2C (2025 format with rate), credit notes negative', () => {
    const json = built();
    const b2b = json.hsn?.hsn_b2b ?? [];
    expect(b2b.map((l) => [l.hsn_sc, l.uqc, l.rt, l.txval, l.qty])).toEqual([
      ['84713010', 'NOS', 18, 121001, 10], // INV/25/001 (2 lines) + SEZWP + SEZWOP + debit note
      ['84713010', 'NOS', 12, 45000, 0], // INV/25/002 50,000 − CN/25/001 5,000; quantity 2 − 2
      ['84713010', 'NOS', 0.1, 7500, 2],
      ['998314', 'NA', 5, 20000.5, 0],
      ['0401', 'LTR', 0, 12345.67, 2],
    ]);
    expect(b2b[3]).toMatchObject({ num: 4, desc: 'IT consulting services for the' });
    const b2c = json.hsn?.hsn_b2c ?? [];
    expect(b2c.map((l) => [l.hsn_sc, l.rt, l.txval, l.iamt, l.camt])).toEqual([
      ['84713010', 18, 636000, 77400, 540], // b2cl 150,000 + b2cs 5,000 + 2,000 + exports 300,000 + 200,000 − notes 10,000 − 10,000 − 1,000
      ['84713010', 28, 3333.33, 0, 466.67],
      ['84713010', 5, 4000, 200, 0],
    ]);
  });

  it('counts documents issued per nature and series (table 13)', () => {
    const json = built();
    expect(json.doc_issue?.doc_det.map((g) => [g.doc_num, g.docs.map((d) => [d.from, d.to, d.totnum, d.cancel, d.net_issue])])).toEqual([
      [
        1,
        [
          ['INV/25/001', 'INV/25/009', 9, 0, 9],
          ['EXP/25/001', 'EXP/25/002', 2, 0, 2],
          ['BOS/25/001', 'BOS/25/001', 1, 0, 1],
        ],
      ],
      [4, [['DN/25/001', 'DN/25/001', 1, 0, 1]]],
      [5, [['CN/25/001', 'CN/25/004', 4, 0, 4]]],
      [6, [['RV/25/001', 'RV/25/001', 1, 0, 1]]],
    ]);
    const declared = buildGstr1(EVERY_SECTION, {
      gstin: SUPPLIER,
      period: '052025',
      summaries: [
        row({
          summaryType: 'DocumentsIssued',
          documentNature: 1,
          fromNumber: 'A1',
          toNumber: 'A100',
          totalNumber: 100,
          cancelledNumber: 3,
        }),
      ],
    });
    expect(declared.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          doc_typ: 'Invoices for outward supply',
          docs: [{ num: 1, from: 'A1', to: 'A100', totnum: 100, cancel: 3, net_issue: 97 }],
        },
      ],
    });
    expect(schemaErrors(declared)).toBe('');
  });

  it('summarises each section in paise', () => {
    const s = Object.fromEntries(summarizeGstr1(built()).map((x) => [x.section, x]));
    expect(s.b2b).toEqual({
      section: 'b2b',
      records: 5,
      taxable: 197_501_50,
      igst: 7_800_00,
      cgst: 9_000_09 + 500_01 + 3_75,
      sgst: 9_000_09 + 500_01 + 3_75,
      cess: 1_000_00,
    });
    expect(s.cdnr).toMatchObject({ records: 2, taxable: -4_000_00, igst: -600_00, cgst: 90_00 });
    expect(s.nil).toMatchObject({ records: 2, taxable: 12_345_67 + 6_000_00 + 55 });
    expect(s.doc_issue).toMatchObject({ records: 18, taxable: 0 });
    expect(s.supeco).toMatchObject({ records: 1, taxable: 54_000_00 });
    expect(s.hsn_b2b?.records).toBe(5);
    expect(summarizeGstr1({ gstin: SUPPLIER, fp: '052025' }).every((x) => x.records === 0 && x.taxable === 0)).toBe(true);
  });

  it('reports table 14 (supeco) from the January 2024 tax period only', () => {
    const eco = [
      doc({
        documentNumber: 'A1',
        supplyType: 'B2C',
        placeOfSupply: '27',
        ecommerceGstin: ECO,
        documentDate: '2023-12-10',
        items: [item(1_000_00, 18, false)],
      }),
    ];
    expect(buildGstr1(eco, { gstin: SUPPLIER, period: '122023' }).supeco).toBeUndefined();
    expect(buildGstr1(eco, { gstin: SUPPLIER, period: '012024' }).supeco).toEqual({
      clttx: [{ etin: ECO, suppval: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 }],
    });
  });

  it('converts paise to rupees without float drift', () => {
    const json = buildGstr1(
      [
        doc({
          documentNumber: 'A1',
          counterpartyGstin: BUYER_MH,
          placeOfSupply: '27',
          items: [item(10, 18, false), item(20, 18, false), { ...item(1, 18, false), cgst: 0, sgst: 0 }],
        }),
      ],
      { gstin: SUPPLIER, period: '052025' },
    );
    // 0.1 + 0.2 in floats is 0.30000000000000004; in paise 10 + 20 + 1 = 31 → 0.31 (CGST 1 + 2 + 0 = 3 → 0.03).
    expect(JSON.stringify(json.b2b?.[0]?.inv[0]?.itms[0])).toBe(
      '{"num":1,"itm_det":{"rt":18,"txval":0.31,"camt":0.03,"samt":0.03,"csamt":0}}',
    );
  });
});

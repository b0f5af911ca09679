// gstr3bJsonOf against the portal's GSTR-3B structure (fixtures/gstr3b_structure_reference.json, source in
// fixtures/README.md), checked by gstr3bJsonProblems, and the checker itself against broken JSON.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGstr3b } from './build';
import { gstr3bJsonOf } from './json';
import { gstr3bJsonProblems } from './json-structure';
import { GSTIN, amounts, heads, inter, intra, purchase, record, rs, sale } from './test-support';

type Reference = {
  enums: Record<string, Record<string, string> | string | string[]>;
  table_map: Record<string, string>;
};

const reference = JSON.parse(readFileSync(new URL('fixtures/gstr3b_structure_reference.json', import.meta.url), 'utf8')) as Reference;

// A return with something in every table (amounts with paise), so every key and list row is written.
const result = buildGstr3b({
  gstin: GSTIN,
  period: '082025',
  frequency: 'monthly',
  outward: {
    documents: [
      sale(1, { counterpartyGstin: '29AAACR5055K1Z5', items: [intra(18, 1_234.56)] }),
      sale(2, { placeOfSupply: '33', items: [inter(18, 150_000.5)] }),
      sale(3, { counterpartyGstin: '33AAACC1234F1Z5', isCompositionRecipient: true, items: [inter(12, 10_000.1)] }),
      sale(4, { counterpartyGstin: '0717USA00001UN5', items: [inter(18, 2_000)] }),
      sale(5, { supplyType: 'EXPWP', items: [inter(18, 5_000.25)] }),
      sale(6, { documentType: 'BIL', items: [intra(0, 700.7)] }),
      sale(7, { section95: 'operator', items: [intra(5, 1_000)] }),
      sale(8, { section95: 'supplier', ecommerceGstin: '29AAACE1234E1ZC', items: [intra(0, 800.8)] }),
    ],
    summaries: [
      {
        id: 100,
        summaryType: 'NilExemptNonGst',
        placeOfSupply: '',
        supplyType: 'INTRAB2C',
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
        nonGst: rs(99.99),
      },
    ],
  },
  inward: {
    purchases: [
      purchase(20, amounts(1_000, 0, 25, 25), { supplierGstin: '', isReverseCharge: true }),
      purchase(21, amounts(3_000, 540, 0, 0), { supplierGstin: '', nature: 'importOfServices' }),
      purchase(22, amounts(400.4, 0, 0, 0), { nature: 'exempt', supplierGstin: '27AAACT2727Q1ZW' }),
      purchase(23, amounts(300.3, 0, 0, 0), { nature: 'nonGst' }),
      purchase(24, amounts(200.2, 0, 0, 0), { nature: 'composition' }),
      purchase(25, amounts(100.1, 0, 0, 0), { nature: 'nonGst', supplierGstin: '27AAACT2727Q1ZW' }),
    ],
    gstr2b: [
      record(30, '082025', amounts(10_000, 1_800.18, 0, 0), { section: 'impg', documentType: 'BOE' }),
      record(31, '082025', amounts(5_000, 0, 450.45, 450.45), { section: 'isd' }),
      record(32, '082025', amounts(8_000, 1_440.44, 0, 0, 10.01)),
      record(33, '082025', amounts(1_000, 0, 90, 90)),
      record(34, '082025', amounts(1_000, 180, 0, 0)),
      record(35, '082025', amounts(1_000, 77.77, 0, 0), { itcAvailability: 'N' }),
    ],
    decisions: [
      { action: 'reverse', portalId: 33, reason: 'section17(5)' },
      { action: 'defer', portalId: 34 },
      { action: 'reclaim', portalId: 9001, amount: heads(55.55, 0, 0) },
    ],
  },
  interest: heads(12, 3, 3),
  lateFee: { cgst: rs(250), sgst: rs(250) },
});
const json = gstr3bJsonOf(result);

describe('gstr3bJsonOf against the GSTR-3B structure reference', () => {
  it('writes every key of the reference and no other, numbers in rupees with 2 decimals', () => {
    expect(gstr3bJsonProblems(json)).toEqual([]);
  });

  it('finds a key missing or added, a row out of order, a third decimal, a bad place of supply', () => {
    const broken = structuredClone(json) as unknown as Record<string, Record<string, unknown>>;
    delete broken['sup_details']!['osup_nongst'];
    broken['eco_dtls']!['extra'] = 0;
    const itc = broken['itc_elg'] as { itc_rev: unknown[] };
    itc.itc_rev.reverse();
    (broken['intr_ltfee'] as { ltfee_details: { camt: number } }).ltfee_details.camt = 1.005;
    (broken['inter_sup'] as { uin_details: { pos: string }[] }).uin_details[0]!.pos = '7';
    // Keys are walked in alphabetical order.
    expect(gstr3bJsonProblems(broken)).toEqual([
      '$.eco_dtls: keys eco_reg_sup,eco_sup,extra instead of eco_reg_sup,eco_sup',
      '$.inter_sup.uin_details[0].pos: 7 is not a place of supply',
      '$.intr_ltfee.ltfee_details.camt: 1.005 is not rupees with 2 decimals',
      '$.itc_elg.itc_rev: ty OTH,RUL instead of RUL,OTH',
      '$.sup_details: keys isup_rev,osup_det,osup_nil_exmp,osup_zero instead of isup_rev,osup_det,osup_nil_exmp,osup_nongst,osup_zero',
    ]);
  });

  it('writes the `ty` codes of the reference, in its order', () => {
    const codes = (key: string) => Object.keys(reference.enums[key] as Record<string, string>);
    expect(json.itc_elg.itc_avl.map((r) => r.ty)).toEqual(codes('itc_elg.itc_avl[].ty'));
    expect(json.itc_elg.itc_rev.map((r) => r.ty)).toEqual(codes('itc_elg.itc_rev[].ty'));
    expect(json.itc_elg.itc_inelg.map((r) => r.ty)).toEqual(codes('itc_elg.itc_inelg[].ty'));
    expect(json.inward_sup.isup_details.map((r) => r.ty)).toEqual(codes('inward_sup.isup_details[].ty'));
  });

  it("holds every table of the reference's table map", () => {
    for (const path of Object.keys(reference.table_map)) {
      const value = path
        .split('.')
        .reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[k] : undefined), json);
      expect(value, path).toBeDefined();
    }
  });

  it('writes paise as rupees exactly, each table where the reference puts it', () => {
    // 3.1(a): 1,234.56 + 1,50,000.50 + 10,000.10 + 2,000 = 1,63,235.16; IGST 27,000.09 + 1,200.01 + 360 = 28,560.10;
    // CGST and SGST 9% of 1,234.56 = 111.1104 → 111.11 each (intra() rounds each head to the paisa).
    expect(json.sup_details.osup_det).toEqual({ txval: 163235.16, iamt: 28560.1, camt: 111.11, samt: 111.11, csamt: 0 });
    expect(json.sup_details.osup_zero).toEqual({ txval: 5000.25, iamt: 900.05, csamt: 0 });
    expect(json.sup_details.osup_nil_exmp).toEqual({ txval: 700.7 });
    expect(json.sup_details.osup_nongst).toEqual({ txval: 99.99 });
    expect(json.sup_details.isup_rev).toEqual({ txval: 4000, iamt: 540, camt: 25, samt: 25, csamt: 0 });
    expect(json.eco_dtls).toEqual({ eco_sup: { txval: 1000, iamt: 0, camt: 25, samt: 25, csamt: 0 }, eco_reg_sup: { txval: 800.8 } });
    expect(json.inter_sup).toEqual({
      unreg_details: [{ pos: '33', txval: 150000.5, iamt: 27000.09 }],
      comp_details: [{ pos: '33', txval: 10000.1, iamt: 1200.01 }],
      uin_details: [{ pos: '07', txval: 2000, iamt: 360 }],
    });
    // 4A: IMPG 1,800.18; IMPS 540; ISRC CGST/SGST 25; ISD CGST/SGST 450.45; OTH IGST 1,440.44 + 180 + 55.55 reclaimed
    // = 1,675.99, CGST/SGST 90, cess 10.01. 4B(1) CGST/SGST 90; 4B(2) IGST 180. 4D(1) 55.55; 4D(2) 77.77.
    expect(json.itc_elg).toEqual({
      itc_avl: [
        { ty: 'IMPG', iamt: 1800.18, camt: 0, samt: 0, csamt: 0 },
        { ty: 'IMPS', iamt: 540, camt: 0, samt: 0, csamt: 0 },
        { ty: 'ISRC', iamt: 0, camt: 25, samt: 25, csamt: 0 },
        { ty: 'ISD', iamt: 0, camt: 450.45, samt: 450.45, csamt: 0 },
        { ty: 'OTH', iamt: 1675.99, camt: 90, samt: 90, csamt: 10.01 },
      ],
      itc_rev: [
        { ty: 'RUL', iamt: 0, camt: 90, samt: 90, csamt: 0 },
        { ty: 'OTH', iamt: 180, camt: 0, samt: 0, csamt: 0 },
      ],
      // 1,800.18 + 540 + 1,675.99 − 180 = 3,836.17; CGST/SGST 25 + 450.45 + 90 − 90 = 475.45.
      itc_net: { iamt: 3836.17, camt: 475.45, samt: 475.45, csamt: 10.01 },
      itc_inelg: [
        { ty: 'RUL', iamt: 55.55, camt: 0, samt: 0, csamt: 0 },
        { ty: 'OTH', iamt: 77.77, camt: 0, samt: 0, csamt: 0 },
      ],
    });
    expect(json.inward_sup.isup_details).toEqual([
      { ty: 'GST', inter: 400.4, intra: 200.2 },
      { ty: 'NONGST', inter: 100.1, intra: 300.3 },
    ]);
    expect(json.intr_ltfee).toEqual({ intr_details: { iamt: 12, camt: 3, samt: 3, csamt: 0 }, ltfee_details: { camt: 250, samt: 250 } });
  });
});

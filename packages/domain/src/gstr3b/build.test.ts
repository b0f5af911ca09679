// Golden tests of buildGstr3b, written by hand: each case's figures are worked out in its comments (rupees; the
// builders turn them into paise). The filer is registered in Karnataka (29) unless said otherwise.
import { describe, expect, it } from 'vitest';
import type { Gstr1SummaryRow } from '../gstr1/types';
import { buildGstr3b } from './build';
import { lateReturnInterest } from './interest';
import { gstr3bJsonOf } from './json';
import { lateFee } from './late-fee';
import { NO_TAX } from './set-off';
import {
  GSTIN,
  NONE,
  NO_VALUE,
  amounts,
  heads,
  inter,
  intra,
  purchase,
  record,
  rs,
  sale,
  sources,
  taxFigure,
  valueFigure,
} from './test-support';
import type { Gstr3bSummaryRow } from './types';

const summary = (id: number, fields: Partial<Gstr1SummaryRow>): Gstr3bSummaryRow => ({
  summaryType: 'B2CS',
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
  ...fields,
  id,
});

const KA_BUYER = '29AAACR5055K1Z5';
const MH_BUYER = '27AAACT2727Q1ZW';
const TN_COMPOSITION = '33AAACC1234F1Z5';
const DELHI_UIN = '0717USA00001UN5';

describe('buildGstr3b: a regular monthly filer (July 2025)', () => {
  // Outward (GSTR-1 of 072025):
  //   1 B2B intra to KA_BUYER      1,00,000 @18%  CGST 9,000  SGST 9,000
  //   2 B2B inter to MH_BUYER      2,00,000 @18%  IGST 36,000
  //   3 B2C large inter, PoS 33    1,00,000 @18%  IGST 18,000 (value 1,18,000 > ₹1 lakh from 01-08-2024: b2cl)
  //   4 B2C small intra              50,000 @12%  CGST 3,000  SGST 3,000
  //   5 B2C small inter, PoS 32      20,000 @5%   IGST 1,000  (value 21,000: b2cs)
  //   6 bill of supply (exempt)      30,000
  //   7 B2B inter to a UIN holder    10,000 @18%  IGST 1,800  (Delhi, 07)
  //   8 B2B inter to a composition   40,000 @18%  IGST 7,200  (Tamil Nadu, 33)
  //   summary 101: nil 10,000 + exempt 5,000 + non-GST 7,000; summary 102: documents issued (no figure)
  // 3.1(a) value 1,00,000 + 2,00,000 + 1,00,000 + 50,000 + 20,000 + 10,000 + 40,000 = 5,20,000;
  //        IGST 36,000 + 18,000 + 1,000 + 1,800 + 7,200 = 64,000; CGST 9,000 + 3,000 = 12,000; SGST 12,000.
  // 3.1(c) 30,000 + 15,000 = 45,000; 3.1(e) 7,000.
  // 3.2 unregistered 32: 20,000/1,000, 33: 1,00,000/18,000; composition 33: 40,000/7,200; UIN 07: 10,000/1,800.
  //
  // Inward (GSTR-2B of 072025, books, decisions):
  //   201 b2b intra 50,000  CGST 4,500  SGST 4,500, no decision: claimed as the 2B gives it       → 4A(5)
  //   202 b2b inter 1,00,000 IGST 18,000, paired with books 301, claimed                           → 4A(5)
  //   203 b2b inter 25,000  IGST 4,500, deferred (goods not received, s.16(2)(b))                  → 4A(5) and 4B(2)
  //   204 b2b intra 20,000  CGST 1,800  SGST 1,800, a motor car: reversed under s.17(5)          → 4A(5) and 4B(1)
  //   205 b2b inter IGST 2,000, ITC not available (filed after the s.16(4) cut-off)               → 4D(2)
  //   206 b2b IGST 900, rejected in IMS                                                           → excluded
  //   books 302 exempt intra 8,000; 303 nil-rated inter 3,000; 304 non-GST intra 6,000            → 5
  //   books 305 taxable, the supplier has not reported it (not in the 2B)                         → excluded
  // 4A(5) IGST 18,000 + 4,500 = 22,500; CGST 4,500 + 1,800 = 6,300; SGST 6,300.
  // 4B(1) CGST 1,800 SGST 1,800; 4B(2) IGST 4,500.
  // 4C IGST 22,500 − 4,500 = 18,000; CGST 6,300 − 1,800 = 4,500; SGST 4,500. 4D(2) IGST 2,000.
  //
  // 6.1: payable IGST 64,000, CGST 12,000, SGST 12,000; credit: ledger IGST 10,000 + 4C = IGST 28,000, CGST 4,500,
  // SGST 4,500. IGST credit 28,000 pays IGST (none left); CGST 4,500 pays CGST, SGST 4,500 pays SGST.
  // Cash IGST 36,000, CGST 7,500, SGST 7,500; the cash ledger holds 30,000/5,000/5,000: deposit 6,000/2,500/2,500.
  const result = buildGstr3b({
    gstin: GSTIN,
    period: '072025',
    frequency: 'monthly',
    outward: {
      documents: [
        sale(1, { counterpartyGstin: KA_BUYER, items: [intra(18, 100_000)] }),
        sale(2, { counterpartyGstin: MH_BUYER, items: [inter(18, 200_000)] }),
        sale(3, { placeOfSupply: '33', items: [inter(18, 100_000)] }),
        sale(4, { items: [intra(12, 50_000)] }),
        sale(5, { placeOfSupply: '32', items: [inter(5, 20_000)] }),
        sale(6, { documentType: 'BIL', counterpartyGstin: KA_BUYER, items: [intra(0, 30_000)] }),
        sale(7, { counterpartyGstin: DELHI_UIN, items: [inter(18, 10_000)] }),
        sale(8, { counterpartyGstin: TN_COMPOSITION, isCompositionRecipient: true, items: [inter(18, 40_000)] }),
      ],
      summaries: [
        summary(101, {
          summaryType: 'NilExemptNonGst',
          supplyType: 'INTRB2C',
          nilRated: rs(10_000),
          exempted: rs(5_000),
          nonGst: rs(7_000),
        }),
        summary(102, { summaryType: 'DocumentsIssued', documentNature: 1, fromNumber: 'S-1', toNumber: 'S-8', totalNumber: 8 }),
      ],
    },
    inward: {
      gstr2b: [
        record(201, '072025', amounts(50_000, 0, 4_500, 4_500)),
        record(202, '072025', amounts(100_000, 18_000, 0, 0)),
        record(203, '072025', amounts(25_000, 4_500, 0, 0)),
        record(204, '072025', amounts(20_000, 0, 1_800, 1_800)),
        record(205, '072025', amounts(11_111.11, 2_000, 0, 0), { itcAvailability: 'N', itcUnavailableReason: 'C' }),
        record(206, '072025', amounts(5_000, 900, 0, 0), { listing: 'rejected', imsAction: 'Rejected' }),
      ],
      purchases: [
        purchase(301, amounts(100_000, 18_000, 0, 0), { supplierGstin: MH_BUYER }),
        purchase(302, amounts(8_000, 0, 0, 0), { nature: 'exempt', documentType: 'BIL' }),
        purchase(303, amounts(3_000, 0, 0, 0), { nature: 'nil', supplierGstin: MH_BUYER }),
        purchase(304, amounts(6_000, 0, 0, 0), { nature: 'nonGst' }),
        purchase(305, amounts(10_000, 1_000, 0, 0), { supplierGstin: MH_BUYER }),
      ],
      decisions: [
        { action: 'claim', documentId: 301, portalId: 202 },
        { action: 'defer', portalId: 203 },
        { action: 'reverse', portalId: 204, reason: 'section17(5)' },
      ],
    },
    ledger: { credit: heads(10_000, 0, 0), cash: heads(30_000, 5_000, 5_000) },
  });

  it('takes 3.1 from the GSTR-1 documents and summary rows, each figure with its rows', () => {
    expect(result.periods).toEqual(['072025']);
    expect(result.table31).toEqual({
      outwardTaxable: valueFigure(520_000, 64_000, 12_000, 12_000, sources([1, 2, 3, 4, 5, 7, 8])),
      zeroRated: { ...NO_VALUE },
      nilExempt: { ...NO_VALUE, taxable: rs(45_000), sources: sources([6], [], [101]) },
      inwardReverseCharge: { ...NO_VALUE },
      nonGst: { ...NO_VALUE, taxable: rs(7_000), sources: sources([], [], [101]) },
    });
    expect(result.table311).toEqual({ operatorPays: NO_VALUE, throughOperator: NO_VALUE });
  });

  it('shows inter-State supplies to unregistered persons, composition taxpayers and UIN holders per place of supply', () => {
    expect(result.table32).toEqual({
      unregistered: [
        { placeOfSupply: '32', ...valueFigure(20_000, 1_000, 0, 0, sources([5])) },
        { placeOfSupply: '33', ...valueFigure(100_000, 18_000, 0, 0, sources([3])) },
      ],
      composition: [{ placeOfSupply: '33', ...valueFigure(40_000, 7_200, 0, 0, sources([8])) }],
      uin: [{ placeOfSupply: '07', ...valueFigure(10_000, 1_800, 0, 0, sources([7])) }],
    });
  });

  it('takes table 4 from the GSTR-2B with the claimed, deferred, reversed and ineligible documents', () => {
    expect(result.table4).toEqual({
      available: {
        importOfGoods: NONE,
        importOfServices: NONE,
        reverseCharge: NONE,
        isd: NONE,
        allOther: taxFigure(22_500, 6_300, 6_300, sources([301], [201, 202, 203, 204])),
      },
      reversed: {
        rules: taxFigure(0, 1_800, 1_800, sources([], [204])),
        others: taxFigure(4_500, 0, 0, sources([], [203])),
      },
      net: taxFigure(18_000, 4_500, 4_500, sources([301], [201, 202, 203, 204])),
      reclaimed: NONE,
      ineligible: taxFigure(2_000, 0, 0, sources([], [205])),
    });
  });

  it('takes table 5 from the books: nil, exempt and composition apart from non-GST, inter- and intra-State', () => {
    expect(result.table5).toEqual({
      nilExemptComposition: {
        inter: { ...NO_VALUE, taxable: rs(3_000), sources: sources([303]) },
        intra: { ...NO_VALUE, taxable: rs(8_000), sources: sources([302]) },
      },
      nonGst: { inter: NO_VALUE, intra: { ...NO_VALUE, taxable: rs(6_000), sources: sources([304]) } },
    });
  });

  it('lists every row that is in no figure, with the reason', () => {
    expect(result.excluded.map((e) => [e.documentId ?? e.portalId ?? e.summaryId, e.code])).toEqual([
      [102, 'DOCUMENTS_ISSUED'],
      [206, 'REJECTED_IN_IMS'],
      [305, 'NOT_IN_GSTR2B'],
    ]);
    expect(result.issues).toEqual([]);
  });

  it('pays from the credit ledger in the lawful order and says how much cash to deposit', () => {
    const p = result.table61;
    expect(p.otherThanReverseCharge).toEqual(heads(64_000, 12_000, 12_000));
    expect(p.creditAvailable).toEqual(heads(28_000, 4_500, 4_500));
    expect(p.paidThroughItc).toEqual({
      igst: heads(28_000, 0, 0),
      cgst: heads(0, 4_500, 0),
      sgst: heads(0, 0, 4_500),
      cess: NO_TAX,
    });
    expect(p.cash).toEqual({
      tax: heads(36_000, 7_500, 7_500),
      reverseCharge: NO_TAX,
      interest: NO_TAX,
      lateFee: NO_TAX,
      total: heads(36_000, 7_500, 7_500),
    });
    expect(p.cashToDeposit).toEqual(heads(6_000, 2_500, 2_500));
    expect(p.setOff.creditLeft).toEqual(NO_TAX);
  });

  it('says the outward figures are locked from the July 2025 period, 3.2 not yet', () => {
    expect(result.locks).toEqual({ outward: true, interState: false });
  });

  it('writes the portal JSON in rupees', () => {
    const json = gstr3bJsonOf(result);
    expect(json.sup_details.osup_det).toEqual({ txval: 520000, iamt: 64000, camt: 12000, samt: 12000, csamt: 0 });
    expect(json.sup_details.osup_nil_exmp).toEqual({ txval: 45000 });
    expect(json.inter_sup.unreg_details).toEqual([
      { pos: '32', txval: 20000, iamt: 1000 },
      { pos: '33', txval: 100000, iamt: 18000 },
    ]);
    expect(json.itc_elg.itc_avl[4]).toEqual({ ty: 'OTH', iamt: 22500, camt: 6300, samt: 6300, csamt: 0 });
    expect(json.itc_elg.itc_rev).toEqual([
      { ty: 'RUL', iamt: 0, camt: 1800, samt: 1800, csamt: 0 },
      { ty: 'OTH', iamt: 4500, camt: 0, samt: 0, csamt: 0 },
    ]);
    expect(json.itc_elg.itc_net).toEqual({ iamt: 18000, camt: 4500, samt: 4500, csamt: 0 });
    expect(json.itc_elg.itc_inelg[1]).toEqual({ ty: 'OTH', iamt: 2000, camt: 0, samt: 0, csamt: 0 });
    expect(json.inward_sup.isup_details).toEqual([
      { ty: 'GST', inter: 3000, intra: 8000 },
      { ty: 'NONGST', inter: 0, intra: 6000 },
    ]);
  });
});

describe('buildGstr3b: a quarterly (QRMP) filer, April-June 2025', () => {
  // The quarter's 3B (period 062025) takes the IFF of April and May, the quarter's GSTR-1 and its GSTR-1A:
  //   11 IFF 042025   B2B intra 10,000 @18%  CGST 900  SGST 900
  //   12 IFF 052025   B2B inter 20,000 @12%  IGST 2,400
  //   13 GSTR-1 062025 B2C small intra 5,000 @5%  CGST 125  SGST 125 (an April sale: B2C is in the quarterly GSTR-1)
  //   14 GSTR-1 032025 (the previous quarter)  → excluded
  //   15 GSTR-1A 062025 amends 11 to 12,000 @18%: the change, 2,000, CGST 180, SGST 180
  // 3.1(a) value 10,000 + 20,000 + 5,000 + 2,000 = 37,000; IGST 2,400; CGST 900 + 125 + 180 = 1,205; SGST 1,205.
  // GSTR-2B of the three months: 401 (042025) IGST 1,000; 402 (052025) CGST 500 SGST 500; 403 (062025) IGST 300;
  // 404 (032025) with no decision → excluded. 4A(5) IGST 1,300, CGST 500, SGST 500.
  // 6.1: IGST credit 1,300 pays IGST; CGST 500 and SGST 500 their own; cash IGST 1,100, CGST 705, SGST 705.
  const b2b = (id: number, period: string, fields: Parameters<typeof sale>[1]) =>
    sale(id, { counterpartyGstin: KA_BUYER, returnPeriod: period, documentDate: `2025-${period.slice(0, 2)}-05`, ...fields });
  const result = buildGstr3b({
    gstin: GSTIN,
    period: '062025',
    frequency: 'quarterly',
    outward: {
      documents: [
        b2b(11, '042025', { form: 'IFF', items: [intra(18, 10_000)] }),
        b2b(12, '052025', { form: 'IFF', counterpartyGstin: MH_BUYER, items: [inter(12, 20_000)] }),
        sale(13, { returnPeriod: '062025', documentDate: '2025-04-20', items: [intra(5, 5_000)] }),
        b2b(14, '032025', { items: [intra(18, 70_000)] }),
        b2b(15, '062025', {
          form: 'GSTR1A',
          documentNumber: 'S-11',
          documentDate: '2025-04-05',
          amendment: { documentNumber: 'S-11', documentDate: '2025-04-05', items: [intra(18, 10_000)] },
          items: [intra(18, 12_000)],
        }),
      ],
    },
    inward: {
      gstr2b: [
        record(401, '042025', amounts(5_555.56, 1_000, 0, 0)),
        record(402, '052025', amounts(5_555.56, 0, 500, 500)),
        record(403, '062025', amounts(1_666.67, 300, 0, 0)),
        record(404, '032025', amounts(1_000, 180, 0, 0)),
      ],
    },
  });

  it('covers the quarter: the IFFs, the GSTR-1 and the GSTR-1A, and the three months of GSTR-2B', () => {
    expect(result.periods).toEqual(['042025', '052025', '062025']);
    expect(result.table31.outwardTaxable).toEqual(valueFigure(37_000, 2_400, 1_205, 1_205, sources([11, 12, 13, 15])));
    expect(result.table4.available.allOther).toEqual(taxFigure(1_300, 500, 500, sources([], [401, 402, 403])));
    expect(result.excluded.map((e) => [e.documentId ?? e.portalId, e.code])).toEqual([
      [14, 'OUTSIDE_PERIOD'],
      [404, 'OUTSIDE_PERIOD'],
    ]);
    expect(result.table61.cash.total).toEqual(heads(1_100, 705, 705));
    expect(result.locks.outward).toBe(false);
    expect(gstr3bJsonOf(result).ret_period).toBe('062025');
  });

  it("refuses a quarterly return whose period is not the quarter's last month", () => {
    expect(() => buildGstr3b({ gstin: GSTIN, period: '052025', frequency: 'quarterly', outward: { documents: [] } })).toThrow(RangeError);
    expect(() => buildGstr3b({ gstin: GSTIN, period: '132025', frequency: 'monthly', outward: { documents: [] } })).toThrow(RangeError);
    expect(() => buildGstr3b({ gstin: 'URP', period: '062025', frequency: 'monthly', outward: { documents: [] } })).toThrow(RangeError);
  });
});

describe('buildGstr3b: a period heavy in reverse charge and imports (August 2025)', () => {
  // Outward: 21 a B2B supply on which the recipient pays tax (GTA, GSTR-1 table 4B) → excluded from 3.1;
  //          22 B2B intra 1,00,000 @18%: CGST 9,000 SGST 9,000.
  // Books:
  //   501 from an unregistered GTA, reverse charge, intra 40,000 @5%: CGST 1,000 SGST 1,000
  //   502 from a registered advocate firm, reverse charge, intra 60,000 @18%: CGST 5,400 SGST 5,400, paired with 2B 601
  //   503 import of services 2,00,000: IGST 36,000 (IGST Act s.5(3))
  //   504 bill of entry 5,00,000: IGST 90,000, paired with 2B IMPG 602
  //   505 credit note on 501's kind, reverse charge, intra 4,000: CGST 100 SGST 100
  // GSTR-2B: 603 IMPG 1,00,000 IGST 18,000 not in the books (claimed as the 2B gives it);
  //          604 b2b under reverse charge, inter 10,000 IGST 1,800, no purchase paired → counted, with an issue.
  // 3.1(d) value 40,000 + 60,000 + 2,00,000 + 10,000 − 4,000 = 3,06,000; IGST 36,000 + 1,800 = 37,800;
  //        CGST 1,000 + 5,400 − 100 = 6,300; SGST 6,300.
  // 4A(1) IGST 90,000 + 18,000 = 1,08,000; 4A(2) IGST 36,000; 4A(3) IGST 1,800, CGST 6,300, SGST 6,300.
  // 4C IGST 1,08,000 + 36,000 + 1,800 = 1,45,800; CGST 6,300; SGST 6,300.
  // 6.1: other than reverse charge CGST 9,000 SGST 9,000, paid by IGST credit (s.49A: IGST credit first):
  //      IGST left 1,45,800 − 18,000 = 1,27,800, CGST 6,300, SGST 6,300. Reverse charge in cash: 37,800/6,300/6,300.
  const result = buildGstr3b({
    gstin: GSTIN,
    period: '082025',
    frequency: 'monthly',
    outward: {
      documents: [
        sale(21, { counterpartyGstin: KA_BUYER, isReverseCharge: true, items: [inter(5, 50_000)] }),
        sale(22, { counterpartyGstin: KA_BUYER, items: [intra(18, 100_000)] }),
      ],
    },
    inward: {
      purchases: [
        purchase(501, amounts(40_000, 0, 1_000, 1_000), { supplierGstin: '', isReverseCharge: true, documentType: 'SLF' }),
        purchase(502, amounts(60_000, 0, 5_400, 5_400), { isReverseCharge: true }),
        purchase(503, amounts(200_000, 36_000, 0, 0), { supplierGstin: '', nature: 'importOfServices' }),
        purchase(504, amounts(500_000, 90_000, 0, 0), { supplierGstin: '', documentType: 'BOE' }),
        purchase(505, amounts(4_000, 0, 100, 100), { supplierGstin: '', isReverseCharge: true, documentType: 'CRN' }),
      ],
      gstr2b: [
        record(601, '082025', amounts(60_000, 0, 5_400, 5_400), { isReverseCharge: true }),
        record(602, '082025', amounts(500_000, 90_000, 0, 0), { section: 'impg', documentType: 'BOE' }),
        record(603, '082025', amounts(100_000, 18_000, 0, 0), { section: 'impg', documentType: 'BOE' }),
        record(604, '082025', amounts(10_000, 1_800, 0, 0), { isReverseCharge: true, supplierGstin: MH_BUYER }),
      ],
      decisions: [
        { action: 'claim', documentId: 502, portalId: 601 },
        { action: 'claim', documentId: 504, portalId: 602 },
      ],
    },
    ledger: { credit: NO_TAX, rcmBalance: NO_TAX },
  });

  it('takes 3.1(d) from the books and the unpaired 2B record, net of the credit note', () => {
    expect(result.table31.inwardReverseCharge).toEqual(
      valueFigure(306_000, 37_800, 6_300, 6_300, sources([501, 502, 503, 505], [601, 604])),
    );
    expect(result.table31.outwardTaxable).toEqual(valueFigure(100_000, 0, 9_000, 9_000, sources([22])));
    expect(result.excluded).toEqual([{ documentId: 21, code: 'REVERSE_CHARGE_SUPPLY', reason: expect.stringContaining('s.9(3)') }]);
    expect(result.issues).toEqual([{ code: 'RCM_NOT_IN_BOOKS', message: expect.stringContaining('3.1(d)'), portalId: 604 }]);
  });

  it('takes imports of goods from the 2B (4A(1)), of services from the books (4A(2)) and other reverse charge (4A(3))', () => {
    expect(result.table4.available).toEqual({
      importOfGoods: taxFigure(108_000, 0, 0, sources([504], [602, 603])),
      importOfServices: taxFigure(36_000, 0, 0, sources([503])),
      reverseCharge: taxFigure(1_800, 6_300, 6_300, sources([501, 502, 505], [601, 604])),
      isd: NONE,
      allOther: NONE,
    });
    expect(result.table4.net).toEqual(taxFigure(145_800, 6_300, 6_300, sources([501, 502, 503, 504, 505], [601, 602, 603, 604])));
  });

  it('pays reverse charge in cash even with credit in the ledger', () => {
    const p = result.table61;
    expect(p.reverseCharge).toEqual(heads(37_800, 6_300, 6_300));
    expect(p.paidThroughItc.cgst).toEqual(heads(9_000, 0, 0));
    expect(p.paidThroughItc.sgst).toEqual(heads(9_000, 0, 0));
    expect(p.setOff.creditLeft).toEqual(heads(127_800, 6_300, 6_300));
    expect(p.cash).toEqual({
      tax: NO_TAX,
      reverseCharge: heads(37_800, 6_300, 6_300),
      interest: NO_TAX,
      lateFee: NO_TAX,
      total: heads(37_800, 6_300, 6_300),
    });
    expect(p.cashToDeposit).toBeNull();
  });

  it('checks reverse-charge ITC against 3.1(d) and the RCM statement (advisory of 29 Dec 2025)', () => {
    // Here 4A(2) + 4A(3) = IGST 37,800, CGST 6,300, SGST 6,300 = 3.1(d): no issue. Claiming an earlier period's
    // reverse-charge document as well (IGST 500) with a nil RCM statement balance goes above it.
    const more = buildGstr3b({
      gstin: GSTIN,
      period: '082025',
      frequency: 'monthly',
      outward: { documents: [] },
      inward: {
        purchases: [purchase(506, amounts(10_000, 500, 0, 0), { isReverseCharge: true, returnPeriod: '062025', supplierGstin: '' })],
        decisions: [{ action: 'claim', documentId: 506 }],
      },
      ledger: { credit: NO_TAX, rcmBalance: NO_TAX },
    });
    expect(more.table4.available.reverseCharge).toEqual(taxFigure(500, 0, 0, sources([506])));
    expect(more.table31.inwardReverseCharge).toEqual(NO_VALUE);
    expect(more.issues.map((i) => i.code)).toEqual(['RCM_ITC_ABOVE_LIABILITY']);
  });
});

describe('buildGstr3b: exports and supplies to SEZ, with and without payment (August 2025)', () => {
  //   31 export with IGST (EXPWP)      5,00,000  IGST 90,000
  //   32 export under LUT (EXPWOP)     3,00,000  no tax (IGST Act s.16(3)(a), Rule 96A)
  //   33 to an SEZ unit with IGST      1,00,000  IGST 18,000
  //   34 to an SEZ unit under LUT        50,000  no tax
  //   35 deemed export (table 6C)      2,00,000 @18% intra  CGST 18,000 SGST 18,000 → 3.1(a), not (b)
  //   36 credit note on an export with IGST 50,000  IGST 9,000
  // 3.1(b) value 5,00,000 + 3,00,000 + 1,00,000 + 50,000 − 50,000 = 9,00,000; IGST 90,000 + 18,000 − 9,000 = 99,000.
  // 3.1(a) 2,00,000 / CGST 18,000 / SGST 18,000; no 3.2 (exports and SEZ supplies are not to unregistered persons).
  // 6.1: ledger IGST 50,000, CGST 20,000, SGST 10,000. IGST credit 50,000 pays IGST (49,000 due); CGST 20,000 pays
  //      CGST 18,000, then 2,000 of IGST (47,000 due); SGST 10,000 pays SGST (8,000 due). Cash IGST 47,000, SGST 8,000.
  const SEZ_UNIT = '29AAACZ9999Z1Z1';
  const result = buildGstr3b({
    gstin: GSTIN,
    period: '082025',
    frequency: 'monthly',
    outward: {
      documents: [
        sale(31, { supplyType: 'EXPWP', portCode: 'INBLR4', items: [inter(18, 500_000)] }),
        sale(32, { supplyType: 'EXPWOP', items: [{ ...inter(18, 300_000), igst: 0 }] }),
        sale(33, { supplyType: 'SEZWP', counterpartyGstin: SEZ_UNIT, items: [inter(18, 100_000)] }),
        sale(34, { supplyType: 'SEZWOP', counterpartyGstin: SEZ_UNIT, items: [{ ...inter(18, 50_000), igst: 0 }] }),
        sale(35, { supplyType: 'DEXP', counterpartyGstin: KA_BUYER, items: [intra(18, 200_000)] }),
        sale(36, { documentType: 'CRN', supplyType: 'EXPWP', items: [inter(18, 50_000)] }),
      ],
    },
    ledger: { credit: heads(50_000, 20_000, 10_000) },
  });

  it('reports exports and SEZ supplies in 3.1(b), with IGST where paid and none under LUT', () => {
    expect(result.table31.zeroRated).toEqual(valueFigure(900_000, 99_000, 0, 0, sources([31, 32, 33, 34, 36])));
    expect(result.table31.outwardTaxable).toEqual(valueFigure(200_000, 0, 18_000, 18_000, sources([35])));
    expect(result.table32).toEqual({ unregistered: [], composition: [], uin: [] });
    expect(gstr3bJsonOf(result).sup_details.osup_zero).toEqual({ txval: 900000, iamt: 99000, csamt: 0 });
  });

  it('pays IGST on exports from the credit ledger like any other outward tax', () => {
    expect(result.table61.otherThanReverseCharge).toEqual(heads(99_000, 18_000, 18_000));
    expect(result.table61.paidThroughItc.igst).toEqual(heads(50_000, 2_000, 0));
    expect(result.table61.cash.total).toEqual(heads(47_000, 0, 8_000));
  });
});

describe('buildGstr3b: credit notes against earlier periods (September 2025)', () => {
  // Outward:
  //   41 B2B intra 1,00,000 @18%: CGST 9,000 SGST 9,000
  //   42 credit note to KA_BUYER on a June invoice, intra 30,000: CGST 2,700 SGST 2,700
  //   43 credit note to an unregistered buyer on an earlier B2C small invoice, PoS 32, 10,000: IGST 1,800
  //   44 amendment of a June invoice to MH_BUYER: reported 50,000 (IGST 9,000), now 40,000 (IGST 7,200): −10,000, −1,800
  //   45 amendment without the figures first reported → excluded
  // 3.1(a) value 1,00,000 − 30,000 − 10,000 − 10,000 = 50,000; CGST 9,000 − 2,700 = 6,300; SGST 6,300;
  //        IGST −1,800 − 1,800 = −3,600: below zero, so not populated (shown 0, 3,600 in notPopulated).
  // 3.2 unregistered 32: −10,000 / −1,800 → shown 0 / 0 with the shortfall; left out of the JSON.
  // GSTR-2B: 701 b2b intra CGST 1,800 SGST 1,800; 702 a supplier's credit note intra CGST 2,700 SGST 2,700;
  //          703 b2b inter IGST 5,000.
  // The 2B's section I nets to IGST 5,000, CGST −900, SGST −900: 4A(5) shows IGST 5,000 and zero CGST and SGST,
  // and the 900 CGST and 900 SGST are a 4B(2) reversal (Form GSTR-2B's advisory). 4C IGST 5,000, CGST −900, SGST −900.
  // 6.1: CGST payable 6,300 + 900 (4C below zero) = 7,200, SGST 7,200; IGST credit 5,000 goes to CGST.
  //      Cash CGST 2,200, SGST 7,200.
  const result = buildGstr3b({
    gstin: GSTIN,
    period: '092025',
    frequency: 'monthly',
    outward: {
      documents: [
        sale(41, { counterpartyGstin: KA_BUYER, documentDate: '2025-09-03', items: [intra(18, 100_000)] }),
        sale(42, {
          documentType: 'CRN',
          counterpartyGstin: KA_BUYER,
          documentDate: '2025-09-10',
          originalDocumentNumber: 'S-9',
          originalDocumentDate: '2025-06-15',
          items: [intra(18, 30_000)],
        }),
        sale(43, { documentType: 'CRN', placeOfSupply: '32', documentDate: '2025-09-12', items: [inter(18, 10_000)] }),
        sale(44, {
          counterpartyGstin: MH_BUYER,
          documentNumber: 'S-7',
          documentDate: '2025-06-20',
          amendment: { documentNumber: 'S-7', documentDate: '2025-06-20', items: [inter(18, 50_000)] },
          items: [inter(18, 40_000)],
        }),
        sale(45, {
          counterpartyGstin: MH_BUYER,
          amendment: { documentNumber: 'S-5', documentDate: '2025-06-02' },
          items: [inter(18, 1_000)],
        }),
      ],
    },
    inward: {
      gstr2b: [
        record(701, '092025', amounts(20_000, 0, 1_800, 1_800)),
        record(702, '092025', amounts(30_000, 0, 2_700, 2_700), { section: 'cdnr', documentType: 'CRN' }),
        record(703, '092025', amounts(27_777.78, 5_000, 0, 0)),
      ],
    },
  });

  it('reduces 3.1(a) by the notes and amendments, a net below zero not populated', () => {
    expect(result.table31.outwardTaxable).toEqual({
      ...valueFigure(50_000, 0, 6_300, 6_300, sources([41, 42, 43, 44])),
      notPopulated: amounts(0, 3_600, 0, 0),
    });
    expect(result.table32.unregistered).toEqual([
      { placeOfSupply: '32', ...valueFigure(0, 0, 0, 0, sources([43])), notPopulated: amounts(10_000, 1_800, 0, 0) },
    ]);
    expect(gstr3bJsonOf(result).inter_sup.unreg_details).toEqual([]);
    expect(result.excluded).toEqual([{ documentId: 45, code: 'AMENDMENT_WITHOUT_ORIGINAL', reason: expect.any(String) }]);
  });

  it("nets a supplier's credit note in its 2B section and reverses the net below zero in 4B(2)", () => {
    expect(result.table4.available.allOther).toEqual(taxFigure(5_000, 0, 0, sources([], [701, 702, 703])));
    expect(result.table4.reversed.others).toEqual(taxFigure(0, 900, 900, sources([], [701, 702, 703])));
    expect(result.table4.net).toEqual(taxFigure(5_000, -900, -900, sources([], [701, 702, 703])));
    expect(gstr3bJsonOf(result).itc_elg.itc_net).toEqual({ iamt: 5000, camt: -900, samt: -900, csamt: 0 });
  });

  it('adds net ITC below zero to the tax payable', () => {
    expect(result.table61.otherThanReverseCharge).toEqual(heads(0, 7_200, 7_200));
    expect(result.table61.creditAvailable).toEqual(heads(5_000, 0, 0));
    expect(result.table61.cash.total).toEqual(heads(0, 2_200, 7_200));
  });
});

describe('buildGstr3b: supplies through e-commerce operators (3.1.1, August 2025)', () => {
  // As a supplier:
  //   51 restaurant service through an operator who pays the tax (s.9(5)): 80,000, no tax → 3.1.1(ii) only
  //   52 goods through an operator collecting TCS (s.52), B2C small intra 10,000 @18%: CGST 900 SGST 900 → 3.1(a)
  // As an operator paying tax u/s 9(5) on others' supplies (GSTR-1 table 15):
  //   53 accommodation in Maharashtra to an unregistered guest, 1,00,000 @12%: IGST 12,000 → 3.1.1(i) and 3.2
  //   54 restaurant service intra 50,000 @5%: CGST 1,250 SGST 1,250 → 3.1.1(i)
  // 3.1.1(i) value 1,50,000, IGST 12,000, CGST 1,250, SGST 1,250; (ii) 80,000; 3.1(a) 10,000 / 900 / 900.
  // 6.1: the s.9(5) tax is paid in cash (s.9(5), s.49(4)) though the ledger holds IGST 50,000, which pays CGST 900 and
  //      SGST 900 of 3.1(a). Cash: IGST 12,000, CGST 1,250, SGST 1,250, all in the reverse-charge row.
  const OPERATOR = '29AAACE1234E1ZC';
  const result = buildGstr3b({
    gstin: GSTIN,
    period: '082025',
    frequency: 'monthly',
    outward: {
      documents: [
        sale(51, { ecommerceGstin: OPERATOR, section95: 'supplier', items: [intra(0, 80_000)] }),
        sale(52, { ecommerceGstin: OPERATOR, items: [intra(18, 10_000)] }),
        sale(53, { section95: 'operator', placeOfSupply: '27', items: [inter(12, 100_000)] }),
        sale(54, { section95: 'operator', items: [intra(5, 50_000)] }),
      ],
    },
    ledger: { credit: heads(50_000, 0, 0) },
  });

  it('reports s.9(5) supplies in 3.1.1 and not in 3.1(a)', () => {
    expect(result.table311).toEqual({
      operatorPays: valueFigure(150_000, 12_000, 1_250, 1_250, sources([53, 54])),
      throughOperator: { ...NO_VALUE, taxable: rs(80_000), sources: sources([51]) },
    });
    expect(result.table31.outwardTaxable).toEqual(valueFigure(10_000, 0, 900, 900, sources([52])));
    expect(result.table32.unregistered).toEqual([{ placeOfSupply: '27', ...valueFigure(100_000, 12_000, 0, 0, sources([53])) }]);
    const json = gstr3bJsonOf(result);
    expect(json.eco_dtls).toEqual({
      eco_sup: { txval: 150000, iamt: 12000, camt: 1250, samt: 1250, csamt: 0 },
      eco_reg_sup: { txval: 80000 },
    });
  });

  it("pays the operator's s.9(5) tax in cash", () => {
    expect(result.table61.reverseCharge).toEqual(heads(12_000, 1_250, 1_250));
    expect(result.table61.paidThroughItc.cgst).toEqual(heads(900, 0, 0));
    expect(result.table61.cash).toEqual({
      tax: NO_TAX,
      reverseCharge: heads(12_000, 1_250, 1_250),
      interest: NO_TAX,
      lateFee: NO_TAX,
      total: heads(12_000, 1_250, 1_250),
    });
  });
});

describe('buildGstr3b: decisions about credit of earlier periods and decisions that cannot be applied (September 2025)', () => {
  // GSTR-2B records (092025 unless said otherwise) and books, with the decisions:
  //   802 (2B of 082025) IGST 700, claimed now (it was neither claimed nor reversed then)   → 4A(5), no 4D(1)
  //       a second decision about 802                                                      → issue, not applied
  //   803 (082025) IGST 800, deferred again                                                 → excluded
  //   804 (082025) IGST 900, no decision                                                    → excluded
  //   805 rejected in IMS, "claimed"                                                        → issue, excluded
  //   806 a supplier's credit note IGST 300, "deferred"                                     → issue, counted: 4A(5) −300
  //   807 IGST 1,000, reversed under rule 42 by 2,000 (more than its tax)                   → issue, 4A(5) and 4B(1) 1,000
  //   808 IGST 600, ITC not available, "claimed"                                            → issue, 4D(2)
  //   810 in the 2B's ITC reversal list, IGST 400                                           → 4B(2)
  //   811 b2ba: IGST 1,500 now, 1,000 first reported                                        → 4A(5) +500
  //   812 b2ba without the first-reported figures                                           → excluded
  //   813 ISD IGST 2,500                                                                    → 4A(4)
  //   814 pending in IMS                                                                    → excluded
  //   books 801 (booked 032025) IGST 1,200, reversed under rule 37 (not paid in 180 days)   → 4B(2) only
  //   books 815 bill of entry IGST 3,000 not yet in the 2B, claimed (rule 36(1)(d))         → 4A(1)
  //   books 816 bill of entry with no decision                                              → excluded
  //   books 817 from an unregistered supplier, forward charge                               → excluded
  //   books 818 not in any 2B, "claimed"                                                    → issue, excluded
  //   9203 (not given) reclaimed: IGST 4,500 deferred to 4B(2) in July                      → 4A(5) and 4D(1)
  //   9999 (not given) reversed under s.17(5) by CGST 500, SGST 500                         → 4B(1)
  //   9998 (not given) claimed with no amount                                               → issue
  // 4A(1) 3,000; 4A(4) 2,500; 4A(5) 700 − 300 + 1,000 + 500 + 4,500 = 6,400.
  // 4B(1) IGST 1,000, CGST 500, SGST 500; 4B(2) IGST 1,200 + 400 = 1,600.
  // 4C IGST 3,000 + 2,500 + 6,400 − 1,000 − 1,600 = 9,300; CGST −500; SGST −500. 4D(1) IGST 4,500; 4D(2) IGST 600.
  // The credit reversal and re-claimed statement stands at nil: 4,500 reclaimed is above it and this 4B(2) (1,600).
  const i = (igst: number) => amounts(igst * 5, igst, 0, 0);
  const result = buildGstr3b({
    gstin: GSTIN,
    period: '092025',
    frequency: 'monthly',
    outward: { documents: [] },
    inward: {
      gstr2b: [
        record(802, '082025', i(700)),
        record(803, '082025', i(800)),
        record(804, '082025', i(900)),
        record(805, '092025', i(100), { listing: 'rejected' }),
        record(806, '092025', i(300), { section: 'cdnr', documentType: 'CRN' }),
        record(807, '092025', i(1_000)),
        record(808, '092025', i(600), { itcAvailability: 'N', itcUnavailableReason: 'P' }),
        record(810, '092025', i(400), { section: 'cdnr', documentType: 'CRN', listing: 'itcReversal' }),
        record(811, '092025', i(1_500), { section: 'b2ba', original: i(1_000) }),
        record(812, '092025', i(200), { section: 'b2ba' }),
        record(813, '092025', i(2_500), { section: 'isd' }),
        record(814, '092025', i(1_000), { imsAction: 'Pending' }),
      ],
      purchases: [
        purchase(801, i(1_200), { returnPeriod: '032025' }),
        purchase(815, i(3_000), { documentType: 'BOE', supplierGstin: '' }),
        purchase(816, i(3_100), { documentType: 'BOE', supplierGstin: '' }),
        purchase(817, amounts(2_000, 0, 0, 0), { supplierGstin: '' }),
        purchase(818, i(450)),
      ],
      decisions: [
        { action: 'claim', portalId: 802 },
        { action: 'reverse', portalId: 802, reason: 'rule37' },
        { action: 'defer', portalId: 803 },
        { action: 'claim', portalId: 805 },
        { action: 'defer', portalId: 806 },
        { action: 'reverse', portalId: 807, reason: 'rule42', amount: heads(2_000, 0, 0) },
        { action: 'claim', portalId: 808 },
        { action: 'reverse', documentId: 801, reason: 'rule37' },
        { action: 'claim', documentId: 815 },
        { action: 'claim', documentId: 818 },
        { action: 'reclaim', portalId: 9203, amount: heads(4_500, 0, 0) },
        { action: 'reverse', documentId: 9999, reason: 'section17(5)', amount: heads(0, 500, 500) },
        { action: 'claim', documentId: 9998 },
      ],
    },
    ledger: { credit: NO_TAX, reclaimableBalance: NO_TAX },
  });

  it('applies each decision to its table', () => {
    expect(result.table4).toEqual({
      available: {
        importOfGoods: taxFigure(3_000, 0, 0, sources([815])),
        importOfServices: NONE,
        reverseCharge: NONE,
        isd: taxFigure(2_500, 0, 0, sources([], [813])),
        allOther: taxFigure(6_400, 0, 0, sources([], [802, 806, 807, 811, 9203])),
      },
      reversed: {
        rules: taxFigure(1_000, 500, 500, sources([9999], [807])),
        others: taxFigure(1_600, 0, 0, sources([801], [810])),
      },
      net: taxFigure(9_300, -500, -500, sources([801, 815, 9999], [802, 806, 807, 810, 811, 813, 9203])),
      reclaimed: taxFigure(4_500, 0, 0, sources([], [9203])),
      ineligible: taxFigure(600, 0, 0, sources([], [808])),
    });
  });

  it('lists the rows in no figure and the decisions it could not apply', () => {
    expect(result.excluded.map((e) => [e.documentId ?? e.portalId, e.code])).toEqual([
      [803, 'DEFERRED'],
      [804, 'OUTSIDE_PERIOD'],
      [805, 'REJECTED_IN_IMS'],
      [812, 'AMENDMENT_WITHOUT_ORIGINAL'],
      [814, 'PENDING_IN_IMS'],
      [816, 'NOT_IN_GSTR2B'],
      [817, 'NO_ITC'],
      [818, 'NOT_IN_GSTR2B'],
    ]);
    expect(result.issues.map((x) => [x.documentId ?? x.portalId ?? null, x.code])).toEqual([
      [802, 'DUPLICATE_DECISION'],
      [805, 'CLAIM_REJECTED'],
      [806, 'CREDIT_NOTE_ACTION'],
      [807, 'AMOUNT_ABOVE_DOCUMENT'],
      [808, 'CLAIM_NOT_AVAILABLE'],
      [818, 'CLAIM_NOT_IN_GSTR2B'],
      [9998, 'UNKNOWN_ID'],
      [null, 'RECLAIM_ABOVE_BALANCE'],
    ]);
  });
});

describe('buildGstr3b: 5.1 interest and late fee', () => {
  // A July 2025 return filed 10 days late (due 20-08-2025, filed 30-08-2025) with IGST 36,000 and CGST/SGST 7,500 paid
  // in cash: interest and late fee as lateReturnInterest and lateFee computed them, paid in cash in 6.1.
  const interest = lateReturnInterest({ cashPaid: heads(36_000, 7_500, 7_500), dueDate: '2025-08-20', filedOn: '2025-08-30' });
  const fee = lateFee({
    form: 'GSTR3B',
    period: '072025',
    dueDate: '2025-08-20',
    filedOn: '2025-08-30',
    isNil: false,
    aggregateTurnover: rs(1e7),
  });
  const result = buildGstr3b({
    gstin: GSTIN,
    period: '082025',
    frequency: 'monthly',
    outward: { documents: [] },
    interest: interest.interest,
    lateFee: fee,
    ledger: { credit: heads(100_000, 100_000, 100_000), cash: NO_TAX },
  });

  it('shows them in 5.1 and pays them in cash whatever the credit ledger holds', () => {
    // 36,000 × 18% × 10 / 365 = 177.53 → ₹178; 7,500 × 18% × 10 / 365 = 36.99 → ₹37 (s.170); fee 10 × ₹25 = ₹250 a head.
    expect(result.table51).toEqual({ interest: heads(178, 37, 37), lateFee: heads(0, 250, 250) });
    expect(result.table61.cash.total).toEqual(heads(178, 287, 287));
    expect(result.table61.cashToDeposit).toEqual(heads(178, 287, 287));
    expect(gstr3bJsonOf(result).intr_ltfee).toEqual({
      intr_details: { iamt: 178, camt: 37, samt: 37, csamt: 0 },
      ltfee_details: { camt: 250, samt: 250 },
    });
  });
});

describe('buildGstr3b: GSTR-1 summary rows (B2CS, advances, their amendments) in 3.1(a) and 3.2 (July 2025)', () => {
  //   201 B2CS inter, PoS 27, 10,000 @18%: IGST 1,800                      → 3.1(a), 3.2 unregistered 27
  //   202 B2CS intra 5,000 @18%: CGST 450 SGST 450                         → 3.1(a)
  //   203 advance received intra 20,000: CGST 1,800 SGST 1,800 (table 11A) → 3.1(a), no 3.2 (recipient unknown)
  //   204 advance adjusted intra 8,000: CGST 720 SGST 720 (table 11B)      → 3.1(a) less
  //   205 B2CS of 052025 amended (b2csa), PoS 27: now 12,000 / 2,160, first 10,000 / 1,800 → the change, 2,000 / 360
  //   206 B2CS amendment without its first figures                          → excluded
  //   207 a B2CS row of the 062025 return                                   → excluded
  // 3.1(a) value 10,000 + 5,000 + 20,000 − 8,000 + 2,000 = 29,000; IGST 1,800 + 360 = 2,160;
  //        CGST 450 + 1,800 − 720 = 1,530; SGST 1,530. 3.2 unregistered 27: 12,000 / 2,160.
  const b2cs = (id: number, pos: string, money: ReturnType<typeof amounts>, fields: Partial<Gstr1SummaryRow> = {}) =>
    summary(id, { placeOfSupply: pos, rate: 18000, ...money, ...fields });
  const result = buildGstr3b({
    gstin: GSTIN,
    period: '072025',
    frequency: 'monthly',
    outward: {
      documents: [],
      summaries: [
        b2cs(201, '27', amounts(10_000, 1_800, 0, 0)),
        b2cs(202, '29', amounts(5_000, 0, 450, 450)),
        b2cs(203, '29', amounts(20_000, 0, 1_800, 1_800), { summaryType: 'AdvanceReceived' }),
        b2cs(204, '29', amounts(8_000, 0, 720, 720), { summaryType: 'AdvanceAdjusted' }),
        { ...b2cs(205, '27', amounts(12_000, 2_160, 0, 0), { originalPeriod: '052025' }), original: amounts(10_000, 1_800, 0, 0) },
        b2cs(206, '27', amounts(9_000, 1_620, 0, 0), { originalPeriod: '052025' }),
        { ...b2cs(207, '29', amounts(1_000, 0, 90, 90)), returnPeriod: '062025' },
      ],
    },
  });

  it('adds B2CS rows and advances, and an amended row by its change', () => {
    expect(result.table31.outwardTaxable).toEqual(valueFigure(29_000, 2_160, 1_530, 1_530, sources([], [], [201, 202, 203, 204, 205])));
    expect(result.table32.unregistered).toEqual([
      { placeOfSupply: '27', ...valueFigure(12_000, 2_160, 0, 0, sources([], [], [201, 205])) },
    ]);
    expect(result.excluded.map((e) => [e.summaryId, e.code])).toEqual([
      [206, 'AMENDMENT_WITHOUT_ORIGINAL'],
      [207, 'OUTSIDE_PERIOD'],
    ]);
  });
});

describe('buildGstr3b: rows it leaves out, and amounts out of range', () => {
  it('leaves out a GSTR-1A before July 2024, vouchers, and purchases of another period with no decision', () => {
    // June 2024: no GSTR-1A yet (Notification 12/2024-CT). A receipt voucher is counted in GSTR-1 table 13 only.
    const r = buildGstr3b({
      gstin: GSTIN,
      period: '062024',
      frequency: 'monthly',
      outward: {
        documents: [
          sale(1, { form: 'GSTR1A', returnPeriod: '062024', counterpartyGstin: KA_BUYER, items: [intra(18, 1_000)] }),
          sale(2, { documentType: 'RV', items: [intra(18, 1_000)] }),
        ],
      },
      inward: { purchases: [purchase(3, amounts(1_000, 180, 0, 0), { returnPeriod: '052024' })] },
    });
    expect(r.excluded.map((e) => [e.documentId, e.code])).toEqual([
      [1, 'GSTR1A_BEFORE_JULY_2024'],
      [2, 'NOT_IN_GSTR1'],
      [3, 'OUTSIDE_PERIOD'],
    ]);
    expect(r.table31.outwardTaxable).toEqual(NO_VALUE);
  });

  it('refuses sums beyond whole paise a number holds exactly, and decision amounts that are not paise', () => {
    const huge = { ...intra(18, 1_000), taxable: Number.MAX_SAFE_INTEGER };
    const big = { gstin: GSTIN, period: '072025', frequency: 'monthly' as const };
    expect(() => buildGstr3b({ ...big, outward: { documents: [sale(1, { items: [huge] }), sale(2, { items: [huge] })] } })).toThrow(
      RangeError,
    );
    expect(() =>
      buildGstr3b({
        ...big,
        outward: { documents: [] },
        inward: { decisions: [{ action: 'reclaim', portalId: 1, amount: { igst: -1, cgst: 0, sgst: 0, cess: 0 } }] },
      }),
    ).toThrow(RangeError);
  });
});

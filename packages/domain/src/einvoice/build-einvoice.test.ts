// Golden INV-01 JSON written by hand from the NIC schema v1.1 and its field rules, and the IRP's amount checks
// (2172, 2182, 2189, 2193) predicted before sending.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EinvoiceSupplyType } from '../codes/supply-types';
import type { DocumentInput } from '../documents/document-input';
import { buildEinvoice, supplyTypeOf } from './build-einvoice';
import type { EinvoiceOptions, EinvoiceParty, EinvoiceProblem } from './einvoice-input';
import type { EinvoiceJson } from './einvoice-json';
import { repairEinvoiceSchema } from './einvoice-schema';
import { BUYER_KA, BUYER_KA_GSTIN, BUYER_MH, caseOf, FOREIGN_BUYER, gstinOf, SELLER_KA, SELLER_KA_GSTIN } from './fixtures/einvoice-cases';

const published = JSON.parse(readFileSync(new URL('./schema/nic_einvoice_schema_v1.1.json', import.meta.url), 'utf8')) as unknown;
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
const validate = ajv.compile(repairEinvoiceSchema(published));
const schemaErrors = (json: unknown): string => (validate(json) ? '' : ajv.errorsText(validate.errors, { separator: '\n' }));

const B2B_INTRA: DocumentInput = {
  documentType: 'INV',
  documentNumber: 'BC/26-27/0042',
  documentDate: '2026-11-20',
  supplierGstin: SELLER_KA_GSTIN,
  counterpartyGstin: BUYER_KA_GSTIN,
  placeOfSupply: '29',
  roundOff: -60,
  totalValue: 7_080_000,
  items: [
    { hsn: '84713010', uqc: 'NOS', quantity: 2, taxable: 5_000_000, ratePercent: 18, igst: 0, cgst: 450_000, sgst: 450_000, cess: 0 },
    { hsn: '998314', taxable: 1_000_050, ratePercent: 18, cgst: 90_005, sgst: 90_005 },
  ],
};
const B2B_OPTIONS: EinvoiceOptions = {
  buyer: BUYER_KA,
  items: [
    { description: 'Laptop computer, 14 inch', grossAmount: 5_100_000, discount: 100_000 },
    { description: 'Annual maintenance of IT systems' },
  ],
};

describe('golden INV-01 JSON', () => {
  it('a B2B intra-State invoice: CGST and SGST, an item discount, a service, the round-off', () => {
    const { json, problems } = buildEinvoice(B2B_INTRA, SELLER_KA, B2B_OPTIONS);
    expect(problems).toEqual([]);
    const expected: EinvoiceJson = {
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'BC/26-27/0042', Dt: '20/11/2026' },
      SellerDtls: {
        Gstin: SELLER_KA_GSTIN,
        LglNm: 'Bharat Components Private Limited',
        TrdNm: 'Bharat Components',
        Addr1: '14, 3rd Cross, Peenya Industrial Area',
        Addr2: 'Phase II',
        Loc: 'Bengaluru',
        Pin: 560058,
        Stcd: '29',
        Ph: '08028391234',
        Em: 'accounts@bharat-components.in',
      },
      BuyerDtls: {
        Gstin: BUYER_KA_GSTIN,
        LglNm: 'Tata Consultancy Services Limited',
        Pos: '29',
        Addr1: '42, Whitefield Main Road',
        Loc: 'Bengaluru',
        Pin: 560066,
        Stcd: '29',
      },
      ItemList: [
        {
          SlNo: '1',
          PrdDesc: 'Laptop computer, 14 inch',
          IsServc: 'N',
          HsnCd: '84713010',
          Qty: 2,
          Unit: 'NOS',
          UnitPrice: 25500,
          TotAmt: 51000,
          Discount: 1000,
          AssAmt: 50000,
          GstRt: 18,
          IgstAmt: 0,
          CgstAmt: 4500,
          SgstAmt: 4500,
          TotItemVal: 59000,
        },
        {
          SlNo: '2',
          PrdDesc: 'Annual maintenance of IT systems',
          IsServc: 'Y',
          HsnCd: '998314',
          UnitPrice: 10000.5,
          TotAmt: 10000.5,
          AssAmt: 10000.5,
          GstRt: 18,
          IgstAmt: 0,
          CgstAmt: 900.05,
          SgstAmt: 900.05,
          TotItemVal: 11800.6,
        },
      ],
      ValDtls: {
        AssVal: 60000.5,
        CgstVal: 5400.05,
        SgstVal: 5400.05,
        IgstVal: 0,
        CesVal: 0,
        StCesVal: 0,
        Discount: 0,
        OthChrg: 0,
        RndOffAmt: -0.6,
        TotInvVal: 70800,
      },
    };
    expect(json).toStrictEqual(expected);
    // The JSON text: rupees with at most 2 decimals, no float noise.
    expect(JSON.stringify(json.ValDtls)).toBe(
      '{"AssVal":60000.5,"CgstVal":5400.05,"SgstVal":5400.05,"IgstVal":0,"CesVal":0,"StCesVal":0,"Discount":0,"OthChrg":0,"RndOffAmt":-0.6,"TotInvVal":70800}',
    );
  });

  it('an export with payment of IGST: URP buyer in 96, export details, dispatch from the factory, ship to the port, e-way bill', () => {
    const seller: EinvoiceParty = {
      gstin: gstinOf('27AAPFU0939F1Z'),
      legalName: 'Vastra Exports LLP',
      address1: 'Gala 12, Bhiwandi Textile Park',
      location: 'Bhiwandi',
      pin: 421302,
    };
    const transporter = gstinOf('27AAACR4849R1Z');
    const document: DocumentInput = {
      documentType: 'INV',
      documentNumber: 'VE/EXP/118',
      documentDate: '2026-11-18',
      exportType: 'WPAY',
      portCode: 'INNSA1',
      shippingBillNumber: '4455667',
      currency: 'USD',
      totalValue: 8_662_500,
      items: [{ hsn: '62034200', uqc: 'PCS', quantity: 1200, taxable: 8_250_000, ratePercent: 5, igst: 412_500 }],
    };
    const { json, problems } = buildEinvoice(document, seller, {
      buyer: FOREIGN_BUYER,
      items: [{ description: 'Cotton trousers, men' }],
      export: { shippingBillDate: '2026-11-19', isRefundClaimed: true, countryCode: 'US', totalInForeignCurrency: 103_860 },
      dispatchFrom: {
        name: 'Vastra Exports LLP',
        address1: 'Gala 12, Bhiwandi Textile Park',
        location: 'Bhiwandi',
        pin: 421302,
        stateCode: '27',
      },
      shipTo: { legalName: 'Jawaharlal Nehru Port', address1: 'Nhava Sheva', location: 'Navi Mumbai', pin: '400707', stateCode: '27' },
      ewaybill: {
        distanceKm: 62,
        transporterId: transporter,
        transporterName: 'Konkan Carriers',
        transportMode: '1',
        vehicleNumber: 'MH 04 KT 9087',
        vehicleType: 'R',
      },
    });
    expect(problems).toEqual([]);
    const expected: EinvoiceJson = {
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'EXPWP', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'VE/EXP/118', Dt: '18/11/2026' },
      SellerDtls: {
        Gstin: gstinOf('27AAPFU0939F1Z'),
        LglNm: 'Vastra Exports LLP',
        Addr1: 'Gala 12, Bhiwandi Textile Park',
        Loc: 'Bhiwandi',
        Pin: 421302,
        Stcd: '27',
      },
      BuyerDtls: {
        Gstin: 'URP',
        LglNm: 'Acme Apparel Inc.',
        Pos: '96',
        Addr1: '1200 Sixth Avenue',
        Addr2: 'New York, NY 10036',
        Loc: 'New York',
        Pin: 999999,
        Stcd: '96',
      },
      ItemList: [
        {
          SlNo: '1',
          PrdDesc: 'Cotton trousers, men',
          IsServc: 'N',
          HsnCd: '62034200',
          Qty: 1200,
          Unit: 'PCS',
          UnitPrice: 68.75,
          TotAmt: 82500,
          AssAmt: 82500,
          GstRt: 5,
          IgstAmt: 4125,
          CgstAmt: 0,
          SgstAmt: 0,
          TotItemVal: 86625,
        },
      ],
      ValDtls: {
        AssVal: 82500,
        CgstVal: 0,
        SgstVal: 0,
        IgstVal: 4125,
        CesVal: 0,
        StCesVal: 0,
        Discount: 0,
        OthChrg: 0,
        RndOffAmt: 0,
        TotInvVal: 86625,
        TotInvValFc: 1038.6,
      },
      DispDtls: { Nm: 'Vastra Exports LLP', Addr1: 'Gala 12, Bhiwandi Textile Park', Loc: 'Bhiwandi', Pin: 421302, Stcd: '27' },
      ShipDtls: { LglNm: 'Jawaharlal Nehru Port', Addr1: 'Nhava Sheva', Loc: 'Navi Mumbai', Pin: 400707, Stcd: '27' },
      ExpDtls: { ShipBNo: '4455667', ShipBDt: '19/11/2026', Port: 'INNSA1', RefClm: 'Y', ForCur: 'USD', CntCode: 'US' },
      EwbDtls: { TransId: transporter, TransName: 'Konkan Carriers', TransMode: '1', Distance: 62, VehNo: 'MH04KT9087', VehType: 'R' },
    };
    expect(json).toStrictEqual(expected);
  });
});

const codes = (problems: readonly EinvoiceProblem[]): string[] => problems.map((p) => `${p.irpErrorCode ?? '-'} ${p.code} ${p.field}`);

describe('the IRP amount rules, checked before sending', () => {
  it('2182: the stated total assessable value must be the sum of the items’ taxable values', () => {
    const { json, problems } = buildEinvoice(B2B_INTRA, SELLER_KA, { ...B2B_OPTIONS, assessableTotal: 6_000_051 });
    expect(codes(problems)).toEqual(['2182 ASSESSABLE_TOTAL_MISMATCH ValDtls.AssVal']);
    expect(problems[0]?.message).toBe("The total assessable value ₹60000.51 is not the sum of the items' taxable values ₹60000.50.");
    expect(json.ValDtls.AssVal).toBe(60000.51);
    expect(buildEinvoice(B2B_INTRA, SELLER_KA, { ...B2B_OPTIONS, assessableTotal: 6_000_050 }).problems).toEqual([]);
  });

  it('2189: the invoice value may differ from the sum of its parts by ₹1 at most', () => {
    const at = (totalValue: number): string[] => codes(buildEinvoice({ ...B2B_INTRA, totalValue }, SELLER_KA, B2B_OPTIONS).problems);
    expect(at(7_080_000 + 100)).toEqual([]);
    expect(at(7_080_000 - 100)).toEqual([]);
    expect(at(7_080_000 + 101)).toEqual(['2189 INVOICE_VALUE_MISMATCH ValDtls.TotInvVal']);
    expect(at(7_080_000 - 101)).toEqual(['2189 INVOICE_VALUE_MISMATCH ValDtls.TotInvVal']);
    const { problems } = buildEinvoice({ ...B2B_INTRA, totalValue: 7_180_000 }, SELLER_KA, B2B_OPTIONS);
    expect(problems[0]?.message).toBe('The invoice value ₹71800.00 differs from the sum of its parts ₹70800.00 by more than ₹1.00.');
    // Without a stated value the sum of the parts is used; a stricter tolerance may be asked for.
    expect(buildEinvoice({ ...B2B_INTRA, totalValue: null }, SELLER_KA, B2B_OPTIONS).json.ValDtls.TotInvVal).toBe(70800);
    expect(
      codes(buildEinvoice({ ...B2B_INTRA, totalValue: 7_080_001 }, SELLER_KA, { ...B2B_OPTIONS, tolerancePaise: 0 }).problems),
    ).toEqual(['2189 INVOICE_VALUE_MISMATCH ValDtls.TotInvVal']);
  });

  it('2189: other charges and the invoice discount count in the parts', () => {
    const document = { ...B2B_INTRA, otherCharges: 50_000, totalValue: 7_080_000 + 50_000 - 20_000 };
    const { json, problems } = buildEinvoice(document, SELLER_KA, { ...B2B_OPTIONS, discount: 20_000 });
    expect(problems).toEqual([]);
    expect(json.ValDtls).toMatchObject({ OthChrg: 500, Discount: 200, TotInvVal: 71100 });
    // An item's own charges (after tax) count in its value and in ValDtls.OthChrg.
    const items = [{ ...B2B_OPTIONS.items?.[0], otherCharges: 25_000 }, { otherCharges: 5_000 }];
    const withItemCharges = buildEinvoice({ ...document, totalValue: 7_140_000 }, SELLER_KA, { ...B2B_OPTIONS, discount: 20_000, items });
    expect(withItemCharges.problems).toEqual([]);
    expect(withItemCharges.json.ItemList.map((i) => [i.OthChrg, i.TotItemVal])).toEqual([
      [250, 59250],
      [50, 11850.6],
    ]);
    expect(withItemCharges.json.ValDtls).toMatchObject({ OthChrg: 800, Discount: 200, TotInvVal: 71400 });
  });

  it('2193: an item’s assessable value must be its gross amount less its discount', () => {
    const items = [{ ...B2B_OPTIONS.items?.[0], grossAmount: 5_100_000, discount: 99_999 }];
    const { problems } = buildEinvoice(B2B_INTRA, SELLER_KA, { ...B2B_OPTIONS, items });
    expect(codes(problems)).toEqual(['2193 ITEM_ASSESSABLE_MISMATCH ItemList[0].AssAmt']);
    expect(problems[0]?.message).toBe('Item 1: the taxable value ₹50000.00 is not the gross amount ₹51000.00 less the discount ₹999.99.');
  });

  it('2172: IGST on an intra-State supply needs the IGST-on-intra flag; CGST and SGST on an inter-State supply are flagged', () => {
    const igstIntra: DocumentInput = {
      ...B2B_INTRA,
      roundOff: 0,
      totalValue: null,
      items: [{ hsn: '84713010', taxable: 100_000, ratePercent: 18, igst: 18_000 }],
    };
    const refused = buildEinvoice(igstIntra, SELLER_KA, { buyer: BUYER_KA });
    expect(codes(refused.problems)).toEqual(['2172 IGST_ON_INTRA_STATE ValDtls.IgstVal']);
    expect(refused.problems[0]?.message).toContain('seller and place of supply both 29');

    const flagged = buildEinvoice({ ...igstIntra, igstOnIntra: true }, SELLER_KA, { buyer: BUYER_KA });
    expect(flagged.problems).toEqual([]);
    expect(flagged.json.TranDtls.IgstOnIntra).toBe('Y');

    const cgstInter: DocumentInput = {
      ...igstIntra,
      placeOfSupply: '27',
      items: [{ hsn: '8471', taxable: 100_000, ratePercent: 18, cgst: 9_000, sgst: 9_000 }],
    };
    expect(codes(buildEinvoice(cgstInter, SELLER_KA, { buyer: BUYER_MH }).problems)).toEqual([
      '- CGST_SGST_ON_INTER_STATE ValDtls.CgstVal',
    ]);
    // A supply to an SEZ is inter-State even inside the State (IGST Act s.7(5)(b)): IGST is right there.
    const sez = buildEinvoice({ ...igstIntra, isSez: true }, SELLER_KA, { buyer: BUYER_KA });
    expect(sez.problems).toEqual([]);
    expect(sez.json.TranDtls.SupTyp).toBe('SEZWP');
  });

  it('an export or SEZ supply without payment (under bond or LUT) carries no tax', () => {
    const { document, options } = caseOf('EXPWOP', 'INV', false);
    const taxed = { ...document, items: [{ hsn: '6203', taxable: 100_000, ratePercent: 12, igst: 12_000 }] };
    const { problems } = buildEinvoice(taxed, SELLER_KA, options);
    expect(codes(problems)).toEqual(['- TAX_ON_SUPPLY_WITHOUT_PAYMENT ValDtls.IgstVal']);
    expect(problems[0]?.message).toBe(
      'EXPWOP: a supply under bond or LUT is made without payment of tax, but this one carries ₹120.00 of tax; use EXPWP to pay IGST.',
    );
    expect(buildEinvoice({ ...taxed, exportType: 'WPAY' }, SELLER_KA, options).problems).toEqual([]);
  });
});

describe('formats the schema enforces', () => {
  const problemsOf = (
    document: Partial<DocumentInput>,
    options: Partial<EinvoiceOptions> = {},
    seller: EinvoiceParty = SELLER_KA,
  ): string[] => codes(buildEinvoice({ ...B2B_INTRA, ...document }, seller, { ...B2B_OPTIONS, ...options }).problems);

  it('the document number: 1 to 16 characters, letters, digits, / and -, not starting with 0, / or -', () => {
    expect(problemsOf({ documentNumber: 'A' })).toEqual([]);
    expect(problemsOf({ documentNumber: 'ABCDEFGH/1234-56' })).toEqual([]);
    for (const bad of ['0042', '/42', '-42', 'ABCDEFGH/1234-567', 'INV 42', 'INV_42', ''])
      expect(problemsOf({ documentNumber: bad })).toEqual(['- FIELD_FORMAT DocDtls.No']);
  });

  it('dates are DD/MM/YYYY, and the schema v1.1 takes the years 2010 to 2029 only', () => {
    expect(buildEinvoice({ ...B2B_INTRA, documentDate: '2029-12-31' }, SELLER_KA, B2B_OPTIONS).json.DocDtls.Dt).toBe('31/12/2029');
    expect(problemsOf({ documentDate: '2030-01-01' })).toEqual(['- FIELD_FORMAT DocDtls.Dt']);
    expect(problemsOf({ documentDate: '20/11/2026' })).toEqual(['- FIELD_FORMAT DocDtls.Dt']);
  });

  it('only INV, CRN and DBN are e-invoiced', () => {
    expect(problemsOf({ documentType: 'BIL' })).toEqual(['- NOT_AN_EINVOICE_DOCUMENT DocDtls.Typ']);
    expect(problemsOf({ documentType: 'crn' })).toEqual([]);
  });

  it('GSTINs carry a true check character, except in the sandbox', () => {
    const seller = { ...SELLER_KA, gstin: '29AAGCB7383J1ZX' };
    expect(problemsOf({}, {}, seller)).toEqual(['- FIELD_FORMAT SellerDtls.Gstin']);
    expect(problemsOf({}, { sandbox: true }, seller)).toEqual([]);
    // URP is for exports: B2C supplies are not e-invoiced.
    expect(problemsOf({ counterpartyGstin: 'URP' }, { buyer: { ...BUYER_KA, gstin: null } })).toEqual(['- FIELD_FORMAT BuyerDtls.Gstin']);
    expect(problemsOf({ counterpartyGstin: null }, { buyer: { ...BUYER_KA, gstin: null } })).toEqual(['- FIELD_FORMAT BuyerDtls.Gstin']);
    expect(problemsOf({ counterpartyGstin: BUYER_KA_GSTIN }, { buyer: { ...BUYER_KA, gstin: null } })).toEqual([]);
  });

  it('names, places, PINs, state codes, HSN codes, units, e-mail and phone', () => {
    expect(problemsOf({}, {}, { ...SELLER_KA, legalName: 'AB', location: 'A "quoted" town', pin: '56005', stateCode: '00' })).toEqual([
      '- FIELD_FORMAT SellerDtls.LglNm',
      '- FIELD_FORMAT SellerDtls.Loc',
      '- FIELD_FORMAT SellerDtls.Pin',
      '- FIELD_FORMAT SellerDtls.Stcd',
    ]);
    expect(problemsOf({}, {}, { ...SELLER_KA, email: 'accounts', phone: '12345' })).toEqual([
      '- FIELD_FORMAT SellerDtls.Ph',
      '- FIELD_FORMAT SellerDtls.Em',
    ]);
    const items = [{ ...B2B_INTRA.items[0]!, hsn: '0000', uqc: 'BOXES' }, B2B_INTRA.items[1]!];
    expect(problemsOf({ items })).toEqual(['- FIELD_FORMAT ItemList[0].HsnCd', '- FIELD_FORMAT ItemList[0].Unit']);
  });

  it('credit notes carry positive amounts and their original invoice', () => {
    const note: Partial<DocumentInput> = {
      documentType: 'CRN',
      originalDocumentNumber: 'BC/26-27/0007',
      originalDocumentDate: '2026-10-02',
    };
    const { json, problems } = buildEinvoice({ ...B2B_INTRA, ...note }, SELLER_KA, { ...B2B_OPTIONS, remarks: 'Rate difference' });
    expect(problems).toEqual([]);
    expect(json.RefDtls).toEqual({ InvRm: 'Rate difference', PrecDocDtls: [{ InvNo: 'BC/26-27/0007', InvDt: '02/10/2026' }] });
    const negative = { ...note, totalValue: null, items: [{ hsn: '8471', taxable: -100_000, ratePercent: 0 }] };
    expect(problemsOf(negative, { items: [] })).toEqual([
      '- NEGATIVE_AMOUNT ItemList[0].TotAmt',
      '- NEGATIVE_AMOUNT ItemList[0].AssAmt',
      '- NEGATIVE_AMOUNT ItemList[0].TotItemVal',
      '- NEGATIVE_AMOUNT ItemList[0].UnitPrice',
      '- NEGATIVE_AMOUNT ValDtls.AssVal',
      '- NEGATIVE_AMOUNT ValDtls.TotInvVal',
    ]);
  });

  it('the e-way bill part: distance 0 to 4000 km, vehicle and transport document formats', () => {
    const ewaybill = { distanceKm: 4001, vehicleNumber: 'KA-1', transportDocumentNumber: 'LR 118', transporterId: 'TRANS' };
    expect(problemsOf({}, { ewaybill })).toEqual([
      '- FIELD_FORMAT EwbDtls.Distance',
      '- FIELD_FORMAT EwbDtls.TransDocNo',
      '- FIELD_FORMAT EwbDtls.VehNo',
      '- FIELD_FORMAT EwbDtls.TransId',
    ]);
    expect(buildEinvoice(B2B_INTRA, SELLER_KA, { ...B2B_OPTIONS, ewaybill: { distanceKm: 0 } }).json.EwbDtls).toEqual({ Distance: 0 });
  });

  it('cess: the non-ad valorem part (per unit) apart from the ad valorem part', () => {
    const items = [
      {
        hsn: '8703',
        uqc: 'NOS',
        quantity: 10,
        taxable: 1_000_000,
        ratePercent: 28,
        igst: 280_000,
        cess: 154_000,
        cessPercent: 15,
        cessPerUnit: 400,
      },
    ];
    const { json, problems } = buildEinvoice({ ...B2B_INTRA, placeOfSupply: '27', totalValue: null, roundOff: 0, items }, SELLER_KA, {
      buyer: BUYER_MH,
    });
    expect(problems).toEqual([]);
    expect(json.ItemList[0]).toMatchObject({ CesRt: 15, CesAmt: 1500, CesNonAdvlAmt: 40, TotItemVal: 14340 });
    expect(json.ValDtls).toMatchObject({ CesVal: 1540, TotInvVal: 14340 });
  });

  it('never throws, even on an empty document', () => {
    const empty = { documentType: '', documentNumber: '', documentDate: '', items: [] };
    const blank = { legalName: '', address1: '', location: '' };
    const { problems } = buildEinvoice(empty, blank, { buyer: blank });
    expect(problems.length).toBeGreaterThan(5);
    expect(problems.every((p) => p.message.length > 0)).toBe(true);
  });
});

it('never throws, whatever the numbers and texts (NaN, infinities, fractions of paise, huge values); without problems the JSON is valid', () => {
  const num = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Number.NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER, 2 ** 60));
  const str = fc.oneof(fc.string(), fc.constantFrom('URP', '96', '00', '29', SELLER_KA_GSTIN));
  const item = fc.record({
    hsn: str,
    uqc: str,
    quantity: num,
    taxable: num,
    ratePercent: num,
    igst: num,
    cgst: num,
    sgst: num,
    cess: num,
    cessPerUnit: num,
  });
  const extra = fc.record({ unitPrice: num, grossAmount: num, discount: num, freeQuantity: num, otherCharges: num, description: str });
  fc.assert(
    fc.property(
      fc.array(item, { maxLength: 3 }),
      fc.array(extra, { maxLength: 3 }),
      str,
      str,
      num,
      num,
      fc.constantFrom('B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP') as fc.Arbitrary<EinvoiceSupplyType>,
      (items, extras, number, date, total, roundOff, supplyType) => {
        const document: DocumentInput = {
          documentType: 'INV',
          documentNumber: number,
          documentDate: date,
          totalValue: total,
          roundOff,
          items,
        };
        const ewaybill = { distanceKm: total, vehicleNumber: number, transportDocumentDate: date };
        const exportDetails = { exportDuty: total, totalInForeignCurrency: roundOff, shippingBillDate: date, portCode: number };
        const { json, problems } = buildEinvoice(
          document,
          { ...SELLER_KA, pin: number },
          { buyer: BUYER_KA, supplyType, items: extras, ewaybill, export: exportDetails, discount: roundOff },
        );
        // The contract: no problems means JSON the schema accepts.
        if (problems.length === 0) expect(schemaErrors(JSON.parse(JSON.stringify(json)))).toBe('');
      },
    ),
    { numRuns: 500 },
  );
});

describe('supplyTypeOf', () => {
  it('reads the export and SEZ flags of the document; B2B otherwise (DEXP only when asked)', () => {
    expect(supplyTypeOf(caseOf('EXPWP', 'INV', false).document)).toBe('EXPWP');
    expect(supplyTypeOf(caseOf('EXPWOP', 'INV', false).document)).toBe('EXPWOP');
    expect(supplyTypeOf(caseOf('SEZWP', 'INV', false).document)).toBe('SEZWP');
    expect(supplyTypeOf(caseOf('SEZWOP', 'INV', false).document)).toBe('SEZWOP');
    expect(supplyTypeOf({ ...caseOf('SEZWP', 'INV', false).document, sezType: null })).toBe('SEZWP');
    expect(supplyTypeOf({ ...caseOf('SEZWOP', 'INV', false).document, sezType: null })).toBe('SEZWOP');
    expect(supplyTypeOf(caseOf('DEXP', 'INV', false).document)).toBe('B2B');
  });
});

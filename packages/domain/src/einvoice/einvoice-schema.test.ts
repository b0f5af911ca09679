// Conformance: every INV-01 JSON that buildEinvoice builds, for every supply type and document type, with and without
// dispatch, ship-to, export and e-way bill details, validates against NIC's published schema v1.1 (repaired only
// where the published file is broken: schema/README.md) with ajv, draft-07.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EINVOICE_SUPPLY_TYPES, type EinvoiceSupplyType } from '../codes/supply-types';
import type { DocumentInput, DocumentItem } from '../documents/document-input';
import { rupeesToPaise } from '../money/amount';
import { buildEinvoice } from './build-einvoice';
import type { EinvoiceItemDetails, EinvoiceOptions, EinvoiceParty } from './einvoice-input';
import { repairEinvoiceSchema } from './einvoice-schema';
import { BUYER_KA, BUYER_MH, caseOf, FOREIGN_BUYER, SELLER_KA, SEZ_UNIT_GJ } from './fixtures/einvoice-cases';

const published = JSON.parse(readFileSync(new URL('./schema/nic_einvoice_schema_v1.1.json', import.meta.url), 'utf8')) as unknown;
// unicodeRegExp off: the published patterns escape `"` inside character classes, which Unicode-mode RegExp rejects.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
const validate = ajv.compile(repairEinvoiceSchema(published));
const schemaErrors = (json: unknown): string => (validate(json) ? '' : ajv.errorsText(validate.errors, { separator: '\n' }));

const SUPPLY_TYPES = Object.keys(EINVOICE_SUPPLY_TYPES) as EinvoiceSupplyType[];
const DOCUMENT_TYPES = ['INV', 'CRN', 'DBN'] as const;

describe('the published schema and its repair', () => {
  it('as published, the schema checks only that its members are present: they are not under "properties"', () => {
    const loose = new Ajv({ strict: false, unicodeRegExp: false }).compile(published as object);
    expect(loose({})).toBe(false);
    expect(loose({ Version: 11, TranDtls: 'B2B', DocDtls: 1, SellerDtls: null, BuyerDtls: [], ItemList: 'none', ValDtls: false })).toBe(
      true,
    );
  });

  it('repaired, it requires the mandatory members and checks their patterns', () => {
    expect(schemaErrors({})).toContain("must have required property 'TranDtls'");
    const { json } = buildEinvoice(caseOf('B2B', 'INV', false).document, SELLER_KA, caseOf('B2B', 'INV', false).options);
    expect(schemaErrors(json)).toBe('');
    expect(schemaErrors({ ...json, DocDtls: { ...json.DocDtls, No: '0042' } })).toContain('must match pattern');
    expect(schemaErrors({ ...json, DocDtls: { ...json.DocDtls, Dt: '2026-11-20' } })).toContain('must match pattern');
    expect(schemaErrors({ ...json, TranDtls: { ...json.TranDtls, SupTyp: 'B2C' } })).toContain(
      'must be equal to one of the allowed values',
    );
    expect(schemaErrors({ ...json, ItemList: {} })).toContain('must be array');
    expect(schemaErrors({ ...json, BuyerDtls: { ...json.BuyerDtls, Pin: '560066' } })).toContain('must be number');
    expect(schemaErrors({ ...json, SellerDtls: { ...json.SellerDtls, LglNm: 'A "quoted" name' } })).toContain('must match pattern');
    expect(schemaErrors({ ...json, ValDtls: { ...json.ValDtls, RndOffAmt: 100 } })).toContain('must be <= 99.99');
    expect(schemaErrors({ ...json, EwbDtls: { Distance: 4001 } })).toContain('must be <= 4000');
    expect(schemaErrors({ ...json, RefDtls: { PrecDocDtls: [{ InvNo: 'INV1' }] } })).toContain("must have required property 'InvDt'");
  });
});

describe('buildEinvoice conformance with nic_einvoice_schema_v1.1.json', () => {
  for (const supplyType of SUPPLY_TYPES)
    for (const documentType of DOCUMENT_TYPES)
      for (const withDetails of [false, true]) {
        const { name, document, options } = caseOf(supplyType, documentType, withDetails);
        it(name, () => {
          const { json, problems } = buildEinvoice(document, SELLER_KA, options);
          expect(problems).toEqual([]);
          expect(schemaErrors(json)).toBe('');
          // The text the IRP receives validates too.
          expect(schemaErrors(JSON.parse(JSON.stringify(json)))).toBe('');
          expect(json.TranDtls.SupTyp).toBe(supplyType);
          expect(json.DocDtls.Typ).toBe(documentType);
          expect(json.DispDtls !== undefined).toBe(withDetails);
          expect(json.ShipDtls !== undefined).toBe(withDetails);
          expect(json.EwbDtls !== undefined).toBe(withDetails);
          expect(json.ExpDtls !== undefined).toBe(supplyType === 'EXPWP' || supplyType === 'EXPWOP');
          expect(json.RefDtls?.PrecDocDtls !== undefined).toBe(documentType !== 'INV');
        });
      }
});

// --- Property tests ---

const STATES = ['29', '27', '24', '07', '33', '36'] as const;
const gstinArb = (state: string): fc.Arbitrary<string> =>
  fc.constantFrom('AAGCB7383J1Z', 'AABCT3518Q1Z', 'AAACS8577K1Z', 'AAPFU0939F1Z').map((body) => state + body + 'X');
const textArb = (min: number, max: number): fc.Arbitrary<string> =>
  fc
    .string({ minLength: min, maxLength: max, unit: fc.constantFrom(...'abcdefghij KLMNOP-,./&()0123456789'.split('')) })
    .filter((s) => s.trim().length >= min);
const docNoArb = fc
  .tuple(fc.constantFrom(...'ABCXYZ123456789'.split('')), fc.string({ maxLength: 15, unit: fc.constantFrom(...'AZaz0189/-'.split('')) }))
  .map(([a, b]) => a + b);
const isoDateArb = fc
  .date({ min: new Date('2017-07-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const RATES = [0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40] as const;

type Heads = 'intra' | 'inter' | 'none';
const itemArb = (heads: Heads): fc.Arbitrary<DocumentItem> =>
  fc
    .record({
      taxable: fc.integer({ min: 0, max: 10_000_000_000 }),
      ratePercent: fc.constantFrom(...RATES),
      hsn: fc.constantFrom('8471', '847130', '84713010', '998314', '99831400', '6203'),
      uqc: fc.constantFrom('NOS', 'KGS', 'PCS', 'MTR', null),
      quantity: fc.option(
        fc.integer({ min: 1, max: 10_000_000 }).map((m) => m / 1000),
        { nil: null },
      ),
      cess: fc.integer({ min: 0, max: 1_000_000 }),
    })
    .map(({ taxable, ratePercent, cess, ...rest }) => {
      const tax = heads === 'none' ? 0 : Math.round((taxable * ratePercent) / 100);
      const half = Math.floor(tax / 2);
      return {
        ...rest,
        taxable,
        ratePercent,
        igst: heads === 'inter' ? tax : 0,
        cgst: heads === 'intra' ? half : 0,
        sgst: heads === 'intra' ? tax - half : 0,
        cess: heads === 'none' ? 0 : cess,
      };
    });

/** Particulars the document does not carry: a discount before tax, charges after tax, a description. */
const extraArb: fc.Arbitrary<EinvoiceItemDetails> = fc.record(
  { discount: fc.integer({ min: 0, max: 1_000_000 }), otherCharges: fc.integer({ min: 0, max: 100_000 }), description: textArb(3, 300) },
  { requiredKeys: [] },
);

const caseArb = fc
  .record({
    supplyType: fc.constantFrom(...SUPPLY_TYPES),
    documentType: fc.constantFrom(...DOCUMENT_TYPES),
    documentNumber: docNoArb,
    documentDate: isoDateArb,
    sellerState: fc.constantFrom(...STATES),
    buyerState: fc.constantFrom(...STATES),
    itemCount: fc.integer({ min: 1, max: 8 }),
    otherCharges: fc.integer({ min: 0, max: 10_000_000 }),
    roundOff: fc.integer({ min: -99, max: 99 }),
    discount: fc.integer({ min: 0, max: 1_000 }),
    withDispatch: fc.boolean(),
    withShipTo: fc.boolean(),
    withEwb: fc.boolean(),
    withExportDetails: fc.boolean(),
    legalName: textArb(3, 100),
    location: textArb(3, 50),
    seed: fc.integer(),
  })
  .chain((c) => {
    const exportOrSez = c.supplyType !== 'B2B' && c.supplyType !== 'DEXP';
    const intra = !exportOrSez && c.sellerState === c.buyerState;
    const heads: Heads = c.supplyType === 'EXPWOP' || c.supplyType === 'SEZWOP' ? 'none' : intra ? 'intra' : 'inter';
    const n = { minLength: c.itemCount, maxLength: c.itemCount };
    return fc
      .tuple(fc.constant(c), fc.array(itemArb(heads), n), fc.array(extraArb, n), gstinArb(c.sellerState))
      .map(([c2, items, extras, seller]) => ({ ...c2, items, extras, sellerGstin: seller, buyerGstin: c2.buyerState + 'AABCT3518Q1ZX' }));
  });

type GeneratedCase = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** Document, seller and options of a generated case; the invoice value is the sum of its parts. */
function documentOf(c: GeneratedCase): { document: DocumentInput; seller: EinvoiceParty; options: EinvoiceOptions } {
  const isExport = c.supplyType === 'EXPWP' || c.supplyType === 'EXPWOP';
  const isSez = c.supplyType === 'SEZWP' || c.supplyType === 'SEZWOP';
  const itemValues = c.items.reduce(
    (s, i, at) => s + i.taxable + (i.igst ?? 0) + (i.cgst ?? 0) + (i.sgst ?? 0) + (i.cess ?? 0) + (c.extras[at]?.otherCharges ?? 0),
    0,
  );
  // An invoice value is never negative: the discount and the round-off stay within what the items and charges add up to.
  const discount = Math.min(c.discount, itemValues + c.otherCharges);
  const roundOff = itemValues + c.otherCharges - discount + c.roundOff < 0 ? 0 : c.roundOff;
  const document: DocumentInput = {
    documentType: c.documentType,
    documentNumber: c.documentNumber,
    documentDate: c.documentDate,
    supplierGstin: c.sellerGstin,
    counterpartyGstin: isExport ? 'URP' : c.buyerGstin,
    placeOfSupply: isExport ? '96' : c.buyerState,
    isSez,
    sezType: c.supplyType === 'SEZWP' ? 'WPAY' : c.supplyType === 'SEZWOP' ? 'WOPAY' : null,
    exportType: c.supplyType === 'EXPWP' ? 'WPAY' : c.supplyType === 'EXPWOP' ? 'WOPAY' : null,
    originalDocumentNumber: c.documentType === 'INV' ? null : 'INV' + c.documentNumber.slice(0, 13),
    originalDocumentDate: c.documentType === 'INV' ? null : c.documentDate,
    portCode: isExport ? 'INBOM4' : null,
    currency: isExport ? 'EUR' : null,
    otherCharges: c.otherCharges,
    roundOff,
    totalValue: itemValues + c.otherCharges - discount + roundOff,
    items: c.items,
  };
  const buyer = isExport ? FOREIGN_BUYER : isSez ? { ...SEZ_UNIT_GJ, stateCode: c.buyerState } : { ...BUYER_KA, stateCode: c.buyerState };
  const options: EinvoiceOptions = {
    buyer: { ...buyer, legalName: c.legalName, location: c.location },
    supplyType: c.supplyType,
    discount,
    items: c.extras,
    sandbox: true,
  };
  if (c.withDispatch)
    options.dispatchFrom = { name: c.legalName, address1: 'Unit 4', location: c.location, pin: 400072, stateCode: c.sellerState };
  if (c.withShipTo) options.shipTo = { ...BUYER_MH, gstin: null, pin: 411001, stateCode: c.buyerState };
  if (c.withEwb) options.ewaybill = { distanceKm: (c.seed >>> 0) % 4001, vehicleNumber: 'MH12 AB 1234', transportMode: '1' };
  if (c.withExportDetails && isExport)
    options.export = { shippingBillNumber: '1234567', shippingBillDate: c.documentDate, countryCode: 'DE', isRefundClaimed: false };
  return { document, seller: { ...SELLER_KA, gstin: c.sellerGstin, stateCode: c.sellerState }, options };
}

const paise = (rupees: number | undefined): number => rupeesToPaise(rupees ?? 0);

describe('buildEinvoice properties', () => {
  it('any generated document builds without problems into JSON valid against the schema', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { document, seller, options } = documentOf(c);
        const { json, problems } = buildEinvoice(document, seller, options);
        expect(problems).toEqual([]);
        expect(schemaErrors(JSON.parse(JSON.stringify(json)))).toBe('');
      }),
      { numRuns: 300 },
    );
  });

  it('the totals reconcile as the IRP checks them (2182, 2189 within ₹1, 2193) when the document’s own totals do', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: -100, max: 100 }), (c, drift) => {
        const { document, seller, options } = documentOf(c);
        // The document's stated value may drift from the sum of its parts by up to ₹1 either way.
        fc.pre((document.totalValue ?? 0) + drift >= 0);
        const { json, problems } = buildEinvoice({ ...document, totalValue: (document.totalValue ?? 0) + drift }, seller, options);
        expect(problems).toEqual([]);
        const items = json.ItemList;
        const v = json.ValDtls;
        // 2182: Σ AssAmt = AssVal.
        expect(items.reduce((s, i) => s + paise(i.AssAmt), 0)).toBe(paise(v.AssVal));
        for (const i of items) {
          // 2193: AssAmt = TotAmt − Discount.
          expect(paise(i.AssAmt)).toBe(paise(i.TotAmt) - paise(i.Discount));
          expect(paise(i.TotItemVal)).toBe(
            paise(i.AssAmt) +
              paise(i.IgstAmt) +
              paise(i.CgstAmt) +
              paise(i.SgstAmt) +
              paise(i.CesAmt) +
              paise(i.CesNonAdvlAmt) +
              paise(i.OthChrg),
          );
        }
        expect(items.reduce((s, i) => s + paise(i.IgstAmt), 0)).toBe(paise(v.IgstVal));
        expect(items.reduce((s, i) => s + paise(i.CgstAmt), 0)).toBe(paise(v.CgstVal));
        // 2189: TotInvVal = AssVal + taxes + cess + other charges − discount + round-off, within ₹1.
        const parts =
          paise(v.AssVal) +
          paise(v.CgstVal) +
          paise(v.SgstVal) +
          paise(v.IgstVal) +
          paise(v.CesVal) +
          paise(v.StCesVal) +
          paise(v.OthChrg) -
          paise(v.Discount) +
          paise(v.RndOffAmt);
        expect(Math.abs(paise(v.TotInvVal) - parts)).toBeLessThanOrEqual(100);
      }),
      { numRuns: 300 },
    );
  });

  it('a stated invoice value more than ₹1 off the sum of its parts is always caught (2189)', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 101, max: 10_000_000 }), fc.boolean(), (c, off, up) => {
        const { document, seller, options } = documentOf(c);
        const stated = (document.totalValue ?? 0) + (up ? off : -off);
        fc.pre(stated >= 0);
        const { problems } = buildEinvoice({ ...document, totalValue: stated }, seller, options);
        expect(problems.map((p) => p.irpErrorCode)).toContain('2189');
      }),
      { numRuns: 200 },
    );
  });
});

it('the buyer of an export is URP in State 96 with PIN 999999, whatever the party says', () => {
  const { document, options } = caseOf('EXPWOP', 'INV', true);
  const { json } = buildEinvoice(document, SELLER_KA, { ...options, buyer: { ...BUYER_KA, legalName: 'Acme GmbH' } });
  expect(json.BuyerDtls).toMatchObject({ Gstin: 'URP', Pos: '96', Stcd: '96', Pin: 999999, LglNm: 'Acme GmbH' });
});

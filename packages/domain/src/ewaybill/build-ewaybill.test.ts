// Golden GENEWAYBILL requests (written out and checked by hand against the NIC v1.03 field list and code lists), the
// portal's refusals predicted as problems, and the amounts adding up in paise for any document.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DocumentInput, DocumentItem } from '../documents/document-input';
import { buildEwaybill } from './build-ewaybill';
import { isEwaybillVehicleNumber } from './ewaybill-fields';
import type { EwaybillJson, EwaybillProblemCode, EwaybillTransport } from './ewaybill-input';
import { AT, BUYER_KA, BUYER_KA_GSTIN, BUYER_MH, CASES, SELLER, SELLER_KA_GSTIN, TRANSPORTER_GSTIN } from './fixtures/ewaybill-cases';

const fixture = (file: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8'));
const official = fixture('nic-ewaybill-v1.03-samples.json') as Record<string, unknown>;
const REQUIRED = official['generate_ewaybill_required_fields_v1.03'] as string[];
const ITEM_REQUIRED = official['generate_ewaybill_item_required_fields'] as string[];
// The code lists of the NIC API v1.03 (a copy of ../shared/data/ewaybill/ewaybill_code_lists.json).
const CODES = fixture('nic-ewaybill-v1.03-code-lists.json') as Record<string, Record<string, string | number>>;
const codeValues = (list: string): string[] => Object.values(CODES[list] ?? {}).map(String);

const isPresent = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
const paise = (rupees: number): number => Math.round(rupees * 100);
const codesOf = (problems: { code: EwaybillProblemCode }[]): EwaybillProblemCode[] => problems.map((p) => p.code);

describe('golden GENEWAYBILL JSON', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const { json, problems } = buildEwaybill(c.document, c.transport);
    expect(problems).toEqual([]);
    expect(json).toEqual(fixture(c.file));
    // Every field NIC requires of a generate request, and of each item, is there and not blank.
    for (const field of REQUIRED) expect(isPresent((json as Record<string, unknown>)[field]), field).toBe(true);
    expect(json.itemList.length).toBeGreaterThan(0);
    for (const item of json.itemList)
      for (const field of ITEM_REQUIRED) expect(isPresent((item as Record<string, unknown>)[field]), field).toBe(true);
    // Codes from the official lists (In Transit, 5, is of newer versions than v1.03's four modes).
    expect(Object.keys(CODES['SUPPLY_TYPES'] ?? {})).toContain(json.supplyType);
    expect(codeValues('DOCUMENT_TYPES')).toContain(json.docType);
    expect(Object.keys(CODES['TRANSPORT_TYPES'] ?? {})).toContain(String(json.transactionType));
    expect(codeValues('SUB_SUPPLY_TYPES')).toContain(json.subSupplyType);
    if (json.transMode !== undefined) expect(['1', '2', '3', '4']).toContain(json.transMode);
    if (json.vehicleType !== undefined) expect(codeValues('VEHICLE_TYPES')).toContain(json.vehicleType);
    expect(json.docDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(json.transDistance).toMatch(/^\d+$/);
    // totInvValue = totalValue + taxes + cess + otherValue, exactly, in paise.
    const parts = [
      json.totalValue,
      json.cgstValue,
      json.sgstValue,
      json.igstValue,
      json.cessValue,
      json.cessNonAdvolValue,
      json.otherValue,
    ];
    expect(parts.reduce((a, r) => a + paise(r), 0)).toBe(paise(json.totInvValue));
  });

  it('writes Bill From–Dispatch From with Bill To–Ship To as transactionType 4, with the actual states', () => {
    const c = CASES[2]!;
    const { json, problems } = buildEwaybill(c.document, {
      ...c.transport,
      dispatchFrom: { address1: 'Plot 7, KIADB Industrial Area', place: 'Hoskote', pincode: 562114, stateCode: '29' },
    });
    expect(problems).toEqual([]);
    expect(json).toMatchObject({
      transactionType: 4,
      fromStateCode: 29,
      actFromStateCode: 29,
      fromPincode: 562114,
      toStateCode: 27,
      actToStateCode: 24,
    });
  });

  it('splits a per-unit cess into cessNonAdvolValue and sends its rate per unit', () => {
    const document: DocumentInput = {
      ...CASES[0]!.document,
      totalValue: null,
      otherCharges: 0,
      roundOff: 0,
      items: [
        {
          hsn: '24022010',
          uqc: 'NOS',
          quantity: 1000,
          taxable: 1_000_000,
          ratePercent: 28,
          cgst: 140_000,
          sgst: 140_000,
          cess: 260_000,
          cessPercent: 5,
          cessPerUnit: 210,
        },
      ],
    };
    const { json, problems } = buildEwaybill(document, CASES[0]!.transport);
    expect(problems).toEqual([]);
    expect(json.cessValue).toBe(500);
    expect(json.cessNonAdvolValue).toBe(2100);
    expect(json.itemList[0]).toMatchObject({ cessRate: 5, cessNonadvol: 2.1 });
    expect(json.totInvValue).toBe(15400);
  });
});

/** A valid intra-State road movement to change one thing at a time. */
const DOC: DocumentInput = CASES[0]!.document;
const ROAD: EwaybillTransport = CASES[0]!.transport;
const problemsOf = (document: DocumentInput, transport: Partial<EwaybillTransport>) =>
  buildEwaybill(document, { ...ROAD, ...transport }).problems;

describe('predicted refusals', () => {
  it('credit and debit notes are not e-way bill documents', () => {
    for (const documentType of ['CRN', 'DBN', 'RV'])
      expect(codesOf(problemsOf({ ...DOC, documentType }, {}))).toEqual(['NOT_AN_EWAYBILL_DOCUMENT']);
  });

  it('a document of services only needs no e-way bill', () => {
    const document: DocumentInput = { ...DOC, totalValue: null, otherCharges: 0, roundOff: 0, items: [DOC.items[2]!] };
    expect(codesOf(problemsOf(document, {}))).toEqual(['NO_GOODS']);
  });

  it('a document older than 180 days (from 2025) and one dated after the generation', () => {
    expect(codesOf(problemsOf({ ...DOC, documentDate: '2026-05-24' }, {}))).toEqual(['DOCUMENT_TOO_OLD']);
    expect(problemsOf({ ...DOC, documentDate: '2026-05-25' }, {})).toEqual([]);
    expect(codesOf(problemsOf({ ...DOC, documentDate: '2026-11-22' }, {}))).toEqual(['DOCUMENT_DATE_IN_FUTURE']);
  });

  it('the distance: 10% over PIN-to-PIN, 100 km between equal PINs, 4,000 km', () => {
    expect(problemsOf(DOC, { distanceKm: 22, pinToPinKm: 20 })).toEqual([]);
    expect(codesOf(problemsOf(DOC, { distanceKm: 23, pinToPinKm: 20 }))).toEqual(['DISTANCE']);
    const samePin = { ...BUYER_KA, pincode: 560058 };
    expect(problemsOf(DOC, { to: samePin, distanceKm: 100 })).toEqual([]);
    expect(codesOf(problemsOf(DOC, { to: samePin, distanceKm: 101 }))).toEqual(['DISTANCE']);
    expect(codesOf(problemsOf(DOC, { distanceKm: 4001 }))).toEqual(['DISTANCE']);
    expect(codesOf(problemsOf(DOC, { distanceKm: 12.5 }))).toEqual(['DISTANCE']);
  });

  it('Part B: required unless a transporter is assigned or the goods go up to 50 km in the State to the transporter', () => {
    const partA: Partial<EwaybillTransport> = { mode: null, vehicleNumber: null };
    expect(codesOf(problemsOf(DOC, partA))).toEqual(['PART_B_REQUIRED']);
    expect(problemsOf(DOC, { ...partA, transporterId: TRANSPORTER_GSTIN })).toEqual([]);
    expect(problemsOf(DOC, { ...partA, toTransporter: { distanceKm: 50 } })).toEqual([]);
    expect(problemsOf(DOC, { ...partA, toTransporter: { distanceKm: 12, stateCode: '29' } })).toEqual([]);
    expect(codesOf(problemsOf(DOC, { ...partA, toTransporter: { distanceKm: 51 } }))).toEqual(['PART_B_REQUIRED']);
    // Not into another State.
    expect(problemsOf(DOC, { ...partA, toTransporter: { distanceKm: 30, stateCode: '33' } }).map((p) => p.message)).toEqual([
      expect.stringContaining('into another State'),
    ]);
    // The e-way bill itself may go further, even to another State: the proviso is about the first leg.
    const toMh: DocumentInput = {
      ...DOC,
      counterpartyGstin: CASES[1]!.document.counterpartyGstin ?? null,
      placeOfSupply: '27',
      items: CASES[1]!.document.items,
      totalValue: null,
      otherCharges: 0,
      roundOff: 0,
    };
    expect(problemsOf(toMh, { ...partA, to: BUYER_MH, distanceKm: 980, toTransporter: { distanceKm: 30 } })).toEqual([]);
  });

  it('by road the vehicle number, in a format the portal takes', () => {
    expect(codesOf(problemsOf(DOC, { vehicleNumber: null }))).toEqual(['PART_B_REQUIRED']);
    expect(codesOf(problemsOf(DOC, { vehicleNumber: null, transportDocumentNumber: 'LR1', transportDocumentDate: '2026-11-21' }))).toEqual([
      'VEHICLE_REQUIRED',
    ]);
    expect(problemsOf(DOC, { vehicleNumber: null, transportDocumentNumber: 'LR1', transporterId: TRANSPORTER_GSTIN })).toEqual([]);
    expect(codesOf(problemsOf(DOC, { vehicleNumber: 'KA1AB123' }))).toEqual(['VEHICLE_NUMBER_FORMAT']);
    expect(problemsOf(DOC, { vehicleNumber: 'tm 1234 567' })).toEqual([]);
  });

  it('by rail, air or ship the transport document number and date', () => {
    for (const mode of ['2', '3', '4'] as const) {
      expect(codesOf(problemsOf(DOC, { mode }))).toEqual(['TRANSPORT_DOCUMENT_REQUIRED']);
      expect(codesOf(problemsOf(DOC, { mode, vehicleNumber: null, transportDocumentNumber: 'AWB-1' }))).toEqual([
        'TRANSPORT_DOCUMENT_REQUIRED',
      ]);
      expect(problemsOf(DOC, { mode, vehicleNumber: null, transportDocumentNumber: 'AWB-1', transportDocumentDate: '2026-11-21' })).toEqual(
        [],
      );
    }
    expect(
      codesOf(problemsOf(DOC, { mode: '2', transportDocumentNumber: 'RR/1234567890123', transportDocumentDate: '2026-11-21' })),
    ).toEqual(['FIELD_FORMAT']);
    expect(codesOf(problemsOf(DOC, { mode: '2', transportDocumentNumber: 'RR1', transportDocumentDate: '2026-11-19' }))).toEqual([
      'FIELD_FORMAT',
    ]);
  });

  it('totInvValue not the sum of its parts', () => {
    expect(codesOf(problemsOf({ ...DOC, totalValue: 7_248_001 }, {}))).toEqual(['TOTAL_VALUE_MISMATCH']);
    expect(problemsOf({ ...DOC, totalValue: 7_248_001 }, { tolerancePaise: 1 })).toEqual([]);
  });

  it('GSTINs: the check character; URP only for the unregistered side', () => {
    const wrong = `${SELLER_KA_GSTIN.slice(0, 14)}${SELLER_KA_GSTIN.endsWith('A') ? 'B' : 'A'}`;
    const fields = (d: DocumentInput, t: Partial<EwaybillTransport> = {}) => problemsOf(d, t).map((p) => `${p.code} ${p.field}`);
    expect(fields({ ...DOC, supplierGstin: wrong })).toEqual(['FIELD_FORMAT fromGstin']);
    expect(problemsOf({ ...DOC, supplierGstin: wrong }, { sandbox: true })).toEqual([]);
    // An outward movement's consignor is the registered person generating it.
    expect(fields({ ...DOC, supplierGstin: 'URP' }, { from: { ...SELLER } })).toContain('FIELD_FORMAT fromGstin');
    // Inward from an unregistered supplier: fromGstin URP.
    const inward = buildEwaybill({ ...DOC, isInward: true, supplierGstin: 'URP', counterpartyGstin: BUYER_KA_GSTIN }, ROAD);
    expect(inward.problems).toEqual([]);
    expect(inward.json).toMatchObject({ supplyType: 'I', fromGstin: 'URP', toGstin: BUYER_KA_GSTIN });
  });

  it('PIN codes of 6 digits and state codes of the list', () => {
    const fields = (t: Partial<EwaybillTransport>) => problemsOf(DOC, t).map((p) => `${p.code} ${p.field}`);
    expect(fields({ to: { ...BUYER_KA, pincode: '56006' } })).toEqual(['FIELD_FORMAT toPincode']);
    expect(fields({ from: { ...SELLER, pincode: 60001 } })).toEqual(['FIELD_FORMAT fromPincode']);
    expect(fields({ shipTo: { ...BUYER_KA, stateCode: '40' } })).toEqual(['FIELD_FORMAT actToStateCode']);
  });

  it('HSN: digits only, and the document number rule', () => {
    const badHsn: DocumentInput = { ...DOC, items: [{ ...DOC.items[0]!, hsn: '8471.30' }, ...DOC.items.slice(1)] };
    expect(problemsOf(badHsn, {}).map((p) => p.field)).toEqual(['itemList[0].hsnCode']);
    expect(problemsOf({ ...DOC, documentNumber: 'BC/26-27/00420042' }, {}).map((p) => p.field)).toEqual(['docNo']);
  });

  it('a delivery challan says why the goods move; Others (8) needs a description', () => {
    const challan = CASES[5]!;
    expect(problemsOf(challan.document, { ...challan.transport, subSupplyType: null }).map((p) => p.field)).toEqual(['subSupplyType']);
    expect(problemsOf(challan.document, { ...challan.transport, subSupplyType: '8' }).map((p) => p.field)).toEqual(['subSupplyDesc']);
    const { json, problems } = buildEwaybill(challan.document, { ...challan.transport, subSupplyType: '8', subSupplyDesc: 'Testing' });
    expect(problems).toEqual([]);
    expect(json).toMatchObject({ subSupplyType: '8', subSupplyDesc: 'Testing' });
  });

  it('an export needs the port: its State is actToStateCode', () => {
    const exp = CASES[3]!;
    expect(problemsOf(exp.document, { ...exp.transport, shipTo: null }).map((p) => p.field)).toEqual(['actToStateCode', 'toPincode']);
  });

  it('an import (bill of entry): inward, from URP in other country (99), the goods leaving from the port', () => {
    const boe: DocumentInput = {
      documentType: 'BOE',
      documentNumber: '4567890',
      documentDate: '2026-11-19',
      supplierGstin: null,
      isImport: true,
      placeOfSupply: '29',
      items: [{ hsn: '84713010', uqc: 'NOS', quantity: 10, taxable: 8_000_000, ratePercent: 18, igst: 1_440_000 }],
    };
    const port = { tradeName: 'Chennai Port', address1: 'Rajaji Salai', place: 'Chennai', pincode: 600001, stateCode: '33' };
    const { json, problems } = buildEwaybill(boe, {
      ...ROAD,
      from: { tradeName: 'Acme Inc.' },
      dispatchFrom: port,
      to: { ...BUYER_KA, gstin: BUYER_KA_GSTIN },
      distanceKm: 345,
    });
    expect(problems).toEqual([]);
    expect(json).toMatchObject({
      supplyType: 'I',
      subSupplyType: '2',
      docType: 'BOE',
      fromGstin: 'URP',
      fromStateCode: 99,
      actFromStateCode: 33,
      fromPincode: 600001,
      toGstin: BUYER_KA_GSTIN,
      toStateCode: 29,
      actToStateCode: 29,
      transactionType: 3,
      igstValue: 14400,
      totInvValue: 94400,
    });
    expect(problemsOf(boe, { from: { tradeName: 'Acme Inc.' }, to: { ...BUYER_KA, gstin: BUYER_KA_GSTIN } }).map((p) => p.field)).toEqual([
      'actFromStateCode',
      'fromPincode',
    ]);
  });

  it('amounts: whole paise, not negative', () => {
    const withItem = (extra: Partial<DocumentItem>): DocumentInput => ({
      ...DOC,
      totalValue: null,
      items: [{ ...DOC.items[0]!, ...extra }],
    });
    expect(problemsOf(withItem({ taxable: -5 }), {}).map((p) => `${p.code} ${p.field}`)).toEqual([
      'NEGATIVE_AMOUNT itemList[0].taxableAmount',
    ]);
    expect(problemsOf(withItem({ cgst: 450_000.5 }), {}).map((p) => `${p.code} ${p.field}`)).toEqual(['FIELD_FORMAT itemList[0].cgst']);
  });

  it('IGST within the State, CGST and SGST across', () => {
    const igstIntra: DocumentInput = {
      ...DOC,
      totalValue: null,
      items: [{ hsn: '8471', taxable: 100_000, ratePercent: 18, igst: 18_000 }],
    };
    expect(problemsOf(igstIntra, {}).map((p) => p.field)).toEqual(['igstValue']);
    const cgstInter: DocumentInput = {
      ...igstIntra,
      placeOfSupply: '27',
      items: [{ hsn: '8471', taxable: 100_000, ratePercent: 18, cgst: 9_000, sgst: 9_000 }],
    };
    expect(problemsOf(cgstInter, { to: BUYER_MH }).map((p) => p.field)).toContain('cgstValue');
  });
});

describe('vehicle numbers (NIC formats)', () => {
  it.each(['KA121234', 'KA12A1234', 'KA12AB1234', 'ABC1234', 'DL123A1234', 'MH12ABC1234', 'DF123456', 'TM12345', 'BP1234567', 'NP12AB345'])(
    'takes %s',
    (v) => expect(isEwaybillVehicleNumber(v)).toBe(true),
  );
  it.each(['KA1AB123', 'K12AB1234', 'KA12ABCD1234', '22BH1234AA', 'TM1234', 'KA12AB12345', '', 'DL1C'])('refuses %s', (v) =>
    expect(isEwaybillVehicleNumber(v)).toBe(false),
  );
});

describe('amounts add up in paise', () => {
  const item: fc.Arbitrary<DocumentItem> = fc
    .record({
      taxable: fc.integer({ min: 0, max: 50_000_000_00 }),
      rate: fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28, 40),
      cess: fc.integer({ min: 0, max: 5_000_000 }),
      service: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 100_000 }),
    })
    .map(({ taxable, rate, cess, service, quantity }) => {
      const half = Math.round((taxable * rate) / 200);
      return {
        hsn: service ? '998314' : '84713010',
        uqc: 'NOS',
        quantity,
        taxable,
        ratePercent: rate,
        cgst: half,
        sgst: half,
        cess: service ? 0 : cess,
      };
    });

  it('totInvValue is totalValue + taxes + cess + otherValue, and totalValue the items, exactly', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -99, max: 99 }),
        (items, otherCharges, roundOff) => {
          const withGoods = [...items, { ...items[0]!, hsn: '8471', cess: 0 }];
          const { json, problems } = buildEwaybill({ ...DOC, items: withGoods, totalValue: null, otherCharges, roundOff }, ROAD);
          expect(problems).toEqual([]);
          const parts: (keyof EwaybillJson)[] = [
            'totalValue',
            'cgstValue',
            'sgstValue',
            'igstValue',
            'cessValue',
            'cessNonAdvolValue',
            'otherValue',
          ];
          expect(parts.reduce((a, k) => a + paise(json[k] as number), 0)).toBe(paise(json.totInvValue));
          expect(json.itemList.reduce((a, it) => a + paise(it.taxableAmount), 0)).toBe(paise(json.totalValue));
          const documentValue =
            withGoods.reduce((a, it) => a + it.taxable + (it.cgst ?? 0) + (it.sgst ?? 0) + (it.cess ?? 0), 0) + otherCharges + roundOff;
          expect(paise(json.totInvValue)).toBe(documentValue);
          // Told the same value, nothing is wrong; told one paisa more, the mismatch is reported.
          expect(buildEwaybill({ ...DOC, items: withGoods, totalValue: documentValue, otherCharges, roundOff }, ROAD).problems).toEqual([]);
          expect(
            codesOf(buildEwaybill({ ...DOC, items: withGoods, totalValue: documentValue + 1, otherCharges, roundOff }, ROAD).problems),
          ).toEqual(['TOTAL_VALUE_MISMATCH']);
        },
      ),
      { numRuns: 300 },
    );
  });
});

it("generation time is read on India's clock", () => {
  // 20 November 2026 19:00 UTC is already 21 November in India: a document of the 21st is not in the future.
  const at = new Date('2026-11-20T19:00:00Z');
  expect(problemsOf({ ...DOC, documentDate: '2026-11-21' }, { at })).toEqual([]);
  expect(AT.toISOString()).toBe('2026-11-21T04:30:00.000Z');
});

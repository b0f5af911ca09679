import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGstr2a } from './gstr2a';
import { parseGstr2b } from './gstr2b';
import { parseShortMonthDate, parseShortMonthPeriod } from './common';

// The portal's GSTR-2A and GSTR-2B answers, as kept by another open-source GST project (fixtures/README.md: source, licence).
const sample = (name: string): unknown => JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8'));

const ok = <T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

describe('parseGstr2b on the v3 sample', () => {
  const r = ok(parseGstr2b(sample('gstr2b_sample.json')));
  it('reads every section', () => {
    expect(r.recipientGstin).toBe('01AABCE2207R1Z5');
    expect(r.returnPeriod).toBe('032020');
    expect(r.records.map((x) => `${x.section}:${x.documentType}`)).toEqual([
      'b2b:INV',
      'b2ba:INV',
      'cdnr:CRN',
      'cdnra:CRN',
      'isd:INV',
      'isda:INV',
      'impg:BOE',
      'impgsez:BOE',
    ]);
    expect(r.warnings).toEqual([]);
  });
  it('normalises a b2b invoice to paise, ISO dates and item rates', () => {
    expect(r.records[0]).toMatchObject({
      supplierGstin: '01AABCE2207R1Z5',
      supplierName: 'GSTN',
      documentNumber: 'S008400',
      documentDate: '2016-11-24',
      placeOfSupply: '06',
      isReverseCharge: false,
      taxable: 40000,
      igst: 0,
      cgst: 20000,
      sgst: 20000,
      cess: 0,
      invoiceValue: 72924816,
      rates: [5],
      itcAvailability: 'N',
      itcUnavailableReason: 'P',
      supplierFilingDate: '2019-11-18',
      supplierFilingPeriod: '112019',
      irnDate: '2019-12-24',
      sourceType: 'e-Invoice',
      listing: 'available',
      source: 'GSTR-2B',
      path: '$.data.docdata.b2b[0].inv[0]',
    });
    expect(r.records[0]!.irn).toMatch(/^897ADG/);
  });
  it('keeps amendment links', () => {
    expect(r.records[1]!.original).toEqual({ documentNumber: 'S008400', documentDate: '2016-11-24', documentType: 'INV' });
    expect(r.records[3]!.original).toEqual({ documentNumber: '533515', documentDate: '2016-09-23', documentType: 'CRN' });
    expect(r.records[5]!.original).toEqual({ documentNumber: '1004', documentDate: '2016-03-02', documentType: 'CRN' });
    expect(r.records[4]!.referencedInvoice).toEqual({ documentNumber: 'P0079', documentDate: '2016-03-03' });
  });
  it('reads bills of entry', () => {
    expect(r.records[6]).toMatchObject({
      supplierGstin: '',
      documentNumber: '2566282',
      documentDate: '2019-11-18',
      taxable: 12302,
      igst: 12302,
      cess: 50,
      portCode: '18272A',
      isAmendment: false,
    });
    expect(r.records[7]).toMatchObject({ supplierGstin: '01AABCE2207R1Z5', documentType: 'BOE' });
  });
});

// IMS-era GSTR-2B (API v4). Field names from GSTN's GSTR-2B v4 GET response as reproduced in
// resilient-tech/india-compliance (india_compliance/gst_india/data/test_gstr_2b_v4_0.json):
// document-level txval/igst/cgst/sgst/cess (no items), "ecom", "docRejdata" (rejected in IMS),
// "itcrev" (a list of objects holding b2b/b2ba/cdnr/cdnra); imsStatus per GST-RULES-DETAIL §2.
const imsEra = {
  chksum: 'x',
  data: {
    gstin: '01AABCE2207R1Z5',
    rtnprd: '112024',
    version: '1.0',
    gendt: '14-12-2024',
    docdata: {
      b2b: [
        {
          ctin: '01AABCE2207R1Z5',
          trdnm: 'GSTN',
          supfildt: '18-11-2024',
          supprd: '112024',
          inv: [
            {
              inum: 'S008400',
              typ: 'R',
              txval: 12200,
              sgst: 0,
              cgst: 0,
              cess: 0,
              igst: 183,
              dt: '24-11-2024',
              val: 12383,
              pos: '06',
              rev: 'N',
              itcavl: 'Y',
              rsn: '',
              diffprcnt: 1,
              imsStatus: 'A',
            },
          ],
        },
      ],
      ecom: [
        {
          ctin: '07USERR0205A1ZS',
          trdnm: 'ECO',
          supfildt: '26-08-2024',
          supprd: '012024',
          inv: [
            { inum: 'doc1', typ: 'R', txval: 12200, igst: 183, dt: '01-11-2024', val: 12383, pos: '23', rev: 'N', itcavl: 'Y', rsn: '' },
          ],
        },
      ],
      itcrev: [
        {
          cdnr: [
            {
              ctin: '01AAAAP1208Q1ZS',
              trdnm: 'GSTN',
              supfildt: '18-11-2024',
              supprd: '112024',
              nt: [
                {
                  ntnum: '533515',
                  typ: 'D',
                  suptyp: 'R',
                  dt: '23-09-2024',
                  val: 729248.16,
                  pos: '01',
                  rev: 'N',
                  itcavl: 'N',
                  rsn: 'C',
                  diffprcnt: 1,
                },
              ],
            },
          ],
        },
      ],
    },
    docRejdata: {
      b2b: [
        {
          ctin: '01AABCE2207R1Z5',
          trdnm: 'GSTN',
          inv: [{ inum: 'R-1', typ: 'R', txval: 100.5, igst: 18.09, dt: '02-11-2024', val: 118.59, pos: '06', rev: 'Y', itcavl: 'Y' }],
        },
      ],
    },
  },
};

describe('parseGstr2b on the IMS-era shape', () => {
  const r = ok(parseGstr2b(imsEra));
  it('reads document-level amounts, ecom, ITC reversal and rejected documents', () => {
    expect(r.records.map((x) => `${x.listing}:${x.section}:${x.documentType}:${x.documentNumber}`)).toEqual([
      'available:b2b:INV:S008400',
      'available:ecom:INV:doc1',
      'itcReversal:cdnr:DBN:533515',
      'rejected:b2b:INV:R-1',
    ]);
    expect(r.records[0]).toMatchObject({ taxable: 1220000, igst: 18300, invoiceValue: 1238300, imsStatus: 'A', itcAvailability: 'Y' });
    expect(r.records[2]).toMatchObject({ invoiceValue: 72924816, taxable: 0, itcAvailability: 'N', itcUnavailableReason: 'C' });
    expect(r.records[3]).toMatchObject({ taxable: 10050, igst: 1809, invoiceValue: 11859, isReverseCharge: true });
  });
});

describe('parseGstr2a on the sample', () => {
  const r = ok(parseGstr2a(sample('gstr2a_sample.json')));
  it('reads 2A field names (idt, rchrg, iamt, camt, samt, csamt)', () => {
    expect(r.records.map((x) => `${x.section}:${x.documentType}`)).toEqual([
      'b2b:INV',
      'b2ba:INV',
      'cdnr:CRN',
      'cdnra:CRN',
      'isd:INV',
      'impg:BOE',
      'impgsez:BOE',
    ]);
    expect(r.records[0]).toMatchObject({
      source: 'GSTR-2A',
      documentNumber: 'S008400',
      documentDate: '2016-11-24',
      isReverseCharge: false,
      taxable: 40000,
      cgst: 20000,
      sgst: 20000,
      supplierFiledGstr1: true,
      supplierFiledGstr3b: true,
      supplierCancellationDate: '2019-08-27',
      supplierFilingDate: '2019-11-18',
      supplierFilingPeriod: '112019',
      amendedInPeriod: '122018',
      amendmentType: 'R',
      supplyType: 'R',
      differentialPercent: 1,
    });
    expect(r.records[1]).toMatchObject({ taxable: 721104, cgst: 150188, sgst: 1136, cess: 67121, rates: [1, 2] });
    expect(r.records[2]).toMatchObject({
      documentNumber: '533515',
      documentDate: '2018-09-23',
      referencedInvoice: { documentNumber: '915914', documentDate: '2016-09-23' },
    });
    expect(r.records[3]!.original).toEqual({ documentNumber: '533515', documentDate: '2016-09-23', documentType: 'CRN' });
    expect(r.records[4]).toMatchObject({ igst: 2000, cgst: 2000, sgst: 2000, cess: 2000, itcAvailability: 'Y' });
    expect(r.records[5]).toMatchObject({ documentNumber: '2566282', documentDate: '2019-11-18', cess: 50, isAmendment: false });
    expect(r.records[6]).toMatchObject({ supplierGstin: '01AABCE2207R1Z5', supplierName: 'GSTN' });
  });
});

describe('bad input names the JSON path', () => {
  it('2B', () => {
    const bad = structuredClone(imsEra) as { data: { docdata: { b2b: { inv: Record<string, unknown>[] }[] } } };
    bad.data.docdata.b2b[0]!.inv[0]!['dt'] = '2024-11-24';
    bad.data.docdata.b2b[0]!.inv[0]!['igst'] = '183';
    delete bad.data.docdata.b2b[0]!.inv[0]!['inum'];
    const r = parseGstr2b(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.path, e.code])).toEqual([
      ['$.data.docdata.b2b[0].inv[0].inum', 'READ_MISSING'],
      ['$.data.docdata.b2b[0].inv[0].dt', 'READ_DATE'],
      ['$.data.docdata.b2b[0].inv[0].igst', 'READ_TYPE'],
    ]);
    expect(r.errors[1]!.message).toContain('$.data.docdata.b2b[0].inv[0].dt');
  });
  it('2B shape errors', () => {
    expect(parseGstr2b(null)).toMatchObject({ ok: false, errors: [{ path: '$' }] });
    const r = parseGstr2b({
      gstin: 'X',
      rtnprd: '13-2024',
      docdata: {
        b2b: {},
        cdnr: [{ ctin: 'A', nt: [{ ntnum: '1', typ: 'Z', dt: '01-01-2024', itcavl: 'Q', rev: 'M' }] }],
        isd: [{ ctin: 'A', doclist: [{ docnum: '1', doctyp: 'X', docdt: '01-01-2024' }] }],
        impg: [7],
        zzz: [],
      },
    });
    if (r.ok) throw new Error('expected errors');
    expect(r.errors.map((e) => e.path)).toEqual([
      '$.rtnprd',
      '$.docdata.b2b',
      '$.docdata.cdnr[0].nt[0].typ',
      '$.docdata.cdnr[0].nt[0].rev',
      '$.docdata.cdnr[0].nt[0].itcavl',
      '$.docdata.isd[0].doclist[0].doctyp',
      '$.docdata.impg[0]',
    ]);
  });
  it('2A', () => {
    expect(parseGstr2a('x')).toMatchObject({ ok: false });
    const r = parseGstr2a({
      data: {
        gstin: 'X',
        fp: '032020',
        cdn: [{ ctin: 'A', fldtr1: '18-Foo-19', nt: [{ ntty: 'X', nt_num: '1', nt_dt: '01-01-2020', val: Infinity, aspd: 'Xyz' }] }],
        isd: [{ ctin: 'A', doclist: [{ isd_docty: 'ZZ', docnum: '1', docdt: '01-01-2020', csamt: 1 }] }],
        b2b: 3,
        other: [],
      },
    });
    if (r.ok) throw new Error('expected errors');
    expect(r.errors.map((e) => e.path)).toEqual([
      '$.data.b2b',
      '$.data.cdn[0].fldtr1',
      '$.data.cdn[0].nt[0].ntty',
      '$.data.cdn[0].nt[0].aspd',
      '$.data.cdn[0].nt[0].val',
      '$.data.isd[0].doclist[0].isd_docty',
    ]);
  });
  it('warns about unknown sections and reads wrapped 2A', () => {
    const r = ok(
      parseGstr2a({
        data: {
          gstin: 'x',
          fp: '032020',
          isd: [{ ctin: 'A', doclist: [{ isd_docty: 'ISDCN', docnum: '1', docdt: '01-01-2020', cess: 1 }] }],
          tcs: [],
        },
      }),
    );
    expect(r.records[0]).toMatchObject({ documentType: 'CRN', cess: 100, invoiceValue: 100 });
    expect(r.warnings.map((w) => w.path)).toEqual(['$.data.tcs']);
    const b = ok(parseGstr2b({ gstin: 'x', rtnprd: '032020', docdata: { foo: [] } }));
    expect(b.warnings.map((w) => w.path)).toEqual(['$.docdata.foo']);
  });
  it('parses 2A short dates and periods', () => {
    expect(parseShortMonthDate('18-Nov-19')).toBe('2019-11-18');
    expect(parseShortMonthDate('18-11-19')).toBeNull();
    expect(parseShortMonthDate('18-Xyz-19')).toBeNull();
    expect(parseShortMonthPeriod('Nov-19')).toBe('112019');
    expect(parseShortMonthPeriod('112019')).toBe('112019');
    expect(parseShortMonthPeriod('Xyz-19')).toBeNull();
  });
});

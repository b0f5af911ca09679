import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as domain from '../../index';
import { IMS_SECTIONS, parseIms, type ImsReadResult } from './ims';

// An IMS "get invoices" answer written for these tests in the API's field names (fixtures/README.md).
const sample = (): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL('fixtures/ims_getinv.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const ok = (r: ImsReadResult): Extract<ImsReadResult, { ok: true }> => {
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
};
const errorsOf = (json: unknown) => {
  const r = parseIms(json);
  if (r.ok) throw new Error('expected the answer to be refused');
  return r.errors.map((e) => [e.path, e.code]);
};
/** One b2b record of the sample with some fields changed (undefined removes a field). */
const withB2b = (changes: Record<string, unknown>): unknown => {
  const record = { ...(sample()['b2b'] as Record<string, unknown>[])[0]!, ...changes };
  for (const [k, v] of Object.entries(changes)) if (v === undefined) delete record[k];
  return { b2b: [record] };
};

describe('parseIms on an answer with every section', () => {
  const r = ok(parseIms(sample()));
  const of = (section: string) => r.records.filter((x) => x.section === section);

  it('reads every section, with its document type and amendment flag', () => {
    expect(r.records.map((x) => `${x.section}:${x.documentType}:${x.isAmendment ? 'amended' : 'original'}`)).toEqual([
      'b2b:INV:original',
      'b2b:INV:original',
      'b2ba:INV:amended',
      'b2bdn:DBN:original',
      'b2bdna:DBN:amended',
      'b2bcn:CRN:original',
      'b2bcna:CRN:amended',
      'ecom:INV:original',
      'ecoma:INV:amended',
      'impg:BOE:original',
      'impga:BOE:amended',
      'impgsez:BOE:original',
      'impgseza:BOE:amended',
    ]);
    expect(new Set(r.records.map((x) => x.section))).toEqual(new Set(IMS_SECTIONS));
    expect(r.warnings).toEqual([]);
  });
  it('normalises a b2b record: paise, ISO dates, the action, the flags, the supplier filing', () => {
    expect(r.records[0]).toEqual({
      path: '$.b2b[0]',
      section: 'b2b',
      isAmendment: false,
      supplierGstin: '24ABCCU0123M1YZ',
      supplierName: 'Umiya Traders',
      documentType: 'INV',
      documentNumber: 'AO2SA2425002517',
      documentDate: '2024-11-05',
      originalDocumentNumber: null,
      originalDocumentDate: null,
      supplyType: 'R',
      placeOfSupply: '24',
      invoiceValue: 14270000,
      taxable: 12093218,
      igst: 0,
      cgst: 1088391,
      sgst: 1088391,
      cess: 0,
      imsAction: 'Accepted',
      isPendingActionBlocked: false,
      isRemarksBlocked: null,
      isItcReductionBlocked: null,
      remarks: null,
      itcReductionRequired: null,
      declaredIgst: null,
      declaredCgst: null,
      declaredSgst: null,
      declaredCess: null,
      supplierFilingStatus: 'Filed',
      sourceForm: 'GSTR-1',
      supplierPeriod: '112024',
      portCode: null,
      hash: 'dbd0f1c65631f9fdbfd3ab8d56c2949c3354b688ea53dee44e42768c07b676e2',
    });
    expect(r.records[1]).toMatchObject({
      supplyType: 'SEWP',
      sourceForm: 'GSTR-1A',
      supplierFilingStatus: 'NotFiled',
      imsAction: 'NoAction',
      isRemarksBlocked: false,
      isItcReductionBlocked: true,
    });
  });
  it('links amendments to the document they replace, notes included', () => {
    const originals = r.records.map((x) => [x.section, x.documentNumber, x.originalDocumentNumber, x.originalDocumentDate]);
    expect(originals.filter(([section]) => ['b2ba', 'b2bdna', 'b2bcna', 'ecoma'].includes(section!))).toEqual([
      ['b2ba', 'INV-7A', 'INV-7', '2025-10-02'],
      ['b2bdna', 'DN-9A', 'DN-9', '2025-09-20'],
      ['b2bcna', 'CN/0040A', 'CN/0040', '2025-09-10'],
      ['ecoma', 'ECO-0000A', 'ECO-0000', '2025-09-30'],
    ]);
    expect(of('b2bcn')[0]).toMatchObject({ documentNumber: 'CN/0042', documentDate: '2025-10-30', originalDocumentNumber: null });
  });
  it('reads every action code and the Pending block', () => {
    expect(r.records.map((x) => x.imsAction)).toEqual([
      'Accepted',
      'NoAction',
      'Rejected',
      'Pending',
      'Accepted',
      'Accepted',
      'Pending',
      'NoAction',
      'Accepted',
      'Accepted',
      'NoAction',
      'Pending',
      'Accepted',
    ]);
    expect(r.records.filter((x) => x.isPendingActionBlocked).map((x) => x.section)).toEqual(['b2bcn', 'impg']);
  });
  it('reads the remarks and the ITC reduction declared under the October 2025 rules', () => {
    expect(of('b2ba')[0]).toMatchObject({ imsAction: 'Rejected', remarks: 'Rate charged is wrong', isRemarksBlocked: false });
    expect(of('b2bdna')[0]).toMatchObject({
      itcReductionRequired: true,
      declaredIgst: 9050,
      declaredCgst: 0,
      declaredSgst: 0,
      declaredCess: 0,
      isItcReductionBlocked: false,
    });
    expect(of('b2bcn')[0]).toMatchObject({
      itcReductionRequired: false,
      declaredIgst: null,
      remarks: 'No credit was availed on the invoice',
    });
  });
  it("reads bills of entry: no supplier GSTIN from abroad, the SEZ unit's otherwise, the port code", () => {
    expect(of('impg')[0]).toMatchObject({
      supplierGstin: null,
      documentNumber: '4567890',
      documentDate: '2025-10-14',
      portCode: 'INNSA1',
      taxable: 25000000,
      igst: 4500000,
      invoiceValue: null,
      sourceForm: null,
    });
    expect(of('impga')[0]!.supplierGstin).toBeNull();
    expect(of('impgsez')[0]).toMatchObject({ supplierGstin: '27AADCS1234Q1ZP', portCode: 'INBOM4', imsAction: 'Pending' });
    expect(of('impgseza')[0]).toMatchObject({ cess: 12050, igst: 360000 });
  });
  it('money to paise without float error', () => {
    expect(r.records[1]).toMatchObject({ invoiceValue: 115, taxable: 29, igst: 435 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.integer({ min: 0, max: 99 }), (rupees, paise) => {
        const amount = Number(`${rupees}.${String(paise).padStart(2, '0')}`);
        const record = ok(parseIms(withB2b({ txval: amount, val: amount, declIgst: amount }))).records[0]!;
        const expected = rupees * 100 + paise;
        expect([record.taxable, record.invoiceValue, record.declaredIgst]).toEqual([expected, expected, expected]);
      }),
    );
  });
});

describe('parseIms: envelopes, shapes and codes', () => {
  it("takes the answer in the portal's envelope, once or twice wrapped", () => {
    const once = ok(parseIms({ status_cd: '1', data: sample() }));
    expect(once.records).toHaveLength(13);
    expect(once.records[0]!.path).toBe('$.data.b2b[0]');
    const twice = ok(parseIms({ code: 200, data: { data: sample(), status_cd: '1' } }));
    expect(twice.records[2]!.path).toBe('$.data.data.b2ba[0]');
    expect(ok(parseIms({})).records).toEqual([]);
  });
  it('refuses a wrong shape, naming its path', () => {
    expect(errorsOf([])).toEqual([['$', 'READ_TYPE']]);
    expect(errorsOf({ data: { gstin: '27AAPFU0939F1ZV', docdata: {} } })).toEqual([['$.data', 'READ_SHAPE']]);
    expect(errorsOf({ b2b: {} })).toEqual([['$.b2b', 'READ_TYPE']]);
    expect(errorsOf({ b2bcn: [7] })).toEqual([['$.b2bcn[0]', 'READ_TYPE']]);
    expect(errorsOf(withB2b({ stin: undefined }))).toEqual([['$.b2b[0].stin', 'READ_MISSING']]);
    expect(errorsOf(withB2b({ inum: undefined, idt: '2024-11-05' }))).toEqual([
      ['$.b2b[0].inum', 'READ_MISSING'],
      ['$.b2b[0].idt', 'READ_DATE'],
    ]);
    expect(errorsOf(withB2b({ txval: '120932.18' }))).toEqual([['$.b2b[0].txval', 'READ_TYPE']]);
    expect(errorsOf(withB2b({ action: 'X' }))).toEqual([['$.b2b[0].action', 'READ_VALUE']]);
    expect(errorsOf(withB2b({ ispendactblocked: 'maybe' }))).toEqual([['$.b2b[0].ispendactblocked', 'READ_VALUE']]);
    const amended = (sample()['b2ba'] as Record<string, unknown>[])[0]!;
    expect(errorsOf({ b2ba: [{ ...amended, oinum: undefined }] })).toEqual([['$.b2ba[0].oinum', 'READ_MISSING']]);
    const note = (sample()['b2bcn'] as Record<string, unknown>[])[0]!;
    expect(errorsOf({ b2bcn: [{ ...note, nt_dt: '31-02-2025' }] })).toEqual([['$.b2bcn[0].nt_dt', 'READ_DATE']]);
    const r = parseIms(withB2b({ val: 1e16 }));
    expect(r.ok ? [] : r.errors.map((e) => [e.path, e.code])).toEqual([['$.b2b[0].val', 'READ_AMOUNT']]);
  });
  it('warns, and reads on, where a field the reconciliation does not rely on is odd', () => {
    const r = ok(
      parseIms({ ...(withB2b({ action: undefined, srcform: 'R9', srcfilstatus: 'Maybe', rtnprd: '13-2024' }) as object), isd: [] }),
    );
    expect(r.warnings.map((w) => [w.path, w.code])).toEqual([
      ['$.isd', 'READ_SHAPE'],
      ['$.b2b[0].action', 'READ_MISSING'],
      ['$.b2b[0].srcform', 'READ_VALUE'],
      ['$.b2b[0].srcfilstatus', 'READ_VALUE'],
      ['$.b2b[0].rtnprd', 'READ_VALUE'],
    ]);
    expect(r.records[0]).toMatchObject({ imsAction: 'NoAction', sourceForm: null, supplierFilingStatus: null, supplierPeriod: null });
  });
  it('is exported by the domain package', () => {
    expect(domain.parseIms).toBe(parseIms);
    expect(domain.IMS_SECTIONS).toBe(IMS_SECTIONS);
  });
  it('accepts the codes in any case, the flags as booleans, and the older name of the Pending flag', () => {
    const r = ok(parseIms(withB2b({ action: 'r', srcform: 'GSTR1A', ispendactblocked: true, isRemarksBlocked: false })));
    expect(r.records[0]).toMatchObject({
      imsAction: 'Rejected',
      sourceForm: 'GSTR-1A',
      isPendingActionBlocked: true,
      isRemarksBlocked: false,
    });
    const older = ok(parseIms(withB2b({ ispendactblocked: undefined, ispendactnallwd: 'Y' })));
    expect(older.records[0]!.isPendingActionBlocked).toBe(true);
    expect(ok(parseIms(withB2b({ ispendactblocked: undefined }))).records[0]!.isPendingActionBlocked).toBe(false);
    expect(ok(parseIms(withB2b({ srcform: 'IFF', action: 'p' }))).records[0]).toMatchObject({ sourceForm: 'IFF', imsAction: 'Pending' });
    expect(ok(parseIms(withB2b({ stin: ' 24abccu0123m1yz ' }))).records[0]!.supplierGstin).toBe('24ABCCU0123M1YZ');
  });
});

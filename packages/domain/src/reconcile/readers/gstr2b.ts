// GSTR-2B reader. Reads the "v3" shape (items per document, as in fixtures/
// gstr2b_sample.json) and the IMS-era shape (GSTR-2B API v4: document-level amounts, the
// "docRejdata" list of documents rejected in IMS, the "itcrev" ITC-reversal list, "ecom" and
// "imsStatus"). Field names: GSTN's GSTR-2B GET response as published in the GST API docs.
import type { DocumentType } from '../types';
import {
  JsonReader,
  blankRecord,
  isObject,
  totalsFromItems,
  type InwardListing,
  type InwardRecord,
  type InwardSection,
  type Json,
  type JsonObject,
  type ReadResult,
} from './common';

type Ctx = { r: JsonReader; gstin: string; period: string; out: InwardRecord[] };

const INVOICE_SECTIONS = ['b2b', 'b2ba', 'ecom', 'ecoma'] as const;
const NOTE_SECTIONS = ['cdnr', 'cdnra'] as const;
const ISD_SECTIONS = ['isd', 'isda'] as const;
const BOE_FLAT = ['impg', 'impga'] as const;
const BOE_BY_SUPPLIER = ['impgsez', 'impgasez'] as const;
const KNOWN = new Set<string>([...INVOICE_SECTIONS, ...NOTE_SECTIONS, ...ISD_SECTIONS, ...BOE_FLAT, ...BOE_BY_SUPPLIER, 'itcrev']);

const noteType = (c: Ctx, v: string | null, path: string): DocumentType | null => {
  if (v === null) return null;
  const u = v.toUpperCase();
  if (u === 'C') return 'CRN';
  if (u === 'D') return 'DBN';
  c.r.fail(path, 'READ_VALUE', `expected note type C or D, got "${v}"`);
  return null;
};

const isdType = (c: Ctx, v: string | null, path: string): DocumentType | null => {
  if (v === null) return null;
  const u = v.toUpperCase();
  if (u === 'ISDI' || u === 'ISD') return 'INV';
  if (u === 'ISDC' || u === 'ISDCN') return 'CRN';
  c.r.fail(path, 'READ_VALUE', `expected ISD document type ISDI or ISDC, got "${v}"`);
  return null;
};

/** The money of a document: document-level amounts when given (v4), else the sum of "items" (v3). */
const readMoney = (c: Ctx, rec: InwardRecord, doc: JsonObject, path: string): void => {
  const { r } = c;
  const hasDocumentAmounts = ['txval', 'igst', 'cgst', 'sgst', 'cess'].some((k) => doc[k] !== undefined && doc[k] !== null);
  rec.taxable = r.paise(doc, 'txval', path);
  rec.igst = r.paise(doc, 'igst', path);
  rec.cgst = r.paise(doc, 'cgst', path);
  rec.sgst = r.paise(doc, 'sgst', path);
  rec.cess = r.paise(doc, 'cess', path);
  r.array(doc, 'items', path, false).forEach((item, k) => {
    const ip = `${path}.items[${k}]`;
    const o = r.object(item, ip);
    if (!o) return;
    rec.items.push({
      number: r.number(o, 'num', ip),
      rate: r.number(o, 'rt', ip) ?? 0,
      taxable: r.paise(o, 'txval', ip),
      igst: r.paise(o, 'igst', ip),
      cgst: r.paise(o, 'cgst', ip),
      sgst: r.paise(o, 'sgst', ip),
      cess: r.paise(o, 'cess', ip),
    });
  });
  totalsFromItems(rec, hasDocumentAmounts);
  rec.invoiceValue =
    doc['val'] === undefined || doc['val'] === null ? rec.taxable + rec.igst + rec.cgst + rec.sgst + rec.cess : r.paise(doc, 'val', path);
};

const readCommon = (c: Ctx, rec: InwardRecord, doc: JsonObject, path: string): void => {
  const { r } = c;
  rec.placeOfSupply = r.text(doc, 'pos', path, false) ?? undefined;
  rec.isReverseCharge = r.flag(doc, 'rev', path) ?? false;
  rec.itcAvailability = r.itcAvailability(doc, 'itcavl', path);
  rec.itcUnavailableReason = r.text(doc, 'rsn', path, false);
  rec.differentialPercent = r.number(doc, 'diffprcnt', path);
  rec.sourceType = r.text(doc, 'srctyp', path, false);
  rec.irn = r.text(doc, 'irn', path, false);
  rec.irnDate = r.date(doc, 'irngendate', path, false);
  rec.imsStatus = r.text(doc, 'imsStatus', path, false);
};

const supplierRecords = (
  c: Ctx,
  section: InwardSection,
  listing: InwardListing,
  suppliers: Json[],
  base: string,
  docsKey: string,
  fill: (rec: InwardRecord, doc: JsonObject, path: string) => void,
): void => {
  suppliers.forEach((s, i) => {
    const sp = `${base}[${i}]`;
    const sup = c.r.object(s, sp);
    if (!sup) return;
    const ctin = c.r.text(sup, 'ctin', sp, true).toUpperCase();
    const name = c.r.text(sup, 'trdnm', sp, false) ?? undefined;
    const filed = c.r.date(sup, 'supfildt', sp, false);
    const period = c.r.text(sup, 'supprd', sp, false);
    c.r.array(sup, docsKey, sp, true).forEach((d, k) => {
      const dp = `${sp}.${docsKey}[${k}]`;
      const doc = c.r.object(d, dp);
      if (!doc) return;
      const rec = blankRecord('GSTR-2B', c.gstin, c.period, dp);
      rec.section = section;
      rec.listing = listing;
      rec.supplierGstin = ctin;
      rec.supplierName = name;
      rec.supplierFilingDate = filed;
      rec.supplierFilingPeriod = period;
      rec.isAmendment = section.endsWith('a');
      fill(rec, doc, dp);
      c.out.push(rec);
    });
  });
};

const readBoe = (c: Ctx, rec: InwardRecord, doc: JsonObject, path: string, section: InwardSection): void => {
  const { r } = c;
  rec.documentType = 'BOE';
  rec.documentNumber = r.text(doc, 'boenum', path, true);
  rec.documentDate = r.date(doc, 'boedt', path, true);
  rec.portCode = r.text(doc, 'portcode', path, false);
  rec.isAmendment = r.flag(doc, 'isamd', path) === true || section.endsWith('a') || section === 'impgasez';
  readMoney(c, rec, doc, path);
  rec.itcAvailability = 'Y';
};

const readSections = (c: Ctx, data: JsonObject, base: string, listing: InwardListing): void => {
  const { r } = c;
  for (const key of Object.keys(data)) {
    if (!KNOWN.has(key)) r.warn(`${base}.${key}`, 'READ_SHAPE', 'unknown section, not read');
  }
  for (const section of INVOICE_SECTIONS) {
    supplierRecords(c, section, listing, r.array(data, section, base, false), `${base}.${section}`, 'inv', (rec, doc, p) => {
      rec.documentType = 'INV';
      rec.documentNumber = r.text(doc, 'inum', p, true);
      rec.documentDate = r.date(doc, 'dt', p, true);
      rec.supplyType = r.text(doc, 'typ', p, false);
      readCommon(c, rec, doc, p);
      readMoney(c, rec, doc, p);
      const o = r.text(doc, 'oinum', p, false);
      if (o !== null) rec.original = { documentNumber: o, documentDate: r.date(doc, 'oidt', p, false), documentType: 'INV' };
    });
  }
  for (const section of NOTE_SECTIONS) {
    supplierRecords(c, section, listing, r.array(data, section, base, false), `${base}.${section}`, 'nt', (rec, doc, p) => {
      rec.documentType = noteType(c, r.text(doc, 'typ', p, true), `${p}.typ`) ?? 'CRN';
      rec.documentNumber = r.text(doc, 'ntnum', p, true);
      rec.documentDate = r.date(doc, 'dt', p, true);
      rec.supplyType = r.text(doc, 'suptyp', p, false);
      readCommon(c, rec, doc, p);
      readMoney(c, rec, doc, p);
      const o = r.text(doc, 'ontnum', p, false);
      if (o !== null) {
        rec.original = {
          documentNumber: o,
          documentDate: r.date(doc, 'ontdt', p, false),
          documentType: noteType(c, r.text(doc, 'onttyp', p, false), `${p}.onttyp`),
        };
      }
    });
  }
  for (const section of ISD_SECTIONS) {
    supplierRecords(c, section, listing, r.array(data, section, base, false), `${base}.${section}`, 'doclist', (rec, doc, p) => {
      rec.documentType = isdType(c, r.text(doc, 'doctyp', p, true), `${p}.doctyp`) ?? 'INV';
      rec.documentNumber = r.text(doc, 'docnum', p, true);
      rec.documentDate = r.date(doc, 'docdt', p, true);
      rec.itcAvailability = r.itcAvailability(doc, 'itcelg', p);
      readMoney(c, rec, doc, p);
      const o = r.text(doc, 'odocnum', p, false);
      if (o !== null) {
        rec.original = {
          documentNumber: o,
          documentDate: r.date(doc, 'odocdt', p, false),
          documentType: isdType(c, r.text(doc, 'odoctyp', p, false), `${p}.odoctyp`),
        };
      }
      const inv = r.text(doc, 'oinvnum', p, false);
      if (inv !== null) rec.referencedInvoice = { documentNumber: inv, documentDate: r.date(doc, 'oinvdt', p, false) };
    });
  }
  for (const section of BOE_FLAT) {
    r.array(data, section, base, false).forEach((d, k) => {
      const p = `${base}.${section}[${k}]`;
      const doc = r.object(d, p);
      if (!doc) return;
      const rec = blankRecord('GSTR-2B', c.gstin, c.period, p);
      rec.section = section;
      rec.listing = listing;
      readBoe(c, rec, doc, p, section);
      c.out.push(rec);
    });
  }
  for (const section of BOE_BY_SUPPLIER) {
    supplierRecords(c, section, listing, r.array(data, section, base, false), `${base}.${section}`, 'boe', (rec, doc, p) =>
      readBoe(c, rec, doc, p, section),
    );
  }
  // IMS era: "itcrev" is a list of objects, each holding b2b/b2ba/cdnr/cdnra lists.
  r.array(data, 'itcrev', base, false).forEach((entry, k) => {
    const p = `${base}.itcrev[${k}]`;
    const o = r.object(entry, p);
    if (o) readSections(c, o, p, 'itcReversal');
  });
};

/** Reads a GSTR-2B JSON (the API response or the portal download). */
export const parseGstr2b = (json: unknown): ReadResult => {
  const r = new JsonReader();
  if (!isObject(json)) {
    r.fail('$', 'READ_TYPE', 'expected a GSTR-2B JSON object');
    return { ok: false, errors: r.errors };
  }
  const root = isObject(json['data']) ? json['data'] : json;
  const base = root === json ? '$' : '$.data';
  const gstin = r.text(root, 'gstin', base, true).toUpperCase();
  const period = r.text(root, 'rtnprd', base, true);
  if (period && !/^(0[1-9]|1[0-2])\d{4}$/.test(period)) r.fail(`${base}.rtnprd`, 'READ_VALUE', `"${period}" is not a MMYYYY return period`);
  const c: Ctx = { r, gstin, period, out: [] };
  const docdata = r.object(root['docdata'], `${base}.docdata`);
  if (docdata) readSections(c, docdata, `${base}.docdata`, 'available');
  if (root['docRejdata'] !== undefined) {
    const rej = r.object(root['docRejdata'], `${base}.docRejdata`);
    if (rej) readSections(c, rej, `${base}.docRejdata`, 'rejected');
  }
  if (r.errors.length > 0) return { ok: false, errors: r.errors };
  return { ok: true, recipientGstin: gstin, returnPeriod: period, records: c.out, warnings: r.warnings };
};

// GSTR-2A reader (GSTN GSTR-2A GET response, the GSTN GSTR-2A B2B response schema):
// dates "idt"/"nt_dt", reverse charge "rchrg", tax heads iamt/camt/samt/csamt under itms[].itm_det,
// supplier filing data cfs/cfs3b/fldtr1 ("18-Nov-19")/flprdr1 ("Nov-19").
import type { DocumentType } from '../types';
import {
  JsonReader,
  blankRecord,
  isObject,
  parseShortMonthDate,
  parseShortMonthPeriod,
  totalsFromItems,
  type InwardRecord,
  type InwardSection,
  type Json,
  type JsonObject,
  type ReadResult,
} from './common';

type Ctx = { r: JsonReader; gstin: string; period: string; out: InwardRecord[] };

const KNOWN = new Set(['gstin', 'fp', 'b2b', 'b2ba', 'cdn', 'cdna', 'isd', 'impg', 'impgsez']);

const shortDate = (c: Ctx, o: JsonObject, key: string, path: string): string | null => {
  const t = c.r.text(o, key, path, false);
  if (t === null) return null;
  const iso = parseShortMonthDate(t);
  if (iso === null) c.r.fail(`${path}.${key}`, 'READ_DATE', `"${t}" is not a DD-Mon-YY date`);
  return iso;
};

const shortPeriod = (c: Ctx, o: JsonObject, key: string, path: string): string | null => {
  const t = c.r.text(o, key, path, false);
  if (t === null) return null;
  const p = parseShortMonthPeriod(t);
  if (p === null) c.r.fail(`${path}.${key}`, 'READ_VALUE', `"${t}" is not a Mon-YY period`);
  return p;
};

/** Items of 2A: itms[].{num, itm_det: {rt, txval, iamt, camt, samt, csamt}}. */
const readItems = (c: Ctx, rec: InwardRecord, doc: JsonObject, path: string): void => {
  const { r } = c;
  r.array(doc, 'itms', path, false).forEach((item, k) => {
    const ip = `${path}.itms[${k}]`;
    const o = r.object(item, ip);
    if (!o) return;
    const det = r.object(o['itm_det'], `${ip}.itm_det`);
    if (!det) return;
    const dp = `${ip}.itm_det`;
    rec.items.push({
      number: r.number(o, 'num', ip),
      rate: r.number(det, 'rt', dp) ?? 0,
      taxable: r.paise(det, 'txval', dp),
      igst: r.paise(det, 'iamt', dp),
      cgst: r.paise(det, 'camt', dp),
      sgst: r.paise(det, 'samt', dp),
      cess: r.paise(det, 'csamt', dp),
    });
  });
  totalsFromItems(rec, false);
  rec.invoiceValue = r.paise(doc, 'val', path);
};

const readDocCommon = (c: Ctx, rec: InwardRecord, doc: JsonObject, path: string): void => {
  const { r } = c;
  rec.placeOfSupply = r.text(doc, 'pos', path, false) ?? undefined;
  rec.isReverseCharge = r.flag(doc, 'rchrg', path) ?? false;
  rec.supplyType = r.text(doc, 'inv_typ', path, false);
  rec.differentialPercent = r.number(doc, 'diff_percent', path);
  rec.amendedInPeriod = shortPeriod(c, doc, 'aspd', path);
  rec.amendmentType = r.text(doc, 'atyp', path, false);
  rec.sourceType = r.text(doc, 'srctyp', path, false);
  rec.irn = r.text(doc, 'irn', path, false);
  rec.irnDate = r.date(doc, 'irngendate', path, false);
  readItems(c, rec, doc, path);
};

const suppliers = (
  c: Ctx,
  list: Json[],
  base: string,
  section: InwardSection,
  docsKey: string,
  fill: (rec: InwardRecord, doc: JsonObject, path: string) => void,
): void => {
  list.forEach((s, i) => {
    const sp = `${base}[${i}]`;
    const sup = c.r.object(s, sp);
    if (!sup) return;
    const ctin = c.r.text(sup, 'ctin', sp, true).toUpperCase();
    const filedR1 = c.r.flag(sup, 'cfs', sp);
    const filed3b = c.r.flag(sup, 'cfs3b', sp);
    const cancelled = shortDate(c, sup, 'dtcancel', sp);
    const filedOn = shortDate(c, sup, 'fldtr1', sp);
    const filedFor = shortPeriod(c, sup, 'flprdr1', sp);
    c.r.array(sup, docsKey, sp, true).forEach((d, k) => {
      const dp = `${sp}.${docsKey}[${k}]`;
      const doc = c.r.object(d, dp);
      if (!doc) return;
      const rec = blankRecord('GSTR-2A', c.gstin, c.period, dp);
      rec.section = section;
      rec.supplierGstin = ctin;
      rec.supplierFiledGstr1 = filedR1;
      rec.supplierFiledGstr3b = filed3b;
      rec.supplierCancellationDate = cancelled;
      rec.supplierFilingDate = filedOn;
      rec.supplierFilingPeriod = filedFor;
      rec.isAmendment = section.endsWith('a');
      fill(rec, doc, dp);
      c.out.push(rec);
    });
  });
};

const noteType = (c: Ctx, v: string, path: string): DocumentType => {
  const u = v.toUpperCase();
  if (u === 'D') return 'DBN';
  if (u !== 'C') c.r.fail(path, 'READ_VALUE', `expected note type C or D, got "${v}"`);
  return 'CRN';
};

const readBoe = (c: Ctx, doc: JsonObject, p: string, section: InwardSection): InwardRecord => {
  const { r } = c;
  const rec = blankRecord('GSTR-2A', c.gstin, c.period, p);
  rec.section = section;
  rec.documentType = 'BOE';
  rec.documentNumber = r.text(doc, 'benum', p, true);
  rec.documentDate = r.date(doc, 'bedt', p, true);
  rec.portCode = r.text(doc, 'portcd', p, false);
  rec.isAmendment = r.flag(doc, 'amd', p) === true;
  rec.taxable = r.paise(doc, 'txval', p);
  rec.igst = r.paise(doc, 'iamt', p);
  rec.cess = r.paise(doc, 'csamt', p);
  rec.invoiceValue = rec.taxable + rec.igst + rec.cess;
  rec.itcAvailability = 'Y';
  const sgstin = r.text(doc, 'sgstin', p, false);
  if (sgstin !== null) rec.supplierGstin = sgstin.toUpperCase();
  rec.supplierName = r.text(doc, 'tdname', p, false) ?? undefined;
  return rec;
};

/** Reads a GSTR-2A JSON (all sections in one object, or wrapped in "data"). */
export const parseGstr2a = (json: unknown): ReadResult => {
  const r = new JsonReader();
  if (!isObject(json)) {
    r.fail('$', 'READ_TYPE', 'expected a GSTR-2A JSON object');
    return { ok: false, errors: r.errors };
  }
  const root = isObject(json['data']) && json['b2b'] === undefined ? json['data'] : json;
  const base = root === json ? '$' : '$.data';
  const gstin = r.text(root, 'gstin', base, true).toUpperCase();
  const period = r.text(root, 'fp', base, true);
  if (period && !/^(0[1-9]|1[0-2])\d{4}$/.test(period)) r.fail(`${base}.fp`, 'READ_VALUE', `"${period}" is not a MMYYYY return period`);
  const c: Ctx = { r, gstin, period, out: [] };
  for (const key of Object.keys(root)) {
    if (!KNOWN.has(key) && key !== 'chksum') r.warn(`${base}.${key}`, 'READ_SHAPE', 'unknown section, not read');
  }
  for (const section of ['b2b', 'b2ba'] as const) {
    suppliers(c, r.array(root, section, base, false), `${base}.${section}`, section, 'inv', (rec, doc, p) => {
      rec.documentType = 'INV';
      rec.documentNumber = r.text(doc, 'inum', p, true);
      rec.documentDate = r.date(doc, 'idt', p, true);
      readDocCommon(c, rec, doc, p);
      const o = r.text(doc, 'oinum', p, false);
      if (o !== null) rec.original = { documentNumber: o, documentDate: r.date(doc, 'oidt', p, false), documentType: 'INV' };
    });
  }
  for (const [key, section] of [
    ['cdn', 'cdnr'],
    ['cdna', 'cdnra'],
  ] as const) {
    suppliers(c, r.array(root, key, base, false), `${base}.${key}`, section, 'nt', (rec, doc, p) => {
      rec.documentType = noteType(c, r.text(doc, 'ntty', p, true), `${p}.ntty`);
      rec.documentNumber = r.text(doc, 'nt_num', p, true);
      rec.documentDate = r.date(doc, 'nt_dt', p, true);
      readDocCommon(c, rec, doc, p);
      const o = r.text(doc, 'ont_num', p, false);
      if (o !== null) rec.original = { documentNumber: o, documentDate: r.date(doc, 'ont_dt', p, false), documentType: rec.documentType };
      const inv = r.text(doc, 'inum', p, false);
      if (inv !== null) rec.referencedInvoice = { documentNumber: inv, documentDate: r.date(doc, 'idt', p, false) };
    });
  }
  suppliers(c, r.array(root, 'isd', base, false), `${base}.isd`, 'isd', 'doclist', (rec, doc, p) => {
    const t = r.text(doc, 'isd_docty', p, true).toUpperCase();
    if (t !== 'ISD' && t !== 'ISDCN' && t !== 'ISDI' && t !== 'ISDC')
      r.fail(`${p}.isd_docty`, 'READ_VALUE', `expected ISD or ISDCN, got "${t}"`);
    rec.documentType = t === 'ISDCN' || t === 'ISDC' ? 'CRN' : 'INV';
    rec.documentNumber = r.text(doc, 'docnum', p, true);
    rec.documentDate = r.date(doc, 'docdt', p, true);
    rec.itcAvailability = r.itcAvailability(doc, 'itc_elg', p);
    rec.amendedInPeriod = shortPeriod(c, doc, 'aspd', p);
    rec.amendmentType = r.text(doc, 'atyp', p, false);
    rec.igst = r.paise(doc, 'iamt', p);
    rec.cgst = r.paise(doc, 'camt', p);
    rec.sgst = r.paise(doc, 'samt', p);
    // 2A ISD names cess "cess" (not "csamt"); accept either.
    rec.cess = doc['cess'] !== undefined ? r.paise(doc, 'cess', p) : r.paise(doc, 'csamt', p);
    rec.invoiceValue = rec.igst + rec.cgst + rec.sgst + rec.cess;
  });
  r.array(root, 'impg', base, false).forEach((d, k) => {
    const p = `${base}.impg[${k}]`;
    const doc = r.object(d, p);
    if (doc) c.out.push(readBoe(c, doc, p, 'impg'));
  });
  r.array(root, 'impgsez', base, false).forEach((d, k) => {
    const p = `${base}.impgsez[${k}]`;
    const doc = r.object(d, p);
    if (doc) c.out.push(readBoe(c, doc, p, 'impgsez'));
  });
  if (r.errors.length > 0) return { ok: false, errors: r.errors };
  return { ok: true, recipientGstin: gstin, returnPeriod: period, records: c.out, warnings: r.warnings };
};

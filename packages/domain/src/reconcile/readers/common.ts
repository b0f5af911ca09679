// Shared pieces of the GSTR-2A and GSTR-2B readers: the normalised record, and a small
// JSON walker that names the JSON path of every problem.
import { parsePortalDate } from '../../dates/calendar';
import { rupeesToPaise } from '../../money/amount';
import type { DocumentType, ReconcileDocument } from '../types';

export type InwardSection =
  'b2b' | 'b2ba' | 'cdnr' | 'cdnra' | 'isd' | 'isda' | 'impg' | 'impga' | 'impgsez' | 'impgasez' | 'ecom' | 'ecoma';

/** Where the record sits in the 2B: the main list, rejected in IMS, or the ITC reversal list. */
export type InwardListing = 'available' | 'rejected' | 'itcReversal';

export type InwardItem = {
  number: number | null;
  rate: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
};

export type InwardRecord = ReconcileDocument & {
  source: 'GSTR-2B' | 'GSTR-2A';
  /** JSON path of the record in the file it came from. */
  path: string;
  recipientGstin: string;
  returnPeriod: string;
  section: InwardSection;
  listing: InwardListing;
  /** Portal supply type code (R regular, SEZWP, SEZWOP, DE, CBW ...), as given. */
  supplyType: string | null;
  items: InwardItem[];
  rates: number[];
  itcAvailability: 'Y' | 'N' | 'T' | null;
  /** 2B "rsn": P (POS rules), C (filed after the annual cut-off), as given. */
  itcUnavailableReason: string | null;
  supplierFilingDate: string | null;
  /** MMYYYY. */
  supplierFilingPeriod: string | null;
  irn: string | null;
  irnDate: string | null;
  sourceType: string | null;
  isAmendment: boolean;
  original: { documentNumber: string; documentDate: string | null; documentType: DocumentType | null } | null;
  portCode: string | null;
  differentialPercent: number | null;
  imsStatus: string | null;
  /** 2A only: whether the supplier filed GSTR-1 and GSTR-3B, cancellation date, amendment period and type. */
  supplierFiledGstr1: boolean | null;
  supplierFiledGstr3b: boolean | null;
  supplierCancellationDate: string | null;
  amendedInPeriod: string | null;
  amendmentType: string | null;
  /** 2A credit/debit notes of the old format name the invoice they adjust. */
  referencedInvoice: { documentNumber: string; documentDate: string | null } | null;
};

export type ReadErrorCode = 'READ_SHAPE' | 'READ_MISSING' | 'READ_TYPE' | 'READ_DATE' | 'READ_AMOUNT' | 'READ_VALUE';

export type ReadIssue = { path: string; code: ReadErrorCode; message: string };

export type ReadResult =
  | { ok: true; recipientGstin: string; returnPeriod: string; records: InwardRecord[]; warnings: ReadIssue[] }
  | { ok: false; errors: ReadIssue[] };

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** 2A filing dates look like "18-Nov-19"; periods like "Nov-19". */
export const parseShortMonthDate = (text: string): string | null => {
  const m = /^(\d{2})-([A-Za-z]{3})-(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]!.toUpperCase()) + 1;
  if (month === 0) return null;
  return parsePortalDate(`${m[1]}-${String(month).padStart(2, '0')}-20${m[3]}`);
};

export const parseShortMonthPeriod = (text: string): string | null => {
  const m = /^([A-Za-z]{3})-(\d{2})$/.exec(text.trim());
  if (!m) return /^\d{6}$/.test(text.trim()) ? text.trim() : null;
  const month = MONTHS.indexOf(m[1]!.toUpperCase()) + 1;
  return month === 0 ? null : `${String(month).padStart(2, '0')}20${m[2]}`;
};

/** Walks JSON, collecting every problem with its path. */
export class JsonReader {
  readonly errors: ReadIssue[] = [];
  readonly warnings: ReadIssue[] = [];

  fail(path: string, code: ReadErrorCode, message: string): void {
    this.errors.push({ path, code, message: `${path}: ${message}` });
  }

  warn(path: string, code: ReadErrorCode, message: string): void {
    this.warnings.push({ path, code, message: `${path}: ${message}` });
  }

  object(v: Json | undefined, path: string): JsonObject | null {
    if (isObject(v)) return v;
    this.fail(path, v === undefined ? 'READ_MISSING' : 'READ_TYPE', v === undefined ? 'missing object' : 'expected an object');
    return null;
  }

  array(o: JsonObject, key: string, path: string, required: boolean): Json[] {
    const v = o[key];
    if (v === undefined || v === null) {
      if (required) this.fail(`${path}.${key}`, 'READ_MISSING', 'missing list');
      return [];
    }
    if (!Array.isArray(v)) {
      this.fail(`${path}.${key}`, 'READ_TYPE', 'expected a list');
      return [];
    }
    return v;
  }

  /** A string (numbers are accepted and turned into text: 2A gives bill-of-entry numbers as numbers). */
  text(o: JsonObject, key: string, path: string, required: true): string;
  text(o: JsonObject, key: string, path: string, required: false): string | null;
  text(o: JsonObject, key: string, path: string, required: boolean): string | null {
    const v = o[key];
    if (v === undefined || v === null || v === '') {
      if (required) this.fail(`${path}.${key}`, 'READ_MISSING', 'missing value');
      return required ? '' : null;
    }
    if (typeof v === 'string') return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    this.fail(`${path}.${key}`, 'READ_TYPE', 'expected text');
    return required ? '' : null;
  }

  number(o: JsonObject, key: string, path: string): number | null {
    const v = o[key];
    if (v === undefined || v === null) return null;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    this.fail(`${path}.${key}`, 'READ_TYPE', 'expected a number');
    return null;
  }

  /** Rupees in the JSON to paise; absent means zero (the portal leaves out zero heads). */
  paise(o: JsonObject, key: string, path: string): number {
    const v = this.number(o, key, path);
    if (v === null) return 0;
    try {
      return rupeesToPaise(v);
    } catch (e) {
      this.fail(`${path}.${key}`, 'READ_AMOUNT', e instanceof Error ? e.message : 'bad amount');
      return 0;
    }
  }

  /** 'DD-MM-YYYY' to ISO. */
  date(o: JsonObject, key: string, path: string, required: true): string;
  date(o: JsonObject, key: string, path: string, required: false): string | null;
  date(o: JsonObject, key: string, path: string, required: boolean): string | null {
    const t = required ? this.text(o, key, path, true) : this.text(o, key, path, false);
    if (!t) return required ? '' : null;
    const iso = parsePortalDate(t);
    if (iso === null) this.fail(`${path}.${key}`, 'READ_DATE', `"${t}" is not a DD-MM-YYYY date`);
    return iso ?? (required ? '' : null);
  }

  flag(o: JsonObject, key: string, path: string): boolean | null {
    const t = this.text(o, key, path, false);
    if (t === null) return null;
    const u = t.toUpperCase();
    if (u === 'Y') return true;
    if (u === 'N') return false;
    this.fail(`${path}.${key}`, 'READ_VALUE', `expected Y or N, got "${t}"`);
    return null;
  }

  itcAvailability(o: JsonObject, key: string, path: string): 'Y' | 'N' | 'T' | null {
    const t = this.text(o, key, path, false);
    if (t === null) return null;
    const u = t.toUpperCase();
    if (u === 'Y' || u === 'N' || u === 'T') return u;
    this.fail(`${path}.${key}`, 'READ_VALUE', `expected Y, N or T, got "${t}"`);
    return null;
  }
}

/** A record with everything empty, for the readers to fill in. */
export const blankRecord = (source: InwardRecord['source'], recipientGstin: string, returnPeriod: string, path: string): InwardRecord => ({
  id: `${source}:${recipientGstin}:${returnPeriod}:${path}`,
  source,
  path,
  recipientGstin,
  returnPeriod,
  section: 'b2b',
  listing: 'available',
  supplierGstin: '',
  supplierName: undefined,
  documentType: 'INV',
  documentNumber: '',
  documentDate: '',
  placeOfSupply: undefined,
  isReverseCharge: false,
  taxable: 0,
  igst: 0,
  cgst: 0,
  sgst: 0,
  cess: 0,
  invoiceValue: 0,
  supplyType: null,
  items: [],
  rates: [],
  itcAvailability: null,
  itcUnavailableReason: null,
  supplierFilingDate: null,
  supplierFilingPeriod: null,
  irn: null,
  irnDate: null,
  sourceType: null,
  isAmendment: false,
  original: null,
  portCode: null,
  differentialPercent: null,
  imsStatus: null,
  supplierFiledGstr1: null,
  supplierFiledGstr3b: null,
  supplierCancellationDate: null,
  amendedInPeriod: null,
  amendmentType: null,
  referencedInvoice: null,
});

/** Fills taxable and tax heads from the items when the document itself does not carry them. */
export const totalsFromItems = (r: InwardRecord, hasDocumentAmounts: boolean): void => {
  r.rates = [...new Set(r.items.map((i) => i.rate))].sort((a, b) => a - b);
  if (hasDocumentAmounts || r.items.length === 0) return;
  for (const i of r.items) {
    r.taxable += i.taxable;
    r.igst += i.igst;
    r.cgst += i.cgst;
    r.sgst += i.sgst;
    r.cess += i.cess;
  }
};

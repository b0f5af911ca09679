// Reading an uploaded JSON and telling which official format it is: the GST portal's GSTR-1 (save format,
// saveGSTR1Schema.json) or the e-invoice (INV-01, NIC schema v1.1: one invoice, or an array of them as the bulk tools
// write), both sales documents; or the GSTR-2A / GSTR-2B JSON a recipient downloads from the portal (the API's answer
// shape, read by the domain's parseGstr2a / parseGstr2b), stored as the portal's data of that GSTIN and period, as a
// download is. Anything else is refused: a JSON has no columns of ours to map.
import { readFile } from 'node:fs/promises';
import { AppError } from '../../../platform/errors';

export type Json = Record<string, unknown>;
export type OfficialJson =
  | { kind: 'gstr1'; file: Json }
  | { kind: 'einvoice'; invoices: Json[]; single: boolean }
  | { kind: 'gstr2a'; file: Json; gstin: string; period: string }
  | { kind: 'gstr2b'; file: Json; gstin: string; period: string };
export type OfficialJsonKind = OfficialJson['kind'];

/** The portal's data of a recipient (GSTR-2A/2B): what an import of purchase documents accepts as JSON. */
export const INWARD_JSON_KINDS: readonly OfficialJsonKind[] = ['gstr2a', 'gstr2b'];
export const INWARD_JSON_NAMES = { gstr2a: 'GSTR-2A', gstr2b: 'GSTR-2B' } as const;

/**
 * A JSON is one document that has to be parsed whole (JSON.parse; a streaming parser would still keep every invoice
 * of a GSTR-1 section to turn it into rows). A month of one GSTIN is far below this cap, which keeps the parsed
 * objects (a few times the text) within memory whatever the upload size limit is.
 */
export const MAX_JSON_BYTES = 32 * 1024 * 1024;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInvoice = (value: unknown): value is Json =>
  isObject(value) && isObject(value.DocDtls) && isObject(value.SellerDtls) && Array.isArray(value.ItemList);

export const readOfficialJson = async (path: string, size: number): Promise<OfficialJson> => {
  if (size > MAX_JSON_BYTES)
    throw new AppError('IMP0028', {
      message: `The JSON file is larger than ${MAX_JSON_BYTES / 1024 / 1024} MB and cannot be read whole: split it by return period.`,
    });
  let json: unknown;
  try {
    // A byte-order mark is dropped by the decoder; text that is not UTF-8 is not JSON (RFC 8259).
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await readFile(path)));
  } catch {
    throw new AppError('IMP0027');
  }
  const inward = inwardJsonOf(json);
  if (inward) return inward;
  if (isObject(json) && typeof json.gstin === 'string' && typeof json.fp === 'string') return { kind: 'gstr1', file: json };
  if (isInvoice(json)) return { kind: 'einvoice', invoices: [json], single: true };
  if (Array.isArray(json) && json.length > 0 && json.every(isInvoice)) return { kind: 'einvoice', invoices: json, single: false };
  throw new AppError('IMP0026');
};

/** Sections only a GSTR-2A has (a GSTR-1 names its notes cdnr/cdnur, and has no ISD or imports). */
const GSTR2A_ONLY_SECTIONS = ['cdn', 'cdna', 'isd', 'isda', 'impg', 'impgsez', 'tds', 'tcs'];
/** What a GSTR-2A says of each supplier and a GSTR-1 never does: its filing status and date (GSTR-2A API, b2b). */
const SUPPLIER_FILING_KEYS = ['cfs', 'cfs3b', 'fldtr1', 'flprdr1', 'dtcancel'];

/**
 * GSTR-2B: `data.gstin` and `data.rtnprd` (the API's answer and the portal's download). GSTR-2A: `gstin` and `fp`, as a
 * GSTR-1 has, but with a section only a 2A has or a supplier's filing status; the API's answer may wrap it in `data`.
 */
const inwardJsonOf = (json: unknown): OfficialJson | null => {
  if (!isObject(json)) return null;
  const data = isObject(json.data) ? json.data : null;
  if (data && typeof data.gstin === 'string' && typeof data.rtnprd === 'string')
    return { kind: 'gstr2b', file: json, gstin: data.gstin, period: data.rtnprd };
  const root = data && json.b2b === undefined ? data : json;
  if (typeof root.gstin !== 'string' || typeof root.fp !== 'string') return null;
  const isGstr2a =
    GSTR2A_ONLY_SECTIONS.some((key) => root[key] !== undefined) ||
    ['b2b', 'b2ba'].some((key) => list(root[key]).some((supplier) => SUPPLIER_FILING_KEYS.some((k) => supplier[k] !== undefined)));
  return isGstr2a || root !== json ? { kind: 'gstr2a', file: json, gstin: root.gstin, period: root.fp } : null;
};

/** A JSON value as the text a spreadsheet cell would hold: numbers as JavaScript prints them, absent as blank. */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

export const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

export const object = (value: unknown): Json => (isObject(value) ? value : {});

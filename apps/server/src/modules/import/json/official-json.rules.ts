// Reading an uploaded JSON and telling which official format it is: the GST portal's GSTR-1 (save format,
// saveGSTR1Schema.json) or the e-invoice (INV-01, NIC schema v1.1: one invoice, or an array of them as the bulk tools
// write). Anything else is refused: a JSON has no columns of ours to map.
import { readFile } from 'node:fs/promises';
import { AppError } from '../../../platform/errors';

export type Json = Record<string, unknown>;
export type OfficialJson = { kind: 'gstr1'; file: Json } | { kind: 'einvoice'; invoices: Json[]; single: boolean };

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
  if (isObject(json) && typeof json.gstin === 'string' && typeof json.fp === 'string') return { kind: 'gstr1', file: json };
  if (isInvoice(json)) return { kind: 'einvoice', invoices: [json], single: true };
  if (Array.isArray(json) && json.length > 0 && json.every(isInvoice)) return { kind: 'einvoice', invoices: json, single: false };
  throw new AppError('IMP0026');
};

/** A JSON value as the text a spreadsheet cell would hold: numbers as JavaScript prints them, absent as blank. */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

export const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

export const object = (value: unknown): Json => (isObject(value) ? value : {});

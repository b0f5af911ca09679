// IMS reader: the GST portal's Invoice Management System, the answer of its "get invoices" API (GETINV on
// returns/ims of GSTN's taxpayer API): the records suppliers saved or filed in GSTR-1, GSTR-1A or IFF naming the
// buyer, with the buyer's action on each (accept, reject, pending, none: deemed accepted when GSTR-2B is generated).
//
// Field names, section names and value codes follow GSTN's IMS API documentation: its field tables (as in the sheet
// "IMS - Reset Ims Action - Request(Data)", docs.google.com/spreadsheets/d/1RoOG1EWJB1z0RUqmcbUd6f7rMeMWO6dc: stin,
// inum, inv_typ, srcform, rtnprd, idt, val, txval, iamt, camt, samt, cess, pos; oinum/oidt, nt_num/nt_dt,
// ont_num/ont_dt for amendments and notes; sections b2b, b2ba, b2bdn, b2bdna, b2bcn, b2bcna, ecom, ecoma) and the
// GETINV answer as GSPs relay it unchanged from that documentation (action A/R/P/N, ispendactblocked, srcfilstatus
// "Filed"/"Not Filed", hash: docs.enriched-api.vayana.com, routes/basic/gstn/apis/returns/IMS/IMS - Get Invoices;
// developer.sandbox.co.in, gst/compliance/endpoints/taxpayer/invoices). The October 2025 fields (remarks,
// isRemarksBlocked, itcRedReq, declIgst/declCgst/declSgst/declCess, isItcRedReqBlocked; GSTN advisory of 23 Sep
// 2025) as the SAVE request of the same documentation names them. Import sections (impg, impga, impgsez, impgseza,
// from the October 2025 period: boenum, boedt, portcd, txval, igst, cess) could not be confirmed against GSTN's own
// table: read as one published client of the API names them, the 2B's names (portcode, iamt) accepted too.
import { rupeesToPaise } from '../../money/amount';
import { JsonReader, isObject, type JsonObject, type ReadIssue } from './common';

export const IMS_SECTIONS = [
  'b2b',
  'b2ba',
  'b2bdn',
  'b2bdna',
  'b2bcn',
  'b2bcna',
  'ecom',
  'ecoma',
  'impg',
  'impga',
  'impgsez',
  'impgseza',
] as const;
export type ImsSection = (typeof IMS_SECTIONS)[number];

/** The buyer's action: the API's codes A, R, P, N. No action is deemed accepted when GSTR-2B is generated. */
export type ImsAction = 'Accepted' | 'Rejected' | 'Pending' | 'NoAction';

/** Where the supplier reported the record (the API's srcform: R1, R1A, IFF). */
export type ImsSourceForm = 'GSTR-1' | 'GSTR-1A' | 'IFF';

export type ImsRecord = {
  /** JSON path of the record in the answer (`$.data.b2b[0]`). */
  path: string;
  section: ImsSection;
  isAmendment: boolean;
  /** null for imports from abroad (impg, impga), which have no supplier GSTIN. */
  supplierGstin: string | null;
  /** The supplier's trade name, when the answer carries one (tradenm). */
  supplierName: string | null;
  documentType: 'INV' | 'CRN' | 'DBN' | 'BOE';
  documentNumber: string;
  /** ISO YYYY-MM-DD. */
  documentDate: string;
  /** The document an amendment replaces (oinum/oidt, ont_num/ont_dt); null otherwise. */
  originalDocumentNumber: string | null;
  originalDocumentDate: string | null;
  /** inv_typ as given: R (regular), SEWP/SEWOP (SEZ with or without payment), DE (deemed export), CBW ... */
  supplyType: string | null;
  placeOfSupply: string | null;
  /** Paise; null when the answer carries no value (imports). */
  invoiceValue: number | null;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  imsAction: ImsAction;
  /** The portal does not allow Pending for this record (ispendactblocked). */
  isPendingActionBlocked: boolean;
  /** Remarks are not allowed (isRemarksBlocked); null when the answer does not say. */
  isRemarksBlocked: boolean | null;
  /** An ITC reduction may not be declared (isItcRedReqBlocked); null when the answer does not say. */
  isItcReductionBlocked: boolean | null;
  /** The buyer's remarks on a rejected or pending record (October 2025 rules). */
  remarks: string | null;
  /**
   * On accepting a credit note or a downward amendment (October 2025 rules), whether the buyer declared that ITC
   * must be reduced (itcRedReq), and by how much per head (paise; null when not given: with itcRedReq Y and no
   * amounts the portal reads the whole tax of the record).
   */
  itcReductionRequired: boolean | null;
  declaredIgst: number | null;
  declaredCgst: number | null;
  declaredSgst: number | null;
  declaredCess: number | null;
  /** Whether the supplier filed the return holding the record (srcfilstatus "Filed"), or only saved it. */
  supplierFilingStatus: 'Filed' | 'NotFiled' | null;
  sourceForm: ImsSourceForm | null;
  /** The supplier's return period, MMYYYY (rtnprd). */
  supplierPeriod: string | null;
  /** Imports: the port code of the bill of entry. */
  portCode: string | null;
  /** The portal's hash of the record's version: an action taken on another version of it does not hold. */
  hash: string | null;
};

export type ImsReadResult = { ok: true; records: ImsRecord[]; warnings: ReadIssue[] } | { ok: false; errors: ReadIssue[] };

const ACTIONS: Record<string, ImsAction> = { A: 'Accepted', R: 'Rejected', P: 'Pending', N: 'NoAction' };

/** srcform codes; GSTR-1 and IFF records both come as R1 in the samples of the documentation. */
const SOURCE_FORMS: Record<string, ImsSourceForm> = {
  R1: 'GSTR-1',
  GSTR1: 'GSTR-1',
  R1A: 'GSTR-1A',
  GSTR1A: 'GSTR-1A',
  IFF: 'IFF',
};

const FILING_STATUSES: Record<string, 'Filed' | 'NotFiled'> = { FILED: 'Filed', F: 'Filed', NOTFILED: 'NotFiled', NF: 'NotFiled' };

type Shape = {
  documentType: ImsRecord['documentType'];
  number: string;
  date: string;
  /** Keys of the amended document (amendment sections). */
  original: readonly [string, string] | null;
};

const SHAPES: Record<ImsSection, Shape> = {
  b2b: { documentType: 'INV', number: 'inum', date: 'idt', original: null },
  b2ba: { documentType: 'INV', number: 'inum', date: 'idt', original: ['oinum', 'oidt'] },
  b2bdn: { documentType: 'DBN', number: 'nt_num', date: 'nt_dt', original: null },
  b2bdna: { documentType: 'DBN', number: 'nt_num', date: 'nt_dt', original: ['ont_num', 'ont_dt'] },
  b2bcn: { documentType: 'CRN', number: 'nt_num', date: 'nt_dt', original: null },
  b2bcna: { documentType: 'CRN', number: 'nt_num', date: 'nt_dt', original: ['ont_num', 'ont_dt'] },
  ecom: { documentType: 'INV', number: 'inum', date: 'idt', original: null },
  ecoma: { documentType: 'INV', number: 'inum', date: 'idt', original: ['oinum', 'oidt'] },
  impg: { documentType: 'BOE', number: 'boenum', date: 'boedt', original: null },
  impga: { documentType: 'BOE', number: 'boenum', date: 'boedt', original: null },
  impgsez: { documentType: 'BOE', number: 'boenum', date: 'boedt', original: null },
  impgseza: { documentType: 'BOE', number: 'boenum', date: 'boedt', original: null },
};

const KNOWN = new Set<string>(IMS_SECTIONS);
const isImport = (section: ImsSection): boolean => section.startsWith('impg');

/** The first of these keys the object carries. */
const keyOf = (o: JsonObject, ...keys: string[]): string => keys.find((k) => o[k] !== undefined && o[k] !== null) ?? keys[0]!;

/** Y/N (or a JSON boolean, as some relays send the flags); null when absent. */
const yesNo = (r: JsonReader, o: JsonObject, key: string, path: string): boolean | null => {
  const v = o[key];
  if (typeof v === 'boolean') return v;
  return r.flag(o, key, path);
};

/** Rupees to paise, null when absent. */
const optionalPaise = (r: JsonReader, o: JsonObject, key: string, path: string): number | null => {
  const v = r.number(o, key, path);
  if (v === null) return null;
  try {
    return rupeesToPaise(v);
  } catch (e) {
    r.fail(`${path}.${key}`, 'READ_AMOUNT', e instanceof Error ? e.message : 'bad amount');
    return null;
  }
};

const readRecord = (r: JsonReader, section: ImsSection, o: JsonObject, path: string): ImsRecord => {
  const shape = SHAPES[section];
  const imports = isImport(section);
  const stinKey = keyOf(o, 'stin', 'ctin');
  // Imports from abroad have no supplier GSTIN; from a SEZ unit they may name it.
  const supplier =
    section === 'impg' || section === 'impga' ? null : imports ? r.text(o, stinKey, path, false) : r.text(o, stinKey, path, true);
  const actionCode = r.text(o, 'action', path, false);
  let imsAction: ImsAction = 'NoAction';
  if (actionCode === null) r.warn(`${path}.action`, 'READ_MISSING', 'no action given: read as no action (deemed accepted)');
  else {
    const a = ACTIONS[actionCode.toUpperCase()];
    if (a) imsAction = a;
    else r.fail(`${path}.action`, 'READ_VALUE', `expected A, R, P or N, got "${actionCode}"`);
  }
  const srcform = r.text(o, 'srcform', path, false);
  const sourceForm = srcform === null ? null : (SOURCE_FORMS[srcform.toUpperCase().replace(/[^A-Z0-9]/g, '')] ?? null);
  if (srcform !== null && sourceForm === null) r.warn(`${path}.srcform`, 'READ_VALUE', `unknown source form "${srcform}", not read`);
  const filing = r.text(o, 'srcfilstatus', path, false);
  const supplierFilingStatus = filing === null ? null : (FILING_STATUSES[filing.toUpperCase().replace(/[^A-Z]/g, '')] ?? null);
  if (filing !== null && supplierFilingStatus === null) {
    r.warn(`${path}.srcfilstatus`, 'READ_VALUE', `unknown filing status "${filing}", not read`);
  }
  let supplierPeriod = r.text(o, 'rtnprd', path, false);
  if (supplierPeriod !== null && !/^(0[1-9]|1[0-2])\d{4}$/.test(supplierPeriod)) {
    r.warn(`${path}.rtnprd`, 'READ_VALUE', `"${supplierPeriod}" is not a MMYYYY return period, not read`);
    supplierPeriod = null;
  }
  // ispendactblocked; older answers of the documentation called it ispendactnallwd ("pending action not allowed").
  const pendingBlocked = yesNo(r, o, keyOf(o, 'ispendactblocked', 'ispendactnallwd'), path);
  return {
    path,
    section,
    isAmendment: section.endsWith('a'),
    supplierGstin: supplier === null ? null : supplier.toUpperCase(),
    supplierName: r.text(o, keyOf(o, 'tradenm', 'trdnm'), path, false),
    documentType: shape.documentType,
    documentNumber: r.text(o, shape.number, path, true),
    documentDate: r.date(o, shape.date, path, true),
    originalDocumentNumber: shape.original ? r.text(o, shape.original[0], path, true) : null,
    originalDocumentDate: shape.original ? r.date(o, shape.original[1], path, false) : null,
    supplyType: r.text(o, 'inv_typ', path, false),
    placeOfSupply: r.text(o, 'pos', path, false),
    invoiceValue: optionalPaise(r, o, 'val', path),
    taxable: r.paise(o, 'txval', path),
    igst: r.paise(o, imports ? keyOf(o, 'igst', 'iamt') : 'iamt', path),
    cgst: r.paise(o, 'camt', path),
    sgst: r.paise(o, 'samt', path),
    cess: r.paise(o, 'cess', path),
    imsAction,
    isPendingActionBlocked: pendingBlocked ?? false,
    isRemarksBlocked: yesNo(r, o, 'isRemarksBlocked', path),
    isItcReductionBlocked: yesNo(r, o, 'isItcRedReqBlocked', path),
    remarks: r.text(o, 'remarks', path, false),
    itcReductionRequired: yesNo(r, o, 'itcRedReq', path),
    declaredIgst: optionalPaise(r, o, 'declIgst', path),
    declaredCgst: optionalPaise(r, o, 'declCgst', path),
    declaredSgst: optionalPaise(r, o, 'declSgst', path),
    declaredCess: optionalPaise(r, o, 'declCess', path),
    supplierFilingStatus,
    sourceForm,
    supplierPeriod,
    portCode: imports ? r.text(o, keyOf(o, 'portcd', 'portcode'), path, false) : null,
    hash: r.text(o, 'hash', path, false),
  };
};

/**
 * Reads the IMS "get invoices" answer: the sections object itself, or wrapped in `data` (the portal's envelope,
 * `{ status_cd, data }`, once or twice as relays wrap it). Every problem is reported with its JSON path; any error
 * makes the result `{ ok: false, errors }`; unknown keys and unknown codes of fields the reconciliation does not
 * rely on are warnings.
 */
export const parseIms = (json: unknown): ImsReadResult => {
  const r = new JsonReader();
  if (!isObject(json)) {
    r.fail('$', 'READ_TYPE', 'expected an IMS JSON object');
    return { ok: false, errors: r.errors };
  }
  let root: JsonObject = json;
  let base = '$';
  for (let depth = 0; depth < 2; depth++) {
    const inner = root['data'];
    if (Object.keys(root).some((k) => KNOWN.has(k)) || !isObject(inner)) break;
    root = inner;
    base += '.data';
  }
  const keys = Object.keys(root);
  if (keys.length > 0 && !keys.some((k) => KNOWN.has(k))) {
    r.fail(base, 'READ_SHAPE', `no IMS section (${IMS_SECTIONS.join(', ')}): not an IMS answer`);
    return { ok: false, errors: r.errors };
  }
  for (const key of keys) if (!KNOWN.has(key)) r.warn(`${base}.${key}`, 'READ_SHAPE', 'unknown section, not read');
  const records: ImsRecord[] = [];
  for (const section of IMS_SECTIONS) {
    r.array(root, section, base, false).forEach((item, k) => {
      const path = `${base}.${section}[${k}]`;
      const o = r.object(item, path);
      if (o) records.push(readRecord(r, section, o, path));
    });
  }
  if (r.errors.length > 0) return { ok: false, errors: r.errors };
  return { ok: true, records, warnings: r.warnings };
};

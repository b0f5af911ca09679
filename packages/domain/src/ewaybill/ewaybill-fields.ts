// The field rules of the NIC e-way bill API v1.03 GENEWAYBILL request as checks that report a problem and return the
// value to write, so that buildEwaybill reads as the JSON it builds.
import { formatPortalDate, isIsoDate } from '../dates/calendar';
import { gstinIssue, GSTIN_MESSAGES } from '../identity/gstin';
import { stateFromCode } from '../identity/states';
import type { EwaybillProblem, EwaybillProblemCode } from './ewaybill-input';

/** docNo: 1 to 16 letters, digits, "/" and "-" (NIC v1.03; Rule 46(b)). */
export const EWB_DOC_NO = /^[a-zA-Z0-9/-]{1,16}$/;
/** transDocNo: 1 to 15 letters, digits, "/" and "-". */
export const EWB_TRANS_DOC_NO = /^[a-zA-Z0-9/-]{1,15}$/;
const GSTIN_SHAPE = /^[0-9]{2}[0-9A-Z]{13}$/;
/** hsnCode: a number of 2 to 8 digits, not all zeros (NIC sends it as a number). */
const HSN = /^(?!0+$)[0-9]{2,8}$/;
const VEHICLE_MAX = 20;

// Valid formats of vehicle numbers, as the NIC portals' general master lists them (einvoice6.gst.gov.in/content/general-master,
// updated 28-03-2023): AB121234, AB12A1234, AB12AB1234, ABC1234, AB123A1234, AB12ABC1234 (AB the State's letters),
// DF… (defence vehicle), TM… (temporary registration, at least 7 characters), BP… (Bhutan) and NP… (Nepal) vehicles, at
// least 7 characters. Bharat series numbers (22BH1234AA) are not on that list.
const VEHICLE_FORMATS: readonly RegExp[] = [
  /^[A-Z]{2}[0-9]{2}[0-9]{4}$/,
  /^[A-Z]{2}[0-9]{2}[A-Z][0-9]{4}$/,
  /^[A-Z]{2}[0-9]{2}[A-Z]{2}[0-9]{4}$/,
  /^[A-Z]{3}[0-9]{4}$/,
  /^[A-Z]{2}[0-9]{3}[A-Z][0-9]{4}$/,
  /^[A-Z]{2}[0-9]{2}[A-Z]{3}[0-9]{4}$/,
  /^DF[A-Z0-9]{6,18}$/,
  /^(TM|BP|NP)[A-Z0-9]{5,18}$/,
];

/** A vehicle number as the portal takes it: spaces and hyphens removed, upper case. */
export const normalizeVehicleNumber = (v: string): string => v.replace(/[\s-]/g, '').toUpperCase();

/** Whether a (normalized) vehicle number fits one of the NIC formats. */
export const isEwaybillVehicleNumber = (v: string): boolean => v.length <= VEHICLE_MAX && VEHICLE_FORMATS.some((re) => re.test(v));

export const isBlank = (s: string | null | undefined): s is null | undefined | '' => s === null || s === undefined || s.trim() === '';
export const rupeeText = (paise: number): string => `₹${(paise / 100).toFixed(2)}`;

/** { [key]: value } when value is defined, {} otherwise (the JSON leaves optional members out). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** The field checks, each reporting into `problems`; `sandbox` accepts test GSTINs. */
export function ewaybillChecks(problems: EwaybillProblem[], sandbox: boolean) {
  const add = (code: EwaybillProblemCode, field: string, message: string): void => {
    problems.push({ code, field, message });
  };
  const format = (field: string, message: string): void => add('FIELD_FORMAT', field, message);

  /** Trimmed text of at most `max` characters; undefined when blank. */
  const text = (field: string, value: string | null | undefined, max: number): string | undefined => {
    if (isBlank(value)) return undefined;
    const t = value.trim();
    if (t.length > max) format(field, `${field} must be at most ${max} characters (it has ${t.length}).`);
    return t;
  };
  const date = (field: string, iso: string | null | undefined): string => {
    const d = (iso ?? '').trim();
    if (!isIsoDate(d)) {
      format(field, `${field} must be a date (YYYY-MM-DD), not "${d}".`);
      return d;
    }
    return formatPortalDate(d, '/');
  };
  const pincode = (field: string, value: number | string | null | undefined): number => {
    const s = typeof value === 'number' ? String(value) : (value ?? '').trim();
    if (!/^[1-9][0-9]{5}$/.test(s)) {
      format(field, `${field} must be a 6-digit PIN code, not "${s}".`);
      return /^\d+$/.test(s) ? Number(s) : 0;
    }
    return Number(s);
  };
  /** A state code of the GST list as the API's number; `allowOtherCountry` admits 99 (export's toStateCode). */
  const state = (field: string, value: string | null | undefined): number => {
    const st = stateFromCode(value ?? '');
    if (st === undefined || !st.isPlaceOfSupply || st.code === '96') {
      format(field, `${field} must be a state code of the GST list (01 to 38 or 97), not "${value ?? ''}".`);
      return /^\d{1,2}$/.test((value ?? '').trim()) ? Number(value) : 0;
    }
    return Number(st.code);
  };
  /** A GSTIN, or "URP" where `allowUrp` (an unregistered person; blank counts as URP). */
  const gstin = (field: string, value: string | null | undefined, allowUrp: boolean): string => {
    const g = (value ?? '').trim().toUpperCase();
    if (allowUrp && (g === 'URP' || g === '')) return 'URP';
    const issue = gstinIssue(g, sandbox);
    if (issue !== null || !GSTIN_SHAPE.test(g)) format(field, `${field}: ${issue === null ? 'not a GSTIN.' : GSTIN_MESSAGES[issue]}`);
    return g;
  };
  const transporterId = (value: string | null | undefined): string | undefined => {
    if (isBlank(value)) return undefined;
    const id = value.trim().toUpperCase();
    if (!GSTIN_SHAPE.test(id)) format('transporterId', `The transporter ID must be a GSTIN or TRANSIN (15 characters), not "${id}".`);
    return id;
  };
  const hsn = (field: string, value: string | null | undefined): number => {
    const h = (value ?? '').trim();
    if (!HSN.test(h)) {
      format(field, `${field}: the HSN code must be 2 to 8 digits, not "${h}".`);
      return 0;
    }
    return Number(h);
  };
  return { add, format, text, date, pincode, state, gstin, transporterId, hsn };
}

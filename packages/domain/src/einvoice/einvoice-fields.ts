// The field rules of the NIC e-invoice schema v1.1 (schema/nic_einvoice_schema_v1.1.json) as checks that report a
// problem and return the value to write, so that buildEinvoice reads as the JSON it builds.
import { isCurrencyCode } from '../codes/currencies';
import { formatPortalDate, isIsoDate, isoYear } from '../dates/calendar';
import { gstinIssue, GSTIN_MESSAGES } from '../identity/gstin';
import { isPlaceOfSupplyCode, stateFromCode } from '../identity/states';
import { paiseToRupees } from '../money/amount';
import { mulDivRoundHalfAway } from '../money/rounding';
import { quantityToMilli } from '../tax/compute-tax';
import type { EinvoiceEwbDtls } from './einvoice-json';
import type { EinvoiceEwaybillDetails, EinvoiceProblem, EinvoiceProblemCode, IrpErrorCode } from './einvoice-input';

// Patterns of schema/nic_einvoice_schema_v1.1.json (the (?i) of the as-published file dropped: JavaScript has none).
export const DOC_NO = /^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$/;
export const PREC_DOC_NO = /^[1-9a-zA-Z][0-9a-zA-Z/-]{1,15}$/;
const GSTIN_SHAPE = /^[0-9]{2}[0-9A-Z]{13}$/;
export const HSN = /^(?!0+$)([0-9]{4}|[0-9]{6}|[0-9]{8})$/;
export const UNIT = /^[A-Za-z]{3,8}$/;
const PHONE = /^[0-9]{6,12}$/;
const EMAIL = /^[a-zA-Z0-9+_.-]+@[a-zA-Z0-9.-]+$/;
const PORT = /^[0-9A-Za-z]{2,10}$/;
const COUNTRY = /^[A-Z]{2}$/;
const TRANS_DOC_NO = /^[a-zA-Z0-9/-]{1,15}$/;
const VEHICLE = /^[A-Za-z0-9]{4,20}$/;
// The schema's date pattern [0-3][0-9]/[0-1][0-9]/20[1-2][0-9] admits years 2010 to 2029 only.
const SCHEMA_FIRST_YEAR = 2010;
const SCHEMA_LAST_YEAR = 2029;

export const isBlank = (s: string | null | undefined): s is null | undefined | '' => s === null || s === undefined || s.trim() === '';
export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
/** Rupees of an amount in paise; 0 for what is no amount (NaN, beyond the safe range), which the caller reports. */
export const rupees = (paise: number): number => (Number.isSafeInteger(Math.round(paise)) ? paiseToRupees(Math.round(paise)) : 0);
export const rupeeText = (paise: number): string => `₹${(paise / 100).toFixed(2)}`;

/** The checks of the schema's field rules, each reporting into `problems`; `sandbox` accepts test GSTINs. */
export function fieldChecks(problems: EinvoiceProblem[], sandbox: boolean) {
  const add = (code: EinvoiceProblemCode, field: string, message: string, irpErrorCode: IrpErrorCode | null = null): void => {
    problems.push({ code, irpErrorCode, field, message });
  };
  const format = (field: string, message: string): void => add('FIELD_FORMAT', field, message);

  /** Trimmed text within the schema's bounds, without the double quote its pattern forbids; undefined when blank. */
  const text = (field: string, value: string | null | undefined, min: number, max: number, required = false): string | undefined => {
    if (isBlank(value)) {
      if (required) format(field, `${field} is required.`);
      return required ? '' : undefined;
    }
    const t = value.trim();
    if (t.length < min || t.length > max) format(field, `${field} must be ${min} to ${max} characters (it has ${t.length}).`);
    if (t.includes('"')) format(field, `${field} may not contain a double quote (").`);
    return t;
  };
  const date = (field: string, iso: string | null | undefined): string => {
    const d = (iso ?? '').trim();
    if (!isIsoDate(d)) {
      format(field, `${field} must be a date (YYYY-MM-DD), not "${d}".`);
      return d;
    }
    const y = isoYear(d);
    if (y < SCHEMA_FIRST_YEAR || y > SCHEMA_LAST_YEAR)
      format(field, `${field}: the e-invoice schema v1.1 accepts dates from 2010 to 2029 only.`);
    return formatPortalDate(d, '/');
  };
  const pin = (field: string, value: number | string | null | undefined, required: boolean): number | undefined => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      if (required) format(field, `${field} (PIN code) is required.`);
      return undefined;
    }
    const n = typeof value === 'number' ? value : /^\d{6}$/.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isInteger(n) || n < 100000 || n > 999999) format(field, `${field} must be a 6-digit PIN code.`);
    return Number.isFinite(n) ? n : 0;
  };
  const state = (field: string, value: string | null | undefined): string => {
    const code = stateFromCode(value ?? '')?.code;
    if (code === undefined || !isPlaceOfSupplyCode(code)) {
      format(field, `${field} must be a state code from the GST list (01 to 38, 96 or 97), not "${value ?? ''}".`);
      return (value ?? '').trim();
    }
    return code;
  };
  const gstin = (field: string, value: string | null | undefined, allowUrp: boolean): string => {
    const g = (value ?? '').trim().toUpperCase();
    if (allowUrp && g === 'URP') return g;
    const issue = gstinIssue(g, sandbox);
    if (issue !== null || !GSTIN_SHAPE.test(g)) format(field, `${field}: ${issue === null ? 'not a GSTIN.' : GSTIN_MESSAGES[issue]}`);
    return g;
  };
  const phone = (field: string, value: string | null | undefined): string | undefined => {
    if (isBlank(value)) return undefined;
    const digits = value.replace(/[\s().+-]/g, '');
    if (!PHONE.test(digits)) format(field, `${field} must be 6 to 12 digits.`);
    return digits;
  };
  const email = (field: string, value: string | null | undefined): string | undefined => {
    const e = text(field, value, 6, 100);
    if (e !== undefined && !EMAIL.test(e)) format(field, `${field} is not an e-mail address.`);
    return e;
  };
  /** A quantity in thousandths (Qty has 3 decimals, at most 9,999,999,999.999); 0 when absent or unusable. */
  const quantityMilli = (field: string, quantity: number | null | undefined): number => {
    if (quantity === null || quantity === undefined) return 0;
    if (!Number.isFinite(quantity) || quantity < 0 || quantity > 9_999_999_999.999) {
      format(field, `${field} must be a quantity from 0 to 9999999999.999.`);
      return 0;
    }
    return quantityToMilli(quantity);
  };
  const amount = (field: string, paise: number): number => {
    if (!Number.isSafeInteger(paise)) format(field, `${field} must be a whole number of paise.`);
    else if (paise < 0)
      add('NEGATIVE_AMOUNT', field, `${field} may not be negative (${rupeeText(paise)}); a credit note carries positive amounts.`);
    return rupees(paise);
  };
  return { add, format, text, date, pin, state, gstin, phone, email, quantityMilli, amount };
}

/** a × b / c rounded half away from zero, or NaN when the result leaves the safe integer range (reported by the caller). */
export function mulDivWithin(a: number, b: number, c: number): number {
  const approx = (a * b) / c;
  return Number.isFinite(approx) && Math.abs(approx) < 2 ** 52 ? mulDivRoundHalfAway(a, b, c) : Number.NaN;
}

/** { [key]: value } when value is defined, {} otherwise (the JSON leaves optional members out). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

type Report = (field: string, message: string) => void;

export function countryCode(field: string, value: string | null | undefined, format: Report): string | undefined {
  if (isBlank(value)) return undefined;
  const c = value.trim().toUpperCase();
  if (!COUNTRY.test(c)) format(field, `${field} must be a 2-letter country code (ISO 3166), not "${c}".`);
  return c;
}

export function portCode(value: string | null | undefined, format: Report): string | undefined {
  if (isBlank(value)) return undefined;
  const p = value.trim().toUpperCase();
  if (!PORT.test(p)) format('ExpDtls.Port', `The port code must be 2 to 10 letters or digits, not "${p}".`);
  return p;
}

export function currency(value: string | null | undefined, format: Report): string | undefined {
  if (isBlank(value)) return undefined;
  const c = value.trim().toUpperCase();
  if (!isCurrencyCode(c)) format('ExpDtls.ForCur', `"${c}" is not a currency code of the NIC list.`);
  return c;
}

/** A transporter's GSTIN or enrolment number (TRANSIN): the same 15-character shape. */
export function transporterId(value: string | null | undefined, format: Report): string | undefined {
  if (isBlank(value)) return undefined;
  const id = value.trim().toUpperCase();
  if (!GSTIN_SHAPE.test(id)) format('EwbDtls.TransId', `The transporter ID must be a GSTIN or TRANSIN (15 characters), not "${id}".`);
  return id;
}

export function ewaybillDetails(
  ewb: EinvoiceEwaybillDetails,
  text: (field: string, value: string | null | undefined, min: number, max: number) => string | undefined,
  date: (field: string, iso: string | null | undefined) => string,
  format: Report,
): EinvoiceEwbDtls {
  // NIC: at most 4,000 km; 0 lets the portal compute the PIN-to-PIN distance (GST-RULES-DETAIL §4).
  if (!Number.isInteger(ewb.distanceKm) || ewb.distanceKm < 0 || ewb.distanceKm > 4000)
    format('EwbDtls.Distance', `The distance must be a whole number of kilometres from 0 to 4000, not ${ewb.distanceKm}.`);
  const docNo = isBlank(ewb.transportDocumentNumber) ? undefined : ewb.transportDocumentNumber.trim();
  if (docNo !== undefined && !TRANS_DOC_NO.test(docNo))
    format('EwbDtls.TransDocNo', `The transport document number must be 1 to 15 letters, digits, / or -, not "${docNo}".`);
  // Vehicle numbers are written with spaces and hyphens ("KA 01 AB 1234"); the schema takes letters and digits only.
  const vehicle = isBlank(ewb.vehicleNumber) ? undefined : ewb.vehicleNumber.replace(/[\s-]/g, '').toUpperCase();
  if (vehicle !== undefined && !VEHICLE.test(vehicle))
    format('EwbDtls.VehNo', `The vehicle number must be 4 to 20 letters and digits, not "${vehicle}".`);
  return {
    ...optional('TransId', transporterId(ewb.transporterId, format)),
    ...optional('TransName', text('EwbDtls.TransName', ewb.transporterName, 3, 100)),
    ...optional('TransMode', ewb.transportMode ?? undefined),
    Distance: ewb.distanceKm,
    ...optional('TransDocNo', docNo),
    ...optional('TransDocDt', isBlank(ewb.transportDocumentDate) ? undefined : date('EwbDtls.TransDocDt', ewb.transportDocumentDate)),
    ...optional('VehNo', vehicle),
    ...optional('VehType', ewb.vehicleType ?? undefined),
  };
}

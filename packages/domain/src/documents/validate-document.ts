// Validates one document against the GST law and the official formats. The same function serves the import pipeline
// (millions of rows) and the live document screen, so the valid path allocates nothing: no regex is built per call,
// no array is created unless there is an issue, and derived context values are cached between calls.
import { isUqc } from '../codes/uqc';
import { isCurrencyCode } from '../codes/currencies';
import { isPortCodeFormat } from '../codes/ports';
import { isDocumentType } from '../codes/document-types';
import { daysBetween, isIsoDate, isoDateNumber, isoMonth, isoYear } from '../dates/calendar';
import { gstinIssue, GSTIN_MESSAGES, twoDigits } from '../identity/gstin';
import { isPlaceOfSupplyNumber } from '../identity/states';
import { hsnMinimumDigitsNumber } from '../hsn/hsn';
import { mulDivRoundHalfAway } from '../money/rounding';
import { quantityToMilli } from '../tax/compute-tax';
import { isCompensationCessInForceNumber, rateStatusOnNumber, toMilliPercent } from '../tax/rates';
import { isEwaybillRequired } from '../ewaybill/ewaybill-thresholds';
import { type ValCode, type ValidationIssue, VAL_CODES } from './codes';
import type { DocumentInput, ValidationContext } from './document-input';
import {
  creditNoteDeadline,
  DOCUMENT_VALUE_WARNING_PAISE,
  EINVOICE_COMPILED,
  EINVOICE_REPORTING_COMPILED,
  EINVOICE_REPORTING_DAYS,
  thresholdOnNumber,
} from './thresholds';

export const NO_ISSUES: readonly ValidationIssue[] = Object.freeze([]);

const INTRA = 1;
const INTER = 2;

let issues: ValidationIssue[] | null = null;

function add(code: ValCode, propertyName?: string, detail?: string): void {
  const entry = VAL_CODES[code];
  (issues ??= []).push({
    code,
    message: detail === undefined ? entry.message : `${entry.message} ${detail}`,
    propertyName: propertyName ?? entry.propertyName,
    type: entry.type,
  });
}

// Derived values of the last return period seen (the import pipeline reuses one context for millions of rows).
let cachedPeriod: string | undefined;
let periodStart = -1;
let periodEnd = -1;
let cachedToday: string | undefined;
let todayNumber = -1;

function derivePeriod(period: string): boolean {
  if (period === cachedPeriod) return periodStart > 0;
  cachedPeriod = period;
  const m = twoDigits(period, 0);
  const y = period.length === 6 ? twoDigits(period, 2) * 100 + twoDigits(period, 4) : -1;
  if (m < 1 || m > 12 || y < 2017) {
    periodStart = periodEnd = -1;
    return false;
  }
  periodStart = y * 10000 + m * 100 + 1;
  periodEnd = y * 10000 + m * 100 + 31; // every real date of the month is at or before day "31"
  return true;
}

function deriveToday(today: string): number {
  if (today !== cachedToday) {
    cachedToday = today;
    todayNumber = isoDateNumber(today);
  }
  return todayNumber;
}

const GST_START_NUMBER = 20170701;

const isBlank = (s: string | null | undefined): s is null | undefined | '' => s === null || s === undefined || s === '';

/** Normalised GSTIN or null; uppercase/trim only when needed (allocation on the rare path). */
function checkGstin(value: string, sandbox: boolean, property: string): string | null {
  let g = value;
  let issue = gstinIssue(g, sandbox);
  if (issue !== null) {
    g = value.trim().toUpperCase();
    if (g !== value) issue = gstinIssue(g, sandbox);
  }
  if (issue === null) return g;
  add('VAL0437', property, GSTIN_MESSAGES[issue]);
  return null;
}

/** Two-digit state number of '07' / '7', or -1. */
function stateNumber(s: string | null | undefined): number {
  if (isBlank(s)) return -1;
  if (s.length === 2) return twoDigits(s, 0);
  if (s.length === 1) return twoDigits('0' + s, 0);
  return -1;
}

const canonicalState = (n: number): number => (n === 25 ? 26 : n);

/** Rule 46(b): 1-16 characters of letters, digits, '/' and '-', not only zeros, '/' and '-'. */
export function documentNumberValid(s: string): boolean {
  if (s.length > 16) return false;
  let significant = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 49 && c <= 57)) significant = true;
    else if (c !== 48 && c !== 47 && c !== 45) return false;
  }
  return significant;
}

/** Digits-only HSN of 2, 4, 6 or 8 digits, not all zeros. */
function hsnValid(s: string): boolean {
  if (s.length > 8 || s.length % 2 === 1) return false;
  let nonZero = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
    if (c !== 48) nonZero = true;
  }
  return nonZero;
}

const isPaise = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
const headOf = (n: number | null | undefined): number => (typeof n === 'number' ? n : 0);
const SHIPPING_BILL = /^[0-9]{3,7}$/;

/**
 * Validates a document. Returns the issues (a shared frozen empty array when there are none); codes and messages come
 * from the VAL catalogue (./codes). Never throws on malformed input.
 */
export function validateDocument(document: DocumentInput, context: ValidationContext = {}): readonly ValidationIssue[] {
  issues = null;
  try {
    run(document, context);
  } catch {
    add('VAL0001', 'document', '(unreadable document)');
  }
  const out = issues ?? NO_ISSUES;
  issues = null;
  return out;
}

function run(d: DocumentInput, ctx: ValidationContext): void {
  const tolerance = ctx.tolerancePaise ?? 100;
  const sandbox = ctx.sandbox === true;
  const type = d.documentType;
  if (!isDocumentType(type)) add('VAL0001');
  const isNote = type === 'CRN' || type === 'DBN';
  const isImport = d.isImport === true || type === 'BOE';

  // Document number (Rule 46(b)).
  const number = d.documentNumber;
  if (isBlank(number)) add('VAL0002');
  else if (typeof number !== 'string' || !documentNumberValid(number)) add('VAL0065');

  // Dates.
  const date = d.documentDate;
  const dateNum = typeof date === 'string' ? isoDateNumber(date) : -1;
  const dateOk = dateNum > 0;
  if (!dateOk) add('VAL0004');
  else {
    if (dateNum < GST_START_NUMBER) add('VAL0005');
    if (typeof ctx.today === 'string' && dateNum > deriveToday(ctx.today) && todayNumber > 0) add('VAL0684');
    if (typeof ctx.returnPeriod === 'string' && derivePeriod(ctx.returnPeriod)) {
      if (dateNum > periodEnd) add('VAL0006');
      else if (dateNum < periodStart) {
        add('VAL0007');
        const fyStart = isoMonth(date) < 4 ? isoYear(date) - 1 : isoYear(date);
        if (!isNote && periodStart > (fyStart + 1) * 10000 + 1130) add('VAL0009');
      }
    }
    if (type === 'CRN' && typeof d.originalDocumentDate === 'string' && isIsoDate(d.originalDocumentDate)) {
      const o = d.originalDocumentDate;
      const fyStart = isoMonth(o) < 4 ? isoYear(o) - 1 : isoYear(o);
      if (date > creditNoteDeadline(fyStart, date)) add('VAL0008');
    }
  }
  const original = d.originalDocumentNumber;
  if (isNote && isBlank(original)) add('VAL0040');
  else if (typeof original === 'string' && original !== '' && !documentNumberValid(original)) add('VAL0048');

  // Supplier.
  // A purchase may come from an unregistered supplier (blank or "URP"): a GTA or an advocate under reverse charge
  // (CGST Act s.9(3)), a notified class of supplies (s.9(4)), or an exempt or small supplier; an import has none.
  let supplierGstin: string | null = null;
  const isSupplierUnregistered = isBlank(d.supplierGstin) || d.supplierGstin === 'URP';
  if (!isBlank(d.supplierGstin) && !isSupplierUnregistered) supplierGstin = checkGstin(d.supplierGstin, sandbox, 'supplierGstin');
  else if (!isImport && d.isInward !== true) add('VAL0010');
  let supplierState = stateNumber(d.supplierState);
  if (!isBlank(d.supplierState) && !(supplierState >= 0 && isPlaceOfSupplyNumber(supplierState) && supplierState !== 96)) {
    add('VAL0014', 'supplierState');
    supplierState = -1;
  }
  if (supplierGstin !== null) {
    const fromGstin = twoDigits(supplierGstin, 0);
    if (supplierState < 0 && isBlank(d.supplierState)) supplierState = fromGstin;
    else if (supplierState >= 0 && canonicalState(supplierState) !== canonicalState(fromGstin)) add('VAL0011');
  }

  // Counterparty.
  const cp = d.counterpartyGstin;
  const isRegistered = !isBlank(cp) && cp !== 'URP';
  const isExport = !isBlank(d.exportType);
  const isSez = d.isSez === true;
  if (isRegistered) {
    const g = checkGstin(cp, sandbox, 'counterpartyGstin');
    if (g !== null) {
      if (g === supplierGstin) add('VAL0013');
      const cs = stateNumber(d.counterpartyState);
      const fromGstin = twoDigits(g, 0);
      if (cs >= 0 && fromGstin !== 99 && canonicalState(cs) !== canonicalState(fromGstin)) add('VAL0012');
    }
    if (isExport) add('VAL0044');
  } else if (isSez) add('VAL0032');
  if (d.isReverseCharge === true && (!isRegistered || isExport)) add('VAL0029');

  // Place of supply (IGST Act s.10-13) and the nature of supply (s.7, s.8).
  let pos = stateNumber(d.placeOfSupply);
  if (isBlank(d.placeOfSupply)) {
    if (isExport) pos = 96;
    else if (!isImport) add('VAL0438');
  } else if (!isPlaceOfSupplyNumber(pos)) {
    add('VAL0438');
    pos = -1;
  } else if ((pos === 96) !== isExport && !isImport) add('VAL0015');
  let nature = 0;
  if (isImport || isExport || isSez || pos === 96 || d.igstOnIntra === true) nature = INTER;
  else if (supplierState >= 0 && pos >= 0) nature = canonicalState(supplierState) === canonicalState(pos) ? INTRA : INTER;

  // Zero-rated supplies with or without payment (IGST Act s.16(3)).
  const zeroRatedType = isExport ? d.exportType : isSez ? d.sezType : null;

  // Items.
  const items = d.items;
  const itemCount = Array.isArray(items) ? items.length : 0;
  if (itemCount === 0) add('VAL0021');
  const aato = ctx.supplierTurnover;
  const minDigits = dateOk && typeof aato === 'number' ? hsnMinimumDigitsNumber(dateNum, aato, !isRegistered && !isExport) : 0;
  let sum = 0;
  let taxCharged = 0;
  let flaggedBillOfSupply = false;
  for (let i = 0; i < itemCount; i++) {
    const it = items[i];
    if (it === null || typeof it !== 'object') {
      add('VAL0021', `items[${i}]`);
      continue;
    }
    const taxable = it.taxable;
    const taxableOk = isPaise(taxable);
    if (!taxableOk) add('VAL0020', `items[${i}].taxable`);
    const igst = headOf(it.igst);
    const cgst = headOf(it.cgst);
    const sgst = headOf(it.sgst);
    const cess = headOf(it.cess);
    const headsOk = isPaise(igst) && isPaise(cgst) && isPaise(sgst) && isPaise(cess);
    if (!headsOk) add('VAL0046', `items[${i}]`);
    const tax = igst + cgst + sgst + cess;
    taxCharged += tax;
    const hsn = it.hsn;
    const isService = it.isService ?? (typeof hsn === 'string' && hsn.length >= 2 && hsn.charCodeAt(0) === 57 && hsn.charCodeAt(1) === 57);
    if (taxableOk) sum += taxable + (headsOk ? tax : 0);

    // Rate valid on the date.
    const rate = toMilliPercent(it.ratePercent);
    if (Number.isNaN(rate)) add('VAL0045', `items[${i}].ratePercent`);
    else if (dateOk) {
      const status = rateStatusOnNumber(rate, dateNum);
      if (status === 'invalid') add('VAL0566', `items[${i}].ratePercent`);
      else if (status === 'restricted') add('VAL0019', `items[${i}].ratePercent`);
    }

    // Tax heads consistent with the nature of supply.
    if (headsOk) {
      if (nature === INTRA && igst > 0 && d.igstOnIntra !== true) add('VAL0016', `items[${i}].igst`);
      if (nature === INTER && (cgst > 0 || sgst > 0)) add('VAL0017', `items[${i}].cgst`);
      if (cgst !== sgst) add('VAL0018', `items[${i}].sgst`);
      if (cess > 0 && dateOk && !isCompensationCessInForceNumber(dateNum)) add('VAL0033', `items[${i}].cess`);
      if (type === 'BIL' && tax > 0 && !flaggedBillOfSupply) {
        add('VAL0034', `items[${i}]`);
        flaggedBillOfSupply = true;
      }
    }

    // Tax equals taxable value × rate, within the tolerance.
    if (headsOk && taxableOk && !Number.isNaN(rate) && zeroRatedType !== 'WOPAY' && type !== 'BIL') {
      if (nature === INTER && Math.abs(igst - mulDivRoundHalfAway(taxable, rate, 100_000)) > tolerance) add('VAL0568', `items[${i}].igst`);
      else if (nature === INTRA) {
        const half = mulDivRoundHalfAway(taxable, rate, 200_000);
        if (Math.abs(cgst - half) > tolerance) add('VAL0568', `items[${i}].cgst`);
        if (Math.abs(sgst - half) > tolerance) add('VAL0568', `items[${i}].sgst`);
      }
      const cessRate = it.cessPercent;
      if (typeof cessRate === 'number') {
        const cr = toMilliPercent(cessRate);
        const perUnit = it.cessPerUnit;
        const q = it.quantity;
        let expected = Number.isNaN(cr) ? 0 : mulDivRoundHalfAway(taxable, cr, 100_000);
        if (isPaise(perUnit) && typeof q === 'number' && Number.isFinite(q))
          expected += mulDivRoundHalfAway(perUnit, quantityToMilli(q), 1000);
        if (Math.abs(cess - expected) > tolerance) add('VAL0568', `items[${i}].cess`);
      }
    }

    // HSN/SAC: format and the digits the supplier's turnover requires (Notification 78/2020-CT).
    if (isBlank(hsn)) {
      if (minDigits > 0 || isExport) add('VAL0023', `items[${i}].hsn`);
    } else if (typeof hsn !== 'string' || !hsnValid(hsn)) add('VAL0024', `items[${i}].hsn`);
    else if (hsn.length < minDigits) add('VAL0025', `items[${i}].hsn`);
    else if (isExport && !isService && hsn.length < 8) add('VAL0026', `items[${i}].hsn`);

    // UQC and quantity.
    const uqc = it.uqc;
    if (!isBlank(uqc) && !isUqc(uqc) && !(isService && uqc === 'NA')) add('VAL0027', `items[${i}].uqc`);
    const q = it.quantity;
    if (
      q !== null &&
      q !== undefined &&
      !(
        typeof q === 'number' &&
        Number.isFinite(q) &&
        q >= 0 &&
        q <= 9_999_999_999.999 &&
        Math.abs(quantityToMilli(q) - q * 1000) < 1e-6 * Math.max(1, q)
      )
    ) {
      add('VAL0028', `items[${i}].quantity`);
    }
  }

  if (zeroRatedType === 'WOPAY' && taxCharged > 0) add('VAL0030');
  else if (zeroRatedType === 'WPAY' && taxCharged === 0 && sum > 0) add('VAL0031');
  // Only a registered person collects GST (s.22, s.31): tax on an unregistered supplier's bill is the recipient's to pay
  // under reverse charge, or there is none.
  if (isSupplierUnregistered && d.isInward === true && !isImport && d.isReverseCharge !== true && taxCharged > 0) add('VAL0047');

  // Totals.
  const total = d.totalValue;
  if (total !== null && total !== undefined) {
    const expected = sum + headOf(d.otherCharges) + headOf(d.roundOff);
    if (!Number.isSafeInteger(total) || Math.abs(total - expected) > tolerance) add('VAL0039');
  }
  const value = typeof total === 'number' && Number.isSafeInteger(total) ? total : sum;
  if (value > DOCUMENT_VALUE_WARNING_PAISE) add('VAL0038');

  // Export details.
  if (!isBlank(d.portCode) && !isPortCodeFormat(d.portCode)) add('VAL0041');
  if (!isBlank(d.shippingBillNumber) && !SHIPPING_BILL.test(d.shippingBillNumber)) add('VAL0042');
  if (!isBlank(d.currency) && !isCurrencyCode(d.currency)) add('VAL0043');

  if (!dateOk) return;
  // E-invoice (Rule 48(4)): B2B, SEZ, exports; INV/CRN/DBN; AATO above the threshold in force on the document date.
  if (isEinvoiceRequiredNumber(type, dateNum, aato, isRegistered || isExport || isSez, isImport, ctx.einvoiceExempt === true)) {
    if (typeof number === 'string' && number.length > 0) {
      const c = number.charCodeAt(0);
      if (c === 48 || c === 47 || c === 45) add('VAL0003');
    }
    if (itemCount > 1000) add('VAL0022');
    if (ctx.checkIrn === true && isBlank(d.irn)) {
      add('VAL0035');
      const limit = thresholdOnNumber(EINVOICE_REPORTING_COMPILED, dateNum);
      if (ctx.today !== undefined && limit >= 0 && aato! > limit && daysBetween(date, ctx.today) > EINVOICE_REPORTING_DAYS) add('VAL0037');
    }
  }
  // E-way bill (Rule 138(1), the States' limits of Rule 138(14)(d)): one rule, the e-way bill domain's.
  if (ctx.checkEwayBill === true && isBlank(d.ewayBillNumber) && isEwaybillRequired(d, { onDate: date }).required) add('VAL0036');
}

/** E-invoice required for a document (Rule 48(4) and the dated turnover thresholds). */
export const isEinvoiceRequired = (
  documentType: string,
  dateIso: string,
  aatoPaise: number | undefined,
  isB2BOrZeroRated: boolean,
  isImport = false,
  isExempt = false,
): boolean => isEinvoiceRequiredNumber(documentType, isoDateNumber(dateIso), aatoPaise, isB2BOrZeroRated, isImport, isExempt);

function isEinvoiceRequiredNumber(
  documentType: string,
  dateNumber: number,
  aatoPaise: number | undefined,
  isB2BOrZeroRated: boolean,
  isImport = false,
  isExempt = false,
): boolean {
  if (documentType !== 'INV' && documentType !== 'CRN' && documentType !== 'DBN') return false;
  if (!isB2BOrZeroRated || isImport || isExempt || typeof aatoPaise !== 'number') return false;
  const threshold = thresholdOnNumber(EINVOICE_COMPILED, dateNumber);
  return threshold >= 0 && aatoPaise > threshold;
}

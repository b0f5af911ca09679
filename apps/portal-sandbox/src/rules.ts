// The portal's own checks on each saved document, beyond the JSON schema. A refused document gets one error
// (the first rule it breaks) in RETSTATUS's error report; the others of the save are kept.
import { isPlaceOfSupplyCode, validateGstin } from '@opengst/domain';
import type { SectionRow } from './sections';

type Json = Record<string, unknown>;
export type RuleError = { code: string; message: string };

/** GST rates the portal accepts on a line (percent), 40% included from the rate changes of 22-09-2025. */
export const ALLOWED_RATES: ReadonlySet<number> = new Set([0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40]);

export const RULE_CODES = {
  recipientInvalid: 'RET191106',
  recipientIsSupplier: 'RET191107',
  dateAfterPeriod: 'RET191108',
  placeOfSupply: 'RET191109',
  rate: 'RET191110',
  taxHeads: 'RET191111',
  duplicate: 'RET191112',
} as const;

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** DD-MM-YYYY to YYYY-MM-DD, or null. */
export const isoOf = (date: string): string | null => {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
};

/** Last day 'YYYY-MM-DD' of a period MMYYYY. */
export const periodEnd = (period: string): string => {
  const year = Number(period.slice(2));
  const month = Number(period.slice(0, 2));
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};

/** The tax lines of a row: {rt, iamt, camt, samt} wherever the section keeps them. */
const linesOf = (row: SectionRow): Json[] => {
  if (row.section === 'b2cs') return [row.body];
  const items = Array.isArray(row.body['itms']) ? (row.body['itms'] as Json[]) : [];
  return items.map((item) => (typeof item['itm_det'] === 'object' && item['itm_det'] !== null ? (item['itm_det'] as Json) : item));
};

const placeOf = (row: SectionRow): string | null => {
  const pos = row.body['pos'] ?? row.grp['pos'];
  return pos === undefined ? null : str(pos);
};

/** Whether the row is an inter-state supply: by its own declaration, its kind, or its place of supply. */
const isInterState = (row: SectionRow, supplierState: string): boolean | null => {
  const declared = str(row.body['sply_ty']);
  if (declared === 'INTER') return true;
  if (declared === 'INTRA') return false;
  if (row.section.startsWith('b2cl') || row.section.startsWith('exp') || row.section.startsWith('cdnur')) return true;
  if (['SEWP', 'SEWOP', 'CBW'].includes(str(row.body['inv_typ']))) return true;
  const pos = placeOf(row);
  return pos === null ? null : pos !== supplierState;
};

/** The first rule a row breaks, or null. Aggregate rows without tax lines (nil, hsn, doc_issue ...) pass. */
export const checkRow = (row: SectionRow, supplierGstin: string, period: string): RuleError | null => {
  if (row.ctin !== null) {
    if (!validateGstin(row.ctin).ok) return { code: RULE_CODES.recipientInvalid, message: `Recipient GSTIN ${row.ctin} is invalid` };
    if (row.ctin === supplierGstin)
      return { code: RULE_CODES.recipientIsSupplier, message: 'Recipient GSTIN cannot be the supplier GSTIN' };
  }
  if (row.docDate !== null) {
    const iso = isoOf(row.docDate);
    if (iso === null || iso > periodEnd(period))
      return { code: RULE_CODES.dateAfterPeriod, message: `Document date ${row.docDate} is after the end of the tax period` };
  }
  const pos = placeOf(row);
  if (pos !== null && !isPlaceOfSupplyCode(pos))
    return { code: RULE_CODES.placeOfSupply, message: `Place of supply ${pos} is not a valid state code` };
  const supplierState = supplierGstin.slice(0, 2);
  if (row.numberKind === null && !['b2cs', 'b2csa', 'at', 'ata', 'txpd', 'txpda'].includes(row.section)) return null;
  const inter = isInterState(row, supplierState);
  if (
    pos !== null &&
    (row.section === 'b2cs' || row.section.startsWith('at') || row.section.startsWith('txpd')) &&
    inter !== (pos !== supplierState)
  ) {
    return { code: RULE_CODES.taxHeads, message: `Supply type ${str(row.body['sply_ty'])} does not match the place of supply ${pos}` };
  }
  for (const line of linesOf(row)) {
    if (!ALLOWED_RATES.has(num(line['rt'])))
      return { code: RULE_CODES.rate, message: `Rate ${String(line['rt'])} is not a valid GST rate` };
    if (inter === true && (num(line['camt']) !== 0 || num(line['samt']) !== 0)) {
      return { code: RULE_CODES.taxHeads, message: 'An inter-state supply cannot have CGST or SGST' };
    }
    if (inter === false && (num(line['iamt']) !== 0 || num(line['camt']) !== num(line['samt']))) {
      return { code: RULE_CODES.taxHeads, message: 'An intra-state supply must have equal CGST and SGST and no IGST' };
    }
  }
  return null;
};

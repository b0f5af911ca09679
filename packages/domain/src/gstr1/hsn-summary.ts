// GSTR-1 table 12: HSN-wise summary of outward supplies, one line per HSN, unit and rate (2025 format, with `rt`).
import { isServiceCode } from '../hsn/hsn';
import { quantityOf, rateOf, rupeesOf } from './portal-values';
import type { Gstr1HsnRow, Gstr1Item, HsnLine } from './types';

/** Paise and thousandths totals of one table 12 line. */
export type HsnTally = {
  hsn: string;
  desc: string;
  uqc: string;
  rate: number;
  qty: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
};

const HSN_CODE = /^[0-9]{2,8}$/;
const UQC_CODE = /^[A-Z]{1,30}$/;
/** The save schema caps the description at 30 characters in its older line shapes; keep to it everywhere. */
const DESCRIPTION_LENGTH = 30;

/**
 * The unit of a line: services are reported with "NA" (the portal's UQC for SAC codes); goods with their UQC, or
 * "OTH" (others, on the GST UQC list) when the document has none.
 */
export function hsnUnitOf(hsn: string, uqc: string | null | undefined): string {
  if (isServiceCode(hsn)) return 'NA';
  const u = (uqc ?? '').trim().toUpperCase();
  return UQC_CODE.test(u) ? u : 'OTH';
}

/** Lines by code, then unit, then rate: nested maps spare building a string key per item on the hot path. */
export type HsnTable = Map<string, Map<string, Map<number, HsnTally>>>;

function tally(
  map: HsnTable,
  hsn: string,
  desc: string,
  uqc: string,
  rate: number,
  qty: number,
  t: { taxable: number; igst: number; cgst: number; sgst: number; cess: number },
  sign: number,
): void {
  let byUnit = map.get(hsn);
  if (byUnit === undefined) map.set(hsn, (byUnit = new Map()));
  let byRate = byUnit.get(uqc);
  if (byRate === undefined) byUnit.set(uqc, (byRate = new Map()));
  const line = byRate.get(rate);
  if (line === undefined) {
    byRate.set(rate, {
      hsn,
      desc,
      uqc,
      rate,
      qty: sign * qty,
      taxable: sign * t.taxable,
      igst: sign * t.igst,
      cgst: sign * t.cgst,
      sgst: sign * t.sgst,
      cess: sign * t.cess,
    });
    return;
  }
  line.qty += sign * qty;
  line.taxable += sign * t.taxable;
  line.igst += sign * t.igst;
  line.cgst += sign * t.cgst;
  line.sgst += sign * t.sgst;
  line.cess += sign * t.cess;
  if (!line.desc && desc) line.desc = desc;
}

/** Codes as written on documents ("8471 30", "8471.30") to the reportable code, or '' when none; memoised per text. */
const normalisedCodes = new Map<string, string>();
function normaliseCode(raw: string): string {
  let code = normalisedCodes.get(raw);
  if (code === undefined) {
    const digits = raw.replace(/[\s.]/g, '');
    code = HSN_CODE.test(digits) ? digits : '';
    // Bounded: a pathological input of many distinct codes must not grow the cache without limit.
    if (normalisedCodes.size < 100_000) normalisedCodes.set(raw, code);
  }
  return code;
}

/**
 * Adds an item (sign −1 for a credit note). Items without a usable HSN/SAC code cannot be reported in table 12
 * (hsn_sc is required, 2-8 digits): validateDocument rejects them before they get here.
 */
export function tallyHsnItem(map: HsnTable, item: Gstr1Item, sign: number): void {
  const hsn = item.hsn ? normaliseCode(item.hsn) : '';
  if (hsn === '') return;
  const uqc = hsnUnitOf(hsn, item.uqc);
  const qty = uqc === 'NA' ? 0 : (item.quantity ?? 0);
  tally(map, hsn, item.description ? item.description.trim().slice(0, DESCRIPTION_LENGTH) : '', uqc, item.rate, qty, item, sign);
}

/** Adds a line given as reported. */
export const tallyHsnRow = (map: HsnTable, r: Gstr1HsnRow): void => tally(map, r.hsn, r.description, r.uqc, r.rate, r.quantity, r, 1);

/** The table 12 lines, numbered from 1, in rupees. */
export function hsnLinesOf(map: HsnTable): HsnLine[] {
  const out: HsnLine[] = [];
  let num = 1;
  for (const byUnit of map.values())
    for (const byRate of byUnit.values())
      for (const l of byRate.values()) {
        const line: HsnLine = {
          num: num++,
          hsn_sc: l.hsn,
          uqc: l.uqc,
          qty: quantityOf(l.qty),
          rt: rateOf(l.rate),
          txval: rupeesOf(l.taxable),
          iamt: rupeesOf(l.igst),
          camt: rupeesOf(l.cgst),
          samt: rupeesOf(l.sgst),
          csamt: rupeesOf(l.cess),
        };
        if (l.desc) line.desc = l.desc;
        out.push(line);
      }
  return out;
}

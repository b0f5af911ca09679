// Conversions between the domain's integers and the save format's numbers, done only at this edge.
import { parsePortalDate } from '../dates/calendar';
import { rupeesToPaise } from '../money/amount';

/**
 * Paise to a JSON rupee number. `paise / 100` is exact for this purpose: IEEE division is correctly rounded, so it
 * yields the double nearest to the decimal "r.pp", the same double `Number("r.pp")` gives, and JSON.stringify prints
 * it back as "r.pp" (shortest round trip). Sums are always taken in paise first, never on these numbers.
 */
export const rupeesOf = (paise: number): number => paise / 100 + 0; // + 0 turns a negated zero (−0) into 0

/** Milli-percent to the portal's rate (18000 → 18, 125 → 0.125); exact by the same argument. */
export const rateOf = (milliPercent: number): number => milliPercent / 1000;

/** Thousandths of a unit to the portal's quantity (3 decimals). */
export const quantityOf = (thousandths: number): number => thousandths / 1000 + 0;

/** 'YYYY-MM-DD' to 'DD-MM-YYYY' (input already validated: documents are validated before they are reported). */
export const portalDateOf = (iso: string): string => iso.slice(8, 10) + '-' + iso.slice(5, 7) + '-' + iso.slice(0, 4);

/** 'YYYY-MM-DD' to the return period 'MMYYYY' of that date. */
export const periodOfIso = (iso: string): string => iso.slice(5, 7) + iso.slice(0, 4);

/** A portal rupee number (absent = 0) to paise. */
export const paiseOf = (rupees: number | undefined): number => (rupees === undefined ? 0 : rupeesToPaise(rupees));

/** A portal rate (0.125, 18) to milli-percent. */
export const milliPercentOf = (rate: number): number => Math.round(rate * 1000);

/** A portal quantity to thousandths. */
export const thousandthsOf = (quantity: number): number => Math.round(quantity * 1000);

/** 'DD-MM-YYYY' to 'YYYY-MM-DD'; throws RangeError on a malformed date (the schema admits none). */
export function isoOfPortalDate(text: string): string {
  const iso = parsePortalDate(text);
  if (iso === null) throw new RangeError(`not a portal date DD-MM-YYYY: ${text}`);
  return iso;
}

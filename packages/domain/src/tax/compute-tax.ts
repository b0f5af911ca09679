// Tax on a line: taxable value × rate, in integer paise.
// Rounding: each head is computed from its own rate and rounded half away from zero to the paisa. For an intra-State
// supply CGST and SGST/UTGST are each taxable × (rate / 2), so they are always equal — as the IRP and the GSTR-1
// offline tool expect (separate CgstAmt/SgstAmt at the half rate; NIC error 2172 family checks the heads). Their sum can
// differ from the IGST on the same value by one paisa; no head absorbs an "odd paisa".
import { assertPaise } from '../money/amount';
import { mulDivRoundHalfAway } from '../money/rounding';
import type { SupplyNature } from './supply-nature';
import { toMilliPercent } from './rates';

export type ComputeTaxInput = {
  /** Taxable value in paise. */
  taxable: number;
  ratePercent: number;
  /** Ad valorem cess, percent of the taxable value. */
  cessPercent?: number;
  /** Non-ad valorem cess in paise per unit of quantity. */
  cessPerUnit?: number;
  /** Quantity in the line's UQC; at most 3 decimals are used (e-invoice Qty precision). */
  quantity?: number;
  nature: SupplyNature;
};

export type TaxHeads = { igst: number; cgst: number; sgst: number; cess: number };

/** Quantity to integer thousandths, correcting float noise (1.1 -> 1100, 0.0015 -> 2). Allocation-free. */
export function quantityToMilli(quantity: number): number {
  const x = quantity * 1000;
  // Nudge by a relative 1e-12 so that a product that should be exactly .5 but came out as .4999999999999 rounds away from zero.
  return x >= 0 ? Math.round(x * (1 + 1e-12)) : -Math.round(-x * (1 + 1e-12));
}

/** Tax heads in paise. Throws RangeError for non-integer paise or a rate that is not a multiple of 0.001%. */
export function computeTax(input: ComputeTaxInput): TaxHeads {
  const taxable = assertPaise(input.taxable);
  const rate = toMilliPercent(input.ratePercent);
  if (Number.isNaN(rate)) throw new RangeError(`invalid rate: ${input.ratePercent}`);
  let igst = 0;
  let cgst = 0;
  let sgst = 0;
  if (input.nature === 'INTER') igst = mulDivRoundHalfAway(taxable, rate, 100_000);
  else {
    cgst = mulDivRoundHalfAway(taxable, rate, 200_000);
    sgst = cgst;
  }
  let cess = 0;
  if (input.cessPercent) {
    const cessRate = toMilliPercent(input.cessPercent);
    if (Number.isNaN(cessRate)) throw new RangeError(`invalid cess rate: ${input.cessPercent}`);
    cess += mulDivRoundHalfAway(taxable, cessRate, 100_000);
  }
  if (input.cessPerUnit) {
    const perUnit = assertPaise(input.cessPerUnit);
    const q = input.quantity ?? 0;
    if (!Number.isFinite(q)) throw new RangeError(`invalid quantity: ${q}`);
    cess += mulDivRoundHalfAway(perUnit, quantityToMilli(q), 1000);
  }
  return { igst, cgst, sgst, cess };
}

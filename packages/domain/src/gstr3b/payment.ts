// Table 6.1, payment of tax: what is payable per head, paid from the credit ledger in the lawful order (setOffLiability)
// and the rest in cash; reverse charge, s.9(5) tax, interest and late fee in cash only (s.49(4); GST-RULES-DETAIL §1.6).
import { headsOf } from './figures';
import { NO_TAX, TAX_HEADS, setOffLiability, type Heads, type TaxHead } from './set-off';
import type { Gstr3bPayment } from './types';

const sum = (...xs: readonly Heads[]): Heads => {
  const out = { ...NO_TAX } as Record<TaxHead, number>;
  for (const x of xs) for (const h of TAX_HEADS) out[h] += x[h];
  return out;
};

const map = (f: (h: TaxHead) => number): Heads => ({ igst: f('igst'), cgst: f('cgst'), sgst: f('sgst'), cess: f('cess') });

/** The figures of the return that table 6.1 pays: the computed ones, or the user's laid over them. */
export type Gstr3bPaymentFigures = {
  table31: { outwardTaxable: Heads; zeroRated: Heads; inwardReverseCharge: Heads };
  table311: { operatorPays: Heads };
  table4: { net: Heads };
};

/** What table 6.1 takes besides the figures: 5.1's interest and late fee, and the ledgers' balances before the return. */
export type Gstr3bPaymentCharges = { interest: Heads; lateFee: Heads; credit: Heads; cash: Heads | null };

export const gstr3bPaymentOf = (figures: Gstr3bPaymentFigures, charges: Gstr3bPaymentCharges): Gstr3bPayment => {
  const net = headsOf(figures.table4.net);
  // Net ITC below zero (reversals above the credit of the period) is tax to pay; above zero it joins the ledger.
  const otherThanReverseCharge = sum(
    headsOf(figures.table31.outwardTaxable),
    headsOf(figures.table31.zeroRated),
    map((h) => Math.max(0, -net[h])),
  );
  const reverseCharge = sum(headsOf(figures.table31.inwardReverseCharge), headsOf(figures.table311.operatorPays));
  const creditAvailable = sum(
    charges.credit,
    map((h) => Math.max(0, net[h])),
  );
  const cashOnly = sum(reverseCharge, charges.interest, charges.lateFee);
  const setOff = setOffLiability(otherThanReverseCharge, creditAvailable, cashOnly);
  const paidThroughItc = {} as Record<TaxHead, Heads>;
  for (const to of TAX_HEADS)
    paidThroughItc[to] = map((from) => setOff.utilisation.filter((u) => u.from === from && u.to === to).reduce((s, u) => s + u.amount, 0));
  const tax = map((h) => setOff.cash[h] - cashOnly[h]);
  const cash = charges.cash;
  return {
    otherThanReverseCharge,
    reverseCharge,
    interest: charges.interest,
    lateFee: charges.lateFee,
    creditAvailable,
    setOff,
    paidThroughItc,
    cash: { tax, reverseCharge, interest: charges.interest, lateFee: charges.lateFee, total: setOff.cash },
    cashToDeposit: cash === null ? null : map((h) => Math.max(0, setOff.cash[h] - cash[h])),
  };
};

// Table 6.1, payment of tax: what is payable per head, paid from the credit ledger in the lawful order (setOffLiability)
// and the rest in cash; reverse charge, s.9(5) tax, interest and late fee in cash only (s.49(4); GST-RULES-DETAIL §1.6).
import { headsOf } from './figures';
import { NO_TAX, TAX_HEADS, setOffLiability, type Heads, type TaxHead } from './set-off';
import type { Gstr3bFigure, Gstr3bPayment } from './types';

const sum = (...xs: readonly Heads[]): Heads => {
  const out = { ...NO_TAX } as Record<TaxHead, number>;
  for (const x of xs) for (const h of TAX_HEADS) out[h] += x[h];
  return out;
};

const map = (f: (h: TaxHead) => number): Heads => ({ igst: f('igst'), cgst: f('cgst'), sgst: f('sgst'), cess: f('cess') });

export const paymentOf = (input: {
  outwardTaxable: Gstr3bFigure;
  zeroRated: Gstr3bFigure;
  inwardReverseCharge: Gstr3bFigure;
  operatorPays: Gstr3bFigure;
  net: Gstr3bFigure;
  interest: Heads;
  lateFee: Heads;
  credit: Heads;
  cash: Heads | null;
}): Gstr3bPayment => {
  const net = headsOf(input.net);
  // Net ITC below zero (reversals above the credit of the period) is tax to pay; above zero it joins the ledger.
  const otherThanReverseCharge = sum(
    headsOf(input.outwardTaxable),
    headsOf(input.zeroRated),
    map((h) => Math.max(0, -net[h])),
  );
  const reverseCharge = sum(headsOf(input.inwardReverseCharge), headsOf(input.operatorPays));
  const creditAvailable = sum(
    input.credit,
    map((h) => Math.max(0, net[h])),
  );
  const cashOnly = sum(reverseCharge, input.interest, input.lateFee);
  const setOff = setOffLiability(otherThanReverseCharge, creditAvailable, cashOnly);
  const paidThroughItc = {} as Record<TaxHead, Heads>;
  for (const to of TAX_HEADS)
    paidThroughItc[to] = map((from) => setOff.utilisation.filter((u) => u.from === from && u.to === to).reduce((s, u) => s + u.amount, 0));
  const tax = map((h) => setOff.cash[h] - cashOnly[h]);
  const cash = input.cash;
  return {
    otherThanReverseCharge,
    reverseCharge,
    interest: input.interest,
    lateFee: input.lateFee,
    creditAvailable,
    setOff,
    paidThroughItc,
    cash: { tax, reverseCharge, interest: input.interest, lateFee: input.lateFee, total: setOff.cash },
    cashToDeposit: cash === null ? null : map((h) => Math.max(0, setOff.cash[h] - cash[h])),
  };
};

// Paying GSTR-3B's tax (table 6.1) from the electronic credit ledger, then cash: the lawful order of utilisation and,
// among the lawful plans, the one that needs the least cash in all.
//
// The law (CGST Act; GST-RULES-DETAIL §1.6):
// - s.49(5)(a), s.49A, s.49B with Rule 88A (Notification 16/2019-CT, 29-03-2019): IGST credit goes first to IGST; what
//   remains may go to CGST and SGST/UTGST in any order and proportion. CGST or SGST credit may be used only once the
//   IGST credit is used up.
// - s.49(5)(b)-(d), Rule 88A: CGST credit goes to CGST, then IGST; SGST/UTGST credit to SGST, then IGST; CGST credit
//   never pays SGST and the reverse.
// - Compensation Cess Act s.11: cess credit pays cess only.
// - s.49(4), s.9(3)-(5): tax under reverse charge, tax of an e-commerce operator under s.9(5), interest and late fee
//   are paid in cash only (`cashOnly`).
// The only choice the law leaves is how the IGST credit left after IGST is split between CGST and SGST: it goes
// first where the head's own credit falls short (that is what saves cash), the rest to CGST, then SGST.

export type TaxHead = 'igst' | 'cgst' | 'sgst' | 'cess';
/** An amount per head, in paise. */
export type Heads = Readonly<Record<TaxHead, number>>;
export type Utilisation = { from: TaxHead; to: TaxHead; amount: number };
export type SetOff = { utilisation: Utilisation[]; cash: Heads; creditLeft: Heads };

export const TAX_HEADS: readonly TaxHead[] = ['igst', 'cgst', 'sgst', 'cess'];
export const NO_TAX: Heads = { igst: 0, cgst: 0, sgst: 0, cess: 0 };

/** Where each head's credit may go, in the order the law sets (Rule 88A; cess: Compensation Cess Act s.11). */
export const CREDIT_MAY_PAY: Readonly<Record<TaxHead, readonly TaxHead[]>> = {
  igst: ['igst', 'cgst', 'sgst'],
  cgst: ['cgst', 'igst'],
  sgst: ['sgst', 'igst'],
  cess: ['cess'],
};

const checkAmounts = (what: string, heads: Heads): void => {
  for (const head of TAX_HEADS) {
    const amount = heads[head];
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${what}.${head} must be whole paise, not negative: ${amount}`);
  }
};

/**
 * The set-off of `liability` (tax that credit may pay) from `credit` (the credit ledger's balance per head), with
 * `cashOnly` (reverse charge, s.9(5), interest, late fee) added to the cash. Amounts in paise.
 */
export const setOffLiability = (liability: Heads, credit: Heads, cashOnly: Heads = NO_TAX): SetOff => {
  checkAmounts('liability', liability);
  checkAmounts('credit', credit);
  checkAmounts('cashOnly', cashOnly);
  const due = { ...liability };
  const left = { ...credit };
  const utilisation: Utilisation[] = [];
  const use = (from: TaxHead, to: TaxHead, wanted: number) => {
    const amount = Math.min(wanted, left[from], due[to]);
    if (amount <= 0) return;
    left[from] -= amount;
    due[to] -= amount;
    utilisation.push({ from, to, amount });
  };

  // IGST credit: IGST first, then CGST and SGST, where their own credit falls short first.
  use('igst', 'igst', due.igst);
  use('igst', 'cgst', Math.max(0, due.cgst - left.cgst));
  use('igst', 'sgst', Math.max(0, due.sgst - left.sgst));
  use('igst', 'cgst', due.cgst);
  use('igst', 'sgst', due.sgst);
  // CGST and SGST credit: their own head, then IGST (s.49A: the IGST credit is used up by now, or nothing is due).
  use('cgst', 'cgst', due.cgst);
  use('sgst', 'sgst', due.sgst);
  use('cgst', 'igst', due.igst);
  use('sgst', 'igst', due.igst);
  use('cess', 'cess', due.cess);

  const cash = {} as Record<TaxHead, number>;
  for (const head of TAX_HEADS) cash[head] = due[head] + cashOnly[head];
  return { utilisation, cash, creditLeft: left };
};

/** Why a plan of utilisation is not lawful (s.49, 49A, 49B, Rule 88A), or null when it is. */
export const setOffProblem = (liability: Heads, credit: Heads, utilisation: readonly Utilisation[]): string | null => {
  const used = (from: TaxHead, to?: TaxHead) =>
    utilisation.filter((u) => u.from === from && (to === undefined || u.to === to)).reduce((sum, u) => sum + u.amount, 0);
  const paid = (to: TaxHead) => utilisation.filter((u) => u.to === to).reduce((sum, u) => sum + u.amount, 0);
  for (const u of utilisation) {
    if (!Number.isSafeInteger(u.amount) || u.amount <= 0)
      return `An amount of credit used must be whole paise above zero (${u.from} to ${u.to}).`;
    if (!CREDIT_MAY_PAY[u.from].includes(u.to)) return `${u.from.toUpperCase()} credit cannot pay ${u.to.toUpperCase()} (Rule 88A).`;
  }
  for (const head of TAX_HEADS) {
    if (used(head) > credit[head]) return `More ${head.toUpperCase()} credit is used than the ledger holds.`;
    if (paid(head) > liability[head]) return `More ${head.toUpperCase()} is paid from credit than is due.`;
  }
  // IGST credit pays IGST before anything else (s.49(5)(a), Rule 88A).
  if (used('igst') > used('igst', 'igst') && used('igst', 'igst') < liability.igst)
    return 'IGST credit must pay the IGST due before CGST or SGST (Rule 88A).';
  // CGST or SGST credit only once the IGST credit is used up (s.49A): whatever they pay, IGST credit could have paid.
  if ((used('cgst') > 0 || used('sgst') > 0) && used('igst') < credit.igst)
    return 'CGST and SGST credit can be used only after the IGST credit is used up (section 49A).';
  // Own head before IGST (Rule 88A "in that order").
  for (const head of ['cgst', 'sgst'] as const)
    if (used(head, 'igst') > 0 && used(head, head) < Math.min(credit[head], liability[head] - used('igst', head)))
      return `${head.toUpperCase()} credit must pay ${head.toUpperCase()} before IGST (Rule 88A).`;
  return null;
};

// The offset (RETOFFSET) of a submitted GSTR-3B from its set-off: the utilisation of credit (the proposed one, or the
// user's own, checked with the domain's setOffProblem: s.49(5), 49A, 49B, Rule 88A, within the credit ledger), the
// rest of the liability in cash with reverse charge (s.49(4)), interest and late fee; the cash checked against the
// cash ledger cell by cell (Rule 87(1): each liability is debited from its own minor head) before the portal is asked.
import type { Gstr3bOffsetSent, Gstr3bSetOff } from '@opengst/contracts';
import { formatInr, setOffProblem, TAX_HEADS, type Heads, type TaxHead, type Utilisation } from '@opengst/domain';
import { AppError } from '../../platform/errors';
import type { Gstr3bOffsetRequest, LedgerBalance } from '../../portal';

const HEAD_NAME: Record<TaxHead, string> = { igst: 'IGST', cgst: 'CGST', sgst: 'SGST', cess: 'cess' };
const map = (f: (h: TaxHead) => number): Heads => ({ igst: f('igst'), cgst: f('cgst'), sgst: f('sgst'), cess: f('cess') });

/** Each cell of cash the offset needs beyond the ledger, in words; [] when the ledger holds it all. */
const cashShortfalls = (balance: LedgerBalance, need: { tax: Heads; interest: Heads; fee: Heads }): string[] => {
  const out: string[] = [];
  for (const h of TAX_HEADS)
    for (const [minor, label] of [
      ['tax', 'tax'],
      ['interest', 'interest'],
      ['fee', 'late fee'],
    ] as const) {
      const needed = need[minor][h];
      const held = balance.cash[h][minor];
      if (needed > held)
        out.push(`${HEAD_NAME[h]} ${label}: the cash ledger holds ₹ ${formatInr(held)}, the offset needs ₹ ${formatInr(needed)}`);
    }
  return out;
};

export const offsetOfPlan = (
  setOff: Pick<Gstr3bSetOff, 'payable' | 'utilisation'>,
  balance: LedgerBalance,
  userCredit: readonly Utilisation[] | null,
  now: Date,
): { request: Gstr3bOffsetRequest; sent: Gstr3bOffsetSent } => {
  const liability = setOff.payable.otherThanReverseCharge;
  const credit = (userCredit ?? setOff.utilisation).map((u) => ({ from: u.from, to: u.to, amount: u.amount }));
  const problem = setOffProblem(liability, balance.credit, credit);
  if (problem) throw new AppError('RET0022', { propertyName: 'credit', message: `This utilisation of credit is not allowed: ${problem}` });
  const paid = map((h) => credit.filter((u) => u.to === h).reduce((s, u) => s + u.amount, 0));
  const tax = map((h) => liability[h] - paid[h]);
  const { reverseCharge, interest, lateFee } = setOff.payable;
  const short = cashShortfalls(balance, { tax: map((h) => tax[h] + reverseCharge[h]), interest, fee: lateFee });
  if (short.length > 0)
    throw new AppError('RET0023', {
      message: `The electronic cash ledger does not hold the cash the offset needs (${short.join('; ')}): deposit the difference by challan (Form GST PMT-06) first.`,
    });
  const none = map(() => 0);
  return {
    request: {
      credit,
      cash: {
        // Interest and late fee are declared with the liability other than reverse charge (table 5.1 to 6.1).
        otherThanReverseCharge: { tax, interest, lateFee: { cgst: lateFee.cgst, sgst: lateFee.sgst } },
        reverseCharge: { tax: reverseCharge, interest: none, lateFee: { cgst: 0, sgst: 0 } },
      },
    },
    sent: { credit, cash: { tax, reverseCharge, interest, lateFee }, at: now.toISOString() },
  };
};

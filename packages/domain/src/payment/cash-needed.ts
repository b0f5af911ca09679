// The challan a GSTR-3B needs: what the set-off (setOffLiability, table 6.1) leaves to cash, with interest and late
// fee, less what the electronic cash ledger already holds, cell by cell. The cash ledger is kept by major and minor
// head (Rule 87(1), Form GST PMT-05) and a return debits each liability from its own cell, so a balance in another
// cell does not count (moving it takes Form GST PMT-09, Rule 87(14), which is the taxpayer's choice, not done here).
import { formatInr } from '../money/index';
import { NO_TAX, TAX_HEADS, type Heads, type SetOff } from '../gstr3b/set-off';
import { MINOR_HEADS, type ChallanAmounts, type MinorHead, type MinorHeads } from './challan';

export type CashLine = { head: keyof Heads; minor: MinorHead; due: number; fromLedger: number; challan: number; explanation: string };
export type CashNeeded = {
  /** What must be paid in cash, paise: tax (set-off's cash), interest, fee (late fee). */
  due: ChallanAmounts;
  /** The part of it the cash ledger's balance covers. */
  fromLedger: ChallanAmounts;
  /** The deposit to make, whole rupees: the rest rounded up to the rupee (a challan takes no paise, s.170). */
  challan: ChallanAmounts;
  total: number;
  lines: CashLine[];
};

const HEAD_LABELS = { igst: 'IGST', cgst: 'CGST', sgst: 'SGST/UTGST', cess: 'Cess' } as const;
const MINOR_LABELS: Record<MinorHead, string> = { tax: 'tax', interest: 'interest', penalty: 'penalty', fee: 'fee', others: 'others' };

/** The least whole-rupee amount, in paise, not below `paise`: a deposit that covers what is due. */
export const ceilToRupee = (paise: number): number => Math.ceil(paise / 100) * 100;

const checkPaise = (what: string, paise: number) => {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`${what} must be whole paise, not negative: ${paise}`);
};

/**
 * The cash a return needs beyond `cashLedgerBalance`: `setOff.cash` is the tax per head (pass setOffLiability
 * reverse charge and s.9(5) tax as `cashOnly`, but not interest or late fee, which go in `dues` so that each is
 * paid from its own minor head).
 */
export const cashNeededFor = (
  setOff: SetOff,
  cashLedgerBalance: ChallanAmounts,
  dues: { interest?: Heads; lateFee?: Heads } = {},
): CashNeeded => {
  const interest = dues.interest ?? NO_TAX;
  const lateFee = dues.lateFee ?? NO_TAX;
  const dueOf = (head: keyof Heads, minor: MinorHead): number =>
    minor === 'tax' ? setOff.cash[head] : minor === 'interest' ? interest[head] : minor === 'fee' ? lateFee[head] : 0;
  const due = {} as Record<keyof Heads, MinorHeads>;
  const fromLedger = {} as Record<keyof Heads, MinorHeads>;
  const challan = {} as Record<keyof Heads, MinorHeads>;
  const lines: CashLine[] = [];
  let total = 0;
  for (const head of TAX_HEADS) {
    const d = {} as Record<MinorHead, number>;
    const l = {} as Record<MinorHead, number>;
    const c = {} as Record<MinorHead, number>;
    for (const minor of MINOR_HEADS) {
      const owed = dueOf(head, minor);
      const balance = cashLedgerBalance[head][minor];
      checkPaise(`${minor === 'fee' ? 'lateFee' : minor === 'tax' ? 'setOff.cash' : minor}.${head}`, owed);
      checkPaise(`cashLedgerBalance.${head}.${minor}`, balance);
      d[minor] = owed;
      l[minor] = Math.min(owed, balance);
      c[minor] = ceilToRupee(owed - l[minor]);
      total += c[minor];
      if (owed > 0) {
        const what = `${HEAD_LABELS[head]} ${MINOR_LABELS[minor]}`;
        const explanation =
          c[minor] === 0
            ? `${what}: ₹ ${formatInr(owed)} due, paid from the cash ledger's ₹ ${formatInr(balance)}.`
            : `${what}: ₹ ${formatInr(owed)} due, ₹ ${formatInr(l[minor])} in the cash ledger, ₹ ${formatInr(c[minor])} by challan.`;
        lines.push({ head, minor, due: owed, fromLedger: l[minor], challan: c[minor], explanation });
      }
    }
    due[head] = d;
    fromLedger[head] = l;
    challan[head] = c;
  }
  return { due, fromLedger, challan, total, lines };
};

// Table 6.1 proposed from the return's figures as they stand (the user's where entered), with table 5.1's interest and
// late fee counted to a day: what credit may pay, the lawful set-off (the domain's setOffLiability: s.49(5), 49A, 49B,
// Rule 88A), and the cash: the domain's table 6.1 (gstr3bPaymentOf) over the figures the user may have changed.
import type { Gstr3bSetOff, Gstr3bTaxHead } from '@opengst/contracts';
import { formatInr, gstr3bPaymentOf, lateFee, lateReturnInterest, NO_TAX, TAX_HEADS, type Gstr3bResult, type Heads } from '@opengst/domain';

/**
 * The electronic credit and cash ledgers' balances before this return, read from the GST portal (gstr3b-set-off.ts)
 * when a portal session is active; otherwise UNKNOWN_LEDGERS, and the set-off takes no credit from the ledger (only
 * this return's net ITC) and cannot say how much cash is to be deposited.
 */
export type LedgerBalances = { credit: Heads | null; cash: Heads | null; asOf: string | null };
export const UNKNOWN_LEDGERS: LedgerBalances = { credit: null, cash: null, asOf: null };

/** A late fee cap when the preceding year's turnover is unknown: the statute's (turnover above ₹5 crore). */
const UNKNOWN_TURNOVER = Number.MAX_SAFE_INTEGER;

const headsOf = (f: Heads): Heads => ({ igst: f.igst, cgst: f.cgst, sgst: f.sgst, cess: f.cess });

/** The provision that lets credit of one head pay another (section 49 CGST Act; cess: s.11 Compensation Cess Act). */
const LAW: Record<string, string> = {
  'igst>igst': 'section 49(5)(a)',
  'igst>cgst': 'section 49(5)(a), Rule 88A',
  'igst>sgst': 'section 49(5)(a), Rule 88A',
  'cgst>cgst': 'section 49(5)(b)',
  'cgst>igst': 'section 49(5)(b), section 49A',
  'sgst>sgst': 'section 49(5)(c)',
  'sgst>igst': 'section 49(5)(c), section 49A',
  'cess>cess': 'section 11(2) of the Compensation Cess Act',
};
const HEAD_NAME: Record<Gstr3bTaxHead, string> = { igst: 'IGST', cgst: 'CGST', sgst: 'SGST', cess: 'cess' };

export type PaymentInput = {
  /** The return with the user's figures laid over the computed ones (withUserFigures). */
  figures: Gstr3bResult;
  /** 5.1 as the user entered it; absent: counted to `asOf`. */
  userInterest: Heads | null;
  userLateFee: Heads | null;
  ledgers: LedgerBalances;
  period: string;
  dueDate: string;
  /** YYYY-MM-DD: the day the return would be filed. */
  asOf: string;
  aggregateTurnover: number | null;
};

/** The set-off of the figures alone; the portal's ledgers, the cash still needed and the offset sent are added by gstr3b-set-off. */
export type PaymentPlan = Omit<Gstr3bSetOff, 'entityId' | 'returnPeriod' | 'portalLedgers' | 'cashNeeded' | 'offset'>;

export const paymentPlanOf = (input: PaymentInput): PaymentPlan => {
  const r = input.figures;
  const payment = (interestDue: Heads, lateFeeDue: Heads) =>
    gstr3bPaymentOf(r, { interest: interestDue, lateFee: lateFeeDue, credit: input.ledgers.credit ?? NO_TAX, cash: input.ledgers.cash });
  const taxOnly = payment(NO_TAX, NO_TAX);

  // Rule 88B(1): interest on the tax paid in cash, for the days after the due date. The least cash balance held since
  // the due date is not known (the ledger seam gives today's), so none is set against it.
  const interest = lateReturnInterest({ cashPaid: taxOnly.cash.total, dueDate: input.dueDate, filedOn: input.asOf });
  const isNil = TAX_HEADS.every((h) => taxOnly.otherThanReverseCharge[h] === 0 && taxOnly.reverseCharge[h] === 0);
  const fee = lateFee({
    form: 'GSTR3B',
    period: input.period,
    dueDate: input.dueDate,
    filedOn: input.asOf,
    isNil,
    aggregateTurnover: input.aggregateTurnover ?? UNKNOWN_TURNOVER,
  });
  const plan = payment(input.userInterest ?? interest.interest, input.userLateFee ?? { igst: 0, cgst: fee.cgst, sgst: fee.sgst, cess: 0 });
  const known = (b: Heads | null) => ({ balance: b, known: b !== null, asOf: b !== null ? input.ledgers.asOf : null });
  return {
    dueDate: input.dueDate,
    asOf: input.asOf,
    payable: {
      otherThanReverseCharge: plan.otherThanReverseCharge,
      reverseCharge: plan.reverseCharge,
      interest: plan.interest,
      lateFee: plan.lateFee,
    },
    creditLedger: known(input.ledgers.credit),
    cashLedger: known(input.ledgers.cash),
    netItc: headsOf(r.table4.net),
    creditAvailable: plan.creditAvailable,
    utilisation: plan.setOff.utilisation.map((u) => ({
      ...u,
      explanation: `₹ ${formatInr(u.amount)} of ${HEAD_NAME[u.from]} credit pays ${HEAD_NAME[u.to]} (${LAW[`${u.from}>${u.to}`] ?? 'section 49'})`,
    })),
    creditLeft: plan.setOff.creditLeft,
    cash: plan.cash,
    cashToDeposit: plan.cashToDeposit,
    interest: {
      amount: interest.interest,
      days: interest.days,
      lines: interest.lines,
      explanation:
        interest.lines.length === 0
          ? interest.days === 0
            ? 'Filed by the due date: no interest (section 50(1)).'
            : 'No tax paid in cash: no interest (section 50(1), Rule 88B(1)).'
          : interest.lines.map((l) => `${HEAD_NAME[l.head]}: ${l.explanation}`).join('; '),
    },
    lateFee: {
      cgst: fee.cgst,
      sgst: fee.sgst,
      days: fee.days,
      perDay: fee.perDay,
      cap: fee.cap,
      aggregateTurnover: input.aggregateTurnover,
      explanation: fee.explanation,
    },
  };
};

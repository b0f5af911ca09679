// The set-off of table 6.1 against the GST portal's own ledgers: with a portal session active the electronic credit
// and cash ledgers are read (ledgerBalance) and the set-off (setOffLiability through gstr3bPaymentOf: s.49(5), 49A,
// 49B, Rule 88A) runs on them; the cash still to deposit is counted cell by cell (cashNeededFor: Rule 87(1), a
// return debits each liability from its own minor head). Without a session the balances are said to be unknown.
import type { Gstr3bOffsetSent, Gstr3bSetOff } from '@opengst/contracts';
import { cashNeededFor, indiaDateOf, type Gstr3bResult, type Heads, type TaxHead } from '@opengst/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { LedgerBalance, PortalSessionState } from '../../portal';
import { activePortalSession, portalFailure } from '../returns';
import { finalReturnOf, type FinalReturn } from './gstr3b-final.service';
import { UNKNOWN_LEDGERS, type LedgerBalances } from './gstr3b-payment';
import type { Gstr3bRow, Gstr3bTarget } from './gstr3b.repo';

const map = (f: (h: TaxHead) => number): Heads => ({ igst: f('igst'), cgst: f('cgst'), sgst: f('sgst'), cess: f('cess') });

/** The GSTIN's portal session when one is active, else null (the set-off then says the ledgers are unknown). */
export const portalSessionIfActive = async (ctx: AppContext, target: Gstr3bTarget): Promise<PortalSessionState | null> => {
  try {
    return await activePortalSession(ctx, target.entityId, target.gstin);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RET0008') return null;
    throw error;
  }
};

/** The ledgers' balances as the portal holds them now (for the period's return). */
export const readLedgers = async (ctx: AppContext, session: PortalSessionState, period: string): Promise<LedgerBalance> => {
  try {
    return await ctx.gstPortal.ledgerBalance(session, period);
  } catch (error) {
    throw portalFailure(error) ?? error;
  }
};

/** Whether the portal's credit ledger already holds this return's net ITC: RETSUBMIT posts it (s.41, Rule 86). */
const creditHoldsReturnItc = (row: Gstr3bRow | null): boolean => row?.status === 'Submitted' || row?.status === 'Filed';

/** The ledgers as the plan takes them: before this return, so a submitted return's ITC is not counted twice. */
const ledgersBeforeReturn =
  (balance: LedgerBalance, holdsReturnItc: boolean, asOf: string) =>
  (figures: Gstr3bResult): LedgerBalances => ({
    credit: holdsReturnItc ? map((h) => Math.max(0, balance.credit[h] - Math.max(0, figures.table4.net[h]))) : balance.credit,
    cash: map((h) => Object.values(balance.cash[h]).reduce((s, v) => s + v, 0)),
    asOf,
  });

export type SetOffView = { final: FinalReturn; setOff: Omit<Gstr3bSetOff, 'entityId' | 'returnPeriod'> };

/** The return's final figures and its set-off, over the portal's balances when `balance` is given. */
export const setOffOf = async (
  ctx: AppContext,
  target: Gstr3bTarget,
  row: Gstr3bRow | null,
  balance: LedgerBalance | null,
): Promise<SetOffView> => {
  const deps = { db: ctx.database.db, now: ctx.now };
  const holds = creditHoldsReturnItc(row);
  const final = await finalReturnOf(
    deps,
    target,
    row,
    balance ? ledgersBeforeReturn(balance, holds, indiaDateOf(ctx.now())) : UNKNOWN_LEDGERS,
  );
  const { plan } = final;
  const cashNeeded = balance
    ? cashNeededFor(
        {
          utilisation: plan.utilisation,
          creditLeft: plan.creditLeft,
          // Tax in cash: what credit left of the liability, plus reverse charge (s.49(4)); interest and fee apart.
          cash: map((h) => plan.cash.tax[h] + plan.cash.reverseCharge[h]),
        },
        balance.cash,
        { interest: plan.cash.interest, lateFee: plan.cash.lateFee },
      )
    : null;
  return {
    final,
    setOff: {
      ...plan,
      // The credit ledger shown as the portal holds it (after submission, with this return's ITC in it).
      creditLedger: balance ? { ...plan.creditLedger, balance: balance.credit } : plan.creditLedger,
      cashToDeposit: cashNeeded ? map((h) => Object.values(cashNeeded.challan[h]).reduce((s, v) => s + v, 0)) : plan.cashToDeposit,
      portalLedgers: balance ? { cash: balance.cash, credit: balance.credit, creditHoldsReturnItc: holds } : null,
      cashNeeded,
      offset: (row?.offsetSent ?? null) as Gstr3bOffsetSent | null,
    },
  };
};

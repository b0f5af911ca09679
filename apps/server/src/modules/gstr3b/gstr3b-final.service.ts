// The return as it would be filed today: the computed figures with the user's in their place, table 5.1 (the user's,
// else counted to today) and the set-off of 6.1 over them. The set-off screen and the portal JSON read the same.
// Once submitted the portal holds the figures frozen (RETSUBMIT), so 5.1 is the one the saved JSON sent, not one
// counted again to a later day.
import { indiaDateOf, type Gstr3bResult, type Heads } from '@opengst/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { StoredComputation } from './gstr3b-compute.service';
import { withUserFigures, type UserFigure } from './gstr3b-figures';
import { paymentPlanOf, type LedgerBalances } from './gstr3b-payment';
import { gstr3bDueDate, precedingTurnoverOf, type Gstr3bRow, type Gstr3bTarget } from './gstr3b.repo';

export type FinalReturn = { row: Gstr3bRow; figures: Gstr3bResult; plan: ReturnType<typeof paymentPlanOf> };

const heads = (u: UserFigure | undefined) =>
  u ? { igst: u.amounts.igst, cgst: u.amounts.cgst, sgst: u.amounts.sgst, cess: u.amounts.cess } : null;

/** Rupees of the portal JSON (2 decimals) back to paise. */
const paiseOf = (v: unknown): number => (typeof v === 'number' ? Math.round(v * 100) : 0);
const jsonHeads = (v: unknown): Heads => {
  const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  return { igst: paiseOf(o['iamt']), cgst: paiseOf(o['camt']), sgst: paiseOf(o['samt']), cess: paiseOf(o['csamt']) };
};

/** Table 5.1 as the saved JSON sent it (intr_ltfee), once the portal froze it; null before submission. */
const frozenTable51 = (row: Gstr3bRow): { interest: Heads; lateFee: Heads } | null => {
  if (row.status !== 'Submitted' && row.status !== 'Filed') return null;
  const json = row.savedJson as { intr_ltfee?: { intr_details?: unknown; ltfee_details?: unknown } } | null;
  if (!json) return null;
  return { interest: jsonHeads(json.intr_ltfee?.intr_details), lateFee: jsonHeads(json.intr_ltfee?.ltfee_details) };
};

export const finalReturnOf = async (
  deps: { db: Db; now: () => Date },
  target: Gstr3bTarget,
  row: Gstr3bRow | null,
  /** The ledgers' balances before this return, or how to find them from the figures (net ITC posted at submission). */
  ledgers: LedgerBalances | ((figures: Gstr3bResult) => LedgerBalances),
): Promise<FinalReturn> => {
  const computed = (row?.computed ?? null) as StoredComputation | null;
  if (!row || !computed) throw new AppError('RET0015', { message: 'The return has not been computed yet: compute it first.' });
  const user = row.userFigures as UserFigure[];
  const figures = withUserFigures(computed.result, user);
  const frozen = frozenTable51(row);
  const plan = paymentPlanOf({
    figures,
    userInterest: frozen?.interest ?? heads(user.find((u) => u.figure === '5.1interest')),
    userLateFee: frozen?.lateFee ?? heads(user.find((u) => u.figure === '5.1lateFee')),
    ledgers: typeof ledgers === 'function' ? ledgers(figures) : ledgers,
    period: row.returnPeriod,
    dueDate: gstr3bDueDate(row.returnPeriod, row.frequency, target.stateCode),
    asOf: indiaDateOf(deps.now()),
    aggregateTurnover: await precedingTurnoverOf(deps.db, target.entityId, row.returnPeriod),
  });
  figures.table51 = { interest: plan.payable.interest, lateFee: plan.payable.lateFee };
  return { row, figures, plan };
};

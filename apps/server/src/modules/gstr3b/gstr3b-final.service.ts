// The return as it would be filed today: the computed figures with the user's in their place, table 5.1 (the user's,
// else counted to today) and the set-off of 6.1 over them. The set-off screen and the portal JSON read the same.
import { indiaDateOf, type Gstr3bResult } from '@opengst/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { StoredComputation } from './gstr3b-compute.service';
import { withUserFigures, type UserFigure } from './gstr3b-figures';
import { paymentPlanOf, type LedgerBalances } from './gstr3b-payment';
import { gstr3bDueDate, precedingTurnoverOf, type Gstr3bRow, type Gstr3bTarget } from './gstr3b.repo';

export type FinalReturn = { row: Gstr3bRow; figures: Gstr3bResult; plan: ReturnType<typeof paymentPlanOf> };

const heads = (u: UserFigure | undefined) =>
  u ? { igst: u.amounts.igst, cgst: u.amounts.cgst, sgst: u.amounts.sgst, cess: u.amounts.cess } : null;

export const finalReturnOf = async (
  deps: { db: Db; now: () => Date },
  target: Gstr3bTarget,
  row: Gstr3bRow | null,
  ledgers: LedgerBalances,
): Promise<FinalReturn> => {
  const computed = (row?.computed ?? null) as StoredComputation | null;
  if (!row || !computed) throw new AppError('RET0015', { message: 'The return has not been computed yet: compute it first.' });
  const user = row.userFigures as UserFigure[];
  const figures = withUserFigures(computed.result, user);
  const plan = paymentPlanOf({
    figures,
    userInterest: heads(user.find((u) => u.figure === '5.1interest')),
    userLateFee: heads(user.find((u) => u.figure === '5.1lateFee')),
    ledgers,
    period: row.returnPeriod,
    dueDate: gstr3bDueDate(row.returnPeriod, row.frequency, target.stateCode),
    asOf: indiaDateOf(deps.now()),
    aggregateTurnover: await precedingTurnoverOf(deps.db, target.entityId, row.returnPeriod),
  });
  figures.table51 = { interest: plan.payable.interest, lateFee: plan.payable.lateFee };
  return { row, figures, plan };
};

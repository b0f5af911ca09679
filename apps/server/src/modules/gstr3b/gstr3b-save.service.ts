// Saving the user's figures of a computed GSTR-3B. A figure the portal locks (outward liability from the July 2025
// period, 3.2 from November 2025: GSTN advisories of 7 June and December 2025) or one the form computes (4C) is
// refused with the reason when it differs from the system's; the others are kept in paise, in the row's columns.
import {
  GSTR3B_FIGURE_LAYOUT,
  GSTR3B_FIGURE_LABELS,
  isPlaceFigure,
  type ErrorCode,
  type Gstr3bAmounts,
  type Gstr3bSaveRequest,
} from '@opengst/contracts';
import { locksOf } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gstr3bReturns } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError, validationError } from '../../platform/errors';
import type { StoredComputation } from './gstr3b-compute.service';
import { figuresOfResult, lockOf, rowKeyOf, type UserFigure } from './gstr3b-figures';
import { openGstr3b, writeGstr3bHistory, type Gstr3bTarget } from './gstr3b.repo';

type SaveFigure = Gstr3bSaveRequest['figures'][number];

const same = (a: Gstr3bAmounts, b: Gstr3bAmounts) =>
  a.taxable === b.taxable && a.igst === b.igst && a.cgst === b.cgst && a.sgst === b.sgst && a.cess === b.cess;

/** The amounts in the row's columns only: a column the form does not have for the row is 0. */
const inColumns = (figure: UserFigure['figure'], amounts: NonNullable<SaveFigure['amounts']>): Gstr3bAmounts => {
  const columns = GSTR3B_FIGURE_LAYOUT[figure].columns;
  const of = (c: keyof Gstr3bAmounts) => (columns.includes(c) ? (amounts[c] ?? 0) : 0);
  return { taxable: of('taxable'), igst: of('igst'), cgst: of('cgst'), sgst: of('sgst'), cess: of('cess') };
};

export const saveGstr3bFigures = async (
  deps: { db: Db; now: () => Date },
  principal: SessionPrincipal,
  target: Gstr3bTarget,
  period: string,
  figures: readonly SaveFigure[],
  ip?: string,
): Promise<void> => {
  await deps.db.transaction(async (tx) => {
    const row = await openGstr3b(tx, principal.subscriberId, target, period, 'monthly');
    const computed = row.computed as StoredComputation | null;
    if (!computed) throw new AppError('RET0005', { message: 'Compute the return before entering your figures.' });
    if (row.status === 'Submitted' || row.status === 'Filed') throw new AppError('RET0007');
    const locks = locksOf(period);
    const system = new Map(figuresOfResult(computed.result).map((f) => [rowKeyOf(f.figure, f.placeOfSupply), f.amounts]));
    const before = row.userFigures as UserFigure[];
    const mine = new Map(before.map((u) => [rowKeyOf(u.figure, u.placeOfSupply), u]));
    const refused = [];
    for (const [i, f] of figures.entries()) {
      const placeOfSupply = isPlaceFigure(f.figure) ? (f.placeOfSupply ?? null) : null;
      if (isPlaceFigure(f.figure) && placeOfSupply === null)
        refused.push({
          code: 'GEN0009' satisfies ErrorCode,
          message: 'Table 3.2 needs the place of supply.',
          propertyName: `figures[${i}].placeOfSupply`,
          type: 'Error' as const,
        });
      const key = rowKeyOf(f.figure, placeOfSupply);
      if (f.amounts === null) {
        mine.delete(key);
        continue;
      }
      const amounts = inColumns(f.figure, f.amounts);
      const lock = lockOf(f.figure, locks);
      if (lock && !same(amounts, system.get(key) ?? { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 })) {
        refused.push({
          code: 'RET0018' satisfies ErrorCode,
          message: `${GSTR3B_FIGURE_LABELS[f.figure]}: ${lock.reason}`,
          propertyName: `figures[${i}].amounts`,
          type: 'Error' as const,
        });
        continue;
      }
      mine.set(key, { figure: f.figure, placeOfSupply, amounts });
    }
    if (refused.length > 0) throw validationError(refused);
    const after = [...mine.values()];
    await tx
      .update(gstr3bReturns)
      .set({ userFigures: after, userSavedAt: deps.now(), updatedAt: deps.now() })
      .where(eq(gstr3bReturns.id, row.id));
    await writeGstr3bHistory(tx, row.id, principal.userId, { action: 'SaveFigures', message: `${figures.length} figures.` });
    await writeAudit(tx, principal, {
      entityType: 'Gstr3b',
      entityKey: row.id,
      entityName: `GSTR3B ${target.gstin} ${period}`,
      action: 'Update',
      before: { userFigures: before },
      after: { userFigures: after },
      ...(ip ? { ip } : {}),
    });
  });
};

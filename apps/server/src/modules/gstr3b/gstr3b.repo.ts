// GSTR-3B rows: the return of a period, its history, and the ids behind each figure; the location it is for is a
// return's target (returns.repo).
import type { ReturnFilingStatus } from '@opengst/contracts';
import { dueDate, financialYearOfPeriod } from '@opengst/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { entityTurnovers, gstr3bFigureSources, gstr3bHistory, gstr3bReturns } from '../../db/schema';
import { returnTarget, type ReturnTarget } from '../returns';

export type Gstr3bRow = typeof gstr3bReturns.$inferSelect;
/** The location a GSTR-3B is filed for: a return's target (returns.repo), the same lookup as GSTR-1's. */
export type Gstr3bTarget = ReturnTarget;
export const gstr3bTarget = returnTarget;

/**
 * The due date (s.39(1) and Rule 61(5): the 20th of the next month; QRMP the 22nd or 24th by the State, Notification
 * 82/2020-CT), from the domain's dated rules.
 */
export const gstr3bDueDate = (period: string, frequency: 'monthly' | 'quarterly', stateCode: string): string =>
  dueDate('GSTR3B', period, { frequency, stateCode });

export const findGstr3b = async (db: DbOrTx, subscriberId: number, entityId: number, period: string): Promise<Gstr3bRow | null> => {
  const [row] = await db
    .select()
    .from(gstr3bReturns)
    .where(and(eq(gstr3bReturns.subscriberId, subscriberId), eq(gstr3bReturns.entityId, entityId), eq(gstr3bReturns.returnPeriod, period)));
  return row ?? null;
};

/** The return of the period, created (NotSubmitted) on first use; locked for the transaction. */
export const openGstr3b = async (
  tx: DbOrTx,
  subscriberId: number,
  target: Gstr3bTarget,
  period: string,
  frequency: 'monthly' | 'quarterly',
): Promise<Gstr3bRow> => {
  await tx
    .insert(gstr3bReturns)
    .values({
      subscriberId,
      entityId: target.entityId,
      gstin: target.gstin,
      returnPeriod: period,
      frequency,
      financialYear: financialYearOfPeriod(period),
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(gstr3bReturns)
    .where(
      and(
        eq(gstr3bReturns.subscriberId, subscriberId),
        eq(gstr3bReturns.entityId, target.entityId),
        eq(gstr3bReturns.returnPeriod, period),
      ),
    )
    .for('update');
  return row!;
};

export const writeGstr3bHistory = async (
  tx: DbOrTx,
  returnId: number,
  userId: number | null,
  entry: { action: string; fromStatus?: ReturnFilingStatus | null; toStatus?: ReturnFilingStatus | null; message?: string | null },
): Promise<void> => {
  await tx.insert(gstr3bHistory).values({
    returnId,
    action: entry.action,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    message: entry.message ?? null,
    userId,
  });
};

export type SourceKind = (typeof gstr3bFigureSources.$inferInsert)['kind'];
export type FigureSources = { figure: string; placeOfSupply: string; kind: SourceKind; ids: readonly number[] };

/** Replaces the ids behind the figures: one statement per figure and kind, the ids as one text value. */
export const replaceFigureSources = async (tx: DbOrTx, returnId: number, sources: readonly FigureSources[]): Promise<void> => {
  await tx.delete(gstr3bFigureSources).where(eq(gstr3bFigureSources.returnId, returnId));
  for (const s of sources) {
    if (s.ids.length === 0) continue;
    await tx.execute(
      sql`insert into ${gstr3bFigureSources} (return_id, figure, place_of_supply, kind, ids)
          values (${returnId}, ${s.figure}, ${s.placeOfSupply}, ${s.kind}, string_to_array(${s.ids.join(',')}, ',')::bigint[])`,
    );
  }
};

/**
 * The aggregate turnover of the financial year before the period's (setGstinTurnover), which picks the late fee's cap
 * (Notification 19/2021-CT); null when not entered.
 */
export const precedingTurnoverOf = async (db: DbOrTx, entityId: number, period: string): Promise<number | null> => {
  const fy = financialYearOfPeriod(period);
  const start = Number(fy.slice(0, 4)) - 1;
  const preceding = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  const [row] = await db
    .select({ turnover: entityTurnovers.turnover })
    .from(entityTurnovers)
    .where(and(eq(entityTurnovers.entityId, entityId), eq(entityTurnovers.financialYear, preceding)));
  return row?.turnover ?? null;
};

// The return as the screen shows it: each row's system figure, the user's, the difference, its lock and its sources.
import {
  GSTR3B_FIGURE_LAYOUT,
  GSTR3B_FIGURES,
  type Gstr3bAmounts,
  type Gstr3bDetail,
  type Gstr3bRow as Gstr3bScreenRow,
} from '@opengst/contracts';
import { financialYearOfPeriod, locksOf } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import type { StoredComputation } from './gstr3b-compute.service';
import { figuresOfResult, lockOf, rowKeyOf, ZERO_AMOUNTS, type UserFigure } from './gstr3b-figures';
import { gstr3bDueDate, type Gstr3bRow, type Gstr3bTarget } from './gstr3b.repo';
import { gstr1FilingsOf } from './outward-inputs.queries';
import { periodsOf } from './gstr3b-compute.service';

const minus = (a: Gstr3bAmounts, b: Gstr3bAmounts): Gstr3bAmounts => ({
  taxable: a.taxable - b.taxable,
  igst: a.igst - b.igst,
  cgst: a.cgst - b.cgst,
  sgst: a.sgst - b.sgst,
  cess: a.cess - b.cess,
});

const NO_SOURCES = { documents: 0, gstr2b: 0, summaries: 0 };

/** The rows of a computed return with the user's figures; a 3.2 place only the user entered is a row of its own. */
export const screenRowsOf = (
  computed: StoredComputation,
  user: readonly UserFigure[],
  locks: { outward: boolean; interState: boolean },
): Gstr3bScreenRow[] => {
  const userOf = new Map(user.map((u) => [rowKeyOf(u.figure, u.placeOfSupply), u.amounts]));
  const rows: Gstr3bScreenRow[] = [];
  const seen = new Set<string>();
  const row = (
    figure: (typeof GSTR3B_FIGURES)[number],
    placeOfSupply: string | null,
    system: Gstr3bAmounts,
    notPopulated: Gstr3bAmounts | null,
  ) => {
    const key = rowKeyOf(figure, placeOfSupply);
    seen.add(key);
    const mine = userOf.get(key) ?? null;
    rows.push({
      figure,
      placeOfSupply,
      columns: [...GSTR3B_FIGURE_LAYOUT[figure].columns],
      system,
      user: mine,
      difference: mine ? minus(mine, system) : null,
      notPopulated,
      lock: lockOf(figure, locks),
      sources: computed.sourceCounts[key] ?? NO_SOURCES,
    });
  };
  for (const f of figuresOfResult(computed.result)) row(f.figure, f.placeOfSupply, f.amounts, f.notPopulated);
  for (const u of user) if (!seen.has(rowKeyOf(u.figure, u.placeOfSupply))) row(u.figure, u.placeOfSupply, ZERO_AMOUNTS, null);
  // The form's order, 3.2 places in code order within their figure.
  const order = new Map(GSTR3B_FIGURES.map((f, i) => [f, i]));
  return rows.sort((a, b) => order.get(a.figure)! - order.get(b.figure)! || (a.placeOfSupply ?? '').localeCompare(b.placeOfSupply ?? ''));
};

export const gstr3bDetailOf = async (
  db: Db,
  subscriberId: number,
  target: Gstr3bTarget,
  period: string,
  row: Gstr3bRow | null,
): Promise<Gstr3bDetail> => {
  const frequency = row?.frequency ?? 'monthly';
  const periods = periodsOf(period, frequency);
  const computed = (row?.computed ?? null) as StoredComputation | null;
  const user = (row?.userFigures ?? []) as UserFigure[];
  const locks = locksOf(period);
  const filings = await gstr1FilingsOf(db, { subscriberId, entityId: target.entityId, periods });
  const [by] = row?.computedBy ? await db.select({ name: users.displayName }).from(users).where(eq(users.id, row.computedBy)) : [undefined];
  return {
    id: row?.id ?? null,
    entityId: target.entityId,
    entityName: target.entityName,
    gstin: target.gstin,
    returnPeriod: period,
    frequency,
    periods,
    financialYear: financialYearOfPeriod(period),
    dueDate: gstr3bDueDate(period, frequency, target.stateCode),
    status: row?.status ?? 'NotSubmitted',
    computedAt: row?.computedAt?.toISOString() ?? null,
    computedBy: by?.name ?? null,
    compute: {
      status: row?.computeStatus ?? 'YetNotStarted',
      stage: (row?.computeStage ?? null) as Gstr3bDetail['compute']['stage'],
      done: row?.computeDone ?? 0,
      total: row?.computeTotal ?? 0,
      message: row?.computeMessage ?? null,
    },
    userSavedAt: row?.userSavedAt?.toISOString() ?? null,
    rows: computed ? screenRowsOf(computed, user, locks) : [],
    locks,
    issues: (computed?.result.issues ?? []).map((i) => ({
      code: i.code,
      message: i.message,
      documentId: i.documentId ?? null,
      portalId: i.portalId ?? null,
    })),
    excluded: computed?.excluded ?? [],
    gstr1Filed: periods.every((p) => filings.some((f) => f.returnPeriod === p && f.status === 'Filed')),
    portal: {
      referenceId: row?.portalReferenceId ?? null,
      saveStatus: (row?.portalSaveStatus ?? null) as Gstr3bDetail['portal']['saveStatus'],
      savedAt: row?.savedAt?.toISOString() ?? null,
      submittedAt: row?.submittedAt?.toISOString() ?? null,
      offsetAt: row?.offsetAt?.toISOString() ?? null,
      filedAt: row?.filedAt?.toISOString() ?? null,
      arn: row?.arn ?? null,
      lastError: row?.lastError ?? null,
    },
  };
};

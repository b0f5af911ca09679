// The return rows: finding one within the caller's reach, its detail shape, its history rows, and its target (the
// location and GSTIN it is filed for).
import type {
  ReturnCorrections,
  ReturnDeadline,
  ReturnDetail,
  ReturnFilingStatus,
  ReturnSectionSummary,
  FiledReturnForm,
  ListedReturnForm,
} from '@opengst/contracts';
import { dueDate, financialYearOfPeriod, GSTR1_SECTIONS, returnDeadlineOf } from '@opengst/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { entities, returnHistory, returns } from '../../db/schema';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import type { SessionPrincipal } from '../../platform/auth/sessions';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnTarget = {
  entityId: number;
  entityName: string;
  gstin: string;
  stateCode: string;
  /** Effective date of registration (YYYY-MM-DD), null when not known: the first period with returns. */
  registrationDate: string | null;
  /** When the location was added: with no registration date, no earlier period is called overdue. */
  createdAt: Date;
};

/** Whether a return of the target is due, optional, not tracked or before the registration (domain returnDeadlineOf). */
export const deadlineOf = (target: ReturnTarget, returnType: ListedReturnForm, period: string): ReturnDeadline =>
  returnDeadlineOf(returnType, period, { registrationDate: target.registrationDate, createdOn: target.createdAt });

/**
 * A return's due date: GSTR-1 and GSTR-3B by the domain's dated rules (monthly filing; the product keeps no QRMP choice
 * yet).
 * GSTR-1A has no due date of its own: it may be filed after the GSTR-1 and until the GSTR-3B of the period is filed
 * (Rule 59(1) proviso as inserted by Notification 12/2024-CT), so the GSTR-3B due date is the one shown. '' for a
 * period before GST, which no rule covers.
 */
export const dueDateOf = (returnType: ListedReturnForm, period: string, stateCode: string): string => {
  try {
    return returnType === 'GSTR1' ? dueDate('GSTR1', period) : dueDate('GSTR3B', period, { stateCode });
  } catch (error) {
    if (error instanceof RangeError) return '';
    throw error;
  }
};

/**
 * The location a return is filed for: the subscriber's, not deleted, with a GSTIN (RET0001 otherwise). A background
 * job names the subscriber of the row it works on, without a signed-in principal.
 */
export const returnTarget = async (
  db: DbOrTx,
  principal: Pick<SessionPrincipal, 'subscriberId'>,
  entityId: number,
): Promise<ReturnTarget> => {
  const [row] = await db
    .select({
      entityId: entities.id,
      entityName: entities.entityName,
      gstin: entities.gstin,
      stateCode: entities.stateCode,
      entityType: entities.entityType,
      registrationDate: entities.registrationDate,
      createdAt: entities.createdAt,
    })
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.subscriberId, principal.subscriberId), ne(entities.status, 'Delete')));
  if (!row) throw new AppError('GEN0003');
  if (!row.gstin || row.entityType === 'Business') throw new AppError('RET0001');
  return {
    entityId: row.entityId,
    entityName: row.entityName,
    gstin: row.gstin,
    stateCode: row.stateCode ?? row.gstin.slice(0, 2),
    registrationDate: row.registrationDate,
    createdAt: row.createdAt,
  };
};

/** A return of the caller's subscriber (404 otherwise) on a location the caller may see (403 GEN0010 otherwise). */
export const findReturn = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<ReturnRow> => {
  const [row] = await db
    .select()
    .from(returns)
    .where(and(eq(returns.id, id), eq(returns.subscriberId, principal.subscriberId)));
  if (!row) throw new AppError('GEN0003');
  await assertEntityAccess(db, principal, [row.entityId]);
  return row;
};

export const findReturnByKey = async (
  db: DbOrTx,
  subscriberId: number,
  entityId: number,
  returnType: FiledReturnForm,
  returnPeriod: string,
): Promise<ReturnRow | undefined> => {
  const [row] = await db
    .select()
    .from(returns)
    .where(
      and(
        eq(returns.subscriberId, subscriberId),
        eq(returns.entityId, entityId),
        eq(returns.returnType, returnType),
        eq(returns.returnPeriod, returnPeriod),
      ),
    );
  return row;
};

/** Every section of the save format with zero figures: the summary of a return never generated. */
export const emptySummary = (): ReturnSectionSummary[] =>
  GSTR1_SECTIONS.map((section) => ({ section, records: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 }));

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export const detailOf = (
  target: ReturnTarget,
  row: ReturnRow,
  extra: { stale: boolean; errorCount: number; isOpen: boolean; corrections: ReturnCorrections },
): ReturnDetail => ({
  id: row.id,
  entityId: target.entityId,
  entityName: target.entityName,
  gstin: row.gstin,
  returnType: row.returnType,
  financialYear: row.financialYear,
  returnPeriod: row.returnPeriod,
  dueDate: dueDateOf(row.returnType, row.returnPeriod, target.stateCode),
  status: row.status,
  generationStatus: row.generationStatus,
  generationMessage: row.generationMessage,
  generatedAt: iso(row.generatedAt),
  documentCount: row.documentCount,
  summary: (row.summary as ReturnSectionSummary[] | null) ?? emptySummary(),
  portalReferenceId: row.portalReferenceId,
  portalSaveStatus: row.portalSaveStatus,
  savedAt: iso(row.savedAt),
  submittedAt: iso(row.submittedAt),
  filedAt: iso(row.filedAt),
  arn: row.arn,
  lastError: row.lastError,
  errorCount: extra.errorCount,
  stale: extra.stale,
  isOpen: extra.isOpen,
  deadline: deadlineOf(target, row.returnType, row.returnPeriod),
  corrections: extra.corrections,
});

/**
 * The detail of a return that was never generated: nothing stored yet; the books' document count (GSTR-1) or the
 * corrections it would take (GSTR-1A).
 */
export const blankDetail = (
  target: ReturnTarget,
  returnType: FiledReturnForm,
  returnPeriod: string,
  documentCount: number,
  isOpen: boolean,
  corrections: ReturnCorrections,
): ReturnDetail => ({
  id: null,
  entityId: target.entityId,
  entityName: target.entityName,
  gstin: target.gstin,
  returnType,
  financialYear: financialYearOfPeriod(returnPeriod),
  returnPeriod,
  dueDate: dueDateOf(returnType, returnPeriod, target.stateCode),
  status: 'NotSubmitted',
  generationStatus: 'YetNotStarted',
  generationMessage: null,
  generatedAt: null,
  documentCount,
  summary: emptySummary(),
  portalReferenceId: null,
  portalSaveStatus: null,
  savedAt: null,
  submittedAt: null,
  filedAt: null,
  arn: null,
  lastError: null,
  errorCount: 0,
  stale: false,
  isOpen,
  deadline: deadlineOf(target, returnType, returnPeriod),
  corrections,
});

/** One history row: an action and, when the status moved, from and to. */
export const writeHistory = async (
  tx: DbOrTx,
  returnId: number,
  userId: number | null,
  entry: { action: string; fromStatus?: ReturnFilingStatus | null; toStatus?: ReturnFilingStatus | null; message?: string | null },
): Promise<void> => {
  await tx.insert(returnHistory).values({
    returnId,
    userId,
    action: entry.action,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    message: entry.message ?? null,
  });
};

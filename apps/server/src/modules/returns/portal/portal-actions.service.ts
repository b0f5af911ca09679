// The portal actions of a GSTR-1 / GSTR-1A (spec core §4 "Actions"): Save (the JSON to the portal; its answer is
// fetched by the save-status job), Submit, and File with EVC. Each records a Push data activity, writes the return's
// history and an audit row; a portal failure is stored on the activity and the return, then answered as RET0012 with
// the portal's message.
import type { ReturnDetail, ReturnFilingStatus } from '@opengst/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import { documentItems, documents, returnDocuments, returnErrors, returns } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { JobQueue } from '../../../platform/jobs/queue';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { startActivity, updateActivity } from '../../data-activities';
import { activePortalSession, portalFailure } from './portal-session.service';
import { SAVE_STATUS_JOB } from '../returns.jobs';
import { findReturn, type ReturnRow, returnTarget, writeHistory } from '../returns.repo';
import { isStale, returnDetail } from '../returns.queries';

type Action = 'Save' | 'Submit' | 'File';

/** The PAN of a GSTIN: its characters 3 to 12. */
export const panOf = (gstin: string): string => gstin.slice(2, 12);

const assertNotFinal = (row: ReturnRow) => {
  if (row.status === 'Submitted' || row.status === 'Signed' || row.status === 'Filed') throw new AppError('RET0007');
};

/**
 * Records a failed portal call: the activity is Unprocessable with the portal's message, the return keeps it as its
 * last error (a failed save also moves it to Error: what the portal holds is no longer known), then RET0012.
 */
const failed = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  row: ReturnRow,
  activityId: number,
  action: Action,
  error: unknown,
  ip: string,
): Promise<never> => {
  const failure = portalFailure(error);
  const message = failure ? failure.message : 'The GST portal could not be reached because of an unexpected error.';
  if (!failure) console.error(`[return ${row.id}] ${action}`, error);
  const toStatus: ReturnFilingStatus = action === 'Save' ? 'Error' : row.status;
  await ctx.database.db.transaction(async (tx) => {
    await updateActivity(tx, activityId, ctx.now(), { status: failure ? 'Unprocessable' : 'Unhandled', message });
    await tx
      .update(returns)
      .set({ status: toStatus, lastError: message, ...(action === 'Save' ? { portalSaveStatus: null } : {}), updatedAt: ctx.now() })
      .where(eq(returns.id, row.id));
    await writeHistory(tx, row.id, principal.userId, { action, fromStatus: row.status, toStatus, message });
    await writeAudit(tx, principal, {
      entityType: 'Return',
      entityKey: row.id,
      entityName: `${row.returnType} ${row.gstin} ${row.returnPeriod}`,
      action: 'StatusChange',
      before: { status: row.status },
      after: { status: toStatus, lastError: message },
      ip,
    });
  });
  throw failure ?? new AppError('RET0012', { message });
};

const activityOf = (row: ReturnRow, principal: SessionPrincipal, action: Action) => ({
  subscriberId: row.subscriberId,
  entityId: row.entityId,
  gstin: row.gstin,
  kind: 'Push' as const,
  action,
  returnType: row.returnType,
  returnPeriod: row.returnPeriod,
  returnId: row.id,
  status: 'InProcess' as const,
  documentCount: row.documentCount,
  userId: principal.userId,
});

const detailAfter = async (ctx: AppContext, principal: SessionPrincipal, id: number): Promise<ReturnDetail> => {
  const { db } = ctx.database;
  const row = await findReturn(db, principal, id);
  return returnDetail(db, await returnTarget(db, principal, row.entityId), row);
};

/** Save: sends the generated JSON (RETSAVE); the save-status job reads the portal's answer. */
export const saveToPortal = async (
  ctx: AppContext,
  jobs: JobQueue,
  principal: SessionPrincipal,
  id: number,
  ip: string,
): Promise<ReturnDetail> => {
  const { db } = ctx.database;
  const row = await findReturn(db, principal, id);
  assertNotFinal(row);
  if (row.generationStatus !== 'Completed' || row.payload === null) throw new AppError('RET0005');
  if (row.portalSaveStatus === 'IP') throw new AppError('RET0013');
  if (await isStale(db, row)) throw new AppError('RET0006');
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  const activityId = await startActivity(db, activityOf(row, principal, 'Save'));
  let referenceId: string;
  try {
    ({ referenceId } = await ctx.gstPortal.save(session, row.returnType, row.returnPeriod, row.payload));
  } catch (error) {
    return failed(ctx, principal, row, activityId, 'Save', error, ip);
  }
  await db.transaction(async (tx) => {
    await tx.delete(returnErrors).where(eq(returnErrors.returnId, row.id));
    await tx
      .update(returns)
      .set({ portalReferenceId: referenceId, portalSaveStatus: 'IP', savedAt: ctx.now(), lastError: null, updatedAt: ctx.now() })
      .where(eq(returns.id, row.id));
    await updateActivity(tx, activityId, ctx.now(), { status: 'InProcess', portalReferenceId: referenceId });
    await writeHistory(tx, row.id, principal.userId, {
      action: 'Save',
      message: `Sent to the portal (reference ${referenceId}); waiting for its answer.`,
    });
    await writeAudit(tx, principal, {
      entityType: 'Return',
      entityKey: row.id,
      entityName: `${row.returnType} ${row.gstin} ${row.returnPeriod}`,
      action: 'Update',
      after: { action: 'Save', referenceId },
      ip,
    });
  });
  await jobs.send(SAVE_STATUS_JOB, { activityId, returnId: row.id, userId: principal.userId });
  return detailAfter(ctx, principal, row.id);
};

/** Submit (RETSUBMIT): only after a save the portal processed cleanly, with nothing changed since. */
export const submitToPortal = async (ctx: AppContext, principal: SessionPrincipal, id: number, ip: string): Promise<ReturnDetail> => {
  const { db } = ctx.database;
  const row = await findReturn(db, principal, id);
  assertNotFinal(row);
  if (row.status !== 'NotSubmitted' || row.portalSaveStatus !== 'P') throw new AppError('RET0010');
  if (await isStale(db, row)) throw new AppError('RET0006');
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  const activityId = await startActivity(db, activityOf(row, principal, 'Submit'));
  let referenceId: string;
  try {
    ({ referenceId } = await ctx.gstPortal.submit(session, row.returnType, row.returnPeriod));
  } catch (error) {
    return failed(ctx, principal, row, activityId, 'Submit', error, ip);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(returns)
      .set({ status: 'Submitted', submittedAt: ctx.now(), lastError: null, updatedAt: ctx.now() })
      .where(eq(returns.id, row.id));
    await updateActivity(tx, activityId, ctx.now(), { status: 'Completed', portalReferenceId: referenceId });
    await writeHistory(tx, row.id, principal.userId, {
      action: 'Submit',
      fromStatus: row.status,
      toStatus: 'Submitted',
      message: `Submitted (reference ${referenceId}).`,
    });
    await writeAudit(tx, principal, {
      entityType: 'Return',
      entityKey: row.id,
      entityName: `${row.returnType} ${row.gstin} ${row.returnPeriod}`,
      action: 'StatusChange',
      before: { status: row.status },
      after: { status: 'Submitted' },
      ip,
    });
  });
  return detailAfter(ctx, principal, row.id);
};

/** Asks the portal for the EVC one-time password that signs the filing (sent to the authorised signatory). */
export const requestFilingOtp = async (ctx: AppContext, principal: SessionPrincipal, id: number): Promise<void> => {
  const row = await findReturn(ctx.database.db, principal, id);
  if (row.status !== 'Submitted') throw new AppError('RET0011');
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  try {
    await ctx.gstPortal.requestEvcOtp(session, row.returnType, panOf(row.gstin));
  } catch (error) {
    throw portalFailure(error) ?? error;
  }
};

/**
 * File with EVC (RETFILE): Filed with the ARN, and in the same transaction the return's documents are locked with the
 * number and date they were filed with; a later change to one of them goes to an amendment.
 */
export const fileWithPortal = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  id: number,
  otp: string,
  ip: string,
): Promise<ReturnDetail> => {
  const { db } = ctx.database;
  const row = await findReturn(db, principal, id);
  if (row.status !== 'Submitted') throw new AppError('RET0011');
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  const activityId = await startActivity(db, activityOf(row, principal, 'File'));
  let arn: string;
  try {
    ({ arn } = await ctx.gstPortal.file(session, row.returnType, row.returnPeriod, panOf(row.gstin), otp));
  } catch (error) {
    return failed(ctx, principal, row, activityId, 'File', error, ip);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(returns)
      .set({ status: 'Filed', arn, filedAt: ctx.now(), lastError: null, updatedAt: ctx.now() })
      .where(eq(returns.id, row.id));
    // Reported: locked, with the number and date it was filed with; "Completed" in the registers (an e-invoiced
    // document keeps "Generated": its IRN still decides what may change).
    await tx
      .update(documents)
      .set({
        filedReturnId: row.id,
        filedNumber: sql`${documents.documentNumber}`,
        filedDate: sql`${documents.documentDate}`,
        amendmentPending: false,
        status: sql`case when ${documents.status} = 'Generated' then 'Generated' else 'Completed' end`,
        filedItems: sql`(select jsonb_agg(jsonb_build_object('hsn', i.hsn, 'description', i.description, 'uqc', i.uqc, 'quantity', i.quantity,
        'rate', i.rate, 'taxable', i.taxable, 'igst', i.igst, 'cgst', i.cgst, 'sgst', i.sgst, 'cess', i.cess) order by i.line_number)
        from ${documentItems} i where i.document_id = ${documents.id})`,
      })
      .where(
        inArray(
          documents.id,
          tx.select({ id: returnDocuments.documentId }).from(returnDocuments).where(eq(returnDocuments.returnId, row.id)),
        ),
      );
    await updateActivity(tx, activityId, ctx.now(), { status: 'Completed', portalReferenceId: arn });
    await writeHistory(tx, row.id, principal.userId, {
      action: 'File',
      fromStatus: row.status,
      toStatus: 'Filed',
      message: `Filed with EVC; ARN ${arn}.`,
    });
    await writeAudit(tx, principal, {
      entityType: 'Return',
      entityKey: row.id,
      entityName: `${row.returnType} ${row.gstin} ${row.returnPeriod}`,
      action: 'StatusChange',
      before: { status: row.status },
      after: { status: 'Filed', arn },
      ip,
    });
  });
  return detailAfter(ctx, principal, row.id);
};

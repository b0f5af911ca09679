// GSTR-3B through the GST portal (issue 19; spec core §4 "Actions"): Save (RETSAVE of the final figures' JSON, its
// answer read with RETSTATUS), Submit (RETSUBMIT: the portal freezes the figures and posts the liability and the ITC
// to the ledgers), Offset (RETOFFSET: credit, then cash, s.49), File with EVC (RETFILE) -> ARN. GSTR-1's flow
// (returns/portal/portal-actions.service.ts) is the model: each action is a Push data activity, a history row and an
// audit row; a portal refusal is kept as the return's last error and answered RET0012 with the portal's message.
import type { ReturnFilingStatus } from '@opengst/contracts';
import { gstr3bJsonOf, gstr3bJsonProblems } from '@opengst/domain';
import { and, desc, eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import { dataActivities, gstr3bReturns } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { PortalSaveStatus, PortalSessionState } from '../../portal';
import { startActivity, updateActivity } from '../data-activities';
import { syncIntimations } from '../drc01';
import { activePortalSession, portalFailure } from '../returns';
import { offsetOfPlan } from './gstr3b-offset';
import { readLedgers, setOffOf } from './gstr3b-set-off';
import { findGstr3b, writeGstr3bHistory, type Gstr3bRow, type Gstr3bTarget } from './gstr3b.repo';

export type PortalAction = 'Save' | 'Submit' | 'Offset' | 'File';

/** How long a save's answer is waited for in the request: ~4 s in all, then the user reads it again (saveStatus). */
export const SAVE_STATUS_WAITS_MS: readonly number[] = [0, 250, 500, 1_000, 2_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The PAN of a GSTIN (characters 3 to 12): the EVC is the PAN holder's (Rule 26(1)). */
const panOf = (gstin: string): string => gstin.slice(2, 12);
const nameOf = (row: Gstr3bRow) => `GSTR3B ${row.gstin} ${row.returnPeriod}`;

/** The return of the period, which must have been computed. */
const computedReturn = async (ctx: AppContext, principal: SessionPrincipal, target: Gstr3bTarget, period: string): Promise<Gstr3bRow> => {
  const row = await findGstr3b(ctx.database.db, principal.subscriberId, target.entityId, period);
  if (!row?.computed) throw new AppError('RET0015', { message: 'The return has not been computed yet: compute it first.' });
  return row;
};

/** The figures are the portal's once submitted (RETSUBMIT freezes them): nothing is saved or computed again. */
export const assertNotSubmitted = (row: Pick<Gstr3bRow, 'status'> | null): void => {
  if (row && (row.status === 'Submitted' || row.status === 'Signed' || row.status === 'Filed')) throw new AppError('RET0007');
};

const startPush = (ctx: AppContext, row: Gstr3bRow, principal: SessionPrincipal, action: PortalAction) =>
  startActivity(ctx.database.db, {
    subscriberId: row.subscriberId,
    entityId: row.entityId,
    gstin: row.gstin,
    kind: 'Push',
    action,
    returnType: 'GSTR3B',
    returnPeriod: row.returnPeriod,
    // data_activities.return_id names a GSTR-1/1A (returns); a GSTR-3B is found by GSTIN and period.
    returnId: null,
    status: 'InProcess',
    userId: principal.userId,
  });

/** A refused portal call: the activity Unprocessable, the return keeps the portal's message; a refused save is Error. */
const failed = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  row: Gstr3bRow,
  activityId: number,
  action: PortalAction,
  error: unknown,
  ip: string,
): Promise<never> => {
  const failure = portalFailure(error);
  const message = failure ? failure.message : 'The GST portal could not be reached because of an unexpected error.';
  if (!failure) console.error(`[gstr3b ${row.id}] ${action}`, error);
  const toStatus: ReturnFilingStatus = action === 'Save' ? 'Error' : row.status;
  await ctx.database.db.transaction(async (tx) => {
    await updateActivity(tx, activityId, ctx.now(), { status: failure ? 'Unprocessable' : 'Unhandled', message });
    await tx
      .update(gstr3bReturns)
      .set({ status: toStatus, lastError: message, ...(action === 'Save' ? { portalSaveStatus: null } : {}), updatedAt: ctx.now() })
      .where(eq(gstr3bReturns.id, row.id));
    await writeGstr3bHistory(tx, row.id, principal.userId, { action, fromStatus: row.status, toStatus, message });
    await writeAudit(tx, principal, {
      entityType: 'Gstr3b',
      entityKey: row.id,
      entityName: nameOf(row),
      action: 'StatusChange',
      before: { status: row.status },
      after: { status: toStatus, lastError: message },
      ip,
    });
  });
  throw failure ?? new AppError('RET0012', { message });
};

/** Reads the answer to a save within SAVE_STATUS_WAITS_MS; IP when the portal is still at it. */
const awaitSaveAnswer = async (ctx: AppContext, session: PortalSessionState, period: string, referenceId: string) => {
  let answer: PortalSaveStatus = { status: 'IP', errors: [], message: null };
  for (const wait of SAVE_STATUS_WAITS_MS) {
    await sleep(wait);
    answer = await ctx.gstPortal.saveStatus(session, period, referenceId);
    if (answer.status !== 'IP') break;
  }
  return answer;
};

/** Stores the portal's answer to a save: P keeps the return NotSubmitted and submittable; PE and ER put it in Error. */
const applySaveAnswer = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  row: Gstr3bRow,
  activityId: number,
  answer: PortalSaveStatus,
  ip: string,
): Promise<void> => {
  const clean = answer.status === 'P';
  const waiting = answer.status === 'IP';
  const errors = answer.errors.map((e) => `${e.errorCode} ${e.errorMessage}`);
  const lastError = clean || waiting ? null : (answer.message ?? (errors.join('; ') || 'The portal refused the save.'));
  const toStatus: ReturnFilingStatus = clean ? 'NotSubmitted' : waiting ? row.status : 'Error';
  const message = clean
    ? 'The portal processed the save.'
    : waiting
      ? 'The portal is still processing the save: read its answer again.'
      : `The portal refused the save: ${lastError}`;
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(gstr3bReturns)
      .set({ portalSaveStatus: answer.status, status: toStatus, lastError, updatedAt: ctx.now() })
      .where(eq(gstr3bReturns.id, row.id));
    await updateActivity(tx, activityId, ctx.now(), {
      status: clean ? 'Completed' : waiting ? 'InProcess' : 'Unprocessable',
      errorCount: answer.errors.length,
      message: lastError,
    });
    await writeGstr3bHistory(tx, row.id, principal.userId, { action: 'Save', fromStatus: row.status, toStatus, message });
    await writeAudit(tx, principal, {
      entityType: 'Gstr3b',
      entityKey: row.id,
      entityName: nameOf(row),
      action: 'StatusChange',
      before: { status: row.status },
      after: { status: toStatus, portalSaveStatus: answer.status },
      ip,
    });
  });
};

/** The final figures' JSON as the portal takes it, over the portal's ledgers (5.1's interest depends on the cash). */
const finalJsonOf = async (ctx: AppContext, target: Gstr3bTarget, row: Gstr3bRow, session: PortalSessionState) => {
  const { final } = await setOffOf(ctx, target, row, await readLedgers(ctx, session, row.returnPeriod));
  return gstr3bJsonOf(final.figures);
};

/** Save: RETSAVE of the final figures' JSON, refused here when it breaks the portal's structure. */
export const saveGstr3bToPortal = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  target: Gstr3bTarget,
  period: string,
  ip: string,
): Promise<void> => {
  const row = await computedReturn(ctx, principal, target, period);
  assertNotSubmitted(row);
  if (row.portalSaveStatus === 'IP') throw new AppError('RET0013');
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  const json = await finalJsonOf(ctx, target, row, session);
  const problems = gstr3bJsonProblems(json);
  if (problems.length > 0)
    throw new AppError('RET0019', {
      message: `The GSTR-3B JSON breaks the portal's structure, so it was not sent: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` and ${problems.length - 5} more` : ''}.`,
    });
  const activityId = await startPush(ctx, row, principal, 'Save');
  let referenceId: string;
  let answer: PortalSaveStatus;
  try {
    ({ referenceId } = await ctx.gstPortal.save(session, 'GSTR3B', period, JSON.stringify(json)));
    await ctx.database.db
      .update(gstr3bReturns)
      .set({ portalReferenceId: referenceId, portalSaveStatus: 'IP', savedJson: json, savedAt: ctx.now(), updatedAt: ctx.now() })
      .where(eq(gstr3bReturns.id, row.id));
    await updateActivity(ctx.database.db, activityId, ctx.now(), { status: 'InProcess', portalReferenceId: referenceId });
    answer = await awaitSaveAnswer(ctx, session, period, referenceId);
  } catch (error) {
    return failed(ctx, principal, row, activityId, 'Save', error, ip);
  }
  await applySaveAnswer(ctx, principal, row, activityId, answer, ip);
};

/** Reads the portal's answer to a save still in progress (IP). */
export const readGstr3bSaveStatus = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  target: Gstr3bTarget,
  period: string,
  ip: string,
): Promise<void> => {
  const row = await computedReturn(ctx, principal, target, period);
  if (row.portalSaveStatus !== 'IP' || !row.portalReferenceId) return;
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  // The answer closes the Push of the save it answers (its reference id), as GSTR-1's save-status job does.
  const [push] = await ctx.database.db
    .select({ id: dataActivities.id })
    .from(dataActivities)
    .where(
      and(
        eq(dataActivities.subscriberId, row.subscriberId),
        eq(dataActivities.kind, 'Push'),
        eq(dataActivities.returnType, 'GSTR3B'),
        eq(dataActivities.portalReferenceId, row.portalReferenceId),
      ),
    )
    .orderBy(desc(dataActivities.id))
    .limit(1);
  const activityId = push?.id ?? (await startPush(ctx, row, principal, 'Save'));
  let answer: PortalSaveStatus;
  try {
    answer = await awaitSaveAnswer(ctx, session, period, row.portalReferenceId);
  } catch (error) {
    return failed(ctx, principal, row, activityId, 'Save', error, ip);
  }
  await applySaveAnswer(ctx, principal, row, activityId, answer, ip);
};

/** Records a portal action that succeeded: the return's columns, the activity, the history and the audit. */
const succeeded = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  row: Gstr3bRow,
  activityId: number,
  done: {
    action: PortalAction;
    set: Partial<typeof gstr3bReturns.$inferInsert>;
    toStatus: ReturnFilingStatus;
    reference: string;
    message: string;
  },
  ip: string,
): Promise<void> => {
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(gstr3bReturns)
      .set({ ...done.set, status: done.toStatus, lastError: null, updatedAt: ctx.now() })
      .where(eq(gstr3bReturns.id, row.id));
    await updateActivity(tx, activityId, ctx.now(), { status: 'Completed', portalReferenceId: done.reference });
    await writeGstr3bHistory(tx, row.id, principal.userId, {
      action: done.action,
      fromStatus: row.status,
      toStatus: done.toStatus,
      message: done.message,
    });
    await writeAudit(tx, principal, {
      entityType: 'Gstr3b',
      entityKey: row.id,
      entityName: nameOf(row),
      action: 'StatusChange',
      before: { status: row.status },
      after: { status: done.toStatus, action: done.action, reference: done.reference },
      ip,
    });
  });
};

/** Submit: only a save the portal processed (P), of the figures as they stand now (else save again: RET0020). */
export const submitGstr3b = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  target: Gstr3bTarget,
  period: string,
  ip: string,
): Promise<void> => {
  const row = await computedReturn(ctx, principal, target, period);
  assertNotSubmitted(row);
  if (row.portalSaveStatus !== 'P' || row.status !== 'NotSubmitted') throw new AppError('RET0010');
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  // Compared as values: jsonb keeps an object's keys in its own order.
  if (!isDeepStrictEqual(await finalJsonOf(ctx, target, row, session), row.savedJson)) throw new AppError('RET0020');
  const activityId = await startPush(ctx, row, principal, 'Submit');
  let referenceId: string;
  try {
    ({ referenceId } = await ctx.gstPortal.submit(session, 'GSTR3B', period));
  } catch (error) {
    return failed(ctx, principal, row, activityId, 'Submit', error, ip);
  }
  await succeeded(
    ctx,
    principal,
    row,
    activityId,
    {
      action: 'Submit',
      set: { submittedAt: ctx.now() },
      toStatus: 'Submitted',
      reference: referenceId,
      message: `Submitted (reference ${referenceId}): the figures are frozen at the portal.`,
    },
    ip,
  );
};

/**
 * Offset: the set-off over the ledgers the portal holds now (or the user's utilisation of credit, checked against the
 * law and the credit ledger), the rest in cash, checked against the cash ledger cell by cell before the portal is asked.
 */
export const offsetGstr3b = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  target: Gstr3bTarget,
  request: {
    returnPeriod: string;
    credit?:
      readonly { from: 'igst' | 'cgst' | 'sgst' | 'cess'; to: 'igst' | 'cgst' | 'sgst' | 'cess'; amount: number }[] | null | undefined;
  },
  ip: string,
): Promise<void> => {
  const period = request.returnPeriod;
  const row = await computedReturn(ctx, principal, target, period);
  if (row.status !== 'Submitted') throw new AppError('RET0021');
  if (row.offsetAt) throw new AppError('RET0021', { message: 'The liability of this return is already offset: file it.' });
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  const balance = await readLedgers(ctx, session, period);
  const { setOff } = await setOffOf(ctx, target, row, balance);
  const { request: offset, sent } = offsetOfPlan(setOff, balance, request.credit ?? null, ctx.now());
  const activityId = await startPush(ctx, row, principal, 'Offset');
  let referenceId: string;
  try {
    ({ referenceId } = await ctx.gstPortal.gstr3bOffset(session, period, offset));
  } catch (error) {
    return failed(ctx, principal, row, activityId, 'Offset', error, ip);
  }
  await succeeded(
    ctx,
    principal,
    row,
    activityId,
    {
      action: 'Offset',
      set: { offsetSent: sent, offsetAt: ctx.now() },
      toStatus: 'Submitted',
      reference: referenceId,
      message: `Liability offset (reference ${referenceId}): ${sent.credit.length} credit utilisation(s) and the cash.`,
    },
    ip,
  );
};

/** Asks the portal for the EVC OTP that signs the filing (sent to the authorised signatory). */
export const requestGstr3bFilingOtp = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  target: Gstr3bTarget,
  period: string,
): Promise<void> => {
  const row = await computedReturn(ctx, principal, target, period);
  if (row.status !== 'Submitted') throw new AppError('RET0011');
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  try {
    await ctx.gstPortal.requestEvcOtp(session, 'GSTR3B', panOf(row.gstin));
  } catch (error) {
    throw portalFailure(error) ?? error;
  }
};

/** File with EVC (RETFILE): Filed with the ARN. The portal refuses while the liability is unpaid (RET0012 in its words). */
export const fileGstr3b = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  target: Gstr3bTarget,
  period: string,
  otp: string,
  ip: string,
): Promise<void> => {
  const row = await computedReturn(ctx, principal, target, period);
  if (row.status !== 'Submitted') throw new AppError('RET0011');
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  const activityId = await startPush(ctx, row, principal, 'File');
  let arn: string;
  try {
    ({ arn } = await ctx.gstPortal.file(session, 'GSTR3B', period, panOf(row.gstin), otp));
  } catch (error) {
    return failed(ctx, principal, row, activityId, 'File', error, ip);
  }
  await succeeded(
    ctx,
    principal,
    row,
    activityId,
    { action: 'File', set: { arn, filedAt: ctx.now() }, toStatus: 'Filed', reference: arn, message: `Filed with EVC; ARN ${arn}.` },
    ip,
  );
  await readIntimationsAfterFiling(ctx, principal, row, ip);
};

/**
 * The portal compares a filed GSTR-3B with GSTR-1 and GSTR-2B and may raise DRC-01B / DRC-01C at once (Rules 88C,
 * 88D): they are read now, so the lists hold them and the timeline says so; an unanswered one blocks the next GSTR-1
 * (Rule 59(6)). The filing stands whatever this read answers: a failure is said in the timeline, to get them by hand.
 */
const readIntimationsAfterFiling = async (ctx: AppContext, principal: SessionPrincipal, row: Gstr3bRow, ip: string): Promise<void> => {
  const { db } = ctx.database;
  let message: string | null;
  try {
    const { added } = await syncIntimations(ctx, principal, { entityId: row.entityId }, ip);
    message =
      added > 0
        ? `The portal raised ${added} DRC-01B/DRC-01C intimation${added === 1 ? '' : 's'} on this filing: answer before filing the next GSTR-1 (Rule 59(6)).`
        : null;
  } catch (error) {
    const reason = error instanceof AppError ? error.message : 'the portal did not answer';
    message = `The DRC-01B/DRC-01C intimations could not be read after filing (${reason}): get them from the portal on their lists.`;
  }
  if (message) await writeGstr3bHistory(db, row.id, principal.userId, { action: 'Drc01', message });
};

// The portal's answer to a save (RETSTATUS), polled by a job until it is no longer IP (in progress), a bounded number
// of times. P: the return stays NotSubmitted with portalSaveStatus P and may be submitted. PE/ER: the per-document
// errors are stored against the documents (section + number + counterparty GSTIN) and the return is in Error. Every
// failed poll is also a Callback data activity; when the attempts run out the push is MaxAttemptReached.
import { and, eq, inArray } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../db/database';
import { dataActivities, documents, returnDocuments, returnErrors, returns } from '../../../db/schema';
import type { JobQueue } from '../../../platform/jobs/queue';
import { SAVE_STATUS_JOB } from '../returns.jobs';
import type { PortalDocumentError, PortalSaveStatus, PortalSessionState } from '../../../portal/gst-portal';
import { startActivity, updateActivity } from '../../data-activities';
import { activePortalSession, portalFailure } from './portal-session.service';
import { type ReturnRow, writeHistory } from '../returns.repo';

export type SaveStatusDeps = {
  ctx: AppContext;
  /** Polls before giving up, and the wait before poll n (1-based). */
  attempts: number;
  delayMs: (attempt: number) => number;
};

/** About a minute in all: 0.5 s, 1 s, 2 s, 4 s, then 8 s between polls. */
export const SAVE_STATUS_POLICY = {
  attempts: 12,
  delayMs: (attempt: number) => (attempt === 1 ? 0 : Math.min(500 * 2 ** (attempt - 2), 8000)),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ids of the return's documents the portal's errors name: by section, number and counterparty GSTIN (or without it). */
const documentIdsOf = async (db: DbOrTx, returnId: number, errors: readonly PortalDocumentError[]): Promise<Map<string, number>> => {
  const numbers = [...new Set(errors.flatMap((e) => (e.documentNumber ? [e.documentNumber] : [])))];
  const found = new Map<string, number>();
  for (let i = 0; i < numbers.length; i += 1000) {
    const rows = await db
      .select({ id: documents.id, section: returnDocuments.section, number: documents.documentNumber, ctin: documents.counterpartyGstin })
      .from(returnDocuments)
      .innerJoin(documents, eq(documents.id, returnDocuments.documentId))
      .where(and(eq(returnDocuments.returnId, returnId), inArray(documents.documentNumber, numbers.slice(i, i + 1000))));
    for (const r of rows) {
      found.set(`${r.section}|${r.number}|${r.ctin}`, r.id);
      if (!found.has(`${r.section}|${r.number}|`)) found.set(`${r.section}|${r.number}|`, r.id);
    }
  }
  return found;
};

const nameOf = (row: ReturnRow) => `${row.returnType} ${row.gstin} ${row.returnPeriod}`;

/** Stores the portal's final answer on the return, its errors, the activity and the history. */
const applyAnswer = async (
  deps: SaveStatusDeps,
  row: ReturnRow,
  activityId: number,
  userId: number | null,
  answer: PortalSaveStatus,
): Promise<void> => {
  const { ctx } = deps;
  const { db } = ctx.database;
  const ids = answer.status === 'P' ? new Map<string, number>() : await documentIdsOf(db, row.id, answer.errors);
  const clean = answer.status === 'P';
  const toStatus = clean ? (row.status === 'Error' ? 'NotSubmitted' : row.status) : 'Error';
  const lastError = clean ? null : (answer.message ?? `The portal refused ${answer.errors.length} document(s): see the errors.`);
  const message = clean
    ? 'The portal processed the save.'
    : answer.status === 'PE'
      ? `The portal processed the save with ${answer.errors.length} error(s).`
      : `The portal refused the save: ${lastError}`;
  await db.transaction(async (tx) => {
    await tx.delete(returnErrors).where(eq(returnErrors.returnId, row.id));
    for (let i = 0; i < answer.errors.length; i += 1000) {
      await tx.insert(returnErrors).values(
        answer.errors.slice(i, i + 1000).map((e) => ({
          returnId: row.id,
          dataActivityId: activityId,
          section: e.section,
          documentId:
            ids.get(`${e.section}|${e.documentNumber}|${e.counterpartyGstin ?? ''}`) ??
            ids.get(`${e.section}|${e.documentNumber}|`) ??
            null,
          documentNumber: e.documentNumber,
          counterpartyGstin: e.counterpartyGstin,
          errorCode: e.errorCode,
          errorMessage: e.errorMessage,
        })),
      );
    }
    await tx
      .update(returns)
      .set({ portalSaveStatus: answer.status, status: toStatus, lastError, updatedAt: ctx.now() })
      .where(eq(returns.id, row.id));
    await updateActivity(tx, activityId, ctx.now(), {
      status: answer.status === 'ER' ? 'Unprocessable' : 'Completed',
      errorCount: answer.errors.length,
      message: clean ? null : lastError,
    });
    await writeHistory(tx, row.id, userId, { action: 'Save', fromStatus: row.status, toStatus, message });
    if (userId !== null) {
      await writeAudit(
        tx,
        { subscriberId: row.subscriberId, userId },
        {
          entityType: 'Return',
          entityKey: row.id,
          entityName: nameOf(row),
          action: 'StatusChange',
          before: { status: row.status },
          after: { status: toStatus, portalSaveStatus: answer.status },
        },
      );
    }
  });
};

/** No final answer: the push ends MaxAttemptReached and the return is in Error (what the portal holds is unknown). */
const giveUp = async (deps: SaveStatusDeps, row: ReturnRow, activityId: number, userId: number | null, reason: string): Promise<void> => {
  const { ctx } = deps;
  const message = `The portal gave no final answer to the save after ${deps.attempts} attempts (${reason}); save again.`;
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(returns)
      .set({ portalSaveStatus: null, status: 'Error', lastError: message, updatedAt: ctx.now() })
      .where(eq(returns.id, row.id));
    await updateActivity(tx, activityId, ctx.now(), { status: 'MaxAttemptReached', message });
    await writeHistory(tx, row.id, userId, { action: 'Save', fromStatus: row.status, toStatus: 'Error', message });
  });
};

/** Polls the answer of one save until it is final or the attempts run out. Only a return still waiting (IP) is polled. */
export const pollSaveStatus = async (deps: SaveStatusDeps, activityId: number, returnId: number, userId: number | null): Promise<void> => {
  const { ctx } = deps;
  const { db } = ctx.database;
  let reason = 'the portal answered "in progress"';
  for (let attempt = 1; attempt <= deps.attempts; attempt++) {
    await sleep(deps.delayMs(attempt));
    const [row] = await db.select().from(returns).where(eq(returns.id, returnId));
    if (!row || row.portalSaveStatus !== 'IP' || !row.portalReferenceId) return;
    let answer: PortalSaveStatus;
    try {
      const session: PortalSessionState = await activePortalSession(ctx, row.entityId, row.gstin);
      answer = await ctx.gstPortal.saveStatus(session, row.returnPeriod, row.portalReferenceId);
    } catch (error) {
      reason = portalFailure(error)?.message ?? (error instanceof Error ? error.message : String(error));
      await startActivity(db, {
        subscriberId: row.subscriberId,
        entityId: row.entityId,
        gstin: row.gstin,
        kind: 'Callback',
        action: 'SaveStatus',
        returnType: row.returnType,
        returnPeriod: row.returnPeriod,
        returnId: row.id,
        status: 'Attempted',
        message: `Attempt ${attempt}: ${reason}`,
        userId,
        portalReferenceId: row.portalReferenceId,
      });
      await updateActivity(db, activityId, ctx.now(), { status: 'Attempted', message: reason });
      continue;
    }
    if (answer.status === 'IP') continue;
    await applyAnswer(deps, row, activityId, userId, answer);
    return;
  }
  const [row] = await db.select().from(returns).where(eq(returns.id, returnId));
  if (row && row.portalSaveStatus === 'IP') await giveUp(deps, row, activityId, userId, reason);
};

/** Saves still waiting for the portal's answer when the last process stopped are polled again (at start). */
export const resumeSaveStatusPolls = async (jobs: JobQueue, deps: SaveStatusDeps): Promise<void> => {
  // Saves still waiting for the portal's answer when the last process stopped are polled again (a poll of an answered
  // save does nothing, so one polled twice is harmless).
  const { db } = deps.ctx.database;
  const waiting = await db
    .select({ returnId: returns.id, activityId: dataActivities.id, userId: dataActivities.userId })
    .from(returns)
    .innerJoin(
      dataActivities,
      and(
        eq(dataActivities.returnId, returns.id),
        eq(dataActivities.kind, 'Push'),
        eq(dataActivities.action, 'Save'),
        eq(dataActivities.portalReferenceId, returns.portalReferenceId),
      ),
    )
    .where(eq(returns.portalSaveStatus, 'IP'));
  for (const w of waiting) await jobs.send(SAVE_STATUS_JOB, { activityId: w.activityId, returnId: w.returnId, userId: w.userId });
};

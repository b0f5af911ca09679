// IMS actions out: the Accept / Reject / Pending a user took on an IMS reconciliation's rows are sent to the portal
// (SAVE of the IMS API, quoting each record as the portal answered it; remarks only where the portal takes them), per
// GSTIN, in batches, by a job; each batch is
// a Push data activity with the portal's reference id, and its outcome (REQSTS) is kept on each action: pushed, or the
// portal's refusal in words. A credit note accepted is declared with its whole tax as ITC to reduce (the October 2025
// rule: reverse what was availed); the user changes that on the portal where less was availed.
import type { ImsPushCountSchema, ImsPushResponseSchema } from '@opengst/contracts';
import { imsRemarksAllowed, returnPeriodOf, istDateOf } from '@opengst/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db, type DbOrTx } from '../../../db/database';
import { portalDocuments, reconciliationActions } from '../../../db/schema';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { ImsActionRequest, PortalImsAction, PortalImsSection } from '../../../portal';
import { PORTAL_IMS_SECTIONS } from '../../../portal';
import { startActivity, updateActivity } from '../../data-activities';
import { activePortalSession, portalFailure } from '../../returns';
import { IMS_PUSH_JOB } from '../reconciliation.jobs';
import { currentRun, visibleRun } from '../runs.service';

/** Records per SAVE call. */
const BATCH = 500;
/** How the job waits for the portal's answer to a save (REQSTS), between tries. */
export const IMS_STATUS_POLL = { attempts: 10, delayMs: 2000 };

/** The push status of an action a job is sending: no other push takes it meanwhile. */
const SENDING = 'Sending';

const CODES: Record<string, PortalImsAction> = { Accept: 'A', Reject: 'R', Pending: 'P' };
const PORTAL_ACTIONS: Record<string, string> = { Accept: 'Accepted', Reject: 'Rejected', Pending: 'Pending' };

type Pending = {
  key: string;
  entityId: number;
  gstin: string;
  portalId: number;
  section: string;
  documentType: string;
  record: Record<string, unknown> | null;
  action: string;
  remarks: string | null;
  /** The supplier's period of the record, MMYYYY. */
  period: string;
};

/** The run's actions the portal does not have yet: set, not pushed since, on records still in IMS (FROM ... WHERE). */
const notAtPortal = (subscriberId: number, runId: number) =>
  sql`FROM reconciliation_rows r
          CROSS JOIN LATERAL unnest(r.portal_ids, r.portal_keys) AS k(portal_id, portal_key)
          JOIN reconciliation_actions a ON a.subscriber_id = ${subscriberId} AND a.document_key = 'G:' || k.portal_key
          JOIN portal_documents p ON p.id = k.portal_id AND p.source = 'IMS'
         WHERE r.run_id = ${runId} AND a.action IS NOT NULL AND a.pushed_at IS NULL
           AND p.ims_action IS DISTINCT FROM (CASE a.action WHEN 'Accept' THEN 'Accepted' WHEN 'Reject' THEN 'Rejected' ELSE 'Pending' END)`;

/** What a push sends: the actions not at the portal that no push is sending now. */
const pendingPushes = async (db: Db, subscriberId: number, runId: number): Promise<Pending[]> =>
  rowsOf<Pending>(
    db,
    sql`SELECT DISTINCT ON (a.document_key) a.document_key AS key, p.entity_id AS "entityId", p.gstin, p.id AS "portalId",
               p.section, p.document_type AS "documentType", p.record, a.action, a.remarks, p.return_period AS period
          ${notAtPortal(subscriberId, runId)} AND a.push_status IS DISTINCT FROM ${SENDING}
         ORDER BY a.document_key`,
  );

/** The IMS screen's counts: what a push would send, and what has no outcome yet (the screen follows a push until 0). */
export const imsPushCount = async (db: Db, principal: SessionPrincipal, runId: number): Promise<z.infer<typeof ImsPushCountSchema>> => {
  const run = await visibleRun(db, principal, runId);
  const [counts] = await rowsOf<{ waiting: number | string; unanswered: number | string }>(
    db,
    sql`SELECT count(DISTINCT a.document_key) FILTER (WHERE a.push_status IS DISTINCT FROM ${SENDING}) AS waiting,
               count(DISTINCT a.document_key) FILTER (WHERE a.push_status IS NULL OR a.push_status = ${SENDING}) AS unanswered
          ${notAtPortal(run.subscriberId, run.id)}`,
  );
  return { waiting: Number(counts?.waiting ?? 0), unanswered: Number(counts?.unanswered ?? 0) };
};

/** Queues the push of an IMS run's actions; answers what will be sent. */
export const requestImsPush = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  runId: number,
): Promise<z.infer<typeof ImsPushResponseSchema>> => {
  const { db } = ctx.database;
  const run = await currentRun(db, principal, runId);
  if (run.portalSource !== 'IMS')
    throw new AppError('REC0009', {
      message: 'Actions reach IMS from a reconciliation against IMS records. Start one with the source IMS.',
    });
  const pending = await pendingPushes(db, run.subscriberId, run.id);
  if (pending.length === 0) throw new AppError('REC0009');
  await ctx.jobs.send(IMS_PUSH_JOB, { runId: run.id, userId: principal.userId });
  return { records: pending.length, gstins: [...new Set(pending.map((p) => p.gstin))].sort() };
};

const requestOf = (p: Pending): ImsActionRequest => ({
  section: p.section as PortalImsSection,
  record: p.record ?? {},
  action: CODES[p.action]!,
  remarks: p.remarks && imsRemarksAllowed(p.period) ? p.remarks : undefined,
  itcReduction: p.action === 'Accept' && p.documentType === 'CRN' ? { required: true } : undefined,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const mark = async (db: DbOrTx, subscriberId: number, keys: readonly string[], status: string | null, pushedAt: Date | null) => {
  if (keys.length === 0) return;
  await db
    .update(reconciliationActions)
    .set({ pushStatus: status, pushedAt })
    .where(and(eq(reconciliationActions.subscriberId, subscriberId), inArray(reconciliationActions.documentKey, [...keys])));
};

/** At start: actions a stopped push was sending are waiting again. */
export const releaseInterruptedPushes = async (db: Db): Promise<void> => {
  await db.update(reconciliationActions).set({ pushStatus: null }).where(eq(reconciliationActions.pushStatus, SENDING));
};

/** The job: each GSTIN's pending actions, in batches, each batch recorded as a Push data activity. */
export const pushImsActions = async (ctx: AppContext, runId: number, userId: number | null, poll = IMS_STATUS_POLL): Promise<void> => {
  const { db } = ctx.database;
  const [run] = await rowsOf<{ subscriberId: number }>(
    db,
    sql`SELECT subscriber_id AS "subscriberId" FROM reconciliation_runs WHERE id = ${runId}`,
  );
  if (!run) return;
  // Claimed first: two pushes at once (a second click) never send one action twice (the portal would refuse the second).
  const found = await pendingPushes(db, run.subscriberId, runId);
  const claimed = found.length
    ? new Set(
        (
          await db
            .update(reconciliationActions)
            .set({ pushStatus: SENDING })
            .where(
              and(
                eq(reconciliationActions.subscriberId, run.subscriberId),
                inArray(
                  reconciliationActions.documentKey,
                  found.map((p) => p.key),
                ),
                sql`${reconciliationActions.pushStatus} IS DISTINCT FROM ${SENDING}`,
              ),
            )
            .returning({ key: reconciliationActions.documentKey })
        ).map((r) => r.key),
      )
    : new Set<string>();
  const pending = found.filter((p) => claimed.has(p.key));
  const byGstin = new Map<string, Pending[]>();
  for (const p of pending) byGstin.set(`${p.entityId}|${p.gstin}`, [...(byGstin.get(`${p.entityId}|${p.gstin}`) ?? []), p]);
  for (const [scope, items] of byGstin) {
    const [entityId, gstin] = [Number(scope.split('|')[0]), scope.split('|')[1]!];
    const unsupported = items.filter((p) => !PORTAL_IMS_SECTIONS.includes(p.section as PortalImsSection) || !p.record);
    await mark(
      db,
      run.subscriberId,
      unsupported.map((p) => p.key),
      'Not sent: this section cannot be acted on through the API',
      null,
    );
    const sendable = items.filter((p) => !unsupported.includes(p));
    for (let i = 0; i < sendable.length; i += BATCH) {
      const batch = sendable.slice(i, i + BATCH);
      const activityId = await startActivity(db, {
        subscriberId: run.subscriberId,
        entityId,
        gstin,
        kind: 'Push',
        action: 'IMS',
        returnType: 'IMS',
        returnPeriod: returnPeriodOf(istDateOf(ctx.now())),
        status: 'InProcess',
        documentCount: batch.length,
        userId,
      });
      try {
        const session = await activePortalSession(ctx, entityId, gstin);
        const { referenceId } = await ctx.gstPortal.imsSaveActions(session, batch.map(requestOf));
        await updateActivity(db, activityId, ctx.now(), { status: 'InProcess', portalReferenceId: referenceId });
        let status = await ctx.gstPortal.imsSaveStatus(session, referenceId);
        for (let tries = 1; status.status === 'IP' && tries < poll.attempts; tries++) {
          await sleep(poll.delayMs);
          status = await ctx.gstPortal.imsSaveStatus(session, referenceId);
        }
        if (status.status === 'IP') {
          await updateActivity(db, activityId, ctx.now(), {
            status: 'MaxAttemptReached',
            message: 'The portal had not processed the actions yet. Push again later.',
          });
          // Waiting again: the next push sends them.
          await mark(
            db,
            run.subscriberId,
            batch.map((p) => p.key),
            null,
            null,
          );
          continue;
        }
        const refused = new Map(
          status.errors.map((e) => [
            `${e.supplierGstin ?? ''}|${(e.documentNumber ?? '').toUpperCase()}`,
            `${e.errorMessage} (${e.errorCode})`,
          ]),
        );
        const refusalOf = (p: Pending): string | undefined => {
          const parts = p.key.split('|');
          return refused.get(`${parts[1]}|${parts[3]}`);
        };
        const ok = status.status === 'ER' ? [] : batch.filter((p) => !refusalOf(p));
        const now = ctx.now();
        // One transaction: a reader never sees an action marked pushed while its record still holds the old action.
        await db.transaction(async (tx) => {
          await mark(
            tx,
            run.subscriberId,
            ok.map((p) => p.key),
            'Pushed',
            now,
          );
          for (const p of batch.filter((x) => !ok.includes(x)))
            await mark(tx, run.subscriberId, [p.key], `Refused: ${refusalOf(p) ?? status.message ?? 'the portal refused the save'}`, null);
          // The portal holds the new action now: the record quotes it as its action of then the next time (prev_status).
          for (const p of ok)
            await tx
              .update(portalDocuments)
              .set({
                imsAction: PORTAL_ACTIONS[p.action]!,
                record: sql`coalesce(${portalDocuments.record}, '{}'::jsonb) || ${JSON.stringify({ action: CODES[p.action] })}::jsonb`,
              })
              .where(eq(portalDocuments.id, p.portalId));
        });
        await updateActivity(db, activityId, now, {
          status: status.status === 'P' ? 'Completed' : 'Unprocessable',
          errorCount: batch.length - ok.length,
          message:
            status.status === 'ER' ? status.message : batch.length > ok.length ? `${batch.length - ok.length} record(s) refused.` : null,
        });
      } catch (error) {
        const failure = portalFailure(error) ?? (error instanceof AppError ? error : null);
        if (!failure) console.error(`[ims push ${gstin}]`, error);
        await updateActivity(db, activityId, ctx.now(), {
          status: failure ? 'Unprocessable' : 'Unhandled',
          message: failure?.message ?? 'An unexpected error stopped the push.',
        });
        await mark(
          db,
          run.subscriberId,
          batch.map((p) => p.key),
          `Not sent: ${failure?.message ?? 'an unexpected error'}`,
          null,
        );
      }
    }
  }
};

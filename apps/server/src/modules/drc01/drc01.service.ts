// DRC-01B (Rule 88C) and DRC-01C (Rule 88D): the intimations read from the GST portal over the GSTIN's session and
// kept (sync), listed and shown beside the product's own precheck of the period, and the Part B reply within 7 days
// (Rules 88C(2), 88D(2)), signed with an EVC OTP: a reason from the form's list with its explanation, a DRC-03 payment
// from the cash ledger, or both, checked by the domain's replyProblems before the portal is asked. Until an
// intimation is answered the portal refuses GSTR-1/IFF of later periods (Rule 59(6)). Each change writes an audit row.
import type {
  Drc01Detail,
  Drc01Form,
  Drc01Intimation,
  Drc01ListRequest,
  Drc01ListResponse,
  Drc01ReplyRequest,
  Drc01Status,
  Drc01SyncResponse,
} from '@opengst/contracts';
import { DRC01_REASON_TEXT } from '@opengst/contracts';
import { replyProblems, type Heads } from '@opengst/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { entities } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError, validationError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import type { PortalDrcIntimation } from '../../portal';
import { activePortalSession, portalFailure } from '../returns';
import { computePrecheck } from './drc01-precheck';
import {
  findIntimation,
  searchIntimationRows,
  updateIntimationFromPortal,
  upsertIntimations,
  type Drc01PortalValues,
  type Drc01Row,
} from './drc01.repo';

const DEFAULT_PAGE = 50;
const FORM_NAME: Readonly<Record<Drc01Form, string>> = { DRC01B: 'DRC-01B', DRC01C: 'DRC-01C' };
/** The EVC is sent to the authorised signatory; the PAN is the GSTIN's own (characters 3 to 12). */
const panOf = (gstin: string): string => gstin.slice(2, 12);

/** Replied with a reason (a DRC-03 beside it or not), or Paid: DRC-03 alone; Open until the portal holds a reply. */
export const statusOfPortal = (i: PortalDrcIntimation): Drc01Status =>
  i.status === 'Issued' ? 'Open' : i.reply?.reasonCode ? 'Replied' : 'Paid';

const portalValues = (i: PortalDrcIntimation, at: Date): Drc01PortalValues => ({
  form: i.form,
  referenceNumber: i.referenceNumber,
  returnPeriod: i.period,
  issuedOn: i.issuedOn,
  dueOn: i.dueOn,
  status: statusOfPortal(i),
  reported: i.reported,
  baseline: i.baseline,
  difference: i.difference,
  excess: i.excess,
  totalExcess: i.totalExcess,
  percentBasisPoints: i.percentBasisPoints,
  threshold: i.threshold,
  explanation: i.explanation,
  reply: i.reply,
  syncedAt: at,
});

export const intimationOfRow = (row: Drc01Row, today: string): Drc01Intimation => ({
  id: row.id,
  entityId: row.entityId,
  entityName: row.entityName,
  gstin: row.gstin,
  form: row.form,
  referenceNumber: row.referenceNumber,
  period: row.returnPeriod,
  issuedOn: row.issuedOn,
  dueOn: row.dueOn,
  status: row.status,
  isOverdue: row.status === 'Open' && row.dueOn < today,
  reported: row.reported,
  baseline: row.baseline,
  difference: row.difference,
  excess: row.excess,
  totalExcess: row.totalExcess,
  percentBasisPoints: row.percentBasisPoints,
  threshold: row.threshold,
  explanation: row.explanation,
  reply: row.reply
    ? {
        ...row.reply,
        reasonText: row.reply.reasonCode ? (DRC01_REASON_TEXT[row.form][row.reply.reasonCode] ?? row.reply.reasonCode) : null,
      }
    : null,
  syncedAt: row.syncedAt.toISOString(),
});

const callPortal = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw portalFailure(error) ?? error;
  }
};

/** The location: the caller's subscriber's, not deleted, with a GSTIN (RET0001 otherwise). */
const gstinOf = async (db: DbOrTx, subscriberId: number, entityId: number): Promise<string> => {
  const [row] = await db
    .select({ gstin: entities.gstin, entityType: entities.entityType })
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.subscriberId, subscriberId), ne(entities.status, 'Delete')));
  if (!row) throw new AppError('GEN0003');
  if (!row.gstin || row.entityType === 'Business') throw new AppError('RET0001');
  return row.gstin;
};

/** One intimation of the caller's subscriber in a location the user may see: 404 another subscriber's, 403 another location. */
export const loadIntimation = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<Drc01Row> => {
  const row = await findIntimation(db, principal.subscriberId, id);
  if (!row) throw new AppError('GEN0003');
  await assertEntityAccess(db, principal, [row.entityId]);
  return row;
};

export const searchIntimations = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  request: Drc01ListRequest,
  today: string,
): Promise<Drc01ListResponse> => {
  const filters = request.filters ?? {};
  const scope = await locationScope(db, principal, filters.entityIds);
  const { rows, total } = await searchIntimationRows(db, principal.subscriberId, scope, request.form, filters, {
    start: request.start ?? 0,
    size: request.size ?? DEFAULT_PAGE,
    sortExpression: request.sortExpression,
  });
  return { items: rows.map((row) => intimationOfRow(row, today)), totalRecords: total };
};

export const precheckOf = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  target: { entityId: number; form: Drc01Form; period: string },
  today: string,
) => {
  const { db } = ctx.database;
  const gstin = await gstinOf(db, principal.subscriberId, target.entityId);
  const settings = await loadSubscriberSettings(db, principal.subscriberId);
  const own = settings.drc01;
  // Whole rupees and percent in the settings; the domain takes paise and basis points.
  const threshold = own.ownThresholds
    ? {
        amount: (target.form === 'DRC01B' ? own.drc01bAmount : own.drc01cAmount) * 100,
        percentBasisPoints: (target.form === 'DRC01B' ? own.drc01bPercent : own.drc01cPercent) * 100,
        rule: 'amountOrPercent' as const,
      }
    : null;
  return computePrecheck(
    db,
    { subscriberId: principal.subscriberId, entityId: target.entityId, gstin, period: target.period },
    target.form,
    threshold,
    today,
  );
};

export const detailOf = async (ctx: AppContext, principal: SessionPrincipal, id: number, today: string): Promise<Drc01Detail> => {
  const row = await loadIntimation(ctx.database.db, principal, id);
  return {
    intimation: intimationOfRow(row, today),
    precheck: await precheckOf(ctx, principal, { entityId: row.entityId, form: row.form, period: row.returnPeriod }, today),
    sandbox: ctx.gstPortal.sandbox,
  };
};

export const syncIntimations = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: { entityId: number; form?: Drc01Form | undefined },
  ip: string,
): Promise<Drc01SyncResponse> => {
  const { db } = ctx.database;
  const gstin = await gstinOf(db, principal.subscriberId, request.entityId);
  const session = await activePortalSession(ctx, request.entityId, gstin);
  const received = await callPortal(() => ctx.gstPortal.drcIntimations(session, request.form));
  const at = ctx.now();
  return db.transaction(async (tx) => {
    const counts = await upsertIntimations(
      tx,
      { subscriberId: principal.subscriberId, entityId: request.entityId, gstin },
      received.map((i) => portalValues(i, at)),
    );
    await writeAudit(tx, principal, {
      entityType: 'Drc01Intimation',
      entityKey: gstin,
      entityName: `${gstin} ${request.form ? FORM_NAME[request.form] : 'DRC-01B/DRC-01C'}`,
      action: 'Import',
      after: { received: received.length, ...counts, references: received.map((i) => i.referenceNumber) },
      ip,
    });
    return { received: received.length, ...counts };
  });
};

export const requestReplyOtp = async (ctx: AppContext, principal: SessionPrincipal, id: number): Promise<{ sentTo: string }> => {
  const row = await loadIntimation(ctx.database.db, principal, id);
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  await callPortal(() => ctx.gstPortal.requestDrcEvcOtp(session, row.form, panOf(row.gstin)));
  return { sentTo: `the authorised signatory (PAN ${panOf(row.gstin)})` };
};

/** The ARN is the portal's to give: a placeholder of its shape lets the domain check the rest of the reply. */
const ARN_PLACEHOLDER = 'AD0001250000000';

export const replyToIntimation = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: Drc01ReplyRequest,
  today: string,
  ip: string,
): Promise<Drc01Detail> => {
  const { db } = ctx.database;
  const row = await loadIntimation(db, principal, request.id);
  if (row.status !== 'Open')
    throw new AppError('GEN0009', {
      propertyName: 'id',
      message: `${FORM_NAME[row.form]} ${row.referenceNumber} is already answered in Part B.`,
    });
  if (request.reason && !(request.reason.code in DRC01_REASON_TEXT[row.form]))
    throw new AppError('GEN0009', { propertyName: 'reason.code', message: `Pick a reason of ${FORM_NAME[row.form]}'s list.` });
  const drc03 = request.drc03 as { tax: Heads; interest: Heads } | undefined;
  const problems = replyProblems(
    {
      payments: drc03 ? [{ arn: ARN_PLACEHOLDER, paidOn: today, tax: drc03.tax, interest: drc03.interest }] : [],
      reason: request.reason ?? null,
    },
    { form: row.form === 'DRC01B' ? 'DRC-01B' : 'DRC-01C', excess: row.excess },
  );
  if (problems.length > 0)
    throw validationError(
      problems.map((p) => ({
        code: 'GEN0009',
        message: p.message,
        type: 'Error',
        ...(p.propertyName ? { propertyName: p.propertyName } : {}),
      })),
    );
  const session = await activePortalSession(ctx, row.entityId, row.gstin);
  const answered = await callPortal(() =>
    ctx.gstPortal.replyToDrcIntimation(
      session,
      { referenceNumber: row.referenceNumber, reason: request.reason, drc03 },
      panOf(row.gstin),
      request.otp,
    ),
  );
  const values = portalValues(answered, ctx.now());
  await db.transaction(async (tx) => {
    await updateIntimationFromPortal(tx, principal.subscriberId, row.id, { ...values, repliedBy: principal.userId });
    await writeAudit(tx, principal, {
      entityType: 'Drc01Intimation',
      entityKey: row.id,
      entityName: `${row.gstin} ${FORM_NAME[row.form]} ${row.referenceNumber}`,
      action: 'StatusChange',
      before: { status: row.status },
      after: { status: values.status, reply: answered.reply },
      ip,
    });
  });
  return detailOf(ctx, principal, row.id, today);
};

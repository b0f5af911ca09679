// What the e-way bill use cases share (issue 22): the document of the user's locations with its e-way bill, the domain's
// judgement of an action (checkEwaybillAction: refused with its reason, 422, before any call), the call to the system
// outside any transaction (its refusal recorded in the history), the detail with the history and the actions the law
// allows now, and storing an action's outcome with its event and audit row in one transaction. Generate is in
// ewaybill-generate.service.ts, the actions on a generated e-way bill in ewaybill-actions.service.ts, multi-vehicle
// movement in multi-vehicle.service.ts.
import type { ErrorItem, EwaybillDetail, EwaybillStatus } from '@opengst/contracts';
import {
  checkEwaybillAction,
  ewaybillActions,
  ewaybillReasonName,
  isEwaybillVehicleNumber,
  normalizeVehicleNumber,
  type EwaybillAction,
  type EwaybillActionInput,
  type EwaybillState,
} from '@opengst/domain';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError, validationError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { EwbError, type EWB_STATUS_AFTER, type EwbSession } from '../../portal/ewb/ewb-client';
import {
  eventsOf,
  findEwaybillDocuments,
  insertEwaybillEvent,
  toEwaybillItem,
  updateEwaybill,
  type EwaybillListRow,
  type EwaybillRow,
} from './ewaybill.repo';
import { ewbSessionOf } from './ewb-session.service';
import { multiVehicleGroupsOf } from './multi-vehicle.repo';

export type Actor = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;

/** The row's state for the domain's action rules. */
const stateOf = (status: EwaybillStatus): EwaybillState =>
  status === 'Cancelled' || status === 'Rejected' || status === 'Delivered' || status === 'Discarded' ? status : 'Active';

export const actionInputOf = (row: EwaybillRow, at: Date): EwaybillActionInput | null =>
  row.ewbNumber && row.generatedAt
    ? {
        state: stateOf(row.status),
        generatedAt: row.generatedAt,
        validUntil: row.validUntil,
        transportMode: (row.transportMode as EwaybillActionInput['transportMode']) ?? null,
        hasTransporter: Boolean(row.transporterId),
        // The rows are the e-way bills this subscriber generated.
        party: 'Generator',
        at,
      }
    : null;

/** A refusal in the spec's error shape: 422 with one item per problem, each naming its field. */
export const refusal = (problems: readonly { code?: string; field: string; message: string }[]): AppError =>
  validationError(
    problems.map((p): ErrorItem => ({
      code: 'GEN0009',
      message: p.code ? `${p.code}: ${p.message}` : p.message,
      type: 'Error',
      ...(p.field ? { propertyName: p.field } : {}),
    })),
  );

/** The document (eligible, of the user's locations) with its e-way bill; 404 otherwise. */
export const documentOf = async (ctx: AppContext, principal: SessionPrincipal, documentId: number): Promise<EwaybillListRow> => {
  const { db } = ctx.database;
  const [row] = await findEwaybillDocuments(db, principal.subscriberId, await locationScope(db, principal, null), [documentId]);
  if (!row) throw new AppError('GEN0003');
  return row;
};

/** Whether `action` may be taken on the document's e-way bill now; a 422 with the domain's reason otherwise. */
export const assertAction = (row: EwaybillListRow, action: EwaybillAction, at: Date): EwaybillRow & { ewbNumber: string } => {
  const w = row.ewaybill;
  const input = w ? actionInputOf(w, at) : null;
  if (!w || !input || !w.ewbNumber)
    throw refusal([{ field: 'documentId', message: `Document ${row.doc.documentNumber} has no e-way bill yet: generate one first.` }]);
  const check = checkEwaybillAction(action, input);
  if (!check.allowed) throw refusal([{ field: 'documentId', message: `E-way bill ${w.ewbNumber}: ${check.reason}` }]);
  return { ...w, ewbNumber: w.ewbNumber };
};

export const locationOf = (row: EwaybillListRow, subscriberId: number) => ({ id: row.doc.entityId, subscriberId, gstin: row.gstin ?? '' });

/** Calls the system; its refusal (codes with fields) becomes a 422 after the attempt is recorded in the history. */
export const callSystem = async <T>(
  ctx: AppContext,
  actor: Actor,
  row: EwaybillListRow,
  action: string,
  call: (session: EwbSession) => Promise<T>,
): Promise<T> => {
  try {
    return await call(await ewbSessionOf(ctx, locationOf(row, actor.subscriberId), actor.userId));
  } catch (error) {
    if (!(error instanceof EwbError)) {
      if (error instanceof AppError) throw error;
      throw refusal([
        {
          field: '',
          message: `The e-way bill system could not be reached: ${error instanceof Error ? error.message : String(error)}. Try again later.`,
        },
      ]);
    }
    const w = row.ewaybill;
    if (w)
      await insertEwaybillEvent(ctx.database.db, {
        subscriberId: actor.subscriberId,
        ewaybillId: w.id,
        action,
        ewbNumber: w.ewbNumber,
        status: w.status,
        errorCode: error.codes[0] ?? null,
        errorMessage: error.message,
        at: ctx.now(),
        by: actor.userId,
      });
    throw refusal(error.problems);
  }
};

/** The detail of a document's e-way bill: the row, its history and the actions the law allows now. */
export const ewaybillDetail = async (ctx: AppContext, principal: SessionPrincipal, documentId: number): Promise<EwaybillDetail> => {
  const row = await documentOf(ctx, principal, documentId);
  return detailOf(ctx, row);
};

const NO_EWB = { allowed: false, reason: 'There is no e-way bill yet.' };

export const detailOf = async (ctx: AppContext, row: EwaybillListRow): Promise<EwaybillDetail> => {
  const now = ctx.now();
  const w = row.ewaybill;
  const events = w ? await eventsOf(ctx.database.db, w.id) : [];
  const input = w ? actionInputOf(w, now) : null;
  const checks = input ? ewaybillActions(input) : null;
  const actions = Object.fromEntries(
    (['cancel', 'reject', 'updateVehicle', 'updateTransporter', 'extend', 'consolidate', 'multiVehicle'] as const).map((a) => {
      const check = checks?.[a];
      return [a, check ? { allowed: check.allowed, reason: check.allowed ? null : check.reason } : NO_EWB];
    }),
  ) as EwaybillDetail['actions'];
  return {
    ...toEwaybillItem(row, now),
    vehicleType: w?.vehicleType ?? null,
    transportDocumentNumber: w?.transportDocumentNumber ?? null,
    transportDocumentDate: w?.transportDocumentDate ?? null,
    fromPlace: w?.fromPlace ?? null,
    fromState: w?.fromState ?? null,
    errors: Array.isArray(w?.errors) ? (w.errors as EwaybillDetail['errors']) : [],
    cancelReasonCode: w?.cancelReasonCode ?? null,
    cancelRemark: w?.cancelRemark ?? null,
    cancelledAt: w?.cancelledAt?.toISOString() ?? null,
    events: events.map(({ event, byName }) => ({
      action: event.action,
      ewbNumber: event.ewbNumber,
      status: event.status,
      reasonCode: event.reasonCode,
      reasonName: ewaybillReasonName(event.action, event.reasonCode),
      remark: event.remark,
      vehicleNumber: event.vehicleNumber,
      transporterId: event.transporterId,
      validUntil: event.validUntil?.toISOString() ?? null,
      errorCode: event.errorCode,
      errorMessage: event.errorMessage,
      at: event.at.toISOString(),
      byName,
    })),
    multiVehicleGroups: w ? await multiVehicleGroupsOf(ctx.database.db, w.subscriberId, row.doc.id, w.ewbNumber) : [],
    actions,
    isSandbox: ctx.ewb.isSandbox,
  };
};

export const vehicleOf = (field: string, vehicle: string | null | undefined): string | undefined => {
  if (!vehicle) return undefined;
  const normalized = normalizeVehicleNumber(vehicle);
  if (!isEwaybillVehicleNumber(normalized))
    throw refusal([
      { field, message: `Vehicle number ${vehicle} is not in a format the e-way bill system takes (for example KA12AB1234).` },
    ]);
  return normalized;
};

/** Stores an action's outcome: the row, its event and the audit row, in one transaction. */
export const storeAction = async (
  ctx: AppContext,
  actor: Actor,
  row: EwaybillListRow,
  action: keyof typeof EWB_STATUS_AFTER | 'GETEWAYBILL',
  values: Parameters<typeof updateEwaybill>[2] & { status: EwaybillStatus },
  event: { reasonCode?: string | null; remark?: string | null; vehicleNumber?: string | null },
  ip: string,
  /** What the action set beyond the row (a multi-vehicle group's number and quantities), kept in the audit row. */
  multiVehicle?: Record<string, unknown>,
): Promise<EwaybillListRow> => {
  const before = row.ewaybill!;
  const saved = await ctx.database.db.transaction(async (tx) => {
    const after = await updateEwaybill(tx, before.id, { ...values, updatedBy: actor.userId });
    await insertEwaybillEvent(tx, {
      subscriberId: actor.subscriberId,
      ewaybillId: after.id,
      action,
      ewbNumber: after.ewbNumber,
      status: after.status,
      reasonCode: event.reasonCode ?? null,
      remark: event.remark ?? null,
      vehicleNumber: event.vehicleNumber ?? after.vehicleNumber,
      transportMode: after.transportMode,
      transportDocumentNumber: after.transportDocumentNumber,
      transporterId: after.transporterId,
      fromPlace: after.fromPlace,
      fromState: after.fromState,
      validUntil: after.validUntil,
      at: ctx.now(),
      by: actor.userId,
    });
    await writeAudit(tx, actor, {
      entityType: 'EWayBill',
      entityKey: row.doc.id,
      entityName: after.ewbNumber ?? row.doc.documentNumber,
      action: action === 'CANEWB' ? 'StatusChange' : 'Update',
      before: {
        status: before.status,
        vehicleNumber: before.vehicleNumber,
        validUntil: before.validUntil,
        transporterId: before.transporterId,
      },
      after: {
        action,
        status: after.status,
        vehicleNumber: after.vehicleNumber,
        validUntil: after.validUntil,
        transporterId: after.transporterId,
        ...(multiVehicle ? { multiVehicle } : {}),
      },
      ip,
    });
    return after;
  });
  return { ...row, ewaybill: saved };
};

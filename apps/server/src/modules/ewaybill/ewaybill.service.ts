// E-way bill use cases (issue 22): generate from a saved document (built with the domain's buildEwaybill, refused
// before sending when the domain foresees the system's refusal), Part B (vehicle), transporter, extension, cancel and
// reading back from the system. Every action on an e-way bill is first judged by the domain's checkEwaybillAction
// (refused with its reason, 422, before any call), then sent; the outcome is stored with its event and audit row in
// one transaction. The system is called outside any transaction.
import {
  toDocumentInput,
  type DocumentSaveRequest,
  type EwaybillDetail,
  type EwaybillExtendRequest,
  type EwaybillGenerateRequest,
  type EwaybillStatus,
  type EwaybillUpdateVehicleRequest,
} from '@opengst/contracts';
import {
  buildEwaybill,
  checkEwaybillAction,
  ewaybillActions,
  ewaybillReasonName,
  isEwaybillVehicleNumber,
  normalizeVehicleNumber,
  type EwaybillAction,
  type EwaybillActionInput,
  type EwaybillState,
  splitAddressLine,
} from '@opengst/domain';
import type { ErrorItem } from '@opengst/contracts';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError, validationError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { EWB_STATUS_AFTER, EwbError, ewbInstant, ewbStatusOf, ewbValidUntil, type EwbSession } from '../../portal/ewb/ewb-client';
import {
  eventsOf,
  findEwaybillDocuments,
  insertEwaybillEvent,
  LIVE_STATUSES,
  loadForEwaybill,
  shownStatus,
  toEwaybillItem,
  updateEwaybill,
  upsertEwaybill,
  type EwaybillListRow,
  type EwaybillRow,
} from './ewaybill.repo';
import { ewbSessionOf } from './ewb-session.service';

export type Actor = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;

/** "YYYY-MM-DD" → the API's "dd/mm/yyyy". */
export const ewbDate = (iso: string): string => iso.split('-').reverse().join('/');

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

const locationOf = (row: EwaybillListRow, subscriberId: number) => ({ id: row.doc.entityId, subscriberId, gstin: row.gstin ?? '' });

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
const storeAction = async (
  ctx: AppContext,
  actor: Actor,
  row: EwaybillListRow,
  action: keyof typeof EWB_STATUS_AFTER | 'GETEWAYBILL',
  values: Parameters<typeof updateEwaybill>[2] & { status: EwaybillStatus },
  event: { reasonCode?: string | null; remark?: string | null },
  ip: string,
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
      vehicleNumber: after.vehicleNumber,
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
      },
      ip,
    });
    return after;
  });
  return { ...row, ewaybill: saved };
};

// Generate ---------------------------------------------------------------------------------------------------------

export const generateEwaybill = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: EwaybillGenerateRequest,
  ip: string,
): Promise<EwaybillDetail> => {
  const { db } = ctx.database;
  const now = ctx.now();
  const row = await documentOf(ctx, principal, request.documentId);
  const current = row.ewaybill;
  if (current?.ewbNumber && LIVE_STATUSES.includes(shownStatus(current, now)))
    throw refusal([{ field: 'documentId', message: `Document ${row.doc.documentNumber} already has e-way bill ${current.ewbNumber}.` }]);
  const loaded = await loadForEwaybill(db, principal.subscriberId, row.doc.id);
  if (!loaded) throw new AppError('GEN0003');
  const { document, location, items, buyer } = loaded;
  const gstin = location.gstin ?? '';
  const saveRequest: DocumentSaveRequest = {
    direction: 'Sales',
    entityId: document.entityId,
    isDraftDocument: false,
    documentType: document.documentType,
    documentNumber: document.documentNumber,
    documentDate: document.documentDate,
    supplyType: document.supplyType,
    counterpartyGstin: document.counterpartyGstin,
    counterpartyName: document.counterpartyName,
    placeOfSupply: document.placeOfSupply ?? '',
    isReverseCharge: document.isReverseCharge,
    ecommerceGstin: document.ecommerceGstin,
    portCode: document.portCode,
    shippingBillNumber: document.shippingBillNumber,
    shippingBillDate: document.shippingBillDate,
    originalDocumentNumber: document.originalDocumentNumber,
    originalDocumentDate: document.originalDocumentDate,
    items: items.map((it) => ({
      hsn: it.hsn,
      description: it.description,
      uqc: it.uqc,
      quantity: it.quantity,
      rate: it.rate,
      taxable: it.taxable,
      igst: it.igst,
      cgst: it.cgst,
      sgst: it.sgst,
      cess: it.cess,
    })),
  } as DocumentSaveRequest;
  const input = { ...toDocumentInput(saveRequest, gstin), totalValue: document.documentValue };
  const from = splitAddressLine(location.address);
  const to = buyer?.city ? { address1: buyer.address ?? '', place: buyer.city } : splitAddressLine(buyer?.address ?? null);
  const vehicleNumber = vehicleOf('vehicleNumber', request.vehicleNumber);
  const { json, problems } = buildEwaybill(input, {
    at: now,
    from: {
      gstin,
      tradeName: location.tradeName || location.legalName || location.entityName,
      address1: from.address1,
      place: from.place,
      pincode: location.pincode,
      stateCode: location.stateCode,
    },
    to: {
      gstin: document.counterpartyGstin || null,
      tradeName: buyer?.tradeName || buyer?.legalName || document.counterpartyName,
      address1: to.address1,
      place: request.toPlace ?? to.place,
      pincode: request.toPincode ?? buyer?.pincode ?? null,
      stateCode: buyer?.stateCode ?? document.placeOfSupply,
    },
    subSupplyType: request.subSupplyType ?? null,
    subSupplyDesc: request.subSupplyDesc ?? null,
    distanceKm: request.distanceKm,
    mode: request.transportMode ?? null,
    vehicleNumber: vehicleNumber ?? null,
    vehicleType: request.vehicleType ?? null,
    transporterId: request.transporterId ?? null,
    transporterName: request.transporterName ?? null,
    transportDocumentNumber: request.transportDocumentNumber ?? null,
    transportDocumentDate: request.transportDocumentDate ?? null,
    sandbox: ctx.ewb.isSandbox,
  });
  // The system would refuse these: refused here, with the fields, before any call.
  if (problems.length) throw refusal(problems.map((p) => ({ field: p.field, message: p.message })));

  let answer: Awaited<ReturnType<AppContext['ewb']['generate']>>;
  try {
    answer = await ctx.ewb.generate(await ewbSessionOf(ctx, locationOf(row, principal.subscriberId), principal.userId), json);
  } catch (error) {
    if (!(error instanceof EwbError)) throw error instanceof AppError ? error : refusal([{ field: '', message: String(error) }]);
    // The refusal is kept on the document (status Error unless it still has a live e-way bill).
    await db.transaction(async (tx) => {
      const saved = await upsertEwaybill(
        tx,
        { subscriberId: principal.subscriberId, entityId: document.entityId, documentId: document.id },
        {
          status: current?.ewbNumber ? current.status : 'Error',
          request: json,
          errorCode: error.codes[0] ?? null,
          errorMessage: error.message,
          errors: error.problems,
          updatedBy: principal.userId,
          ...(current ? {} : { createdBy: principal.userId }),
        },
      );
      await insertEwaybillEvent(tx, {
        subscriberId: principal.subscriberId,
        ewaybillId: saved.id,
        action: 'GENEWAYBILL',
        status: saved.status,
        errorCode: saved.errorCode,
        errorMessage: saved.errorMessage,
        at: now,
        by: principal.userId,
      });
    });
    throw refusal(error.problems);
  }

  const ewbNumber = String(answer.ewayBillNo);
  const saved = await db.transaction(async (tx) => {
    const after = await upsertEwaybill(
      tx,
      { subscriberId: principal.subscriberId, entityId: document.entityId, documentId: document.id },
      {
        status: EWB_STATUS_AFTER.GENEWAYBILL,
        ewbNumber,
        generatedAt: ewbInstant(answer.ewayBillDate) ?? now,
        generatedBy: principal.userId,
        validUntil: ewbValidUntil(answer.validUpto),
        distanceKm: Number(json.transDistance),
        transportMode: json.transMode ?? null,
        vehicleNumber: json.vehicleNo ?? null,
        vehicleType: json.vehicleType ?? null,
        transportDocumentNumber: json.transDocNo ?? null,
        transportDocumentDate: request.transportDocumentDate ?? null,
        transporterId: json.transporterId ?? null,
        transporterName: json.transporterName ?? null,
        fromPlace: json.fromPlace ?? null,
        fromState: String(json.fromStateCode).padStart(2, '0'),
        request: json,
        errorCode: null,
        errorMessage: null,
        errors: null,
        cancelReasonCode: null,
        cancelRemark: null,
        cancelledAt: null,
        cancelledBy: null,
        rejectedAt: null,
        rejectedBy: null,
        extensionCount: 0,
        updatedBy: principal.userId,
        ...(current ? {} : { createdBy: principal.userId }),
      },
    );
    await insertEwaybillEvent(tx, {
      subscriberId: principal.subscriberId,
      ewaybillId: after.id,
      action: 'GENEWAYBILL',
      ewbNumber,
      status: after.status,
      vehicleNumber: after.vehicleNumber,
      transportMode: after.transportMode,
      transportDocumentNumber: after.transportDocumentNumber,
      transporterId: after.transporterId,
      fromPlace: after.fromPlace,
      fromState: after.fromState,
      validUntil: after.validUntil,
      at: now,
      by: principal.userId,
    });
    await writeAudit(tx, principal, {
      entityType: 'EWayBill',
      entityKey: document.id,
      entityName: ewbNumber,
      action: current ? 'Update' : 'Create',
      before: current ? { status: current.status, ewbNumber: current.ewbNumber } : undefined,
      after: { status: after.status, ewbNumber, validUntil: after.validUntil },
      ip,
    });
    return after;
  });
  return detailOf(ctx, { ...row, ewaybill: saved });
};

// Actions on an e-way bill -------------------------------------------------------------------------------------------

export const updateVehicle = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: EwaybillUpdateVehicleRequest,
  ip: string,
): Promise<EwaybillDetail> => {
  const row = await documentOf(ctx, principal, request.documentId);
  const w = assertAction(row, 'updateVehicle', ctx.now());
  const vehicleNo = vehicleOf('vehicleNumber', request.vehicleNumber);
  // Rule 138(2): by road, Part B names the vehicle; by rail, air or ship, the transport document.
  if (request.transportMode === '1' && !vehicleNo) throw refusal([{ field: 'vehicleNumber', message: 'Enter the vehicle number.' }]);
  if (request.transportMode !== '1' && !(request.transportDocumentNumber && request.transportDocumentDate))
    throw refusal([{ field: 'transportDocumentNumber', message: 'Rail, air and ship need the transport document number and date.' }]);
  const answer = await callSystem(ctx, principal, row, 'VEHEWB', (s) =>
    ctx.ewb.updateVehicle(s, {
      ewbNo: Number(w.ewbNumber),
      transMode: request.transportMode,
      ...(vehicleNo ? { vehicleNo } : {}),
      ...(request.transportDocumentNumber ? { transDocNo: request.transportDocumentNumber } : {}),
      ...(request.transportDocumentDate ? { transDocDate: ewbDate(request.transportDocumentDate) } : {}),
      fromPlace: request.fromPlace,
      fromState: Number(request.fromState),
      reasonCode: request.reasonCode,
      reasonRem: request.remark,
    }),
  );
  const saved = await storeAction(
    ctx,
    principal,
    row,
    'VEHEWB',
    {
      status: EWB_STATUS_AFTER.VEHEWB,
      transportMode: request.transportMode,
      vehicleNumber: vehicleNo ?? null,
      vehicleType: request.vehicleType ?? w.vehicleType ?? 'R',
      transportDocumentNumber: request.transportDocumentNumber ?? null,
      transportDocumentDate: request.transportDocumentDate ?? null,
      fromPlace: request.fromPlace,
      fromState: request.fromState,
      // Part B on a Part-A slip starts the validity; later changes keep it.
      validUntil: ewbValidUntil(answer.validUpto) ?? w.validUntil,
    },
    { reasonCode: request.reasonCode, remark: request.remark },
    ip,
  );
  return detailOf(ctx, saved);
};

export const updateTransporter = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: { documentId: number; transporterId: string; transporterName?: string | null | undefined },
  ip: string,
): Promise<EwaybillDetail> => {
  const row = await documentOf(ctx, principal, request.documentId);
  const w = assertAction(row, 'updateTransporter', ctx.now());
  const transporterId = request.transporterId.toUpperCase();
  await callSystem(ctx, principal, row, 'UPDATETRANSPORTER', (s) => ctx.ewb.updateTransporter(s, Number(w.ewbNumber), transporterId));
  const saved = await storeAction(
    ctx,
    principal,
    row,
    'UPDATETRANSPORTER',
    { status: EWB_STATUS_AFTER.UPDATETRANSPORTER, transporterId, transporterName: request.transporterName ?? null },
    {},
    ip,
  );
  return detailOf(ctx, saved);
};

export const extendEwaybill = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: EwaybillExtendRequest,
  ip: string,
): Promise<EwaybillDetail> => {
  const row = await documentOf(ctx, principal, request.documentId);
  const w = assertAction(row, 'extend', ctx.now());
  const common = {
    ewbNo: Number(w.ewbNumber),
    fromPlace: request.fromPlace,
    fromState: Number(request.fromState),
    fromPincode: Number(request.fromPincode),
    remainingDistance: request.remainingDistanceKm,
    extnRsnCode: Number(request.reasonCode) as 1 | 2 | 4 | 5 | 99,
    extnRemarks: request.remark,
  };
  let vehicleNo: string | undefined;
  if (request.consignmentStatus === 'M') {
    vehicleNo = vehicleOf('vehicleNumber', request.vehicleNumber ?? w.vehicleNumber);
    if (!request.transportMode && !w.transportMode)
      throw refusal([{ field: 'transportMode', message: 'A moving consignment needs its mode.' }]);
  } else if (!request.transitType)
    throw refusal([{ field: 'transitType', message: 'In transit: say where the goods are (road, warehouse or other).' }]);
  const transMode = (request.transportMode ?? w.transportMode ?? '1') as '1' | '2' | '3' | '4';
  const answer = await callSystem(ctx, principal, row, 'EXTENDVALIDITY', (s) =>
    ctx.ewb.extendValidity(
      s,
      request.consignmentStatus === 'M'
        ? {
            ...common,
            consignmentStatus: 'M',
            transitType: '',
            transMode,
            ...(vehicleNo ? { vehicleNo } : {}),
            ...(request.transportDocumentNumber ? { transDocNo: request.transportDocumentNumber } : {}),
            ...(request.transportDocumentDate ? { transDocDate: ewbDate(request.transportDocumentDate) } : {}),
          }
        : {
            ...common,
            consignmentStatus: 'T',
            transMode: '5',
            transitType: request.transitType ?? 'O',
            vehicleNo: '',
            transDocNo: '',
            transDocDate: '',
          },
    ),
  );
  const saved = await storeAction(
    ctx,
    principal,
    row,
    'EXTENDVALIDITY',
    {
      status: EWB_STATUS_AFTER.EXTENDVALIDITY,
      validUntil: ewbValidUntil(answer.validUpto) ?? w.validUntil,
      extensionCount: w.extensionCount + 1,
      fromPlace: request.fromPlace,
      fromState: request.fromState,
      ...(request.consignmentStatus === 'M' ? { transportMode: transMode, vehicleNumber: vehicleNo ?? null } : {}),
    },
    { reasonCode: request.reasonCode, remark: request.remark },
    ip,
  );
  return detailOf(ctx, saved);
};

export const cancelEwaybill = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: { documentId: number; reasonCode: '1' | '2' | '3' | '4'; remark: string },
  ip: string,
): Promise<EwaybillDetail> => {
  const row = await documentOf(ctx, principal, request.documentId);
  const w = assertAction(row, 'cancel', ctx.now());
  const answer = await callSystem(ctx, principal, row, 'CANEWB', (s) =>
    ctx.ewb.cancel(s, Number(w.ewbNumber), Number(request.reasonCode) as 1 | 2 | 3 | 4, request.remark),
  );
  const saved = await storeAction(
    ctx,
    principal,
    row,
    'CANEWB',
    {
      status: EWB_STATUS_AFTER.CANEWB,
      cancelReasonCode: request.reasonCode,
      cancelRemark: request.remark,
      cancelledAt: ewbInstant(answer.cancelDate) ?? ctx.now(),
      cancelledBy: principal.userId,
    },
    { reasonCode: request.reasonCode, remark: request.remark },
    ip,
  );
  return detailOf(ctx, saved);
};

/** Reads the e-way bill back from the system: its status at the server's clock (Expired past validity), validity, Part B. */
export const refreshEwaybill = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  documentId: number,
  ip: string,
): Promise<EwaybillDetail> => {
  const row = await documentOf(ctx, principal, documentId);
  const w = row.ewaybill;
  if (!w?.ewbNumber) throw refusal([{ field: 'documentId', message: `Document ${row.doc.documentNumber} has no e-way bill yet.` }]);
  const details = await callSystem(ctx, principal, row, 'GETEWAYBILL', (s) => ctx.ewb.byNumber(s, Number(w.ewbNumber)));
  const latest = details.VehiclListDetails[0];
  const status = ewbStatusOf(details, ctx.now());
  // Expired is shown from the validity, never stored: an extension brings the e-way bill back.
  const stored: EwaybillStatus = status === 'Expired' ? (w.status === 'Expired' ? 'Generated' : w.status) : status;
  const saved = await storeAction(
    ctx,
    principal,
    row,
    'GETEWAYBILL',
    {
      status: stored,
      validUntil: ewbValidUntil(details.validUpto),
      extensionCount: details.extendedTimes,
      ...(latest
        ? {
            vehicleNumber: latest.vehicleNo || null,
            transportMode: latest.transMode || null,
            transportDocumentNumber: latest.transDocNo || null,
            fromPlace: latest.fromPlace || null,
            fromState: latest.fromState ? String(latest.fromState).padStart(2, '0') : null,
          }
        : {}),
      ...(details.transporterId ? { transporterId: details.transporterId } : {}),
    },
    {},
    ip,
  );
  return detailOf(ctx, saved);
};

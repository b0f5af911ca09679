// Actions on a generated e-way bill (issue 22): Part B (vehicle), transporter, extension, cancel, and reading it back
// from the system. Each is first judged by the domain's checkEwaybillAction (refused with its reason, 422, before any
// call), then sent outside any transaction; the outcome is stored with its event and audit row in one (storeAction).
import type { EwaybillDetail, EwaybillExtendRequest, EwaybillStatus, EwaybillUpdateVehicleRequest } from '@opengst/contracts';
import { formatPortalDate } from '@opengst/domain';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { EWB_STATUS_AFTER, ewbInstant, ewbStatusOf, ewbValidUntil } from '../../portal/ewb/ewb-client';
import { assertAction, callSystem, detailOf, documentOf, refusal, storeAction, vehicleOf } from './ewaybill.service';

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
      ...(request.transportDocumentDate ? { transDocDate: formatPortalDate(request.transportDocumentDate, '/') } : {}),
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
            ...(request.transportDocumentDate ? { transDocDate: formatPortalDate(request.transportDocumentDate, '/') } : {}),
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

// Multi-vehicle movement of one e-way bill (GST-RULES-DETAIL §4; NIC e-way bill API v1.03 MULTIVEHMOVINT, MULTIVEHADD,
// MULTIVEHUPD): from a transhipment place the goods go on in several vehicles. Initiating declares the places, the mode,
// the reason and the quantity moved (of one unit of the e-way bill's items, at most their quantity); vehicles are then
// added with their share, never above the declared total (refused here before the system's 400); a vehicle of the group
// may be changed with a reason. Only an active, unexpired e-way bill moving by road (checkEwaybillAction 'multiVehicle').
import type {
  EwaybillDetail,
  EwaybillMultiVehicleAddRequest,
  EwaybillMultiVehicleChangeRequest,
  EwaybillMultiVehicleStartRequest,
} from '@opengst/contracts';
import { formatPortalDate } from '@opengst/domain';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { EWB_STATUS_AFTER } from '../../portal/ewb/ewb-client';
import { loadForEwaybill } from './ewaybill.repo';
import { assertAction, callSystem, detailOf, documentOf, refusal, storeAction, vehicleOf } from './ewaybill.service';
import { multiVehicleGroupsOf, type MultiVehicleFact } from './multi-vehicle.repo';

export const startMultiVehicle = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: EwaybillMultiVehicleStartRequest,
  ip: string,
): Promise<EwaybillDetail> => {
  const row = await documentOf(ctx, principal, request.documentId);
  const w = assertAction(row, 'multiVehicle', ctx.now());
  const loaded = await loadForEwaybill(ctx.database.db, principal.subscriberId, row.doc.id);
  const units = [...new Set((loaded?.items ?? []).map((it) => (it.uqc ?? '').trim().toUpperCase()).filter(Boolean))];
  const unitCode = (request.unitCode ?? units[0] ?? '').toUpperCase();
  if (!unitCode || (units.length && !units.includes(unitCode)))
    throw refusal([
      { field: 'unitCode', message: `Give the unit of the goods moved: one of the document's units (${units.join(', ') || 'none'}).` },
    ]);
  const answer = await callSystem(ctx, principal, row, 'MULTIVEHMOVINT', (s) =>
    ctx.ewb.startMultiVehicle(s, {
      ewbNo: Number(w.ewbNumber),
      fromPlace: request.fromPlace,
      fromState: Number(request.fromState),
      toPlace: request.toPlace,
      toState: Number(request.toState),
      transMode: request.transportMode,
      totalQuantity: request.totalQuantity,
      unitCode,
      reasonCode: request.reasonCode,
      reasonRem: request.remark,
    }),
  );
  const fact: MultiVehicleFact = {
    action: 'MULTIVEHMOVINT',
    ewbNumber: w.ewbNumber,
    groupNumber: answer.groupNo,
    fromPlace: request.fromPlace,
    toPlace: request.toPlace,
    transportMode: request.transportMode,
    totalQuantity: request.totalQuantity,
    unitCode,
  };
  const saved = await storeAction(
    ctx,
    principal,
    row,
    'MULTIVEHMOVINT',
    { status: EWB_STATUS_AFTER.MULTIVEHMOVINT, fromPlace: request.fromPlace, fromState: request.fromState },
    { reasonCode: request.reasonCode, remark: request.remark },
    ip,
    fact,
  );
  return detailOf(ctx, saved);
};

const groupOf = async (ctx: AppContext, subscriberId: number, documentId: number, ewbNumber: string, groupNumber: number) => {
  const group = (await multiVehicleGroupsOf(ctx.database.db, subscriberId, documentId, ewbNumber)).find(
    (g) => g.groupNumber === groupNumber,
  );
  if (!group)
    throw refusal([
      { field: 'groupNumber', message: `E-way bill ${ewbNumber} has no multi-vehicle group ${groupNumber}: initiate one first.` },
    ]);
  return group;
};

export const addMultiVehicle = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: EwaybillMultiVehicleAddRequest,
  ip: string,
): Promise<EwaybillDetail> => {
  const row = await documentOf(ctx, principal, request.documentId);
  const w = assertAction(row, 'multiVehicle', ctx.now());
  const group = await groupOf(ctx, principal.subscriberId, row.doc.id, w.ewbNumber, request.groupNumber);
  const vehicleNumber = vehicleOf('vehicleNumber', request.vehicleNumber) ?? null;
  // Rule 138(2): by road the vehicle; by rail, air or ship the transport document.
  if (group.transportMode === '1' && !vehicleNumber) throw refusal([{ field: 'vehicleNumber', message: 'Enter the vehicle number.' }]);
  if (group.transportMode !== '1' && !(request.transportDocumentNumber && request.transportDocumentDate))
    throw refusal([{ field: 'transportDocumentNumber', message: 'Rail, air and ship need the transport document number and date.' }]);
  const moved = group.vehicles.reduce((sum, v) => sum + v.quantity, 0);
  if (moved + request.quantity > group.totalQuantity)
    throw refusal([
      {
        field: 'quantity',
        message: `Group ${group.groupNumber} moves ${group.totalQuantity} ${group.unitCode}; ${moved} are already in its vehicles, so at most ${group.totalQuantity - moved} more.`,
      },
    ]);
  await callSystem(ctx, principal, row, 'MULTIVEHADD', (s) =>
    ctx.ewb.addMultiVehicle(s, {
      ewbNo: Number(w.ewbNumber),
      groupNo: group.groupNumber,
      ...(vehicleNumber ? { vehicleNo: vehicleNumber } : {}),
      ...(request.transportDocumentNumber ? { transDocNo: request.transportDocumentNumber } : {}),
      ...(request.transportDocumentDate ? { transDocDate: formatPortalDate(request.transportDocumentDate, '/') } : {}),
      quantity: request.quantity,
    }),
  );
  const fact: MultiVehicleFact = {
    action: 'MULTIVEHADD',
    ewbNumber: w.ewbNumber,
    groupNumber: group.groupNumber,
    vehicleNumber,
    transportDocumentNumber: request.transportDocumentNumber ?? null,
    quantity: request.quantity,
  };
  const saved = await storeAction(
    ctx,
    principal,
    row,
    'MULTIVEHADD',
    { status: EWB_STATUS_AFTER.MULTIVEHADD },
    { vehicleNumber },
    ip,
    fact,
  );
  return detailOf(ctx, saved);
};

export const changeMultiVehicle = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: EwaybillMultiVehicleChangeRequest,
  ip: string,
): Promise<EwaybillDetail> => {
  const row = await documentOf(ctx, principal, request.documentId);
  const w = assertAction(row, 'multiVehicle', ctx.now());
  const group = await groupOf(ctx, principal.subscriberId, row.doc.id, w.ewbNumber, request.groupNumber);
  const oldVehicle = vehicleOf('oldVehicleNumber', request.oldVehicleNumber) ?? null;
  const newVehicle = vehicleOf('newVehicleNumber', request.newVehicleNumber) ?? null;
  const oldDocument = request.oldTransportDocumentNumber ?? null;
  const newDocument = request.newTransportDocumentNumber ?? null;
  const current = group.vehicles.find(
    (v) => (oldVehicle !== null && v.vehicleNumber === oldVehicle) || (oldDocument !== null && v.transportDocumentNumber === oldDocument),
  );
  if (!current)
    throw refusal([
      { field: 'oldVehicleNumber', message: `Group ${group.groupNumber} has no vehicle ${oldVehicle ?? oldDocument ?? ''}.` },
    ]);
  if (group.transportMode === '1' && !newVehicle) throw refusal([{ field: 'newVehicleNumber', message: 'Enter the new vehicle number.' }]);
  if (group.transportMode !== '1' && !newDocument)
    throw refusal([{ field: 'newTransportDocumentNumber', message: 'Enter the new transport document number.' }]);
  await callSystem(ctx, principal, row, 'MULTIVEHUPD', (s) =>
    ctx.ewb.changeMultiVehicle(s, {
      ewbNo: Number(w.ewbNumber),
      groupNo: group.groupNumber,
      ...(current.vehicleNumber ? { oldvehicleNo: current.vehicleNumber } : {}),
      ...(newVehicle ? { newVehicleNo: newVehicle } : {}),
      ...(current.transportDocumentNumber ? { oldTranNo: current.transportDocumentNumber } : {}),
      ...(newDocument ? { newTranNo: newDocument } : {}),
      fromPlace: request.fromPlace,
      fromState: Number(request.fromState),
      reasonCode: request.reasonCode,
      reasonRem: request.remark,
    }),
  );
  const fact: MultiVehicleFact = {
    action: 'MULTIVEHUPD',
    ewbNumber: w.ewbNumber,
    groupNumber: group.groupNumber,
    oldVehicleNumber: current.vehicleNumber,
    newVehicleNumber: newVehicle,
    oldTransportDocumentNumber: current.transportDocumentNumber,
    newTransportDocumentNumber: newDocument,
  };
  const saved = await storeAction(
    ctx,
    principal,
    row,
    'MULTIVEHUPD',
    { status: EWB_STATUS_AFTER.MULTIVEHUPD, fromPlace: request.fromPlace, fromState: request.fromState },
    { reasonCode: request.reasonCode, remark: request.remark, vehicleNumber: newVehicle },
    ip,
    fact,
  );
  return detailOf(ctx, saved);
};

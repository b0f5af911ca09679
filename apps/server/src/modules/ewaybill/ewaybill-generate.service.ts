// Generating a document's e-way bill (issue 22): built with the domain's buildEwaybill from the saved document, its
// location and buyer; refused before sending when the domain foresees the system's refusal; a refusal of the system kept
// on the document (status Error unless it still has a live e-way bill) with its event; the number, validity and Part B
// stored with the event and audit row in one transaction.
import type { EwaybillDetail, EwaybillGenerateRequest } from '@opengst/contracts';
import { buildEwaybill, splitAddressLine } from '@opengst/domain';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { storedDocumentInput } from '../../platform/stored-document';
import { EWB_STATUS_AFTER, EwbError, ewbInstant, ewbValidUntil } from '../../portal/ewb/ewb-client';
import { insertEwaybillEvent, LIVE_STATUSES, loadForEwaybill, shownStatus, upsertEwaybill } from './ewaybill.repo';
import { detailOf, documentOf, locationOf, refusal, vehicleOf } from './ewaybill.service';
import { ewbSessionOf } from './ewb-session.service';

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
  const input = storedDocumentInput(document, items, gstin);
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

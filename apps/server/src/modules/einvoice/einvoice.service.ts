// E-invoice use cases (issue 22): generate a document's IRN (build INV-01 with the domain, refuse what the IRP would
// refuse before sending, send, verify the IRP's signature, store), recover an IRN the IRP already holds (2150), and
// cancel an IRN. The IRP is called outside any transaction; each outcome is stored with its audit row in one.
import { EINVOICE_SUPPLY_TYPE_VALUES, type EinvoiceCancelReason, type EinvoiceResult, type EinvoiceStatus } from '@opengst/contracts';
import {
  buildEinvoice,
  checkIrnCancel,
  decodeSignedQr,
  formatPortalDate,
  validateDocument,
  VAL_CODES,
  verifySignedJws,
  type DocumentInput,
  type EinvoiceParty,
  type EinvoiceSupplyType,
  istDateOf,
  splitAddressLine,
} from '@opengst/domain';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { storedDocumentInput } from '../../platform/stored-document';
import { IrpError, type IrpInvoice } from '../../portal/irp/irp-client';
import { liveEwaybillNumberOf } from '../ewaybill';
import { highestTurnoverOfPan, loadForEinvoice, markDocumentIrn, upsertEinvoice, type EinvoiceRow } from './einvoice.repo';
import { EinvoiceRefusal, irpSessionOf } from './irp-session.service';

type Actor = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;
type Loaded = NonNullable<Awaited<ReturnType<typeof loadForEinvoice>>>;

const HAS_IRN: readonly EinvoiceStatus[] = ['Generated', 'Regenerated'];
/** The IRP's answer to a request that does not pass its schema (NIC error list). */
const SCHEMA_ERROR = '2140';

/** AckDt, CancelDate: "yyyy-MM-dd HH:mm:ss" in IST. */
const istTime = (text: string): Date | null => {
  const at = new Date(`${text.replace(' ', 'T')}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
};

const supplyTypeOfRow = (supplyType: string | null): EinvoiceSupplyType =>
  ((EINVOICE_SUPPLY_TYPE_VALUES as readonly string[]).includes(supplyType ?? '') ? supplyType : 'B2B') as EinvoiceSupplyType;

/** The INV-01 JSON of a stored document, and the problems the IRP would refuse it for. */
export const einvoiceOf = (loaded: Loaded, isSandbox: boolean) => {
  const { document, location, items, buyer } = loaded;
  const gstin = location.gstin ?? '';
  const supplyType = supplyTypeOfRow(document.supplyType);
  const isExport = supplyType === 'EXPWP' || supplyType === 'EXPWOP';
  const input = storedDocumentInput(document, items, gstin, supplyType);
  const sellerAddress = splitAddressLine(location.address);
  const seller: EinvoiceParty = {
    gstin,
    legalName: location.legalName || location.entityName,
    tradeName: location.tradeName,
    address1: sellerAddress.address1,
    location: sellerAddress.place,
    pin: location.pincode,
    stateCode: location.stateCode,
    email: location.email,
  };
  const buyerAddress = buyer?.city ? { address1: buyer.address ?? '', place: buyer.city } : splitAddressLine(buyer?.address ?? null);
  const buyerParty: EinvoiceParty = {
    gstin: isExport ? 'URP' : document.counterpartyGstin,
    legalName: buyer?.legalName || document.counterpartyName || '',
    tradeName: buyer?.tradeName ?? null,
    address1: buyerAddress.address1,
    location: buyerAddress.place,
    pin: buyer?.pincode ?? null,
    stateCode: buyer?.stateCode ?? null,
    email: buyer?.email ?? null,
    phone: buyer?.phone ?? null,
  };
  const built = buildEinvoice(input, seller, {
    buyer: buyerParty,
    supplyType,
    items: items.map((it) => ({ description: it.description })),
    sandbox: isSandbox,
  });
  const problems = built.problems.map((p) => ({ code: p.irpErrorCode ?? SCHEMA_ERROR, field: p.field, message: p.message }));
  // BuyerDtls (Addr1, Loc, Pin) come from the business partners master: say where to complete them.
  if (!buyer && !isExport)
    problems.unshift({
      code: SCHEMA_ERROR,
      field: 'BuyerDtls',
      message: `The buyer ${document.counterpartyGstin} is not in the business partners master: add it with its address, city and PIN code, which the e-invoice carries (INV-01 BuyerDtls).`,
    });
  if (!location.address || !location.pincode)
    problems.unshift({
      code: SCHEMA_ERROR,
      field: 'SellerDtls',
      message: `The location ${location.entityName} has no ${location.address ? 'PIN code' : 'address'}: complete it under Entities (INV-01 SellerDtls: Addr1, Loc and Pin are required).`,
    });
  return { json: built.json, problems, supplyType, input };
};

/**
 * The 30-day reporting window (GSTN advisories of 13-09-2023 and 05-11-2024, the domain's EINVOICE_REPORTING_LIMITS):
 * a supplier whose AATO is at or above the limit in force on the document date cannot report a document older than 30
 * days; the IRP refuses it, so the product does before sending. The domain's VAL0037 decides.
 */
const reportingWindowProblem = async (ctx: AppContext, actor: Actor, loaded: Loaded, input: DocumentInput) => {
  const { location } = loaded;
  const pan = location.pan ?? (location.gstin ?? '').slice(2, 12);
  const supplierTurnover = await highestTurnoverOfPan(ctx.database.db, actor.subscriberId, pan);
  if (supplierTurnover === 0) return null;
  const issues = validateDocument(
    { ...input, irn: null },
    { today: istDateOf(ctx.now()), supplierTurnover, checkIrn: true, sandbox: ctx.irp.isSandbox },
  );
  if (!issues.some((i) => i.code === 'VAL0037')) return null;
  const rule = VAL_CODES.VAL0037;
  return {
    code: 'VAL0037',
    field: 'DocDtls.Dt',
    message: `${rule.message} The IRP refuses a document older than 30 days from a supplier of this turnover (${rule.source}), and an invoice without its IRN is not a valid invoice (Rule 48(5)).`,
  };
};

const resultOf = (
  documentNumber: string,
  documentId: number,
  row: EinvoiceRow | null,
  failure?: { code: string | null; message: string },
) =>
  ({
    documentId,
    documentNumber,
    status: row?.status ?? 'YetNotGenerated',
    irn: row?.irn ?? null,
    errorCode: failure?.code ?? null,
    message: failure?.message ?? null,
  }) satisfies EinvoiceResult;

/** Stores a refusal (the IRP's, or the product's prediction of it) as the document's ERROR. */
const storeRefusal = async (
  ctx: AppContext,
  actor: Actor,
  loaded: Loaded,
  before: EinvoiceRow | null,
  refusal: { code: string | null; message: string; problems: { code: string; field: string; message: string }[] },
  ip?: string,
): Promise<EinvoiceResult> => {
  const { document } = loaded;
  const row = await ctx.database.db.transaction(async (tx) => {
    const saved = await upsertEinvoice(
      tx,
      { subscriberId: actor.subscriberId, entityId: document.entityId, documentId: document.id },
      {
        status: 'ERROR',
        errorCode: refusal.code,
        errorMessage: refusal.message,
        errors: refusal.problems,
        updatedBy: actor.userId,
        ...(before ? {} : { createdBy: actor.userId }),
      },
    );
    await writeAudit(tx, actor, {
      entityType: 'EInvoice',
      entityKey: document.id,
      entityName: document.documentNumber,
      action: before ? 'Update' : 'Create',
      before: before ? { status: before.status, errorCode: before.errorCode } : undefined,
      after: { status: saved.status, errorCode: saved.errorCode, errorMessage: saved.errorMessage },
      ...(ip ? { ip } : {}),
    });
    return saved;
  });
  return resultOf(document.documentNumber, document.id, row, { code: refusal.code, message: refusal.message });
};

/**
 * An IRN the IRP already holds for this document number (2150): fetched by the document's details, and linked only
 * when it is active and the buyer and value are this document's (another document may have used the number).
 */
const recoverDuplicate = async (ctx: AppContext, loaded: Loaded, session: Parameters<AppContext['irp']['byDocument']>[0]) => {
  const { document } = loaded;
  const found = await ctx.irp.byDocument(
    session,
    document.documentType as 'INV' | 'CRN' | 'DBN',
    document.documentNumber,
    formatPortalDate(document.documentDate, '/'),
  );
  if (found.Status === 'CNL')
    throw new EinvoiceRefusal(
      '2150',
      `The IRN of ${document.documentNumber} (${found.Irn}) was cancelled: a number once registered can never be registered again (the IRN is unique per supplier, financial year, type and number). Issue the document under a new number.`,
    );
  const qr = decodeSignedQr(found.SignedQRCode);
  const buyer = document.counterpartyGstin || 'URP';
  // TotInvVal is in rupees with two decimals.
  const isSameDocument = qr.BuyerGstin === buyer && Math.abs(Math.round(qr.TotInvVal * 100) - document.documentValue) <= 100;
  if (!isSameDocument)
    throw new EinvoiceRefusal(
      '2150',
      `The IRP already holds ${document.documentNumber} of ${document.documentDate} for buyer ${qr.BuyerGstin} worth ₹${qr.TotInvVal.toFixed(2)} (IRN ${found.Irn}): not this document. Check the number.`,
    );
  return found;
};

/** Generates one document's IRN; answers what happened. A document that already has an IRN is answered as it is. */
export const generateOne = async (ctx: AppContext, actor: Actor, documentId: number, ip?: string): Promise<EinvoiceResult> => {
  const { db } = ctx.database;
  const loaded = await loadForEinvoice(db, actor.subscriberId, documentId);
  if (!loaded) return { documentId, documentNumber: '', status: 'YetNotGenerated', irn: null, errorCode: null, message: 'Not found.' };
  const { document, location, einvoice: before } = loaded;
  if (before && HAS_IRN.includes(before.status)) return resultOf(document.documentNumber, documentId, before);

  const { json, problems, input } = einvoiceOf(loaded, ctx.irp.isSandbox);
  const late = await reportingWindowProblem(ctx, actor, loaded, input);
  if (late) problems.unshift(late);
  const first = problems[0];
  if (first) return storeRefusal(ctx, actor, loaded, before, { code: first.code, message: first.message, problems }, ip);

  let answer: IrpInvoice;
  try {
    const session = await irpSessionOf(
      ctx,
      { id: location.id, subscriberId: actor.subscriberId, gstin: location.gstin ?? '' },
      actor.userId,
    );
    try {
      answer = await ctx.irp.generate(session, json);
    } catch (error) {
      if (!(error instanceof IrpError) || !error.codes.includes('2150')) throw error;
      answer = await recoverDuplicate(ctx, loaded, session);
    }
    const certificate = await ctx.irp.signingCertificate();
    if (!verifySignedJws(answer.SignedQRCode, certificate) || !verifySignedJws(answer.SignedInvoice, certificate))
      throw new EinvoiceRefusal(
        'SIGNATURE',
        `The IRP's answer for IRN ${answer.Irn} does not verify against its signing certificate: not stored.`,
      );
  } catch (error) {
    if (error instanceof IrpError) {
      const errors = error.errors.map((e) => ({ code: e.ErrorCode, field: '', message: e.ErrorMessage }));
      return storeRefusal(ctx, actor, loaded, before, { code: errors[0]?.code ?? null, message: error.message, problems: errors }, ip);
    }
    if (error instanceof EinvoiceRefusal)
      return storeRefusal(ctx, actor, loaded, before, { code: error.code, message: error.message, problems: [] }, ip);
    const message = `The IRP could not be reached: ${error instanceof Error ? error.message : String(error)}. Try again later.`;
    return storeRefusal(ctx, actor, loaded, before, { code: null, message, problems: [] }, ip);
  }

  // Regenerated: the IRN came after an earlier refusal or a cancelled IRN of the document.
  const status: EinvoiceStatus = before?.errorCode || before?.cancelledIrn ? 'Regenerated' : 'Generated';
  const row = await db.transaction(async (tx) => {
    const saved = await upsertEinvoice(
      tx,
      { subscriberId: actor.subscriberId, entityId: document.entityId, documentId },
      {
        status,
        irn: answer.Irn,
        ackNo: String(answer.AckNo),
        ackDate: istTime(answer.AckDt),
        signedInvoice: answer.SignedInvoice,
        signedQrCode: answer.SignedQRCode,
        errorCode: null,
        errorMessage: null,
        errors: null,
        generatedAt: ctx.now(),
        generatedBy: actor.userId,
        updatedBy: actor.userId,
        ...(before ? {} : { createdBy: actor.userId }),
      },
    );
    await markDocumentIrn(tx, documentId, true);
    await writeAudit(tx, actor, {
      entityType: 'EInvoice',
      entityKey: documentId,
      entityName: document.documentNumber,
      action: before ? 'Update' : 'Create',
      before: before ? { status: before.status, errorCode: before.errorCode } : undefined,
      after: { status, irn: saved.irn, ackNo: saved.ackNo },
      ...(ip ? { ip } : {}),
    });
    return saved;
  });
  return resultOf(document.documentNumber, documentId, row);
};

/** Cancels one document's IRN (NIC Cancel IRN: whole IRN, within 24 hours; the IRP's refusal answered as it words it). */
export const cancelOne = async (
  ctx: AppContext,
  actor: Actor,
  documentId: number,
  reason: EinvoiceCancelReason,
  remark: string,
  ip?: string,
): Promise<EinvoiceResult> => {
  const { db } = ctx.database;
  const loaded = await loadForEinvoice(db, actor.subscriberId, documentId);
  if (!loaded) return { documentId, documentNumber: '', status: 'YetNotGenerated', irn: null, errorCode: null, message: 'Not found.' };
  const { document, location, einvoice: before } = loaded;
  if (!before?.irn || !HAS_IRN.includes(before.status))
    return resultOf(document.documentNumber, documentId, before, { code: null, message: 'This document has no IRN to cancel.' });
  // What the IRP would refuse (2270 past 24 hours, 2230 while an e-way bill is live) is refused here, before the call.
  const check = checkIrnCancel({
    ackAt: before.ackDate ?? before.generatedAt ?? ctx.now(),
    liveEwbNumber: await liveEwaybillNumberOf(db, actor.subscriberId, documentId, ctx.now()),
    at: ctx.now(),
  });
  if (!check.allowed)
    return resultOf(document.documentNumber, documentId, before, { code: check.code, message: `${check.code}: ${check.reason}` });
  let cancelledAt: Date;
  try {
    const session = await irpSessionOf(
      ctx,
      { id: location.id, subscriberId: actor.subscriberId, gstin: location.gstin ?? '' },
      actor.userId,
    );
    const answer = await ctx.irp.cancel(session, before.irn, reason, remark);
    cancelledAt = istTime(answer.CancelDate) ?? ctx.now();
  } catch (error) {
    if (error instanceof IrpError)
      return resultOf(document.documentNumber, documentId, before, { code: error.codes[0] ?? null, message: error.message });
    if (error instanceof EinvoiceRefusal)
      return resultOf(document.documentNumber, documentId, before, { code: error.code, message: error.message });
    return resultOf(document.documentNumber, documentId, before, {
      code: null,
      message: `The IRP could not be reached: ${error instanceof Error ? error.message : String(error)}. Try again later.`,
    });
  }
  const row = await db.transaction(async (tx) => {
    const saved = await upsertEinvoice(
      tx,
      { subscriberId: actor.subscriberId, entityId: document.entityId, documentId },
      {
        // The document has no valid IRN any more; the cancelled one is kept beside it.
        status: 'YetNotGenerated',
        irn: null,
        ackNo: null,
        ackDate: null,
        signedInvoice: null,
        signedQrCode: null,
        cancelledIrn: before.irn,
        cancelReasonCode: reason,
        cancelRemark: remark,
        cancelledAt,
        cancelledBy: actor.userId,
        updatedBy: actor.userId,
      },
    );
    await markDocumentIrn(tx, documentId, false);
    await writeAudit(tx, actor, {
      entityType: 'EInvoice',
      entityKey: documentId,
      entityName: document.documentNumber,
      action: 'StatusChange',
      before: { status: before.status, irn: before.irn },
      after: { status: saved.status, cancelledIrn: saved.cancelledIrn, cancelReasonCode: reason, cancelRemark: remark },
      ...(ip ? { ip } : {}),
    });
    return saved;
  });
  return resultOf(document.documentNumber, documentId, row);
};

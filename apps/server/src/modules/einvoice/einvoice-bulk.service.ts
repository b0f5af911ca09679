// The /e-invoice requests over selected documents: each checked to be the user's (subscriber and locations) and one
// that needs an IRN; generate answers one document at once and queues several; cancel answers each document's outcome.
import type { EinvoiceCancelReason, EinvoiceDetail, EinvoiceGenerateResponse, EinvoiceProgress, EinvoiceResult } from '@opengst/contracts';
import { decodeSignedQr, verifySignedJws } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import { einvoices, users } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { EINVOICE_GENERATE_JOB } from './einvoice.jobs';
import { findEinvoiceDocuments, toEinvoiceItem } from './einvoice.repo';
import { cancelOne, generateOne } from './einvoice.service';
import { qrCodeDataUrl } from './qr-image';

/** The selected documents, each the user's and one that needs an IRN; another's or an ineligible one is not found. */
const selectedDocuments = async (ctx: AppContext, principal: SessionPrincipal, documentIds: readonly number[]) => {
  const { db } = ctx.database;
  const ids = [...new Set(documentIds)];
  const rows = await findEinvoiceDocuments(db, principal.subscriberId, await locationScope(db, principal, null), ids);
  if (rows.length !== ids.length) throw new AppError('GEN0003');
  return rows;
};

export const requestGeneration = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  documentIds: readonly number[],
  ip: string,
): Promise<EinvoiceGenerateResponse> => {
  const rows = await selectedDocuments(ctx, principal, documentIds);
  const [only] = rows;
  if (rows.length === 1 && only) return { isQueued: false, results: [await generateOne(ctx, principal, only.doc.id, ip)] };
  const waiting = rows.filter((r) => !r.einvoice || !['Generated', 'Regenerated', 'InProgress'].includes(r.einvoice.status));
  if (waiting.length === 0) return { isQueued: false, results: rows.map((r) => resultOfItem(toEinvoiceItem(r))) };
  await ctx.database.db.transaction(async (tx) => {
    for (const r of waiting) {
      await tx
        .insert(einvoices)
        .values({
          subscriberId: principal.subscriberId,
          entityId: r.doc.entityId,
          documentId: r.doc.id,
          status: 'InProgress',
          createdBy: principal.userId,
          updatedBy: principal.userId,
        })
        .onConflictDoUpdate({
          target: einvoices.documentId,
          set: { status: 'InProgress', updatedBy: principal.userId, updatedAt: new Date() },
        });
    }
    await writeAudit(tx, principal, {
      entityType: 'EInvoice',
      entityKey: 'generate',
      action: 'StatusChange',
      after: { status: 'InProgress', documentIds: waiting.map((r) => r.doc.id) },
      ip,
    });
  });
  // Queued outside the transaction (PGlite: one connection).
  await ctx.jobs.send(EINVOICE_GENERATE_JOB, {
    subscriberId: principal.subscriberId,
    userId: principal.userId,
    documentIds: waiting.map((r) => r.doc.id),
    ip,
  });
  return { isQueued: true, results: [] };
};

const resultOfItem = (item: ReturnType<typeof toEinvoiceItem>): EinvoiceResult => ({
  documentId: item.id,
  documentNumber: item.documentNumber,
  status: item.status,
  irn: item.irn,
  errorCode: item.errorCode,
  message: item.errorMessage,
});

export const generationProgress = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  documentIds: readonly number[],
): Promise<EinvoiceProgress> => {
  const rows = await selectedDocuments(ctx, principal, documentIds);
  const statuses = rows.map((r) => r.einvoice?.status ?? 'YetNotGenerated');
  return {
    total: rows.length,
    inProgress: statuses.filter((s) => s === 'InProgress').length,
    generated: statuses.filter((s) => s === 'Generated' || s === 'Regenerated').length,
    failed: statuses.filter((s) => s === 'ERROR' || s === 'YetNotGenerated').length,
  };
};

export const requestCancellation = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: { documentIds: readonly number[]; reasonCode: EinvoiceCancelReason; remark: string },
  ip: string,
): Promise<EinvoiceResult[]> => {
  const rows = await selectedDocuments(ctx, principal, request.documentIds);
  const results: EinvoiceResult[] = [];
  for (const r of rows) results.push(await cancelOne(ctx, principal, r.doc.id, request.reasonCode, request.remark, ip));
  return results;
};

export const einvoiceDetail = async (ctx: AppContext, principal: SessionPrincipal, documentId: number): Promise<EinvoiceDetail> => {
  const [row] = await selectedDocuments(ctx, principal, [documentId]);
  if (!row) throw new AppError('GEN0003');
  const e = row.einvoice;
  let qrPayload: EinvoiceDetail['qrPayload'] = null;
  let isSignatureVerified: boolean | null = null;
  if (e?.signedQrCode) {
    qrPayload = decodeSignedQr(e.signedQrCode);
    isSignatureVerified = await ctx.irp
      .signingCertificate()
      .then((certificate) => verifySignedJws(e.signedQrCode ?? '', certificate))
      .catch(() => null);
  }
  const [generator] = e?.generatedBy
    ? await ctx.database.db.select({ name: users.displayName }).from(users).where(eq(users.id, e.generatedBy))
    : [];
  const errors = Array.isArray(e?.errors) ? (e.errors as EinvoiceDetail['errors']) : [];
  return {
    ...toEinvoiceItem(row),
    signedQrCode: e?.signedQrCode ?? null,
    qrPayload,
    isSignatureVerified,
    qrImage: e?.signedQrCode ? qrCodeDataUrl(e.signedQrCode) : null,
    errors,
    cancelReasonCode: e?.cancelReasonCode ?? null,
    cancelRemark: e?.cancelRemark ?? null,
    generatedAt: e?.generatedAt?.toISOString() ?? null,
    generatedByName: generator?.name ?? null,
    isSandbox: ctx.irp.isSandbox,
  };
};

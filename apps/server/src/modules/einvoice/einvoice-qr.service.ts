// /einvoice-via-pdf-qrcode (issue 22): the signed QR code read from an uploaded PDF, JPG, PNG or TXT, its payload,
// its signature checked against the IRP's certificate, and the document of this subscriber that holds its IRN.
import type { EinvoiceQrRead } from '@opengst/contracts';
import { decodeSignedQr, verifySignedJws, type EinvoiceQrPayload } from '@opengst/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import { documents, einvoices, entities } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { qrFileTypeOf, readSignedQr } from './qr-reader';

const ALLOWED_NAME = /\.(pdf|png|jpe?g|txt)$/i;

const signatureOf = async (ctx: AppContext, jws: string): Promise<EinvoiceQrRead['signatureStatus']> => {
  let certificate: string;
  try {
    certificate = await ctx.irp.signingCertificate();
  } catch {
    return 'Unavailable';
  }
  try {
    return verifySignedJws(jws, certificate) ? 'Verified' : 'Failed';
  } catch {
    return 'Failed';
  }
};

/** The user's document that holds (or held, before cancelling) this IRN. */
const knownDocumentOf = async (ctx: AppContext, principal: SessionPrincipal, irn: string): Promise<EinvoiceQrRead['knownDocument']> => {
  const { db } = ctx.database;
  const locations = await locationScope(db, principal, null);
  const [row] = await db
    .select({
      documentId: documents.id,
      documentNumber: documents.documentNumber,
      entityName: entities.entityName,
      status: einvoices.status,
      irn: einvoices.irn,
    })
    .from(einvoices)
    .innerJoin(documents, eq(documents.id, einvoices.documentId))
    .innerJoin(entities, eq(entities.id, einvoices.entityId))
    .where(
      and(
        eq(einvoices.subscriberId, principal.subscriberId),
        inArray(einvoices.entityId, locations.length ? [...locations] : [-1]),
        or(eq(einvoices.irn, irn), eq(einvoices.cancelledIrn, irn)),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    documentId: row.documentId,
    documentNumber: row.documentNumber,
    entityName: row.entityName,
    status: row.status,
    isCancelled: row.irn !== irn,
  };
};

export const readEinvoiceQr = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  file: { fileName: string; bytes: Buffer },
  ip: string,
): Promise<EinvoiceQrRead> => {
  const fileType = ALLOWED_NAME.test(file.fileName) ? qrFileTypeOf(file.fileName, file.bytes) : null;
  if (!fileType) throw new AppError('EIN0002', { propertyName: 'file' });
  let signedQrCode: string | null;
  try {
    signedQrCode = readSignedQr(file.bytes, fileType);
  } catch {
    signedQrCode = null; // A damaged image or PDF: no QR could be read from it.
  }
  if (!signedQrCode) throw new AppError('EIN0003', { propertyName: 'file' });
  let payload: EinvoiceQrPayload;
  try {
    payload = decodeSignedQr(signedQrCode);
  } catch {
    throw new AppError('EIN0004', { propertyName: 'file' });
  }
  const signatureStatus = await signatureOf(ctx, signedQrCode);
  const knownDocument = await knownDocumentOf(ctx, principal, payload.Irn);
  const certificateSource = ctx.config.irp.signingCertificateFile ? 'Configured' : ctx.irp.isSandbox ? 'Sandbox' : 'Published';
  // Who checked which IRN, from which file, and what was found: a read of an outside file, kept as the imports are.
  await writeAudit(ctx.database.db, principal, {
    entityType: 'EInvoiceQr',
    entityKey: payload.Irn,
    action: 'Import',
    after: { fileName: file.fileName, fileType, signatureStatus, certificateSource, documentId: knownDocument?.documentId ?? null },
    ip,
  });
  return { fileName: file.fileName, fileType, signedQrCode, payload, signatureStatus, certificateSource, knownDocument };
};

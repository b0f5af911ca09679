// The printed e-invoice of one document: the user's (subscriber and locations), and only while its IRN stands (a
// document without one, or whose IRN was cancelled, is not an e-invoice and is refused with EIN0001).
import type { SessionPrincipal } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { einvoicePdf, type PrintParty } from './einvoice-pdf';
import { findEinvoiceDocuments, loadForEinvoice } from './einvoice.repo';

const HAS_IRN = new Set(['Generated', 'Regenerated']);

const addressOf = (...parts: (string | null | undefined)[]): string | null => parts.filter((p) => p && p.trim()).join(', ') || null;

/** A file name of the document number: "/" and other characters a file system refuses become "-". */
const fileNameOf = (documentNumber: string): string => `e-invoice-${documentNumber.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;

export const printEinvoice = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  documentId: number,
): Promise<{ fileName: string; content: Buffer }> => {
  const { db } = ctx.database;
  const [row] = await findEinvoiceDocuments(db, principal.subscriberId, await locationScope(db, principal, null), [documentId]);
  if (!row) throw new AppError('GEN0003');
  const e = row.einvoice;
  if (!e || !HAS_IRN.has(e.status) || !e.irn || !e.signedQrCode) throw new AppError('EIN0001');
  const loaded = await loadForEinvoice(db, principal.subscriberId, documentId);
  if (!loaded) throw new AppError('GEN0003');
  const { document, location, items, buyer } = loaded;
  const supplier: PrintParty = {
    name: location.legalName || location.entityName,
    address: addressOf(location.address, location.pincode),
    gstin: location.gstin,
    stateCode: location.stateCode ?? location.gstin?.slice(0, 2) ?? null,
  };
  const recipient: PrintParty = {
    name: buyer?.legalName || document.counterpartyName || '',
    address: buyer ? addressOf(buyer.address, buyer.city, buyer.pincode) : null,
    gstin: document.counterpartyGstin || null,
    stateCode: buyer?.stateCode ?? (document.counterpartyState || document.counterpartyGstin.slice(0, 2) || null),
  };
  const content = await einvoicePdf({
    documentType: document.documentType,
    documentNumber: document.documentNumber,
    documentDate: document.documentDate,
    placeOfSupply: document.placeOfSupply,
    isReverseCharge: document.isReverseCharge,
    supplyType: document.supplyType || 'B2B',
    shippingBillNumber: document.shippingBillNumber,
    shippingBillDate: document.shippingBillDate,
    portCode: document.portCode,
    documentValue: document.documentValue,
    supplier,
    recipient,
    items,
    irn: e.irn,
    ackNo: e.ackNo ?? '',
    ackDate: e.ackDate,
    signedQrCode: e.signedQrCode,
  });
  return { fileName: fileNameOf(document.documentNumber), content };
};

// A stored sales document as the domain reads it (DocumentInput, through the contracts' toDocumentInput): what the
// e-invoice (INV-01) and e-way bill (GENEWAYBILL) builders are given, with the stored document value as its total.
import { toDocumentInput, type DocumentSaveRequest } from '@opengst/contracts';
import type { DocumentInput } from '@opengst/domain';
import type { documentItems, documents } from '../db/schema';

export const storedDocumentInput = (
  document: typeof documents.$inferSelect,
  items: readonly (typeof documentItems.$inferSelect)[],
  supplierGstin: string,
  supplyType: string | null = document.supplyType,
): DocumentInput => {
  const request = {
    direction: 'Sales',
    entityId: document.entityId,
    isDraftDocument: false,
    documentType: document.documentType,
    documentNumber: document.documentNumber,
    documentDate: document.documentDate,
    supplyType,
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
  return { ...toDocumentInput(request, supplierGstin), totalValue: document.documentValue };
};

// Sales documents of a Maharashtra supplier for May 2025, with one planted bad document (its own GSTIN as buyer).
import type { Gstr1Document, Gstr1Item } from '@opengst/domain';

export const SUPPLIER = '27AAPFU0939F1ZV';
export const BUYER_KA = '29AAGCB7383J1Z4';
export const BUYER_MH = '27AABCT3518Q1ZW';
export const PERIOD = '052025';

export const item = (taxable: number, ratePercent: number, inter: boolean): Gstr1Item => {
  const tax = Math.round((taxable * ratePercent) / 100);
  const half = Math.round((taxable * ratePercent) / 200);
  return {
    hsn: '84713010',
    uqc: 'NOS',
    quantity: 1_000,
    rate: ratePercent * 1000,
    taxable,
    igst: inter ? tax : 0,
    cgst: inter ? 0 : half,
    sgst: inter ? 0 : half,
    cess: 0,
  };
};

const valueOf = (items: readonly Gstr1Item[]): number => items.reduce((s, i) => s + i.taxable + i.igst + i.cgst + i.sgst + i.cess, 0);

export const doc = (p: Partial<Gstr1Document> & { documentNumber: string; items: Gstr1Item[] }): Gstr1Document => ({
  documentType: 'INV',
  documentDate: '2025-05-10',
  counterpartyGstin: '',
  documentValue: valueOf(p.items),
  ...p,
});

export const GOOD: Gstr1Document[] = [
  doc({
    documentNumber: 'INV/25/001',
    counterpartyGstin: BUYER_KA,
    supplyType: 'B2B',
    placeOfSupply: '29',
    items: [item(100_000_00, 18, true), item(5_000_50, 5, true)],
  }),
  doc({
    documentNumber: 'INV/25/002',
    counterpartyGstin: BUYER_MH,
    supplyType: 'B2B',
    placeOfSupply: '27',
    documentDate: '2025-05-20',
    items: [item(40_000_00, 12, false)],
  }),
  doc({ documentNumber: 'INV/25/004', supplyType: 'B2C', placeOfSupply: '27', items: [item(2_000_00, 18, false)] }),
  doc({
    documentType: 'CRN',
    documentNumber: 'CN/25/001',
    counterpartyGstin: BUYER_KA,
    supplyType: 'B2B',
    placeOfSupply: '29',
    originalDocumentNumber: 'INV/25/001',
    originalDocumentDate: '2025-05-10',
    items: [item(10_000_00, 18, true)],
  }),
];

/** Planted: the supplier named as its own buyer (RET191107). */
export const BAD = doc({
  documentNumber: 'INV/25/003',
  counterpartyGstin: SUPPLIER,
  supplyType: 'B2B',
  placeOfSupply: '27',
  items: [item(1_000_00, 18, false)],
});

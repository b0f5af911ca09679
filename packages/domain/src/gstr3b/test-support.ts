// Builders for the GSTR-3B tests: documents in rupees (turned into paise here), figures as the tests expect them.
import type { Gstr1Item } from '../gstr1/types';
import type { Heads } from './set-off';
import type { Gstr3bFigure, Gstr3bOutwardDocument, Gstr3bPortalRecord, Gstr3bPurchase, Gstr3bSources } from './types';

/** The filer: a Karnataka (29) registration. */
export const GSTIN = '29AABCU9603R1ZM';

/** Rupees to paise (test figures are whole rupees or paise-exact decimals). */
export const rs = (rupees: number): number => Math.round(rupees * 100);

/** An intra-State item: CGST and SGST at half the rate each. */
export const intra = (ratePercent: number, taxable: number): Gstr1Item => ({
  rate: ratePercent * 1000,
  taxable: rs(taxable),
  igst: 0,
  cgst: rs((taxable * ratePercent) / 200),
  sgst: rs((taxable * ratePercent) / 200),
  cess: 0,
});

/** An inter-State item: IGST at the rate. */
export const inter = (ratePercent: number, taxable: number): Gstr1Item => ({
  rate: ratePercent * 1000,
  taxable: rs(taxable),
  igst: rs((taxable * ratePercent) / 100),
  cgst: 0,
  sgst: 0,
  cess: 0,
});

const valueOf = (items: readonly Gstr1Item[]): number => items.reduce((s, i) => s + i.taxable + i.igst + i.cgst + i.sgst + i.cess, 0);

/** A sales document (tax invoice unless said otherwise) to an unregistered person unless a GSTIN is given. */
export const sale = (id: number, fields: Partial<Gstr3bOutwardDocument> & { items: Gstr1Item[] }): Gstr3bOutwardDocument => ({
  documentType: 'INV',
  documentNumber: `S-${id}`,
  documentDate: '2025-07-10',
  counterpartyGstin: '',
  documentValue: valueOf(fields.items),
  ...fields,
  id,
});

/** Amounts in rupees: value, IGST, CGST, SGST, cess. */
export const amounts = (taxable: number, igst: number, cgst: number, sgst: number, cess = 0) => ({
  taxable: rs(taxable),
  igst: rs(igst),
  cgst: rs(cgst),
  sgst: rs(sgst),
  cess: rs(cess),
});

export const purchase = (id: number, money: ReturnType<typeof amounts>, fields: Partial<Gstr3bPurchase> = {}): Gstr3bPurchase => ({
  documentType: 'INV',
  supplierGstin: '29AAACS1111A1Z1',
  ...money,
  ...fields,
  id,
});

/** A GSTR-2B record, b2b of the given period unless said otherwise, ITC available. */
export const record = (
  id: number,
  period: string,
  money: ReturnType<typeof amounts>,
  fields: Partial<Gstr3bPortalRecord> = {},
): Gstr3bPortalRecord => ({ returnPeriod: period, section: 'b2b', documentType: 'INV', itcAvailability: 'Y', ...money, ...fields, id });

/** Heads in rupees. */
export const heads = (igst: number, cgst: number, sgst: number, cess = 0): Heads => ({
  igst: rs(igst),
  cgst: rs(cgst),
  sgst: rs(sgst),
  cess: rs(cess),
});

export const sources = (documentIds: number[] = [], portalIds: number[] = [], summaryIds: number[] = []): Gstr3bSources => ({
  documentIds,
  portalIds,
  summaryIds,
});

/** A value figure in rupees. */
export const valueFigure = (taxable: number, igst: number, cgst: number, sgst: number, from: Gstr3bSources, cess = 0): Gstr3bFigure => ({
  taxable: rs(taxable),
  igst: rs(igst),
  cgst: rs(cgst),
  sgst: rs(sgst),
  cess: rs(cess),
  sources: from,
});

/** A tax-only figure (table 4) in rupees. */
export const taxFigure = (igst: number, cgst: number, sgst: number, from: Gstr3bSources, cess = 0): Gstr3bFigure => ({
  igst: rs(igst),
  cgst: rs(cgst),
  sgst: rs(sgst),
  cess: rs(cess),
  sources: from,
});

export const NONE: Gstr3bFigure = { igst: 0, cgst: 0, sgst: 0, cess: 0, sources: sources() };
export const NO_VALUE: Gstr3bFigure = { taxable: 0, ...NONE };

// Supply type code lists of the official formats.

/** e-invoice TranDtls.SupTyp (INV-01 schema v1.1). */
export const EINVOICE_SUPPLY_TYPES = {
  B2B: 'Business to business',
  SEZWP: 'SEZ with payment of IGST',
  SEZWOP: 'SEZ without payment (under LUT/bond)',
  EXPWP: 'Export with payment of IGST',
  EXPWOP: 'Export without payment (under LUT/bond)',
  DEXP: 'Deemed export',
} as const;
export type EinvoiceSupplyType = keyof typeof EINVOICE_SUPPLY_TYPES;

/** GSTR-1 b2b `inv_typ` (saveGSTR1Schema): R regular, DE deemed export, SEWP/SEWOP SEZ with/without payment, CBW custom bonded warehouse. */
export const GSTR1_INVOICE_TYPES = {
  R: 'Regular B2B',
  DE: 'Deemed exports',
  SEWP: 'SEZ supplies with payment',
  SEWOP: 'SEZ supplies without payment',
  CBW: 'Intra-State supplies attracting IGST (custom bonded warehouse)',
} as const;
export type Gstr1InvoiceType = keyof typeof GSTR1_INVOICE_TYPES;

/** GSTR-1 exp `exp_typ`. */
export const GSTR1_EXPORT_TYPES = { WPAY: 'Export with payment of IGST', WOPAY: 'Export without payment of IGST' } as const;
export type Gstr1ExportType = keyof typeof GSTR1_EXPORT_TYPES;

/** GSTR-1 cdnur `typ`. */
export const GSTR1_CDNUR_TYPES = { B2CL: 'B2C large', EXPWP: 'Export with payment', EXPWOP: 'Export without payment' } as const;

/** GSTR-1 b2cs `typ`: E supplies through an e-commerce operator, OE others. */
export const GSTR1_B2CS_TYPES = { E: 'Through e-commerce operator', OE: 'Other than e-commerce' } as const;

/** GSTR-1 nil `sply_ty`. */
export const GSTR1_NIL_SUPPLY_TYPES = {
  INTRB2B: 'Inter-State supplies to registered persons',
  INTRAB2B: 'Intra-State supplies to registered persons',
  INTRB2C: 'Inter-State supplies to unregistered persons',
  INTRAB2C: 'Intra-State supplies to unregistered persons',
} as const;

/** Export type on a document: with payment of IGST or without (under LUT/bond, Rule 96A). */
export type ExportType = 'WPAY' | 'WOPAY';

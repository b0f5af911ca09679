// The income-tax TDS sections a business partner is usually paid under (Income-tax Act 1961, Chapter XVII-B). The
// master records the section only, for the vendor TDS reports; rates and thresholds are not applied here. The section
// numbers are the 1961 Act's, as vendor masters and the TDS returns up to 2025-26 name them (the Income-tax Act 2025,
// in force from 1 April 2026, lists these payments in its s.393 table).

export type TdsSection = { code: string; name: string };

export const TDS_SECTIONS = [
  { code: '194A', name: 'Interest other than interest on securities' },
  { code: '194C', name: 'Payments to contractors and sub-contractors' },
  { code: '194H', name: 'Commission or brokerage' },
  { code: '194I(a)', name: 'Rent of plant, machinery or equipment' },
  { code: '194I(b)', name: 'Rent of land, building or furniture' },
  { code: '194J(a)', name: 'Fees for technical services' },
  { code: '194J(b)', name: 'Fees for professional services, royalty' },
  { code: '194O', name: 'Payments by an e-commerce operator to a participant' },
  { code: '194Q', name: 'Purchase of goods' },
  { code: '195', name: 'Payments to a non-resident' },
] as const satisfies readonly TdsSection[];

export type TdsSectionCode = (typeof TDS_SECTIONS)[number]['code'];

export const isTdsSectionCode = (value: string): value is TdsSectionCode => TDS_SECTIONS.some((section) => section.code === value);

/** '194C Payments to contractors and sub-contractors', or the code itself when it is not in the list. */
export const tdsSectionLabel = (code: string): string => {
  const section = TDS_SECTIONS.find((s) => s.code === code);
  return section ? `${section.code} ${section.name}` : code;
};

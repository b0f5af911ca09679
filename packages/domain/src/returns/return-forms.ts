// The return forms the product knows, by the codes the GST portal uses for them (the taxpayer API's RETTRACK `rtntype`
// and its /returns/<form> paths). Statements the portal drafts (2A, 2B, 6A) are here too: they are downloaded by form.
export const RETURN_FORMS = [
  'GSTR1', // outward supplies: s.37, Rule 59(1)
  'IFF', // Invoice Furnishing Facility of QRMP filers, months 1 and 2 of a quarter: Rule 59(2)
  'GSTR1A', // amendment of the period's GSTR-1 before GSTR-3B: Rule 59(4A) (Notification 12/2024-CT)
  'GSTR2A', // auto-drafted inward supplies: Rule 60(1)
  'GSTR2B', // auto-drafted input tax credit statement: Rule 60(7)
  'GSTR2X', // TDS and TCS credit received, accepted or rejected by the deductee/collectee: s.51, s.52
  'GSTR3B', // summary return: s.39(1), Rule 61(5)
  'GSTR6', // Input Service Distributor: s.39(4), Rule 65
  'GSTR6A', // the ISD's auto-drafted inward supplies, read for its GSTR-6: Rule 65
  'GSTR7', // TDS deductor: s.39(3), Rule 66(1)
  'GSTR8', // e-commerce operator's TCS: s.52(4), Rule 67(1)
  'GSTR9', // annual return: s.44, Rule 80(1)
  'GSTR9C', // reconciliation statement: Rule 80(3)
  'ITC04', // goods sent to and received from job workers: s.143, Rule 45(3)
  'CMP08', // composition taxpayer's quarterly statement: Rule 62(1)(i)
] as const;

export type ReturnForm = (typeof RETURN_FORMS)[number];

const FORMS: ReadonlySet<string> = new Set(RETURN_FORMS);

export const isReturnForm = (value: string): value is ReturnForm => FORMS.has(value);

/** 'GSTR-3B', 'gstr3b', 'CMP-08', 'ITC-04' → the portal's code; throws RangeError for a form the product does not know. */
export function normaliseReturnForm(value: string): ReturnForm {
  const code = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!isReturnForm(code)) throw new RangeError(`unknown return form: ${value}`);
  return code;
}

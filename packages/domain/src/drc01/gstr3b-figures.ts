// The figures of a GSTR-3B JSON (the portal's save format, rupees) that DRC-01B and DRC-01C compare, in paise per
// head: for Rule 88C the tax of tables 3.1(a), 3.1(b) and 3.1.1(i) (the supplies GSTR-1/IFF also reports; 3.1(c) and
// (e) carry no tax, 3.1(d) is inward), for Rule 88D the ITC of table 4A(5) (DRC01C_COMPARED_ROWS). Read leniently: a
// missing table is zero, as the portal's own JSON leaves empty tables out. Used alike on a return filed by the
// taxpayer and on the system-generated one built from GSTR-1/1A and GSTR-2B (gstr3bJsonOf).
import { rupeesToPaise } from '../money/index';
import type { Heads } from '../gstr3b/set-off';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const amount = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? rupeesToPaise(v) : 0);
const headsOf = (row: Json): Heads => ({
  igst: amount(row['iamt']),
  cgst: amount(row['camt']),
  sgst: amount(row['samt']),
  cess: amount(row['csamt']),
});
const plus = (a: Heads, b: Heads): Heads => ({
  igst: a.igst + b.igst,
  cgst: a.cgst + b.cgst,
  sgst: a.sgst + b.sgst,
  cess: a.cess + b.cess,
});

/** Tax of 3.1(a), 3.1(b) and 3.1.1(i): the "tax paid in GSTR-3B" side of DRC-01B. */
export const gstr3bOutwardTax = (gstr3b: unknown): Heads => {
  const sup = obj(obj(gstr3b)['sup_details']);
  const eco = obj(obj(gstr3b)['eco_dtls']);
  return [obj(sup['osup_det']), obj(sup['osup_zero']), obj(eco['eco_sup'])].map(headsOf).reduce(plus);
};

/** ITC of 4A(5), all other ITC: the side of DRC-01C compared by default. */
export const gstr3bOtherItc = (gstr3b: unknown): Heads => {
  const avl = obj(obj(gstr3b)['itc_elg'])['itc_avl'];
  return headsOf((Array.isArray(avl) ? (avl as Json[]) : []).find((r) => r['ty'] === 'OTH') ?? {});
};

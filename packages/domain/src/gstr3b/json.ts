// The portal's GSTR-3B JSON (GSTN API "GSTR-3B save" and the offline utility's upload): keys, `ty` codes and rupee
// numbers with at most 2 decimals as the structure reference gives them (fixtures/gstr3b_structure_reference.json,
// compiled from GSTN's gstr_3b_details.json schema). Sums are taken in paise; rupees are written once, here.
import { rupeesOf } from '../gstr1/portal-values';
import type { Heads } from './set-off';
import type { Gstr3bFigure, Gstr3bPlaceFigure, Gstr3bResult } from './types';

export type TaxAmounts = { iamt: number; camt: number; samt: number; csamt: number };
export type ValueAmounts = TaxAmounts & { txval: number };
export type PlaceRow = { pos: string; txval: number; iamt: number };

export type Gstr3bJson = {
  gstin: string;
  ret_period: string;
  sup_details: {
    osup_det: ValueAmounts;
    osup_zero: { txval: number; iamt: number; csamt: number };
    osup_nil_exmp: { txval: number };
    isup_rev: ValueAmounts;
    osup_nongst: { txval: number };
  };
  eco_dtls: { eco_sup: ValueAmounts; eco_reg_sup: { txval: number } };
  inter_sup: { unreg_details: PlaceRow[]; comp_details: PlaceRow[]; uin_details: PlaceRow[] };
  itc_elg: {
    itc_avl: (TaxAmounts & { ty: 'IMPG' | 'IMPS' | 'ISRC' | 'ISD' | 'OTH' })[];
    itc_rev: (TaxAmounts & { ty: 'RUL' | 'OTH' })[];
    itc_net: TaxAmounts;
    itc_inelg: (TaxAmounts & { ty: 'RUL' | 'OTH' })[];
  };
  inward_sup: { isup_details: { ty: 'GST' | 'NONGST'; inter: number; intra: number }[] };
  intr_ltfee: { intr_details: TaxAmounts; ltfee_details: { camt: number; samt: number } };
};

const tax = (f: Gstr3bFigure | Heads): TaxAmounts => ({
  iamt: rupeesOf(f.igst),
  camt: rupeesOf(f.cgst),
  samt: rupeesOf(f.sgst),
  csamt: rupeesOf(f.cess),
});

const valued = (f: Gstr3bFigure): ValueAmounts => ({ txval: rupeesOf(f.taxable ?? 0), ...tax(f) });

const places = (rows: readonly Gstr3bPlaceFigure[]): PlaceRow[] =>
  rows
    .filter((r) => (r.taxable ?? 0) !== 0 || r.igst !== 0)
    .map((r) => ({ pos: r.placeOfSupply, txval: rupeesOf(r.taxable ?? 0), iamt: rupeesOf(r.igst) }));

/** The GSTR-3B JSON of a built return. */
export const gstr3bJsonOf = (r: Gstr3bResult): Gstr3bJson => {
  const t31 = r.table31;
  const t4 = r.table4;
  const a = t4.available;
  return {
    gstin: r.gstin,
    ret_period: r.period,
    sup_details: {
      osup_det: valued(t31.outwardTaxable),
      osup_zero: { txval: rupeesOf(t31.zeroRated.taxable ?? 0), iamt: rupeesOf(t31.zeroRated.igst), csamt: rupeesOf(t31.zeroRated.cess) },
      osup_nil_exmp: { txval: rupeesOf(t31.nilExempt.taxable ?? 0) },
      isup_rev: valued(t31.inwardReverseCharge),
      osup_nongst: { txval: rupeesOf(t31.nonGst.taxable ?? 0) },
    },
    eco_dtls: {
      eco_sup: valued(r.table311.operatorPays),
      eco_reg_sup: { txval: rupeesOf(r.table311.throughOperator.taxable ?? 0) },
    },
    inter_sup: {
      unreg_details: places(r.table32.unregistered),
      comp_details: places(r.table32.composition),
      uin_details: places(r.table32.uin),
    },
    itc_elg: {
      itc_avl: [
        { ty: 'IMPG', ...tax(a.importOfGoods) },
        { ty: 'IMPS', ...tax(a.importOfServices) },
        { ty: 'ISRC', ...tax(a.reverseCharge) },
        { ty: 'ISD', ...tax(a.isd) },
        { ty: 'OTH', ...tax(a.allOther) },
      ],
      itc_rev: [
        { ty: 'RUL', ...tax(t4.reversed.rules) },
        { ty: 'OTH', ...tax(t4.reversed.others) },
      ],
      itc_net: tax(t4.net),
      itc_inelg: [
        { ty: 'RUL', ...tax(t4.reclaimed) },
        { ty: 'OTH', ...tax(t4.ineligible) },
      ],
    },
    inward_sup: {
      isup_details: [
        {
          ty: 'GST',
          inter: rupeesOf(r.table5.nilExemptComposition.inter.taxable ?? 0),
          intra: rupeesOf(r.table5.nilExemptComposition.intra.taxable ?? 0),
        },
        { ty: 'NONGST', inter: rupeesOf(r.table5.nonGst.inter.taxable ?? 0), intra: rupeesOf(r.table5.nonGst.intra.taxable ?? 0) },
      ],
    },
    intr_ltfee: {
      intr_details: tax(r.table51.interest),
      ltfee_details: { camt: rupeesOf(r.table51.lateFee.cgst), samt: rupeesOf(r.table51.lateFee.sgst) },
    },
  };
};

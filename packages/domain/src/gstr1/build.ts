// buildGstr1: sales documents and summary rows of a return period → the GSTN GSTR-1 save JSON (saveGSTR1Schema.json).
// One pass over the documents; every sum is taken in integer paise and converted to rupees once, when written.
import {
  type DocumentSection,
  b2csTypeOf,
  exportTypeOf,
  hsnTabOf,
  invoiceTypeOf,
  isInterState,
  isRegistered,
  nilSupplyTypeOf,
  placeOfSupplyOf,
  sectionOf,
  unregisteredNoteTypeOf,
} from './classify';
import { documentSign } from '../codes/document-types';
import { type SeriesTable, documentIssueOf, tallyDocumentSeries } from './doc-issue';
import { type HsnTable, hsnLinesOf, tallyHsnItem, tallyHsnRow } from './hsn-summary';
import { periodOfIso, portalDateOf, rateOf, rupeesOf } from './portal-values';
import type {
  AdvanceRow,
  B2bInvoice,
  B2bParty,
  B2clInvoice,
  B2clPlace,
  B2csAmendment,
  B2csRow,
  CdnrParty,
  EcoSupply,
  ExportGroup,
  ExportInvoice,
  Gstr1Document,
  Gstr1Item,
  Gstr1Json,
  Gstr1Options,
  Gstr1SummaryRow,
  ItemDetail,
  NilRow,
  Note,
  NumberedItem,
  UnregisteredNote,
} from './types';

/** Paise totals of one rate within a document or a group: taxable, IGST, CGST, SGST/UTGST, cess. */
type RateTotals = { rate: number; taxable: number; igst: number; cgst: number; sgst: number; cess: number };

/** The items of a document added up per rate: GSTR-1 takes one line per rate (`itms` with `num`). */
function totalsByRate(items: readonly Gstr1Item[]): RateTotals[] {
  const out: RateTotals[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    let t: RateTotals | undefined;
    for (let j = 0; j < out.length; j++) if (out[j]!.rate === it.rate) t = out[j];
    if (t === undefined) out.push({ rate: it.rate, taxable: it.taxable, igst: it.igst, cgst: it.cgst, sgst: it.sgst, cess: it.cess });
    else {
      t.taxable += it.taxable;
      t.igst += it.igst;
      t.cgst += it.cgst;
      t.sgst += it.sgst;
      t.cess += it.cess;
    }
  }
  return out;
}

/** `itm_det` of a line: IGST on an inter-State supply, CGST and SGST/UTGST on an intra-State one (IGST Act s.5; CGST Act s.9). */
function detailOf(t: RateTotals, inter: boolean): ItemDetail {
  return inter
    ? { rt: rateOf(t.rate), txval: rupeesOf(t.taxable), iamt: rupeesOf(t.igst), csamt: rupeesOf(t.cess) }
    : { rt: rateOf(t.rate), txval: rupeesOf(t.taxable), camt: rupeesOf(t.cgst), samt: rupeesOf(t.sgst), csamt: rupeesOf(t.cess) };
}

const numbered = (totals: readonly RateTotals[], inter: boolean): NumberedItem[] =>
  totals.map((t, i) => ({ num: i + 1, itm_det: detailOf(t, inter) }));

/** Tables 5 and 6A carry IGST and cess only (they are inter-State by definition). */
const igstOnly = (totals: readonly RateTotals[]): NumberedItem[] =>
  totals.map((t, i) => ({
    num: i + 1,
    itm_det: { rt: rateOf(t.rate), txval: rupeesOf(t.taxable), iamt: rupeesOf(t.igst), csamt: rupeesOf(t.cess) },
  }));

/** A group of B2CS (or advances) rows with its paise totals per rate. */
type Group = { pos: string; inter: boolean; typ: 'E' | 'OE'; etin: string; omon: string; totals: RateTotals[] };

function addToGroup(groups: Map<string, Group>, key: string, make: () => Group, t: RateTotals, sign: number): void {
  let g = groups.get(key);
  if (g === undefined) {
    g = make();
    groups.set(key, g);
  }
  let r: RateTotals | undefined;
  for (let j = 0; j < g.totals.length; j++) if (g.totals[j]!.rate === t.rate) r = g.totals[j];
  if (r === undefined)
    g.totals.push({
      rate: t.rate,
      taxable: sign * t.taxable,
      igst: sign * t.igst,
      cgst: sign * t.cgst,
      sgst: sign * t.sgst,
      cess: sign * t.cess,
    });
  else {
    r.taxable += sign * t.taxable;
    r.igst += sign * t.igst;
    r.cgst += sign * t.cgst;
    r.sgst += sign * t.sgst;
    r.cess += sign * t.cess;
  }
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

type Builder = {
  supplierState: string;
  /** ISO → DD-MM-YYYY, memoised: a period's documents share a few dozen dates. */
  dates: Map<string, string>;
  b2b: Map<string, B2bInvoice[]>;
  b2ba: Map<string, B2bInvoice[]>;
  b2cl: Map<string, B2clInvoice[]>;
  b2cla: Map<string, B2clInvoice[]>;
  exp: Map<'WPAY' | 'WOPAY', ExportInvoice[]>;
  expa: Map<'WPAY' | 'WOPAY', ExportInvoice[]>;
  cdnr: Map<string, Note[]>;
  cdnra: Map<string, Note[]>;
  cdnur: UnregisteredNote[];
  cdnura: UnregisteredNote[];
  b2cs: Map<string, Group>;
  b2csa: Map<string, Group>;
  at: Map<string, Group>;
  ata: Map<string, Group>;
  txpd: Map<string, Group>;
  txpda: Map<string, Group>;
  nil: Map<NilRow['sply_ty'], NilRow>;
  hsnB2b: HsnTable;
  hsnB2c: HsnTable;
  series: SeriesTable;
  eco: Map<string, RateTotals>;
};

function addDocument(b: Builder, d: Gstr1Document): void {
  const section = sectionOf(d, b.supplierState);
  // Amendments change figures already reported; their HSN delta and document count belong to the original period.
  const amended = !!d.amendment;
  // Table 13 counts every document issued, vouchers included, not only those of the document tables.
  if (!amended) tallyDocumentSeries(b.series, d.documentType, d.documentNumber);
  if (section === null) return;
  const pos = placeOfSupplyOf(d, b.supplierState);
  const inter = isInterState(b.supplierState, pos, d.supplyType);
  if (section === 'nil') addBillOfSupply(b, d, inter);
  else {
    const totals = totalsByRate(d.items);
    addToSection(b, d, section, totals, pos, inter);
    // Table 14 amendments (supecoa) are not built: an amended document's delta is not known here.
    if (d.ecommerceGstin && !amended) for (const t of totals) addEco(b, d.ecommerceGstin, t, documentSign(d.documentType));
  }
  // Table 12 takes an amendment as the difference from what was reported (the HSN summary's Phase III rule:
  // amendments are reported as delta), so it needs the items as filed; without them it is left out.
  const filedItems = d.amendment?.items;
  if (amended && !filedItems) return;
  const hsn = hsnTabOf(section, isRegistered(d.counterpartyGstin)) === 'b2b' ? b.hsnB2b : b.hsnB2c;
  const sign = documentSign(d.documentType);
  for (const it of d.items) tallyHsnItem(hsn, it, sign);
  if (filedItems) for (const it of filedItems) tallyHsnItem(hsn, it, -sign);
}

function dateOf(b: Builder, iso: string): string {
  let date = b.dates.get(iso);
  if (date === undefined) b.dates.set(iso, (date = portalDateOf(iso)));
  return date;
}

function addToSection(
  b: Builder,
  d: Gstr1Document,
  section: Exclude<DocumentSection, 'nil'>,
  totals: RateTotals[],
  pos: string,
  inter: boolean,
): void {
  const a = d.amendment;
  const etin = d.ecommerceGstin || undefined;
  switch (section) {
    case 'b2b': {
      const inv: B2bInvoice = {
        inum: d.documentNumber,
        idt: dateOf(b, d.documentDate),
        val: rupeesOf(d.documentValue),
        pos,
        rchrg: d.isReverseCharge ? 'Y' : 'N',
        inv_typ: invoiceTypeOf(d.supplyType),
        itms: numbered(totals, inter),
      };
      if (etin) inv.etin = etin;
      if (a) {
        inv.oinum = a.documentNumber;
        inv.oidt = dateOf(b, a.documentDate);
      }
      pushTo(a ? b.b2ba : b.b2b, d.counterpartyGstin, inv);
      return;
    }
    case 'b2cl': {
      const inv: B2clInvoice = {
        inum: d.documentNumber,
        idt: dateOf(b, d.documentDate),
        val: rupeesOf(d.documentValue),
        itms: igstOnly(totals),
      };
      if (etin) inv.etin = etin;
      if (a) {
        inv.oinum = a.documentNumber;
        inv.oidt = dateOf(b, a.documentDate);
      }
      pushTo(a ? b.b2cla : b.b2cl, pos, inv);
      return;
    }
    case 'exp': {
      const inv: ExportInvoice = { inum: d.documentNumber, idt: dateOf(b, d.documentDate), val: rupeesOf(d.documentValue), itms: [] };
      if (d.portCode) inv.sbpcode = d.portCode;
      if (d.shippingBillNumber) inv.sbnum = d.shippingBillNumber;
      if (d.shippingBillDate) inv.sbdt = dateOf(b, d.shippingBillDate);
      if (a) {
        inv.oinum = a.documentNumber;
        inv.oidt = dateOf(b, a.documentDate);
      }
      inv.itms = totals.map((t) => ({ rt: rateOf(t.rate), txval: rupeesOf(t.taxable), iamt: rupeesOf(t.igst), csamt: rupeesOf(t.cess) }));
      pushTo(a ? b.expa : b.exp, exportTypeOf(d.supplyType)!, inv);
      return;
    }
    case 'cdnr': {
      const nt: Note = {
        nt_num: d.documentNumber,
        nt_dt: dateOf(b, d.documentDate),
        ntty: d.documentType === 'CRN' ? 'C' : 'D',
        val: rupeesOf(d.documentValue),
        pos,
        rchrg: d.isReverseCharge ? 'Y' : 'N',
        inv_typ: invoiceTypeOf(d.supplyType),
        itms: numbered(totals, inter),
      };
      if (etin) nt.etin = etin;
      if (a) {
        nt.ont_num = a.documentNumber;
        nt.ont_dt = dateOf(b, a.documentDate);
      }
      pushTo(a ? b.cdnra : b.cdnr, d.counterpartyGstin, nt);
      return;
    }
    case 'cdnur': {
      const typ = unregisteredNoteTypeOf(d.supplyType);
      const nt: UnregisteredNote = {
        typ,
        nt_num: d.documentNumber,
        nt_dt: dateOf(b, d.documentDate),
        ntty: d.documentType === 'CRN' ? 'C' : 'D',
        val: rupeesOf(d.documentValue),
        itms: igstOnly(totals),
      };
      // The schema admits pos only on B2CL notes: an export's place of supply is outside India.
      if (typ === 'B2CL') nt.pos = pos;
      if (a) {
        nt.ont_num = a.documentNumber;
        nt.ont_dt = dateOf(b, a.documentDate);
      }
      (a ? b.cdnura : b.cdnur).push(nt);
      return;
    }
    case 'b2cs': {
      const typ = b2csTypeOf(d.ecommerceGstin);
      const omon = a ? periodOfIso(a.documentDate) : '';
      const key = `${omon}|${pos}|${typ}|${etin ?? ''}|${inter ? 1 : 0}`;
      const sign = documentSign(d.documentType);
      for (const t of totals)
        addToGroup(a ? b.b2csa : b.b2cs, key, () => ({ pos, inter, typ, etin: etin ?? '', omon, totals: [] }), t, sign);
      return;
    }
  }
}

/** Bills of supply (s.31(3)(c)) report exempt supplies in table 8, split by registration and inter/intra-State. */
function addBillOfSupply(b: Builder, d: Gstr1Document, inter: boolean): void {
  let value = 0;
  for (const it of d.items) value += it.taxable;
  addNil(b, nilSupplyTypeOf(isRegistered(d.counterpartyGstin), inter), 0, value, 0);
}

function addNil(b: Builder, splyTy: NilRow['sply_ty'], nil: number, exempt: number, nonGst: number): void {
  // Kept in paise until written.
  const row = b.nil.get(splyTy);
  if (row === undefined) b.nil.set(splyTy, { sply_ty: splyTy, nil_amt: nil, expt_amt: exempt, ngsup_amt: nonGst });
  else {
    row.nil_amt += nil;
    row.expt_amt += exempt;
    row.ngsup_amt += nonGst;
  }
}

/**
 * Table 14(a): supplies through e-commerce operators who collect tax at source (s.52), per operator, net of notes
 * (Form GSTR-1 tables 14/15 inserted by Notification 26/2022-CT; on the portal from the January 2024 tax period).
 */
function addEco(b: Builder, etin: string, t: RateTotals, sign: number): void {
  const e = b.eco.get(etin);
  if (e === undefined)
    b.eco.set(etin, {
      rate: 0,
      taxable: sign * t.taxable,
      igst: sign * t.igst,
      cgst: sign * t.cgst,
      sgst: sign * t.sgst,
      cess: sign * t.cess,
    });
  else {
    e.taxable += sign * t.taxable;
    e.igst += sign * t.igst;
    e.cgst += sign * t.cgst;
    e.sgst += sign * t.sgst;
    e.cess += sign * t.cess;
  }
}

function addSummary(b: Builder, s: Gstr1SummaryRow, hasSeriesRows: boolean): void {
  const t: RateTotals = { rate: s.rate, taxable: s.taxable, igst: s.igst, cgst: s.cgst, sgst: s.sgst, cess: s.cess };
  const omon = s.originalPeriod ?? '';
  switch (s.summaryType) {
    case 'B2CS': {
      const inter = isInterState(b.supplierState, s.placeOfSupply, null);
      const typ = b2csTypeOf(s.ecommerceGstin);
      const key = `${omon}|${s.placeOfSupply}|${typ}|${s.ecommerceGstin}|${inter ? 1 : 0}`;
      addToGroup(
        omon ? b.b2csa : b.b2cs,
        key,
        () => ({ pos: s.placeOfSupply, inter, typ, etin: s.ecommerceGstin, omon, totals: [] }),
        t,
        1,
      );
      if (s.ecommerceGstin && !omon) addEco(b, s.ecommerceGstin, t, 1);
      return;
    }
    case 'AdvanceReceived':
    case 'AdvanceAdjusted': {
      const inter = isInterState(b.supplierState, s.placeOfSupply, null);
      const received = s.summaryType === 'AdvanceReceived';
      const groups = received ? (omon ? b.ata : b.at) : omon ? b.txpda : b.txpd;
      addToGroup(
        groups,
        `${omon}|${s.placeOfSupply}`,
        () => ({ pos: s.placeOfSupply, inter, typ: 'OE', etin: '', omon, totals: [] }),
        t,
        1,
      );
      return;
    }
    case 'NilExemptNonGst':
      addNil(b, s.supplyType as NilRow['sply_ty'], s.nilRated, s.exempted, s.nonGst);
      return;
    case 'DocumentsIssued':
      if (hasSeriesRows) {
        let byPrefix = b.series.get(s.documentNature);
        if (byPrefix === undefined) b.series.set(s.documentNature, (byPrefix = new Map()));
        byPrefix.set(s.fromNumber, {
          nature: s.documentNature,
          from: s.fromNumber,
          to: s.toNumber,
          fromKey: 0,
          toKey: 0,
          total: s.totalNumber,
          cancelled: s.cancelledNumber,
        });
      }
      return;
  }
}

/** Tables 14 and 15 (Notification 26/2022-CT) are on the portal from the January 2024 tax period (GSTN advisory 15-01-2024). */
export const TABLE14_FIRST_PERIOD = '012024';
const periodOrder = (period: string): string => period.slice(2) + period.slice(0, 2);
const hasTable14 = (period: string): boolean => periodOrder(period) >= periodOrder(TABLE14_FIRST_PERIOD);

const groupList = <V, T>(map: Map<string, V[]>, make: (key: string, list: V[]) => T): T[] => Array.from(map, ([k, v]) => make(k, v));

function b2csRows(groups: Map<string, Group>): B2csRow[] {
  const out: B2csRow[] = [];
  for (const g of groups.values()) {
    for (const t of g.totals) {
      const d = detailOf(t, g.inter);
      const row: B2csRow = { sply_ty: g.inter ? 'INTER' : 'INTRA', typ: g.typ, pos: g.pos, ...d };
      if (g.etin) row.etin = g.etin;
      out.push(row);
    }
  }
  return out;
}

function b2csAmendments(groups: Map<string, Group>): B2csAmendment[] {
  return Array.from(groups.values(), (g) => {
    const row: B2csAmendment = {
      sply_ty: g.inter ? 'INTER' : 'INTRA',
      typ: g.typ,
      pos: g.pos,
      omon: g.omon,
      itms: g.totals.map((t) => detailOf(t, g.inter)),
    };
    if (g.etin) row.etin = g.etin;
    return row;
  });
}

function advanceRows(groups: Map<string, Group>): AdvanceRow[] {
  return Array.from(groups.values(), (g) => {
    const row: AdvanceRow = { pos: g.pos, sply_ty: g.inter ? 'INTER' : 'INTRA', itms: [] };
    if (g.omon) row.omon = g.omon;
    row.itms = g.totals.map((t) => {
      const { txval, ...heads } = detailOf(t, g.inter);
      return { ...heads, ad_amt: txval };
    });
    return row;
  });
}

const exportGroups = (map: Map<'WPAY' | 'WOPAY', ExportInvoice[]>): ExportGroup[] =>
  Array.from(map, ([exp_typ, inv]) => ({ exp_typ, inv }));

/**
 * Builds the GSTR-1 save JSON of `options.period` for `options.gstin` from its sales documents (already validated
 * and selected for the period by the caller) and its summary rows. Sections without data are left out.
 */
export function buildGstr1(documents: readonly Gstr1Document[], options: Gstr1Options): Gstr1Json {
  const summaries = options.summaries ?? [];
  const hasSeriesRows = summaries.some((s) => s.summaryType === 'DocumentsIssued');
  const b: Builder = {
    supplierState: options.gstin.slice(0, 2),
    dates: new Map(),
    b2b: new Map(),
    b2ba: new Map(),
    b2cl: new Map(),
    b2cla: new Map(),
    exp: new Map(),
    expa: new Map(),
    cdnr: new Map(),
    cdnra: new Map(),
    cdnur: [],
    cdnura: [],
    b2cs: new Map(),
    b2csa: new Map(),
    at: new Map(),
    ata: new Map(),
    txpd: new Map(),
    txpda: new Map(),
    nil: new Map(),
    hsnB2b: new Map(),
    hsnB2c: new Map(),
    series: new Map(),
    eco: new Map(),
  };
  for (let i = 0; i < documents.length; i++) addDocument(b, documents[i]!);
  // Table 13 as declared (document_summaries rows) replaces the count derived from the books' documents.
  if (hasSeriesRows) b.series.clear();
  for (const s of summaries) addSummary(b, s, hasSeriesRows);
  if (options.hsn) {
    b.hsnB2b.clear();
    b.hsnB2c.clear();
    for (const r of options.hsn.b2b) tallyHsnRow(b.hsnB2b, r);
    for (const r of options.hsn.b2c) tallyHsnRow(b.hsnB2c, r);
  }

  const out: Gstr1Json = { gstin: options.gstin, fp: options.period };
  const put = <K extends keyof Gstr1Json>(key: K, value: Gstr1Json[K] & unknown[]): void => {
    if (value.length > 0) out[key] = value;
  };
  put(
    'b2b',
    groupList(b.b2b, (ctin, inv): B2bParty => ({ ctin, inv })),
  );
  put(
    'b2ba',
    groupList(b.b2ba, (ctin, inv): B2bParty => ({ ctin, inv })),
  );
  put(
    'b2cl',
    groupList(b.b2cl, (pos, inv): B2clPlace => ({ pos, inv })),
  );
  put(
    'b2cla',
    groupList(b.b2cla, (pos, inv): B2clPlace => ({ pos, inv })),
  );
  put('exp', exportGroups(b.exp));
  put('expa', exportGroups(b.expa));
  put('b2cs', b2csRows(b.b2cs));
  put('b2csa', b2csAmendments(b.b2csa));
  put('at', advanceRows(b.at));
  put('ata', advanceRows(b.ata));
  put('txpd', advanceRows(b.txpd));
  put('txpda', advanceRows(b.txpda));
  put(
    'cdnr',
    groupList(b.cdnr, (ctin, nt): CdnrParty => ({ ctin, nt })),
  );
  put(
    'cdnra',
    groupList(b.cdnra, (ctin, nt): CdnrParty => ({ ctin, nt })),
  );
  put('cdnur', b.cdnur);
  put('cdnura', b.cdnura);
  if (b.nil.size > 0) {
    out.nil = {
      inv: Array.from(b.nil.values(), (r) => ({
        sply_ty: r.sply_ty,
        nil_amt: rupeesOf(r.nil_amt),
        expt_amt: rupeesOf(r.expt_amt),
        ngsup_amt: rupeesOf(r.ngsup_amt),
      })),
    };
  }
  const hsnB2b = hsnLinesOf(b.hsnB2b);
  const hsnB2c = hsnLinesOf(b.hsnB2c);
  if (hsnB2b.length > 0 || hsnB2c.length > 0) {
    out.hsn = {};
    if (hsnB2b.length > 0) out.hsn.hsn_b2b = hsnB2b;
    if (hsnB2c.length > 0) out.hsn.hsn_b2c = hsnB2c;
  }
  const docDet = documentIssueOf(b.series);
  if (docDet.length > 0) out.doc_issue = { doc_det: docDet };
  if (b.eco.size > 0 && hasTable14(options.period)) {
    out.supeco = {
      // By operator GSTIN: documents of one operator may sit in several tables.
      clttx: Array.from(b.eco, ([etin, t]): EcoSupply => ({
        etin,
        suppval: rupeesOf(t.taxable),
        igst: rupeesOf(t.igst),
        cgst: rupeesOf(t.cgst),
        sgst: rupeesOf(t.sgst),
        cess: rupeesOf(t.cess),
      })).sort((x, y) => (x.etin < y.etin ? -1 : 1)),
    };
  }
  return out;
}

// parseGstr1: the portal's GSTR-1 JSON (save format, or a download of the same shape) back into the documents,
// summary rows and HSN lines buildGstr1 takes, so buildGstr1(parsed) reproduces the sections and the books can be
// compared with what the portal holds. Invoice items come back per rate (the format keeps no HSN per invoice).
import { isoOfPortalDate, milliPercentOf, paiseOf, thousandthsOf } from './portal-values';
import type {
  AdvanceRow,
  B2bInvoice,
  ExportInvoice,
  Gstr1Document,
  Gstr1HsnRow,
  Gstr1Item,
  Gstr1Json,
  Gstr1SummaryRow,
  Gstr1SummaryType,
  HsnLine,
  ItemDetail,
  Note,
  NumberedItem,
  UnregisteredNote,
} from './types';

export type ParsedGstr1 = {
  gstin: string;
  period: string;
  documents: Gstr1Document[];
  summaries: Gstr1SummaryRow[];
  hsn: { b2b: Gstr1HsnRow[]; b2c: Gstr1HsnRow[] };
};

const itemOf = (d: Partial<ItemDetail> & { rt: number; txval: number }): Gstr1Item => ({
  rate: milliPercentOf(d.rt),
  taxable: paiseOf(d.txval),
  igst: paiseOf(d.iamt),
  cgst: paiseOf(d.camt),
  sgst: paiseOf(d.samt),
  cess: paiseOf(d.csamt),
  hsn: null,
});

const itemsOf = (itms: readonly NumberedItem[]): Gstr1Item[] => itms.map((i) => itemOf(i.itm_det));

/** b2b inv_typ back to the document's supply type. */
const supplyTypeOfInvoiceType = (t: B2bInvoice['inv_typ']): string =>
  t === 'SEWP' ? 'SEZWP' : t === 'SEWOP' ? 'SEZWOP' : t === 'DE' ? 'DEXP' : 'B2B';

/** ntty C credit note, D debit note, R refund voucher (older format). */
const noteTypeOf = (ntty: Note['ntty'] | 'R'): string => (ntty === 'C' ? 'CRN' : ntty === 'D' ? 'DBN' : 'RFV');

const amendmentOf = (number: string | undefined, date: string | undefined): Gstr1Document['amendment'] =>
  number && date ? { documentNumber: number, documentDate: isoOfPortalDate(date) } : null;

function b2bDocument(ctin: string, inv: B2bInvoice): Gstr1Document {
  return {
    documentType: 'INV',
    documentNumber: inv.inum,
    documentDate: isoOfPortalDate(inv.idt),
    supplyType: supplyTypeOfInvoiceType(inv.inv_typ),
    counterpartyGstin: ctin,
    placeOfSupply: inv.pos,
    isReverseCharge: inv.rchrg === 'Y',
    ecommerceGstin: inv.etin || null,
    documentValue: paiseOf(inv.val),
    gstr1Section: 'b2b',
    amendment: amendmentOf(inv.oinum, inv.oidt),
    items: itemsOf(inv.itms),
  };
}

function noteDocument(ctin: string, nt: Note): Gstr1Document {
  return {
    documentType: noteTypeOf(nt.ntty),
    documentNumber: nt.nt_num,
    documentDate: isoOfPortalDate(nt.nt_dt),
    supplyType: supplyTypeOfInvoiceType(nt.inv_typ),
    counterpartyGstin: ctin,
    placeOfSupply: nt.pos,
    isReverseCharge: nt.rchrg === 'Y',
    ecommerceGstin: nt.etin || null,
    documentValue: paiseOf(nt.val),
    gstr1Section: 'cdnr',
    amendment: amendmentOf(nt.ont_num, nt.ont_dt),
    items: itemsOf(nt.itms),
  };
}

function unregisteredNoteDocument(nt: UnregisteredNote): Gstr1Document {
  return {
    documentType: noteTypeOf(nt.ntty),
    documentNumber: nt.nt_num,
    documentDate: isoOfPortalDate(nt.nt_dt),
    supplyType: nt.typ === 'B2CL' ? 'B2C' : nt.typ,
    counterpartyGstin: '',
    placeOfSupply: nt.pos ?? null,
    documentValue: paiseOf(nt.val),
    gstr1Section: 'cdnur',
    amendment: amendmentOf(nt.ont_num, nt.ont_dt),
    items: itemsOf(nt.itms),
  };
}

function exportDocument(expTyp: 'WPAY' | 'WOPAY', inv: ExportInvoice): Gstr1Document {
  return {
    documentType: 'INV',
    documentNumber: inv.inum,
    documentDate: isoOfPortalDate(inv.idt),
    supplyType: expTyp === 'WPAY' ? 'EXPWP' : 'EXPWOP',
    counterpartyGstin: '',
    placeOfSupply: null,
    portCode: inv.sbpcode ?? null,
    shippingBillNumber: inv.sbnum || null,
    shippingBillDate: inv.sbdt ? isoOfPortalDate(inv.sbdt) : null,
    documentValue: paiseOf(inv.val),
    gstr1Section: 'exp',
    amendment: amendmentOf(inv.oinum, inv.oidt),
    items: inv.itms.map((i) => itemOf(i)),
  };
}

function summaryRow(summaryType: Gstr1SummaryType, values: Partial<Gstr1SummaryRow>): Gstr1SummaryRow {
  return {
    summaryType,
    placeOfSupply: '',
    supplyType: '',
    rate: 0,
    ecommerceGstin: '',
    documentNature: 0,
    fromNumber: '',
    toNumber: '',
    totalNumber: 0,
    cancelledNumber: 0,
    taxable: 0,
    igst: 0,
    cgst: 0,
    sgst: 0,
    cess: 0,
    nilRated: 0,
    exempted: 0,
    nonGst: 0,
    ...values,
  };
}

const taxesOf = (d: Partial<ItemDetail>): Pick<Gstr1SummaryRow, 'igst' | 'cgst' | 'sgst' | 'cess'> => ({
  igst: paiseOf(d.iamt),
  cgst: paiseOf(d.camt),
  sgst: paiseOf(d.samt),
  cess: paiseOf(d.csamt),
});

function advanceRows(type: 'AdvanceReceived' | 'AdvanceAdjusted', rows: readonly AdvanceRow[], out: Gstr1SummaryRow[]): void {
  for (const r of rows) {
    for (const it of r.itms) {
      out.push(
        summaryRow(type, {
          placeOfSupply: r.pos,
          rate: milliPercentOf(it.rt),
          taxable: paiseOf(it.ad_amt),
          ...taxesOf(it),
          originalPeriod: r.omon ?? null,
        }),
      );
    }
  }
}

const hsnRowOf = (l: HsnLine): Gstr1HsnRow => ({
  hsn: l.hsn_sc,
  description: l.desc ?? '',
  uqc: l.uqc,
  quantity: thousandthsOf(l.qty),
  rate: milliPercentOf(l.rt ?? 0),
  taxable: paiseOf(l.txval),
  igst: paiseOf(l.iamt),
  cgst: paiseOf(l.camt),
  sgst: paiseOf(l.samt),
  cess: paiseOf(l.csamt),
});

/** Reads a GSTR-1 JSON. Dates must be valid DD-MM-YYYY (the schema's own pattern); throws RangeError otherwise. */
export function parseGstr1(json: Gstr1Json): ParsedGstr1 {
  const documents: Gstr1Document[] = [];
  const summaries: Gstr1SummaryRow[] = [];
  for (const p of json.b2b ?? []) for (const inv of p.inv) documents.push(b2bDocument(p.ctin, inv));
  for (const p of json.b2ba ?? []) for (const inv of p.inv) documents.push(b2bDocument(p.ctin, inv));
  for (const section of [json.b2cl ?? [], json.b2cla ?? []]) {
    for (const p of section) {
      for (const inv of p.inv) {
        documents.push({
          documentType: 'INV',
          documentNumber: inv.inum,
          documentDate: isoOfPortalDate(inv.idt),
          supplyType: 'B2C',
          counterpartyGstin: '',
          placeOfSupply: p.pos,
          ecommerceGstin: inv.etin || null,
          documentValue: paiseOf(inv.val),
          gstr1Section: 'b2cl',
          amendment: amendmentOf(inv.oinum, inv.oidt),
          items: itemsOf(inv.itms),
        });
      }
    }
  }
  for (const g of [...(json.exp ?? []), ...(json.expa ?? [])]) for (const inv of g.inv) documents.push(exportDocument(g.exp_typ, inv));
  for (const p of [...(json.cdnr ?? []), ...(json.cdnra ?? [])]) for (const nt of p.nt) documents.push(noteDocument(p.ctin, nt));
  for (const nt of [...(json.cdnur ?? []), ...(json.cdnura ?? [])]) documents.push(unregisteredNoteDocument(nt));
  for (const r of json.b2cs ?? []) {
    summaries.push(
      summaryRow('B2CS', {
        placeOfSupply: r.pos,
        rate: milliPercentOf(r.rt),
        ecommerceGstin: r.etin ?? '',
        taxable: paiseOf(r.txval),
        ...taxesOf(r),
      }),
    );
  }
  for (const r of json.b2csa ?? []) {
    for (const it of r.itms) {
      summaries.push(
        summaryRow('B2CS', {
          placeOfSupply: r.pos,
          rate: milliPercentOf(it.rt),
          ecommerceGstin: r.etin ?? '',
          taxable: paiseOf(it.txval),
          ...taxesOf(it),
          originalPeriod: r.omon,
        }),
      );
    }
  }
  advanceRows('AdvanceReceived', json.at ?? [], summaries);
  advanceRows('AdvanceReceived', json.ata ?? [], summaries);
  advanceRows('AdvanceAdjusted', json.txpd ?? [], summaries);
  advanceRows('AdvanceAdjusted', json.txpda ?? [], summaries);
  for (const r of json.nil?.inv ?? []) {
    summaries.push(
      summaryRow('NilExemptNonGst', {
        supplyType: r.sply_ty,
        nilRated: paiseOf(r.nil_amt),
        exempted: paiseOf(r.expt_amt),
        nonGst: paiseOf(r.ngsup_amt),
      }),
    );
  }
  for (const g of json.doc_issue?.doc_det ?? []) {
    for (const s of g.docs) {
      summaries.push(
        summaryRow('DocumentsIssued', {
          documentNature: g.doc_num,
          fromNumber: s.from,
          toNumber: s.to,
          totalNumber: s.totnum,
          cancelledNumber: s.cancel,
        }),
      );
    }
  }
  return {
    gstin: json.gstin,
    period: json.fp,
    documents,
    summaries,
    hsn: { b2b: (json.hsn?.hsn_b2b ?? []).map(hsnRowOf), b2c: (json.hsn?.hsn_b2c ?? []).map(hsnRowOf) },
  };
}

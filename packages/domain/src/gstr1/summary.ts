// The section summary of a GSTR-1 JSON (built here or downloaded from the portal): per section the records, taxable
// value and each tax head, in paise. Notes are signed: credit notes reduce, debit notes add.
import { paiseOf } from './portal-values';
import type { AdvanceRow, Gstr1Json, Gstr1ReportSection, HsnLine, ItemDetail, NumberedItem } from './types';
import { GSTR1_SECTIONS } from './types';

export type Gstr1SectionSummary = {
  section: Gstr1ReportSection;
  /** Invoices or notes; rows for aggregated tables (b2cs, at, txpd, nil, hsn); documents issued (net) for doc_issue; operators for supeco. */
  records: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
};

type Totals = Omit<Gstr1SectionSummary, 'section'>;

const empty = (): Totals => ({ records: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 });

function addDetail(t: Totals, d: Partial<ItemDetail> & { txval?: number }, sign: number): void {
  t.taxable += sign * paiseOf(d.txval);
  t.igst += sign * paiseOf(d.iamt);
  t.cgst += sign * paiseOf(d.camt);
  t.sgst += sign * paiseOf(d.samt);
  t.cess += sign * paiseOf(d.csamt);
}

/** One record (invoice or note) with its numbered lines. */
function addRecord(t: Totals, items: readonly NumberedItem[], sign: number): void {
  t.records++;
  for (const it of items) addDetail(t, it.itm_det, sign);
}

function addAdvances(t: Totals, rows: readonly AdvanceRow[]): void {
  for (const r of rows) {
    t.records++;
    for (const it of r.itms) addDetail(t, { ...it, txval: it.ad_amt }, 1);
  }
}

function addHsn(t: Totals, lines: readonly HsnLine[]): void {
  for (const l of lines) {
    t.records++;
    addDetail(t, l, 1);
  }
}

/** Sums one section of the JSON. */
function summarizeSection(json: Gstr1Json, section: Gstr1ReportSection): Totals {
  const t = empty();
  switch (section) {
    case 'b2b':
    case 'b2ba':
      for (const p of json[section] ?? []) for (const inv of p.inv) addRecord(t, inv.itms, 1);
      break;
    case 'b2cl':
    case 'b2cla':
      for (const p of json[section] ?? []) for (const inv of p.inv) addRecord(t, inv.itms, 1);
      break;
    case 'exp':
    case 'expa':
      for (const g of json[section] ?? [])
        for (const inv of g.inv) {
          t.records++;
          for (const it of inv.itms) addDetail(t, it, 1);
        }
      break;
    case 'b2cs':
      for (const r of json.b2cs ?? []) {
        t.records++;
        addDetail(t, r, 1);
      }
      break;
    case 'b2csa':
      for (const r of json.b2csa ?? []) {
        t.records++;
        for (const it of r.itms) addDetail(t, it, 1);
      }
      break;
    case 'at':
    case 'ata':
    case 'txpd':
    case 'txpda':
      addAdvances(t, json[section] ?? []);
      break;
    case 'cdnr':
    case 'cdnra':
      for (const p of json[section] ?? []) for (const nt of p.nt) addRecord(t, nt.itms, nt.ntty === 'C' ? -1 : 1);
      break;
    case 'cdnur':
    case 'cdnura':
      for (const nt of json[section] ?? []) addRecord(t, nt.itms, nt.ntty === 'C' ? -1 : 1);
      break;
    case 'nil':
      for (const r of json.nil?.inv ?? []) {
        t.records++;
        t.taxable += paiseOf(r.nil_amt) + paiseOf(r.expt_amt) + paiseOf(r.ngsup_amt);
      }
      break;
    case 'hsn_b2b':
    case 'hsn_b2c':
      addHsn(t, json.hsn?.[section] ?? []);
      break;
    case 'doc_issue':
      for (const g of json.doc_issue?.doc_det ?? []) for (const s of g.docs) t.records += s.net_issue;
      break;
    case 'supeco':
      for (const e of json.supeco?.clttx ?? []) {
        t.records++;
        t.taxable += paiseOf(e.suppval);
        t.igst += paiseOf(e.igst);
        t.cgst += paiseOf(e.cgst);
        t.sgst += paiseOf(e.sgst);
        t.cess += paiseOf(e.cess);
      }
      break;
  }
  return t;
}

/** Every section of Form GSTR-1's order, including empty ones (records 0), so a screen can list them all. */
export const summarizeGstr1 = (json: Gstr1Json): Gstr1SectionSummary[] =>
  GSTR1_SECTIONS.map((section) => ({ section, ...summarizeSection(json, section) }));

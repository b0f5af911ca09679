import { describe, expect, it } from 'vitest';
import { awaitingGstr2b, type ReportedDocument } from './awaiting';
import { reconcile } from './engine';
import { applyDecisions, excludeDocuments, linkDocuments, unlinkDocuments } from './manual';
import { itcAtRisk, summarise } from './summary';
import type { PurchaseDocument, ReconcileDocument } from './types';

const SUPPLIER = '27AAPFU0939F1ZV';
const OTHER_SUPPLIER = '27AABCU9603R1ZM';
const BUYER = '27AAACR5055K1Z7';
const doc = (id: string, documentNumber: string, taxable: number, extra: Partial<PurchaseDocument> = {}): PurchaseDocument => ({
  id,
  supplierGstin: SUPPLIER,
  recipientGstin: BUYER,
  documentType: 'INV',
  documentNumber,
  documentDate: '2024-05-10',
  returnPeriod: '052024',
  taxable,
  igst: taxable * 0.18,
  cgst: 0,
  sgst: 0,
  cess: 0,
  invoiceValue: taxable * 1.18,
  ...extra,
});
const in2a = (d: ReconcileDocument, id: string, extra: Partial<ReportedDocument> = {}): ReportedDocument => ({
  ...d,
  id,
  source: 'GSTR2A',
  ...extra,
});
const statuses = (r: ReturnType<typeof reconcile>) => r.rows.map((x) => `${x.key} ${x.status} ${x.rule}`);

describe('awaitingGstr2b', () => {
  const late = doc('b1', 'INV-7', 100_00);
  const books = [late, doc('b2', 'INV-8', 200_00), doc('b3', 'INV-9', 300_00)];
  const gstr2b = [doc('g3', 'INV-9', 300_00)];

  it('a document the supplier reported only in the GSTR-2A is Awaiting 2B, with where it was reported', () => {
    const out = awaitingGstr2b(reconcile(books, gstr2b), [in2a(late, 'a1', { returnPeriod: '052024' })]);
    expect(statuses(out)).toEqual(['P:b1|G: Awaiting 2B unpaired', 'P:b2|G: PR only unpaired', 'P:b3|G:g3 Matched exact-number']);
    const row = out.rows[0]!;
    expect(row.purchases).toEqual([late]);
    expect(row.portal).toEqual([]);
    expect(row.explanation.reported).toEqual({
      source: 'GSTR2A',
      id: 'a1',
      documentNumber: 'INV-7',
      documentDate: '2024-05-10',
      returnPeriod: '052024',
    });
    expect(row.explanation.statusText).toContain('in the GSTR-2A of 05-2024');
    expect(row.explanation.statusText).toContain('the credit comes with the GSTR-2B that lists it');
    expect(row.explanation.statusText).toContain('s.16(2)(aa)');
    // The credit is deferred, not at risk; the summary is the rows' own.
    expect(itcAtRisk(row)).toBe(0);
    expect(out.summary).toEqual(summarise(out.rows));
    expect(out.summary.byStatus.find((s) => s.status === 'Awaiting 2B')).toMatchObject({ rows: 1, booksDocuments: 1, booksTax: 18_00 });
    expect(out.summary.bySupplier[0]!.counts).toMatchObject({ 'Awaiting 2B': 1, 'PR only': 1, Matched: 1 });
    expect(out.summary.itcAtRisk).toBe(36_00);
    // Other rows keep their explanations; candidates still come from the 2B side.
    expect(out.rows[1]!.explanation.reported).toBeNull();
    expect(out.rows[0]!.explanation.candidates.map((c) => c.id)).toEqual(['g3']);
  });

  it('an IMS record counts too, and says so', () => {
    const out = awaitingGstr2b(reconcile(books, gstr2b), [in2a(late, 'i1', { source: 'IMS', returnPeriod: '062024' })]);
    expect(out.rows[0]!.status).toBe('Awaiting 2B');
    expect(out.rows[0]!.explanation.statusText).toContain("in IMS (the supplier's period 06-2024)");
  });

  it('a document in neither stays PR only; one in the 2B too stays Matched', () => {
    const base = reconcile(books, gstr2b);
    const out = awaitingGstr2b(base, [in2a(doc('x', 'INV-100', 5_00), 'a1'), in2a(doc('x', 'INV-9', 300_00), 'a9')]);
    expect(out).toBe(base);
    expect(statuses(out)).toEqual(['P:b1|G: PR only unpaired', 'P:b2|G: PR only unpaired', 'P:b3|G:g3 Matched exact-number']);
  });

  it("another supplier's document of the same number, or one reported to another GSTIN of the buyer, is not this one", () => {
    const base = reconcile(books, gstr2b);
    const other = awaitingGstr2b(base, [in2a(late, 'a1', { supplierGstin: OTHER_SUPPLIER })]);
    expect(other.rows[0]!.status).toBe('PR only');
    const samePan = awaitingGstr2b(base, [in2a(late, 'a1', { supplierGstin: '29AAPFU0939F1ZU' })]);
    expect(samePan.rows[0]!.status).toBe('PR only');
    const otherBuyer = awaitingGstr2b(base, [in2a(late, 'a1', { recipientGstin: '29AAACR5055K1Z5' })]);
    expect(otherBuyer.rows[0]!.status).toBe('PR only');
  });

  it('pairs by the normalised number with the tolerances, not by a near number', () => {
    const base = reconcile(books, gstr2b);
    expect(awaitingGstr2b(base, [in2a(late, 'a1', { documentNumber: 'inv/007' })]).rows[0]!.status).toBe('Awaiting 2B');
    expect(awaitingGstr2b(base, [in2a(late, 'a1', { documentNumber: 'SUP/7' })]).rows[0]!.status).toBe('PR only');
    // Reported with other amounts: still this document (the amounts are compared once a 2B lists it).
    expect(awaitingGstr2b(base, [in2a(late, 'a1', { taxable: 90_00 })]).rows[0]!.status).toBe('Awaiting 2B');
  });

  it("a copy of a document the run's 2B lists never makes a duplicate booking look late", () => {
    const twice = [doc('b1', 'INV-9', 300_00), doc('b2', 'INV-9', 300_00)];
    const base = reconcile(twice, gstr2b);
    expect(statuses(base)).toEqual(['P:b1|G:g3 Matched exact-number', 'P:b2|G: PR only unpaired']);
    const out = awaitingGstr2b(base, [in2a(gstr2b[0]!, 'a9'), in2a(gstr2b[0]!, 'i9', { source: 'IMS' })]);
    expect(out).toBe(base);
  });

  it('a document reported in both the 2A and IMS is one report (the 2A copy named)', () => {
    const twice = [doc('b1', 'INV-7', 100_00), doc('b2', 'INV-7', 100_00)];
    const out = awaitingGstr2b(reconcile(twice, []), [in2a(late, 'i1', { source: 'IMS' }), in2a(late, 'a1')]);
    expect(out.rows.map((r) => r.status)).toEqual(['Awaiting 2B', 'PR only']);
    expect(out.rows[0]!.explanation.reported?.source).toBe('GSTR2A');
  });

  it("a re-run keeps a user's link, exclusion and unlink", () => {
    const base = reconcile(books, [...gstr2b, doc('g1', 'SB-1', 100_00)]);
    const linked = linkDocuments(base, ['b1'], ['g1']);
    const excluded = excludeDocuments(base, ['b2']);
    if (!linked.ok || !excluded.ok) throw new Error('decisions');
    const reported = [in2a(late, 'a1'), in2a(doc('x', 'INV-8', 200_00), 'a2'), in2a(gstr2b[0]!, 'a3')];
    const rerun = applyDecisions(reconcile(books, [...gstr2b, doc('g1', 'SB-1', 100_00)]), [linked.decision, excluded.decision]).result;
    const out = awaitingGstr2b(rerun, reported);
    expect(statuses(out)).toEqual(['P:b1|G:g1 Matched manual', 'P:b2|G: Excluded excluded', 'P:b3|G:g3 Matched exact-number']);
    // A pair a user unlinked: the 2A's copy of the 2B document is that same document.
    const unlinked = unlinkDocuments(reconcile(books, gstr2b), ['b3'], ['g3']);
    if (!unlinked.ok) throw new Error(unlinked.message);
    expect(awaitingGstr2b(unlinked.result, reported).rows.find((r) => r.key === 'P:b3|G:')!.status).toBe('PR only');
  });

  it('answers a result whose context knows the new rows: a manual link takes an Awaiting 2B document', () => {
    const out = awaitingGstr2b(reconcile(books, [...gstr2b, doc('g1', 'SB-1', 100_00)]), [in2a(late, 'a1')]);
    expect(out.context.rowOf(late)?.status).toBe('Awaiting 2B');
    const linked = linkDocuments(out, ['b1'], ['g1']);
    if (!linked.ok) throw new Error(linked.message);
    expect(statuses(linked.result)).toEqual(['P:b1|G:g1 Matched manual', 'P:b2|G: PR only unpaired', 'P:b3|G:g3 Matched exact-number']);
  });
});

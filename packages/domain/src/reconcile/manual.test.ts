import { describe, expect, it } from 'vitest';
import { reconcile } from './engine';
import { applyDecisions, discardDocuments, excludeDocuments, linkDocuments, reinstateDocuments, unlinkDocuments } from './manual';
import { summarise } from './summary';
import type { PurchaseDocument } from './types';

const doc = (id: string, documentNumber: string, taxable: number, igst = 0): PurchaseDocument => ({
  id,
  supplierGstin: '27AAPFU0939F1ZV',
  documentType: 'INV',
  documentNumber,
  documentDate: '2024-05-10',
  taxable,
  igst,
  cgst: 0,
  sgst: 0,
  cess: 0,
  invoiceValue: taxable + igst,
});
const books = [doc('b1', 'A1', 100), doc('b2', 'X7', 300), doc('b3', 'Q1', 5000)];
const portal = [doc('g1', 'A1', 100), doc('g2', 'P1', 100), doc('g3', 'P2', 200)];
const statuses = (r: ReturnType<typeof reconcile>) => r.rows.map((x) => `${x.key} ${x.status} ${x.rule}`);

describe('manual link and unlink', () => {
  it('links one books document to many portal documents and compares the sums', () => {
    const base = reconcile(books, portal);
    const out = linkDocuments(base, ['b2'], ['g2', 'g3']);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(statuses(out.result)).toContain('P:b2|G:g2+g3 Matched manual');
    expect(out.decision).toEqual({ kind: 'link', purchaseIds: ['b2'], portalIds: ['g2', 'g3'] });
    expect(statuses(base)).not.toContain('P:b2|G:g2+g3 Matched manual');
    const row = out.result.rows.find((r) => r.rule === 'manual')!;
    expect(row.explanation.fields.find((f) => f.field === 'taxable')).toMatchObject({ books: 300, portal: 300, difference: 0 });
    expect(out.result.summary.byStatus.find((s) => s.status === 'GST only')!.rows).toBe(0);
  });
  it('links many to one, and breaks the rows the documents came from', () => {
    const out = linkDocuments(reconcile(books, portal), ['b1', 'b3'], ['g1']);
    if (!out.ok) throw new Error(out.message);
    expect(statuses(out.result)).toContain('P:b1+b3|G:g1 Mismatched manual');
    expect(out.result.rows.find((r) => r.rule === 'manual')!.level).toBe('GSTIN');
  });
  it('refuses many to many, empty sides, duplicates and unknown ids', () => {
    const base = reconcile(books, portal);
    expect(linkDocuments(base, ['b1', 'b2'], ['g1', 'g2'])).toMatchObject({ ok: false, code: 'RECON_MANY_TO_MANY' });
    expect(linkDocuments(base, [], ['g1'])).toMatchObject({ ok: false, code: 'RECON_EMPTY_SIDE' });
    expect(linkDocuments(base, ['b1', 'b1'], ['g1'])).toMatchObject({ ok: false, code: 'RECON_DUPLICATE_ID' });
    expect(linkDocuments(base, ['nope'], ['g1'])).toMatchObject({ ok: false, code: 'RECON_UNKNOWN_ID' });
    expect(linkDocuments(base, ['b1'], ['nope'])).toMatchObject({ ok: false, code: 'RECON_UNKNOWN_ID' });
    expect(unlinkDocuments(base, ['b2'], [])).toMatchObject({ ok: false, code: 'RECON_NOT_A_ROW' });
    expect(unlinkDocuments(base, ['zz'], [])).toMatchObject({ ok: false, code: 'RECON_UNKNOWN_ID' });
    expect(unlinkDocuments(base, [], ['zz'])).toMatchObject({ ok: false, code: 'RECON_UNKNOWN_ID' });
  });
  it('unlinks a pair and explains it', () => {
    const out = unlinkDocuments(reconcile(books, portal), ['b1'], ['g1']);
    if (!out.ok) throw new Error(out.message);
    const b1 = out.result.rows.find((r) => r.key === 'P:b1|G:')!;
    expect(b1.status).toBe('PR only');
    expect(b1.explanation.candidates.find((c) => c.id === 'g1')!.reason).toBe('a user unlinked this pair');
    expect(out.decision).toEqual({ kind: 'unlink', purchaseIds: ['b1'], portalIds: ['g1'] });
  });
  it('decisions survive a re-run', () => {
    const first = reconcile(books, portal);
    const l = linkDocuments(first, ['b2'], ['g2', 'g3']);
    if (!l.ok) throw new Error(l.message);
    const u = unlinkDocuments(l.result, ['b1'], ['g1']);
    if (!u.ok) throw new Error(u.message);
    const rerun = applyDecisions(reconcile([...books].reverse(), [...portal].reverse()), [
      l.decision,
      u.decision,
      { kind: 'unlink', purchaseIds: ['b3'], portalIds: ['g2'] },
    ]);
    expect(rerun.skipped).toHaveLength(1);
    expect(rerun.skipped[0]!.code).toBe('RECON_NOT_A_ROW');
    expect(statuses(rerun.result).sort()).toEqual(statuses(u.result).sort());
  });
});

describe("excluded and discarded documents (spec core §4), a user's decisions", () => {
  // b1 pairs with g1 by its exact number; without b1, g1 pairs with b9 by the normalised number.
  const books = [doc('b1', 'A1', 1000, 180), doc('b9', 'a-1', 1000, 180), doc('b2', 'B2', 500, 90)];
  const portal = [doc('g1', 'A1', 1000, 180), doc('g2', 'Z9', 700, 126)];
  const of = (r: ReturnType<typeof reconcile>, id: string) =>
    r.rows.find((x) => x.purchases.some((d) => d.id === id) || x.portal.some((d) => d.id === id))!;
  const byStatus = (r: ReturnType<typeof reconcile>, status: string) => r.summary.byStatus.find((x) => x.status === status)!;

  it('excludes a books document: a row of its own, its partner unpaired, no ITC at risk, counted apart', () => {
    const base = reconcile(books, portal);
    expect(of(base, 'b1').status).toBe('Matched');
    const out = excludeDocuments(base, ['b1']);
    if (!out.ok) throw new Error(out.message);
    expect(out.decision).toEqual({ kind: 'exclude', purchaseIds: ['b1'], portalIds: [] });
    const b1 = of(out.result, 'b1');
    expect([b1.status, b1.rule, b1.level, b1.portal.length]).toEqual(['Excluded', 'excluded', null, 0]);
    expect(b1.explanation.statusText).toContain('left this purchase out of reconciliation');
    expect(b1.explanation.candidates).toEqual([]);
    expect(of(out.result, 'g1').status).toBe('GST only');
    expect(of(out.result, 'g1').explanation.candidates.find((c) => c.id === 'b1')!.reason).toBe('a user excluded it from reconciliation');
    expect(of(base, 'b1').status).toBe('Matched');
    expect(byStatus(out.result, 'Excluded')).toMatchObject({ rows: 1, booksDocuments: 1, booksTax: 180 });
    // b9 and b2 are PR only (180 + 90 at risk); b1's 180 is not.
    expect(out.result.summary.itcAtRisk).toBe(270);
    expect(out.result.summary.bySupplier[0]).toMatchObject({ booksTax: 270, portalTax: 306, itcNotInBooks: 306 });
    expect(out.result.summary.bySupplier[0]!.counts['Excluded']).toBe(1);
    expect(JSON.parse(JSON.stringify(b1))).toMatchObject({ status: 'Excluded', rule: 'excluded', purchaseIds: ['b1'], portalIds: [] });
  });
  it('discards a portal document: not credit missing from the books', () => {
    const out = discardDocuments(reconcile(books, portal), ['g2']);
    if (!out.ok) throw new Error(out.message);
    expect(out.decision).toEqual({ kind: 'discard', purchaseIds: [], portalIds: ['g2'] });
    expect([of(out.result, 'g2').status, of(out.result, 'g2').rule]).toEqual(['Discarded', 'discarded']);
    expect(byStatus(out.result, 'Discarded')).toMatchObject({ rows: 1, portalDocuments: 1, portalTax: 126 });
    expect(out.result.summary.bySupplier[0]).toMatchObject({ itcNotInBooks: 0, portalTax: 180 });
  });
  it('reinstates: the documents are PR only / GST only until the next run', () => {
    const ex = excludeDocuments(reconcile(books, portal), ['b1']);
    if (!ex.ok) throw new Error(ex.message);
    const di = discardDocuments(ex.result, ['g2']);
    if (!di.ok) throw new Error(di.message);
    const back = reinstateDocuments(di.result, ['b1'], ['g2']);
    if (!back.ok) throw new Error(back.message);
    expect(back.decision).toEqual({ kind: 'reinstate', purchaseIds: ['b1'], portalIds: ['g2'] });
    expect([of(back.result, 'b1').status, of(back.result, 'g2').status]).toEqual(['PR only', 'GST only']);
    expect(byStatus(back.result, 'Excluded').rows + byStatus(back.result, 'Discarded').rows).toBe(0);
  });
  it('refuses what does not apply', () => {
    const base = reconcile(books, portal);
    expect(excludeDocuments(base, [])).toMatchObject({ ok: false, code: 'RECON_EMPTY_SIDE' });
    expect(excludeDocuments(base, ['g1'])).toMatchObject({ ok: false, code: 'RECON_UNKNOWN_ID' });
    expect(discardDocuments(base, ['g1', 'g1'])).toMatchObject({ ok: false, code: 'RECON_DUPLICATE_ID' });
    expect(reinstateDocuments(base, ['b1'], [])).toMatchObject({ ok: false, code: 'RECON_NOT_SET_ASIDE' });
    expect(reinstateDocuments(base, [], [])).toMatchObject({ ok: false, code: 'RECON_EMPTY_SIDE' });
    const ex = excludeDocuments(base, ['b1']);
    if (!ex.ok) throw new Error(ex.message);
    expect(excludeDocuments(ex.result, ['b2', 'b1'])).toMatchObject({ ok: false, code: 'RECON_SET_ASIDE' });
    expect(linkDocuments(ex.result, ['b1'], ['g2'])).toMatchObject({
      ok: false,
      code: 'RECON_SET_ASIDE',
      message: 'Books document b1 is excluded: reinstate it first.',
    });
    expect(unlinkDocuments(ex.result, ['b1'], [])).toMatchObject({ ok: false, code: 'RECON_NOT_A_ROW' });
    expect(reinstateDocuments(ex.result, [], ['g1'])).toMatchObject({ ok: false, code: 'RECON_NOT_SET_ASIDE' });
  });
  it('survive a re-run, which leaves them out of pairing so their former partners pair again', () => {
    const ex = excludeDocuments(reconcile(books, portal), ['b1']);
    if (!ex.ok) throw new Error(ex.message);
    expect(of(ex.result, 'g1').status).toBe('GST only');
    const orders: [PurchaseDocument[], PurchaseDocument[]][] = [
      [books, portal],
      [[...books].reverse(), [...portal].reverse()],
    ];
    for (const [p, g] of orders) {
      const rerun = applyDecisions(reconcile(p, g), [ex.decision, { kind: 'discard', purchaseIds: [], portalIds: ['g2'] }]);
      expect(rerun.skipped).toEqual([]);
      expect(statuses(rerun.result).sort()).toEqual([
        'P:b1|G: Excluded excluded',
        'P:b2|G: PR only unpaired',
        'P:b9|G:g1 Matched due to tolerance normalised-number',
        'P:|G:g2 Discarded discarded',
      ]);
      expect(summarise(rerun.result.rows)).toEqual(rerun.result.summary);
    }
  });
  it('a document excluded and reinstated takes part as if never excluded', () => {
    const rerun = applyDecisions(reconcile(books, portal), [
      { kind: 'exclude', purchaseIds: ['b1'], portalIds: [] },
      { kind: 'reinstate', purchaseIds: ['b1'], portalIds: [] },
    ]);
    expect(rerun.skipped).toEqual([]);
    expect(statuses(rerun.result)).toEqual(statuses(reconcile(books, portal)));
  });
  it('a link undone by a later exclusion is skipped; so are decisions that no longer apply', () => {
    const rerun = applyDecisions(reconcile(books, portal), [
      { kind: 'link', purchaseIds: ['b2'], portalIds: ['g2'] },
      { kind: 'exclude', purchaseIds: ['b2'], portalIds: [] },
      { kind: 'exclude', purchaseIds: ['b2'], portalIds: [] },
      { kind: 'exclude', purchaseIds: ['gone'], portalIds: [] },
      { kind: 'discard', purchaseIds: [], portalIds: [] },
      { kind: 'reinstate', purchaseIds: [], portalIds: ['g1'] },
      { kind: 'link', purchaseIds: ['b9'], portalIds: ['g2'] },
    ]);
    expect(rerun.skipped.map((x) => [x.decision.kind, x.code, x.message])).toEqual([
      ['link', 'RECON_SET_ASIDE', 'A later decision excluded books document b2.'],
      ['exclude', 'RECON_SET_ASIDE', 'Books document b2 is already excluded.'],
      ['exclude', 'RECON_UNKNOWN_ID', 'No books document has id gone.'],
      ['discard', 'RECON_EMPTY_SIDE', 'Name at least one portal document.'],
      ['reinstate', 'RECON_NOT_SET_ASIDE', 'Portal document g1 is not discarded.'],
    ]);
    expect(statuses(rerun.result).sort()).toEqual([
      'P:b1|G:g1 Matched exact-number',
      'P:b2|G: Excluded excluded',
      'P:b9|G:g2 Mismatched manual',
    ]);
  });
});

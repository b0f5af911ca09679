import { describe, expect, it } from 'vitest';
import { reconcile } from './engine';
import { applyDecisions, linkDocuments, unlinkDocuments } from './manual';
import type { PurchaseDocument } from './types';

const doc = (id: string, documentNumber: string, taxable: number): PurchaseDocument => ({
  id,
  supplierGstin: '27AAPFU0939F1ZV',
  documentType: 'INV',
  documentNumber,
  documentDate: '2024-05-10',
  taxable,
  igst: 0,
  cgst: 0,
  sgst: 0,
  cess: 0,
  invoiceValue: taxable,
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateDifference, resolveSettings } from './compare';
import { analyseDocumentNumber, type AnalysedNumber } from './doc-number';
import { reconcile } from './engine';
import type { ReconcileDocument, ReconcileSettings } from './types';

/**
 * The candidates' ranking as it was before the family tables (row.ts#familyOf): each scoring worked out from the two
 * documents themselves. The tables must not change a score or an order.
 */
const referenceScore = (a: ReconcileDocument, an: AnalysedNumber, b: ReconcileDocument, bn: AnalysedNumber): number => {
  let s = 0;
  if (a.documentNumber.trim() === b.documentNumber.trim()) s += 3000;
  else if (an.key === bn.key) s += 2000;
  else if (an.numbers.length && an.numbers[an.numbers.length - 1] === bn.numbers[bn.numbers.length - 1]) s += 1000;
  if (a.documentType === b.documentType) s += 100;
  s -= Math.min(Math.abs(b.taxable - a.taxable) / 100, 1e7) / 1e5;
  const dd = Math.abs(dateDifference(a.documentDate, b.documentDate));
  s -= Number.isNaN(dd) ? 50 : Math.min(dd, 500) / 10;
  return Math.round(s * 1000) / 1000;
};

const familyOf = (gstin: string): string =>
  gstin.trim().length === 15 ? gstin.trim().toUpperCase().slice(2, 12) : gstin.trim().toUpperCase();

const referenceCandidates = (doc: ReconcileDocument, others: readonly ReconcileDocument[], settings: ReconcileSettings) => {
  const norm = settings.numberNormalisation;
  const own = analyseDocumentNumber(doc.documentNumber, norm);
  return others
    .filter((d) => familyOf(d.supplierGstin) === familyOf(doc.supplierGstin))
    .map((d) => ({ id: d.id, score: referenceScore(doc, own, d, analyseDocumentNumber(d.documentNumber, norm)) }))
    .sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    .slice(0, settings.maxExplainedCandidates);
};

const SUPPLIERS = ['27AAACA1111A1Z5', '29AAACA1111A1Z1', '27AAACB2222B1Z3', 'URP'];
const NUMBERS = ['INV/1', ' INV/1', 'inv-1', 'INV/10', 'RS/23/24-25', 'RS/25/24-25', 'RS/023/24-25', 'A1', '0001', 'X', ''];
const DATES = ['2024-04-01', '2024-04-02', '2024-05-20', '2025-03-31', '2024-02-30', 'not a date', ''];

const documentArb = fc.record({
  supplierGstin: fc.constantFrom(...SUPPLIERS),
  documentNumber: fc.constantFrom(...NUMBERS),
  documentDate: fc.constantFrom(...DATES),
  documentType: fc.constantFrom('INV', 'CRN', 'DBN') as fc.Arbitrary<ReconcileDocument['documentType']>,
  taxable: fc.constantFrom(0, 100, 10_000, 10_050, 999_999_999, 5e12),
});

type Drawn = Pick<ReconcileDocument, 'supplierGstin' | 'documentNumber' | 'documentDate' | 'documentType' | 'taxable'>;
const documents = (side: string, drawn: Drawn[]): ReconcileDocument[] =>
  drawn.map((d, i) => ({ ...d, id: `${side}${i}`, igst: 0, cgst: 0, sgst: 0, cess: 0, invoiceValue: d.taxable }));

describe("an unpaired row's candidates", () => {
  it('rank exactly as scoring each pair of documents from scratch did, in the explanation and on their own', () => {
    fc.assert(
      fc.property(
        fc.array(documentArb, { maxLength: 25 }),
        fc.array(documentArb, { maxLength: 25 }),
        fc.constantFrom(1, 3, 5),
        (b, g, limit) => {
          const books = documents('b', b);
          const portal = documents('g', g);
          const result = reconcile(books, portal, { maxExplainedCandidates: limit });
          const settings = resolveSettings({ maxExplainedCandidates: limit }).settings;
          for (const row of result.rows) {
            const listed = row.explanation.candidates;
            expect(row.candidates(result.context)).toEqual(listed);
            if (row.purchases.length > 0 && row.portal.length > 0) {
              expect(listed).toEqual([]);
              continue;
            }
            const doc = row.purchases[0] ?? row.portal[0]!;
            const reference = referenceCandidates(doc, row.purchases.length > 0 ? portal : books, settings);
            expect(listed.map((c) => ({ id: c.id, score: c.score }))).toEqual(reference);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

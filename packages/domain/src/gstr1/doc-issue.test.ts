import { describe, expect, it } from 'vitest';
import { type SeriesTable, documentIssueOf, tallyDocumentSeries } from './doc-issue';

describe('table 13 series', () => {
  it('orders a series by its numeric tail, not as text, and keeps natures apart', () => {
    const m: SeriesTable = new Map();
    for (const n of ['INV/10', 'INV/9', 'INV/100', 'INV/0009']) tallyDocumentSeries(m, 'INV', n);
    tallyDocumentSeries(m, 'CRN', 'INV/1');
    expect(documentIssueOf(m)).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'INV/0009', to: 'INV/100', totnum: 4, cancel: 0, net_issue: 4 }],
      },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'INV/1', to: 'INV/1', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
  });
  it('a number without a numeric tail is a series of its own; unknown and non-table-13 types are not counted', () => {
    const m: SeriesTable = new Map();
    for (const n of ['B', 'A', 'B']) tallyDocumentSeries(m, 'RV', n);
    tallyDocumentSeries(m, 'XYZ', '1');
    tallyDocumentSeries(m, 'BOE', '1');
    expect(documentIssueOf(m)).toEqual([
      {
        doc_num: 6,
        doc_typ: 'Receipt voucher',
        docs: [
          { num: 1, from: 'B', to: 'B', totnum: 2, cancel: 0, net_issue: 2 },
          { num: 2, from: 'A', to: 'A', totnum: 1, cancel: 0, net_issue: 1 },
        ],
      },
    ]);
  });
});

// GSTR-1 table 13: documents issued during the period, per nature of document and per series.
import { DOCUMENT_TYPES, GSTR1_TABLE13_NATURES, isDocumentType } from '../codes/document-types';
import type { DocumentIssueGroup } from './types';

/** One series: first and last numbers (by their numeric tail), documents counted and cancelled. */
export type DocumentSeriesTally = {
  nature: number;
  from: string;
  to: string;
  fromKey: number;
  toKey: number;
  total: number;
  cancelled: number;
};

/** Series by table 13 nature, then by prefix. */
export type SeriesTable = Map<number, Map<string, DocumentSeriesTally>>;

/**
 * Counts a document in its series. A series is the number without its trailing digits ("INV/24-25/0012" → "INV/24-25/"),
 * within the table 13 nature of its type (Form GSTR-1 table 13; ../codes/document-types.ts); a number without a
 * numeric tail is a series of its own. Only documents present in the books are counted: the books do not record
 * cancelled numbers, so `cancel` stays 0 unless declared in a DocumentsIssued summary row.
 */
export function tallyDocumentSeries(series: SeriesTable, documentType: string, documentNumber: string): void {
  if (!isDocumentType(documentType)) return;
  const nature = DOCUMENT_TYPES[documentType].table13;
  if (nature === null) return;
  // The numeric tail, read backwards without a regular expression (this runs once per document).
  let start = documentNumber.length;
  let key = 0;
  let scale = 1;
  while (start > 0) {
    const c = documentNumber.charCodeAt(start - 1) - 48;
    if (c < 0 || c > 9) break;
    key += c * scale;
    scale *= 10;
    start--;
  }
  if (start === documentNumber.length) key = -1;
  const prefix = start === documentNumber.length ? documentNumber : documentNumber.slice(0, start);
  let byPrefix = series.get(nature);
  if (byPrefix === undefined) series.set(nature, (byPrefix = new Map()));
  const s = byPrefix.get(prefix);
  if (s === undefined) {
    byPrefix.set(prefix, { nature, from: documentNumber, to: documentNumber, fromKey: key, toKey: key, total: 1, cancelled: 0 });
    return;
  }
  s.total++;
  if (key < s.fromKey || (key === s.fromKey && documentNumber < s.from)) {
    s.from = documentNumber;
    s.fromKey = key;
  }
  if (key > s.toKey || (key === s.toKey && documentNumber > s.to)) {
    s.to = documentNumber;
    s.toKey = key;
  }
}

/** The doc_det array: natures in table order, series numbered from 1 within each. */
export function documentIssueOf(series: SeriesTable): DocumentIssueGroup[] {
  return [...series.keys()]
    .sort((a, b) => a - b)
    .map((nature) => ({
      doc_num: nature,
      doc_typ: GSTR1_TABLE13_NATURES[nature as keyof typeof GSTR1_TABLE13_NATURES],
      docs: Array.from((series.get(nature) as Map<string, DocumentSeriesTally>).values(), (s, i) => ({
        num: i + 1,
        from: s.from,
        to: s.to,
        totnum: s.total,
        cancel: s.cancelled,
        net_issue: s.total - s.cancelled,
      })),
    }));
}

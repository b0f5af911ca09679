// One engine row as a reconciliation_rows record: both sides' figures, the differences, the ITC at risk, the user's
// action and (for an unpaired row) the candidates of the engine's explanation. The job writes records with COPY, the
// manual link and unlink with an insert: one shape for both.
import {
  itcAtRisk,
  type ReconcileDocument,
  type ReconcileResult,
  type ReconcileRow,
  type ReportedElsewhere,
  type RowExplanation,
} from '@opengst/domain';
import { copyText } from '../../db/copy-text';
import type { reconciliationRows } from '../../db/schema';
import { booksActionKey, portalActionKey, portalKeyOf } from './portal-key';
import type { DocumentActions } from './decisions.repo';

type Doc = ReconcileDocument & { recipientGstin?: string | undefined; returnPeriod?: string | undefined };
export type RowRecord = Omit<typeof reconciliationRows.$inferInsert, 'id'>;

// The job makes a record of each of a million rows: the usual side of one document is read without arrays or sets.
const taxOf = (docs: readonly ReconcileDocument[]): number => {
  let t = 0;
  for (const d of docs) t += d.igst + d.cgst + d.sgst + d.cess;
  return t;
};
const taxableOf = (docs: readonly ReconcileDocument[]): number => {
  let t = 0;
  for (const d of docs) t += d.taxable;
  return t;
};
const numbersOf = (docs: readonly ReconcileDocument[]): string | null =>
  docs.length === 0 ? null : docs.length === 1 ? docs[0]!.documentNumber : docs.map((d) => d.documentNumber).join(', ');
const periodsOf = (docs: readonly Doc[]): string =>
  docs.length === 1 ? (docs[0]!.returnPeriod ?? '') : [...new Set(docs.map((d) => d.returnPeriod ?? ''))].sort().join(',');

export const keyOfPortal = (d: Doc): string =>
  portalKeyOf({
    gstin: d.recipientGstin ?? '',
    supplierGstin: d.supplierGstin,
    documentType: d.documentType,
    documentNumber: d.documentNumber,
    documentDate: d.documentDate,
  });

/**
 * What a row stores of the engine's explanation: an unpaired row's nearest candidates (with the reason each was not
 * paired), which only the whole run can tell, and an Awaiting 2B row's report by the supplier in the 2A or IMS, which the
 * run read apart. Everything else an explanation holds (the compared fields, the rule's and the status's text; all of a
 * pair's or a set-aside document's) follows from the row's own documents, status, rule and the run's settings, and the
 * pair view builds it again from them (row-detail.service.ts). Storing whole explanations for the 40% of a large run's
 * rows that are not plainly Matched wrote 2.5 kB of JSON a row.
 */
export type StoredExplanation = { candidates?: RowExplanation['candidates']; reported?: ReportedElsewhere };

/**
 * The supplier family the engine lists an unpaired document's candidates from (domain row.ts#familyKey): the PAN of a
 * GSTIN, or the text itself when it is not one.
 */
export const familyKey = (gstin: string): string => {
  const g = gstin.trim().toUpperCase();
  return g.length === 15 ? g.slice(2, 12) : g;
};

/**
 * Candidate scorings the job spends on unpaired rows' explanations. Each unpaired row's scores every document of its
 * supplier family on the other side (domain explain.ts; about 1 us each, plus some 50 for the row itself): nothing for
 * the usual supplier of tens of documents, 20-30 ms a row for one of 100,000, whose unpaired rows number thousands
 * (minutes of a run). Families are explained smallest first while the budget lasts (a few seconds); the pair view
 * works out the rest when opened, from the family's documents (row-detail.service.ts).
 */
export const EXPLAIN_BUDGET = 20_000_000;
const ROW_SCORINGS = 50;

const sideOf = (row: ReconcileRow): 'B' | 'G' => (row.purchases.length > 0 ? 'B' : 'G');

/** The unpaired rows whose candidates the job stores: their supplier families, smallest first, within `budget`. */
export const explainedRows = (
  rows: readonly ReconcileRow[],
  books: readonly ReconcileDocument[],
  portal: readonly ReconcileDocument[],
  budget = EXPLAIN_BUDGET,
): ((row: ReconcileRow) => boolean) => {
  const sizes = { B: new Map<string, number>(), G: new Map<string, number>() };
  for (const d of portal) sizes.B.set(familyKey(d.supplierGstin), (sizes.B.get(familyKey(d.supplierGstin)) ?? 0) + 1);
  for (const d of books) sizes.G.set(familyKey(d.supplierGstin), (sizes.G.get(familyKey(d.supplierGstin)) ?? 0) + 1);
  const groups = new Map<string, { rows: number; candidates: number }>();
  for (const row of rows) {
    if (row.rule !== 'unpaired') continue;
    const side = sideOf(row);
    const family = familyKey(row.supplierGstin);
    const key = side + family;
    const group = groups.get(key) ?? { rows: 0, candidates: sizes[side].get(family) ?? 0 };
    group.rows++;
    groups.set(key, group);
  }
  const chosen = new Set<string>();
  let spent = 0;
  for (const [key, group] of [...groups].sort((a, b) => a[1].candidates - b[1].candidates || (a[0] < b[0] ? -1 : 1))) {
    spent += group.rows * (group.candidates + ROW_SCORINGS);
    if (spent > budget) break;
    chosen.add(key);
  }
  return (row) => row.rule === 'unpaired' && chosen.has(sideOf(row) + familyKey(row.supplierGstin));
};

export const rowRecordOf = (
  row: ReconcileRow,
  runId: number,
  subscriberId: number,
  actions: DocumentActions,
  explain = row.rule === 'unpaired',
  context?: ReconcileResult['context'],
): RowRecord => {
  const books = row.purchases as readonly Doc[];
  const portal = row.portal as readonly Doc[];
  const first = books[0] ?? portal[0]!;
  const portalKeys = portal.map(keyOfPortal);
  const portalAction = portalKeys.length > 0 && actions.size > 0 ? actions.get(portalActionKey(portalKeys[0]!)) : undefined;
  const booksAction = books.length > 0 && actions.size > 0 ? actions.get(booksActionKey(Number(books[0]!.id))) : undefined;
  const booksTaxable = taxableOf(books);
  const booksTax = taxOf(books);
  const portalTaxable = taxableOf(portal);
  const portalTax = taxOf(portal);
  return {
    runId,
    subscriberId,
    status: row.status,
    rule: row.rule,
    level: row.level,
    supplierGstin: row.supplierGstin,
    supplierName: row.supplierName ?? null,
    gstin: first.recipientGstin ?? '',
    portalGstin: portal[0]?.recipientGstin ?? null,
    documentType: first.documentType,
    booksNumber: numbersOf(books),
    booksDate: books[0]?.documentDate ?? null,
    booksPeriod: books[0]?.returnPeriod ?? null,
    booksTaxable,
    booksTax,
    portalNumber: numbersOf(portal),
    portalDate: portal[0]?.documentDate ?? null,
    portalPeriod: portal[0]?.returnPeriod ?? null,
    portalTaxable,
    portalTax,
    taxableDifference: books.length > 0 && portal.length > 0 ? portalTaxable - booksTaxable : 0,
    taxDifference: books.length > 0 && portal.length > 0 ? portalTax - booksTax : 0,
    acrossPeriods: books.length > 0 && portal.length > 0 && periodsOf(books) !== periodsOf(portal),
    itcAtRisk: itcAtRisk(row),
    action: portalAction?.action ?? null,
    claimPeriod: booksAction?.claimPeriod ?? null,
    purchaseIds: books.map((d) => Number(d.id)),
    portalIds: portal.map((d) => Number(d.id)),
    portalKeys,
    // Against the result's context when given (the rows the decisions and the Awaiting 2B step made); only the
    // candidates are worked out, and none is kept on the row.
    explanation:
      explain || row.reported
        ? ({
            ...(explain ? { candidates: row.candidates(context) } : {}),
            ...(row.reported ? { reported: row.reported } : {}),
          } satisfies StoredExplanation)
        : null,
  };
};

/** COPY's columns, in the order copyLineOf writes them. */
export const COPY_COLUMNS = [
  'run_id',
  'subscriber_id',
  'status',
  'rule',
  'level',
  'supplier_gstin',
  'supplier_name',
  'gstin',
  'portal_gstin',
  'document_type',
  'books_number',
  'books_date',
  'books_period',
  'books_taxable',
  'books_tax',
  'portal_number',
  'portal_date',
  'portal_period',
  'portal_taxable',
  'portal_tax',
  'taxable_difference',
  'tax_difference',
  'across_periods',
  'itc_at_risk',
  'action',
  'claim_period',
  'purchase_ids',
  'portal_ids',
  'portal_keys',
  'explanation',
] as const;

const ARRAY_SPECIAL = /[\\"]/;
const ARRAY_SPECIAL_ALL = /[\\"]/g;
/** An array literal of PostgreSQL: every text element quoted, with its backslashes and quotes escaped. */
const arrayLiteral = (values: readonly (string | number)[]): string => {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (i > 0) out += ',';
    out += typeof v === 'number' ? String(v) : ARRAY_SPECIAL.test(v) ? `"${v.replace(ARRAY_SPECIAL_ALL, (c) => `\\${c}`)}"` : `"${v}"`;
  }
  return out + '}';
};

/** A text value of a line: \N for null, tab, newline, carriage return and backslash escaped. */
const t = (value: string | null | undefined): string => copyText(value);

export const copyLineOf = (r: RowRecord): string =>
  `${r.runId}\t${r.subscriberId}\t${t(r.status)}\t${t(r.rule)}\t${t(r.level)}\t${t(r.supplierGstin)}\t${t(r.supplierName)}\t` +
  `${t(r.gstin)}\t${t(r.portalGstin)}\t${t(r.documentType)}\t${t(r.booksNumber)}\t${t(r.booksDate)}\t${t(r.booksPeriod)}\t` +
  `${r.booksTaxable ?? 0}\t${r.booksTax ?? 0}\t${t(r.portalNumber)}\t${t(r.portalDate)}\t${t(r.portalPeriod)}\t` +
  `${r.portalTaxable ?? 0}\t${r.portalTax ?? 0}\t${r.taxableDifference ?? 0}\t${r.taxDifference ?? 0}\t${r.acrossPeriods ? 't' : 'f'}\t` +
  `${r.itcAtRisk ?? 0}\t${t(r.action)}\t${t(r.claimPeriod)}\t${t(arrayLiteral(r.purchaseIds))}\t${t(arrayLiteral(r.portalIds))}\t` +
  `${t(arrayLiteral(r.portalKeys))}\t${t(r.explanation === null || r.explanation === undefined ? null : JSON.stringify(r.explanation))}\n`;

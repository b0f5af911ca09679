// One engine row as a reconciliation_rows record: both sides' figures, the differences, the ITC at risk, the user's
// action and (for rows that are not plainly Matched) the engine's explanation. The job writes records with COPY, the
// manual link and unlink with an insert: one shape for both.
import { itcAtRisk, type ReconcileDocument, type ReconcileRow } from '@opengst/domain';
import { copyText } from '../../db/copy-text';
import type { reconciliationRows } from '../../db/schema';
import { booksActionKey, portalActionKey, portalKeyOf } from './portal-key';
import type { DocumentActions } from './decisions.repo';

type Doc = ReconcileDocument & { recipientGstin?: string | undefined; returnPeriod?: string | undefined };
export type RowRecord = Omit<typeof reconciliationRows.$inferInsert, 'id'>;

const taxOf = (docs: readonly ReconcileDocument[]): number => docs.reduce((t, d) => t + d.igst + d.cgst + d.sgst + d.cess, 0);
const taxableOf = (docs: readonly ReconcileDocument[]): number => docs.reduce((t, d) => t + d.taxable, 0);
const numbersOf = (docs: readonly ReconcileDocument[]): string | null =>
  docs.length === 0 ? null : docs.map((d) => d.documentNumber).join(', ');
const periodsOf = (docs: readonly Doc[]): string => [...new Set(docs.map((d) => d.returnPeriod ?? ''))].sort().join(',');

export const keyOfPortal = (d: Doc): string =>
  portalKeyOf({
    gstin: d.recipientGstin ?? '',
    supplierGstin: d.supplierGstin,
    documentType: d.documentType,
    documentNumber: d.documentNumber,
    documentDate: d.documentDate,
  });

export const rowRecordOf = (row: ReconcileRow, runId: number, subscriberId: number, actions: DocumentActions): RowRecord => {
  const books = row.purchases as readonly Doc[];
  const portal = row.portal as readonly Doc[];
  const first = books[0] ?? portal[0]!;
  const portalKeys = portal.map(keyOfPortal);
  const portalAction = portalKeys.length > 0 ? actions.get(portalActionKey(portalKeys[0]!)) : undefined;
  const booksAction = books.length > 0 ? actions.get(booksActionKey(Number(books[0]!.id))) : undefined;
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
    explanation: row.status === 'Matched' ? null : row.explanation,
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

/** An array literal of PostgreSQL: every element quoted, with its backslashes and quotes escaped. */
const arrayLiteral = (values: readonly (string | number)[]): string =>
  `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

export const copyLineOf = (r: RowRecord): string =>
  [
    r.runId,
    r.subscriberId,
    r.status,
    r.rule,
    r.level,
    r.supplierGstin,
    r.supplierName,
    r.gstin,
    r.portalGstin,
    r.documentType,
    r.booksNumber,
    r.booksDate,
    r.booksPeriod,
    r.booksTaxable,
    r.booksTax,
    r.portalNumber,
    r.portalDate,
    r.portalPeriod,
    r.portalTaxable,
    r.portalTax,
    r.taxableDifference,
    r.taxDifference,
    r.acrossPeriods,
    r.itcAtRisk,
    r.action,
    r.claimPeriod,
    arrayLiteral(r.purchaseIds),
    arrayLiteral(r.portalIds),
    arrayLiteral(r.portalKeys),
    r.explanation === null || r.explanation === undefined ? null : JSON.stringify(r.explanation),
  ]
    .map((v) => copyText(v as string | number | boolean | null | undefined))
    .join('\t') + '\n';

// What the job stores of a row must not change when its record and COPY line are made faster: each line is compared
// with the line the record and line functions wrote before (kept here as they were), over the engine's rows of every
// kind, rows of several documents a side, users' actions, explanations and texts COPY and array literals escape.
import { itcAtRisk, reconcile, ReconcileRow, type ReconcileDocument, type ReconcileResult, type ReportedElsewhere } from '@opengst/domain';
import { describe, expect, it } from 'vitest';
import { copyText } from '../../db/copy-text';
import type { DocumentActions } from './decisions.repo';
import { booksActionKey, portalActionKey } from './portal-key';
import { copyLineOf, keyOfPortal, rowRecordOf, type RowRecord } from './row-record';

type Doc = ReconcileDocument & { recipientGstin?: string | undefined; returnPeriod?: string | undefined };

/** rowRecordOf and copyLineOf as they were before the job's store was made faster (commit 86cd5f6). */
const referenceLine = (
  row: ReconcileRow,
  runId: number,
  subscriberId: number,
  actions: DocumentActions,
  explain: boolean,
  context: ReconcileResult['context'],
): string => {
  const taxOf = (docs: readonly ReconcileDocument[]): number => docs.reduce((t, d) => t + d.igst + d.cgst + d.sgst + d.cess, 0);
  const taxableOf = (docs: readonly ReconcileDocument[]): number => docs.reduce((t, d) => t + d.taxable, 0);
  const numbersOf = (docs: readonly ReconcileDocument[]): string | null =>
    docs.length === 0 ? null : docs.map((d) => d.documentNumber).join(', ');
  const periodsOf = (docs: readonly Doc[]): string => [...new Set(docs.map((d) => d.returnPeriod ?? ''))].sort().join(',');
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
  const r: RowRecord = {
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
    explanation:
      explain || row.reported
        ? {
            ...(explain ? { candidates: row.rebind(context).explanation.candidates } : {}),
            ...(row.reported ? { reported: row.reported } : {}),
          }
        : null,
  };
  const arrayLiteral = (values: readonly (string | number)[]): string =>
    `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
  const t = (value: string | null | undefined): string => copyText(value);
  return (
    `${r.runId}\t${r.subscriberId}\t${t(r.status)}\t${t(r.rule)}\t${t(r.level)}\t${t(r.supplierGstin)}\t${t(r.supplierName)}\t` +
    `${t(r.gstin)}\t${t(r.portalGstin)}\t${t(r.documentType)}\t${t(r.booksNumber)}\t${t(r.booksDate)}\t${t(r.booksPeriod)}\t` +
    `${r.booksTaxable ?? 0}\t${r.booksTax ?? 0}\t${t(r.portalNumber)}\t${t(r.portalDate)}\t${t(r.portalPeriod)}\t` +
    `${r.portalTaxable ?? 0}\t${r.portalTax ?? 0}\t${r.taxableDifference ?? 0}\t${r.taxDifference ?? 0}\t${r.acrossPeriods ? 't' : 'f'}\t` +
    `${r.itcAtRisk ?? 0}\t${t(r.action)}\t${t(r.claimPeriod)}\t${t(arrayLiteral(r.purchaseIds))}\t${t(arrayLiteral(r.portalIds))}\t` +
    `${t(arrayLiteral(r.portalKeys))}\t${t(r.explanation === null || r.explanation === undefined ? null : JSON.stringify(r.explanation))}\n`
  );
};

/** A small deterministic generator (mulberry32), so the documents are the same on every run. */
const randomOf = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const SUPPLIERS = ['27AAACA1111A1Z5', '29AAACA1111A1Z1', '27AAACB2222B1Z3', ' 27aaacc3333c1z2 '];
const NAMES = ['Acme', 'Acme "Tools"', 'Back\\slash\tand tab', undefined];
const NUMBERS = ['INV/1', 'INV/2', ' inv/2', 'INV-10', 'RS/23/24-25', 'Q"1', 'B\\7', 'C\t9', 'D\n4', '0001', 'X'];
const DATES = ['2024-04-01', '2024-04-03', '2024-05-20', '2025-03-31', '2025-04-02'];
const PERIODS = ['042024', '052024', '032025', '042025', undefined];
const RECIPIENTS = ['27AAACB1234C1ZF', '27AAACB1234C2ZE', undefined];

const documentsOf = (side: 'b' | 'g', count: number, random: () => number): Doc[] => {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const taxable = pick([0, 10_000, 10_050, 250_000, 99_999_999]);
    return {
      id: String(side === 'b' ? i + 1 : 1000 + i),
      supplierGstin: pick(SUPPLIERS),
      supplierName: pick(NAMES),
      recipientGstin: pick(RECIPIENTS),
      returnPeriod: pick(PERIODS),
      documentType: pick(['INV', 'INV', 'CRN', 'DBN'] as const),
      documentNumber: pick(NUMBERS),
      documentDate: pick(DATES),
      taxable,
      igst: Math.round(taxable * 0.18),
      cgst: pick([0, 900]),
      sgst: pick([0, 900]),
      cess: pick([0, 1]),
      invoiceValue: taxable,
      ...(side === 'g' ? { itcAvailability: pick(['Y', 'N', null] as const) } : {}),
    };
  });
};

const REPORTED: ReportedElsewhere = {
  source: 'GSTR2A',
  id: '77',
  returnPeriod: '052024',
  documentNumber: 'INV\\1 "a"',
  documentDate: '2024-05-02',
};

describe('a run row as the job stores it', () => {
  it('is the line the record and line functions wrote before, for every kind of row', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = randomOf(seed);
      const books = documentsOf('b', 60, random);
      const portal = documentsOf('g', 60, random);
      const result = reconcile(books, portal, { maxExplainedCandidates: 3 });
      const { context } = result;
      // Rows of several documents a side (a user's one-to-many link), and an Awaiting 2B row with the supplier's report.
      const rows = [
        ...result.rows,
        new ReconcileRow('Mismatched', 'GSTIN', 'manual', books.slice(0, 3), portal.slice(0, 2), context),
        new ReconcileRow('Matched', null, 'manual', books.slice(3, 4), portal.slice(3, 6), context),
        new ReconcileRow('Awaiting 2B', null, 'unpaired', books.slice(6, 7), [], context, REPORTED),
      ];
      const actions: DocumentActions = new Map();
      for (const row of rows.filter((_, i) => i % 3 === 0)) {
        if (row.portal[0]) actions.set(portalActionKey(keyOfPortal(row.portal[0])), { action: 'Reject', claimPeriod: null });
        if (row.purchases[0]) actions.set(booksActionKey(Number(row.purchases[0].id)), { action: null, claimPeriod: '062024' });
      }
      for (const withActions of [actions, new Map() as DocumentActions])
        for (const [i, row] of rows.entries()) {
          const explain = row.rule === 'unpaired' && i % 2 === 0;
          expect(copyLineOf(rowRecordOf(row, 7, 3, withActions, explain, context))).toBe(
            referenceLine(row, 7, 3, withActions, explain, context),
          );
        }
    }
  });
});

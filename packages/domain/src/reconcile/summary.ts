// Summaries by status and by supplier, with the input tax credit at risk.
import type { ReconcileRow } from './row';
import { RECONCILE_STATUSES, type ReconcileDocument, type ReconcileStatus } from './types';

export type StatusSummary = {
  status: ReconcileStatus;
  rows: number;
  booksDocuments: number;
  portalDocuments: number;
  booksTaxable: number;
  portalTaxable: number;
  booksTax: number;
  portalTax: number;
  /** Portal minus books, paise. */
  taxableDifference: number;
  /** Portal minus books, paise. */
  taxDifference: number;
};

export type SupplierSummary = {
  supplierGstin: string;
  supplierName: string | undefined;
  counts: Record<ReconcileStatus, number>;
  /** Tax per side of the documents reconciled (not of those a user excluded or discarded). */
  booksTax: number;
  portalTax: number;
  /** Credit claimed in the books that the portal does not support (paise). */
  itcAtRisk: number;
  /** Credit the portal shows that the books do not claim (GST only rows, paise; not discarded documents). */
  itcNotInBooks: number;
};

export type ReconcileSummary = {
  byStatus: StatusSummary[];
  bySupplier: SupplierSummary[];
  itcAtRisk: number;
};

const STATUS_INDEX = Object.fromEntries(RECONCILE_STATUSES.map((s, i) => [s, i])) as Record<ReconcileStatus, number>;
const S_EXCLUDED = STATUS_INDEX['Excluded'];
const S_DISCARDED = STATUS_INDEX['Discarded'];

const sumTax = (docs: readonly ReconcileDocument[]): number => {
  let t = 0;
  for (const d of docs) t += d.igst + d.cgst + d.sgst + d.cess;
  return t;
};
const sumTaxable = (docs: readonly ReconcileDocument[]): number => {
  let t = 0;
  for (const d of docs) t += d.taxable;
  return t;
};
/** Tax on the portal that is available as credit (the portal marks some records "ITC not available"). */
const sumAvailableTax = (docs: readonly ReconcileDocument[]): number => {
  let t = 0;
  for (const d of docs) if (d.itcAvailability !== 'N' && d.documentType !== 'CRN') t += d.igst + d.cgst + d.sgst + d.cess;
  return t;
};

/**
 * ITC at risk of a row: for books invoices, debit notes and bills of entry, the books' tax less
 * the tax the portal makes available (all of it when the portal has nothing, or when its documents
 * sit with another GSTIN of the buyer: s.16(2)(aa)). Credit notes reduce credit, so they put none at
 * risk; nor do documents a user excluded, nor those awaiting a GSTR-2B.
 */
export const itcAtRisk = (row: ReconcileRow): number => {
  // Awaiting 2B: the supplier reported the document; its credit is deferred to the GSTR-2B that lists it (claim it
  // then), not at risk.
  if (row.status === 'Excluded' || row.status === 'Discarded' || row.status === 'Awaiting 2B') return 0;
  let claimed = 0;
  for (const d of row.purchases) if (d.documentType !== 'CRN') claimed += d.igst + d.cgst + d.sgst + d.cess;
  if (claimed === 0) return 0;
  if (row.status === 'Recipient GSTIN differs') return claimed;
  let supported = 0;
  for (const d of row.portal) if (d.documentType !== 'CRN' && d.itcAvailability !== 'N') supported += d.igst + d.cgst + d.sgst + d.cess;
  return Math.max(0, claimed - supported);
};

type SupplierTotals = {
  supplierGstin: string;
  supplierName: string | undefined;
  counts: number[];
  booksTax: number;
  portalTax: number;
  itcAtRisk: number;
  itcNotInBooks: number;
};

/**
 * Accumulates the summary one row at a time. The engine adds each row as it builds it, while the
 * row's documents are still in the CPU cache (a second pass over a million rows, whose documents
 * lie all over the heap, cost seconds in cache misses); `summarise` does the same over a list.
 */
export class SummaryBuilder {
  readonly #byStatus: StatusSummary[] = RECONCILE_STATUSES.map((status) => ({
    status,
    rows: 0,
    booksDocuments: 0,
    portalDocuments: 0,
    booksTaxable: 0,
    portalTaxable: 0,
    booksTax: 0,
    portalTax: 0,
    taxableDifference: 0,
    taxDifference: 0,
  }));
  /** Suppliers in order of first appearance, by GSTIN as typed and by the caller's id for it. */
  readonly #suppliers: SupplierTotals[] = [];
  readonly #byGstin = new Map<string, SupplierTotals>();
  readonly #byId: (SupplierTotals | undefined)[] = [];
  #totalRisk = 0;

  #supplier(gstin: string): SupplierTotals {
    let sup = this.#byGstin.get(gstin);
    if (!sup) {
      sup = {
        supplierGstin: gstin,
        supplierName: undefined,
        counts: RECONCILE_STATUSES.map(() => 0),
        booksTax: 0,
        portalTax: 0,
        itcAtRisk: 0,
        itcNotInBooks: 0,
      };
      this.#byGstin.set(gstin, sup);
      this.#suppliers.push(sup);
    }
    return sup;
  }

  /** Adds a row. `supplierId`: see addTotals. */
  add(row: ReconcileRow, supplierId = -1): void {
    this.addTotals(
      STATUS_INDEX[row.status],
      supplierId,
      row.supplierGstin,
      row.supplierName,
      row.purchases.length,
      row.portal.length,
      sumTaxable(row.purchases),
      sumTaxable(row.portal),
      sumTax(row.purchases),
      sumTax(row.portal),
      itcAtRisk(row),
      row.status === 'GST only' ? sumAvailableTax(row.portal) : 0,
    );
  }

  /**
   * Adds a row by its totals (what `add` computes from the row's documents). `supplierId` (optional,
   * -1 none) is the caller's id of `supplierGstin` exactly as typed, one id per distinct string:
   * it saves a Map lookup per row.
   */
  addTotals(
    status: number,
    supplierId: number,
    supplierGstin: string,
    supplierName: string | undefined,
    booksDocuments: number,
    portalDocuments: number,
    booksTaxable: number,
    portalTaxable: number,
    booksTax: number,
    portalTax: number,
    risk: number,
    notInBooks: number,
  ): void {
    const s = this.#byStatus[status]!;
    s.rows++;
    s.booksDocuments += booksDocuments;
    s.portalDocuments += portalDocuments;
    s.booksTaxable += booksTaxable;
    s.portalTaxable += portalTaxable;
    s.booksTax += booksTax;
    s.portalTax += portalTax;
    let sup: SupplierTotals;
    if (supplierId < 0) sup = this.#supplier(supplierGstin);
    else {
      const known = this.#byId[supplierId];
      if (known) sup = known;
      else {
        while (this.#byId.length < supplierId) this.#byId.push(undefined);
        sup = this.#byId[supplierId] = this.#supplier(supplierGstin);
      }
    }
    sup.supplierName ??= supplierName;
    sup.counts[status]!++;
    // Documents a user set aside are counted (in their own status), not compared: they stay out of the tax per side.
    if (status !== S_EXCLUDED && status !== S_DISCARDED) {
      sup.booksTax += booksTax;
      sup.portalTax += portalTax;
    }
    sup.itcAtRisk += risk;
    this.#totalRisk += risk;
    if (booksDocuments === 0) sup.itcNotInBooks += notInBooks;
  }

  finish(): ReconcileSummary {
    const byStatus = this.#byStatus;
    for (const s of byStatus) {
      s.taxableDifference = s.portalTaxable - s.booksTaxable;
      s.taxDifference = s.portalTax - s.booksTax;
    }
    const bySupplier: SupplierSummary[] = this.#suppliers.map((t) => {
      const counts = {} as Record<ReconcileStatus, number>;
      RECONCILE_STATUSES.forEach((st, k) => (counts[st] = t.counts[k]!));
      return { ...t, counts };
    });
    bySupplier.sort(bySupplierOrder);
    return { byStatus, bySupplier, itcAtRisk: this.#totalRisk };
  }
}

const bySupplierOrder = (a: SupplierSummary, b: SupplierSummary): number =>
  b.itcAtRisk - a.itcAtRisk || (a.supplierGstin < b.supplierGstin ? -1 : a.supplierGstin > b.supplierGstin ? 1 : 0);

const STATUS_FIGURES = [
  'rows',
  'booksDocuments',
  'portalDocuments',
  'booksTaxable',
  'portalTaxable',
  'booksTax',
  'portalTax',
  'taxableDifference',
  'taxDifference',
] as const satisfies readonly (keyof StatusSummary)[];

/**
 * The summary of a result after some of its rows changed (each change: the row before and the row after, holding the
 * same documents): only those rows' shares move, and the result equals summarise() of the new rows. summarise() reads
 * every document of a million rows again, seconds of cache misses (engine.ts), for the few rows that changed.
 */
export const resummarise = (
  summary: ReconcileSummary,
  changes: readonly (readonly [before: ReconcileRow, after: ReconcileRow])[],
): ReconcileSummary => {
  if (changes.length === 0) return summary;
  const before = new SummaryBuilder();
  const after = new SummaryBuilder();
  for (const [b, a] of changes) {
    before.add(b);
    after.add(a);
  }
  const minus = before.finish();
  const plus = after.finish();
  const byStatus = summary.byStatus.map((s, k) => {
    const next = { ...s };
    for (const f of STATUS_FIGURES) next[f] = s[f] - minus.byStatus[k]![f] + plus.byStatus[k]![f];
    return next;
  });
  const moved = new Map<string, [SupplierSummary | undefined, SupplierSummary | undefined]>();
  for (const s of minus.bySupplier) moved.set(s.supplierGstin, [s, undefined]);
  for (const s of plus.bySupplier) moved.set(s.supplierGstin, [moved.get(s.supplierGstin)?.[0], s]);
  const bySupplier = summary.bySupplier.map((s) => {
    const delta = moved.get(s.supplierGstin);
    if (!delta) return s;
    const [m, p] = delta;
    const figure = (f: 'booksTax' | 'portalTax' | 'itcAtRisk' | 'itcNotInBooks') => s[f] - (m?.[f] ?? 0) + (p?.[f] ?? 0);
    const counts = { ...s.counts };
    for (const st of RECONCILE_STATUSES) counts[st] += (p?.counts[st] ?? 0) - (m?.counts[st] ?? 0);
    return {
      ...s,
      counts,
      booksTax: figure('booksTax'),
      portalTax: figure('portalTax'),
      itcAtRisk: figure('itcAtRisk'),
      itcNotInBooks: figure('itcNotInBooks'),
    };
  });
  bySupplier.sort(bySupplierOrder);
  return { byStatus, bySupplier, itcAtRisk: summary.itcAtRisk - minus.itcAtRisk + plus.itcAtRisk };
};

export const summarise = (rows: readonly ReconcileRow[]): ReconcileSummary => {
  const builder = new SummaryBuilder();
  for (const row of rows) builder.add(row);
  return builder.finish();
};

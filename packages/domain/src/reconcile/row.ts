// Result rows. The explanation of a row is built when first read (and then kept), so a
// million-row run does not pay for a million explanations nobody opens.
import { dayNumber, type ResolvedSettings } from './compare';
import { analyseDocumentNumber, type AnalysedNumber } from './doc-number';
import { candidatesOf, explainRow } from './explain';
import type {
  MatchLevel,
  MatchRule,
  ReconcileDocument,
  ReconcileStatus,
  RejectedCandidate,
  ReportedElsewhere,
  RowExplanation,
} from './types';

/**
 * A supplier family's documents on one side, with what scoring them as candidates needs of each worked out once: the
 * number trimmed, its normalised key and last digit run (doc-number.ts), the date as a day number (compare.ts).
 */
export type FamilyTable = {
  docs: ReconcileDocument[];
  trimmed: string[];
  keys: string[];
  last: (string | undefined)[];
  days: Float64Array;
};

/** What explanations need to look around a row: both sides, the settings and the other rows. */
export class ResultContext {
  #partner: Map<ReconcileDocument, ReconcileRow> | undefined;
  #byPan: [Map<string, number[]>, Map<string, number[]>] | undefined;
  /** Documents' numbers analysed, by side and index, as explanations first need them. */
  #analysed: [(AnalysedNumber | undefined)[], (AnalysedNumber | undefined)[]] = [[], []];
  #families: [Map<string, FamilyTable>, Map<string, FamilyTable>] = [new Map(), new Map()];
  rows: readonly ReconcileRow[] = [];

  constructor(
    readonly rs: ResolvedSettings,
    readonly purchases: readonly ReconcileDocument[],
    readonly portal: readonly ReconcileDocument[],
    /** Pairs ("books id" + "\u0001" + "portal id") a user unlinked. */
    readonly unlinked: ReadonlySet<string> = new Set(),
  ) {}

  /** A context for a new result over the same documents (after a manual link or unlink). */
  derive(unlinked: ReadonlySet<string>): ResultContext {
    const next = new ResultContext(this.rs, this.purchases, this.portal, unlinked);
    next.#byPan = this.#byPan;
    next.#analysed = this.#analysed;
    next.#families = this.#families;
    return next;
  }

  /** The number of document `index` of a side (0 purchases, 1 portal) analysed under the run's normalisation. */
  analysedOf(side: 0 | 1, index: number): AnalysedNumber {
    const list = this.#analysed[side];
    let a = list[index];
    if (!a) {
      const doc = (side === 0 ? this.purchases : this.portal)[index]!;
      a = analyseDocumentNumber(doc.documentNumber, this.rs.settings.numberNormalisation);
      list[index] = a;
    }
    return a;
  }

  /** The row a document sits in. */
  rowOf(doc: ReconcileDocument): ReconcileRow | undefined {
    if (!this.#partner) {
      const m = new Map<ReconcileDocument, ReconcileRow>();
      for (const row of this.rows) {
        for (const d of row.purchases) m.set(d, row);
        for (const d of row.portal) m.set(d, row);
      }
      this.#partner = m;
    }
    return this.#partner.get(doc);
  }

  /** The documents of a side (0 purchases, 1 portal) whose supplier is of this GSTIN's family, as candidates. */
  familyOf(side: 0 | 1, gstin: string): FamilyTable {
    const key = familyKey(gstin);
    let table = this.#families[side].get(key);
    if (!table) {
      const all = side === 0 ? this.purchases : this.portal;
      const indexes = this.sameSupplierFamily(side, gstin);
      const docs = indexes.map((i) => all[i]!);
      const analysed = docs.map((d) => analyseDocumentNumber(d.documentNumber, this.rs.settings.numberNormalisation));
      table = {
        docs,
        trimmed: docs.map((d) => d.documentNumber.trim()),
        keys: analysed.map((a) => a.key),
        last: analysed.map((a) => a.numbers[a.numbers.length - 1]),
        days: Float64Array.from(docs, (d) => dayNumber(d.documentDate)),
      };
      this.#families[side].set(key, table);
    }
    return table;
  }

  /** Indexes (into purchases or portal) of documents whose supplier has this PAN (or GSTIN, when it has no PAN). */
  sameSupplierFamily(side: 0 | 1, gstin: string): readonly number[] {
    if (!this.#byPan) {
      const build = (docs: readonly ReconcileDocument[]): Map<string, number[]> => {
        const m = new Map<string, number[]>();
        docs.forEach((d, i) => {
          const k = familyKey(d.supplierGstin);
          const list = m.get(k);
          if (list) list.push(i);
          else m.set(k, [i]);
        });
        return m;
      };
      this.#byPan = [build(this.purchases), build(this.portal)];
    }
    return this.#byPan[side].get(familyKey(gstin)) ?? [];
  }
}

/** The return periods given on one side, sorted and distinct. */
export const periodsOf = (docs: readonly ReconcileDocument[]): string[] => {
  const out: string[] = [];
  for (const d of docs) if (d.returnPeriod && !out.includes(d.returnPeriod)) out.push(d.returnPeriod);
  return out.sort();
};

export const isAcrossPeriods = (books: readonly ReconcileDocument[], portal: readonly ReconcileDocument[]): boolean => {
  if (books.length === 0 || portal.length === 0) return false;
  const b = periodsOf(books);
  const g = periodsOf(portal);
  return b.length > 0 && g.length > 0 && b.join() !== g.join();
};

export const familyKey = (gstin: string): string => {
  const g = gstin.trim().toUpperCase();
  return g.length === 15 ? g.slice(2, 12) : g;
};

export class ReconcileRow {
  readonly #ctx: ResultContext;
  #explanation: RowExplanation | undefined;

  constructor(
    readonly status: ReconcileStatus,
    readonly level: MatchLevel | null,
    readonly rule: MatchRule,
    readonly purchases: readonly ReconcileDocument[],
    readonly portal: readonly ReconcileDocument[],
    ctx: ResultContext,
    /** Awaiting 2B: the supplier's report of the books document, outside the portal data reconciled (awaiting.ts). */
    readonly reported: ReportedElsewhere | null = null,
  ) {
    this.#ctx = ctx;
  }

  /** The same row, bound to another result's context. */
  rebind(ctx: ResultContext): ReconcileRow {
    return new ReconcileRow(this.status, this.level, this.rule, this.purchases, this.portal, ctx, this.reported);
  }

  /** Stable identity of the row: the ids it holds. */
  get key(): string {
    return `P:${this.purchases.map((d) => d.id).join('+')}|G:${this.portal.map((d) => d.id).join('+')}`;
  }

  get supplierGstin(): string {
    return (this.purchases[0] ?? this.portal[0])?.supplierGstin ?? '';
  }

  get supplierName(): string | undefined {
    return this.purchases[0]?.supplierName ?? this.portal[0]?.supplierName;
  }

  /**
   * A pair whose books return period differs from the portal's (a March bill the supplier reported in April):
   * still a match, shown as one across periods. False when a side has no period.
   */
  get acrossPeriods(): boolean {
    return isAcrossPeriods(this.purchases, this.portal);
  }

  get explanation(): RowExplanation {
    this.#explanation ??= explainRow(this, this.#ctx);
    return this.#explanation;
  }

  /**
   * Its explanation's candidates (explain.ts#candidatesOf), against another result's context or its own, without
   * building the rest of the explanation or keeping any of it on the row.
   */
  candidates(ctx: ResultContext = this.#ctx): RejectedCandidate[] {
    return this.#explanation && ctx === this.#ctx ? this.#explanation.candidates : candidatesOf(this, ctx);
  }

  toJSON(): object {
    return {
      key: this.key,
      status: this.status,
      level: this.level,
      rule: this.rule,
      supplierGstin: this.supplierGstin,
      purchaseIds: this.purchases.map((d) => d.id),
      portalIds: this.portal.map((d) => d.id),
      acrossPeriods: this.acrossPeriods,
      explanation: this.explanation,
    };
  }
}

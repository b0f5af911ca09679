// The reconciliation engine: purchase register versus GSTR-2A/2B.
//
// Passes, each first at GSTIN level and then (optionally) at PAN level over what is left:
//   1. exact document number,  2. normalised number,  3. near number (same trailing digits,
//   amounts within tolerance, dates within a window).
// Inside a pass every document has exactly one key, so keys are independent: a key with one
// document a side pairs them (if the rules allow); a key with several resolves as a global
// assignment over candidate pairs sorted by (score desc, books id, portal id). Nothing depends
// on input order, and the work is hash lookups plus small sorts: near linear.
import { analyseDocumentNumber, type AnalysedNumber } from './doc-number';
import {
  compareCode,
  dayNumber,
  nearRejection,
  pairScore,
  resolveSettings,
  yearRejection,
  type ResolvedSettings,
} from './compare';
import { ReconcileRow, ResultContext } from './row';
import { SummaryBuilder, type ReconcileSummary } from './summary';
import type {
  MatchLevel,
  MatchRule,
  ReconcileDocument,
  ReconcileSettings,
  ReconcileSettingsInput,
  ReconcileStatus,
} from './types';

export type ReconcileResult = {
  rows: readonly ReconcileRow[];
  summary: ReconcileSummary;
  settings: ReconcileSettings;
  /** Internal: what explanations and manual links need. */
  context: ResultContext;
};

/** Above this many candidate pairs in one key, each books document only looks at its nearest portal documents by date. */
const FULL_PAIRING_LIMIT = 4096;
const NEIGHBOURS = 8;

const RULE_CODES: MatchRule[] = ['exact-number', 'normalised-number', 'near-number', 'manual', 'unpaired'];
const R_EXACT = 0;
const R_NORMALISED = 1;
const R_NEAR = 2;

/** Upper-cased GSTIN without surrounding spaces; avoids allocating when it already is. */
export const cleanGstin = (g: string): string => {
  for (let i = 0; i < g.length; i++) {
    const c = g.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c === 32) return g.trim().toUpperCase();
  }
  return g;
};

const cleanNumber = (n: string): string => {
  const last = n.length - 1;
  return last >= 0 && (n.charCodeAt(0) <= 32 || n.charCodeAt(last) <= 32) ? n.trim() : n;
};

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const EMPTY: readonly ReconcileDocument[] = Object.freeze([]);

class Engine {
  readonly pairP: Int32Array;
  readonly pairG: Int32Array;
  readonly ruleP: Uint8Array;
  readonly panP: Uint8Array;
  /** Supplier (cleaned GSTIN) id of each document; one id space for both sides. */
  readonly supP: Int32Array;
  readonly supG: Int32Array;
  readonly supplierGstins: string[] = [];
  /** Raw-GSTIN id of each document (the summary groups by the GSTIN as typed) and the raw values. */
  readonly rawP: Int32Array;
  readonly rawG: Int32Array;
  readonly rawGstins: string[] = [];
  /** Document numbers, trimmed: the exact-number keys, read in the same visit as the GSTIN. */
  readonly numP: string[] = [];
  readonly numG: string[] = [];
  readonly analysedP: (AnalysedNumber | undefined)[] = [];
  readonly analysedG: (AnalysedNumber | undefined)[] = [];

  constructor(
    readonly purchases: readonly ReconcileDocument[],
    readonly portal: readonly ReconcileDocument[],
    readonly rs: ResolvedSettings,
  ) {
    this.pairP = new Int32Array(purchases.length).fill(-1);
    this.pairG = new Int32Array(portal.length).fill(-1);
    this.ruleP = new Uint8Array(purchases.length);
    this.panP = new Uint8Array(purchases.length);
    // Map lookups on the documents' own GSTIN strings allocate nothing; only distinct values are cleaned.
    const byRaw = new Map<string, number>();
    const byClean = new Map<string, number>();
    const cleanOfRaw: number[] = [];
    const rawIdOf = (raw: string): number => {
      let id = byRaw.get(raw);
      if (id === undefined) {
        const clean = cleanGstin(raw);
        let c = byClean.get(clean);
        if (c === undefined) {
          c = this.supplierGstins.length;
          this.supplierGstins.push(clean);
          byClean.set(clean, c);
        }
        id = this.rawGstins.length;
        this.rawGstins.push(raw);
        cleanOfRaw.push(c);
        byRaw.set(raw, id);
      }
      return id;
    };
    // One visit per document (they lie all over the heap: every visit is a cache miss).
    const visit = (docs: readonly ReconcileDocument[], sup: Int32Array, raw: Int32Array, num: string[], analysed: (AnalysedNumber | undefined)[]): void => {
      for (let i = 0; i < docs.length; i++) {
        const d = docs[i]!;
        const r = rawIdOf(d.supplierGstin);
        raw[i] = r;
        sup[i] = cleanOfRaw[r]!;
        num.push(cleanNumber(d.documentNumber));
        analysed.push(undefined);
      }
    };
    this.supP = new Int32Array(purchases.length);
    this.supG = new Int32Array(portal.length);
    this.rawP = new Int32Array(purchases.length);
    this.rawG = new Int32Array(portal.length);
    visit(purchases, this.supP, this.rawP, this.numP, this.analysedP);
    visit(portal, this.supG, this.rawG, this.numG, this.analysedG);
  }

  analysedOf(side: 0 | 1, i: number): AnalysedNumber {
    const list = side === 0 ? this.analysedP : this.analysedG;
    let a = list[i];
    if (!a) {
      const doc = side === 0 ? this.purchases[i]! : this.portal[i]!;
      a = analyseDocumentNumber(doc.documentNumber, this.rs.settings.numberNormalisation);
      list[i] = a;
    }
    return a;
  }

  keyOf(side: 0 | 1, i: number, rule: number): string | null {
    if (rule === R_EXACT) return (side === 0 ? this.numP : this.numG)[i]!;
    const a = this.analysedOf(side, i);
    if (rule === R_NORMALISED) return a.key;
    return a.numbers.length === 0 ? null : a.numbers[a.numbers.length - 1]!;
  }

  /** Why purchase i and portal j may not pair under this rule and level, or null. */
  rejection(i: number, j: number, rule: number, isPan: boolean): string | null {
    const p = this.purchases[i]!;
    const g = this.portal[j]!;
    if (isPan && this.supP[i] === this.supG[j]) return 'same GSTIN, already tried at GSTIN level';
    if (rule === R_NEAR) return nearRejection(p, g, this.analysedOf(0, i), this.analysedOf(1, j), this.rs);
    return yearRejection(p, g, this.rs);
  }

  pair(i: number, j: number, rule: number, isPan: boolean): void {
    this.pairP[i] = j;
    this.pairG[j] = i;
    this.ruleP[i] = rule;
    this.panP[i] = isPan ? 1 : 0;
  }

  /**
   * One pass over one supplier group: pairs its unpaired documents whose keys are equal.
   * `byKey` is a scratch map, cleared here; keys are the documents' own strings where possible.
   */
  pairGroup(byKey: Map<string, number>, ps: Int32Array, p0: number, p1: number, gs: Int32Array, g0: number, g1: number, rule: number, isPan: boolean): void {
    const pairP = this.pairP;
    const pairG = this.pairG;
    byKey.clear();
    let multi: number[][] | undefined;
    for (let k = p0; k < p1; k++) {
      const i = ps[k]!;
      const key = this.keyOf(0, i, rule);
      if (key === null) continue;
      const v = byKey.get(key);
      if (v === undefined) byKey.set(key, i);
      else {
        multi ??= [];
        if (v >= 0) {
          multi.push([v, i]);
          byKey.set(key, -(multi.length + 1));
        } else multi[-v - 2]!.push(i);
      }
    }
    let ambiguous: Map<string, { p: number[]; g: number[] }> | undefined;
    let tentative: number[] | undefined;
    for (let k = g0; k < g1; k++) {
      const j = gs[k]!;
      const key = this.keyOf(1, j, rule);
      if (key === null) continue;
      const v = byKey.get(key);
      if (v === undefined) continue;
      const amb = ambiguous?.get(key);
      if (amb) amb.g.push(j);
      else if (v < 0) (ambiguous ??= new Map()).set(key, { p: multi![-v - 2]!, g: [j] });
      else if (pairP[v] === -1) {
        pairP[v] = j;
        pairG[j] = v;
        (tentative ??= []).push(v);
      } else {
        const j0 = pairP[v]!;
        pairP[v] = -1;
        pairG[j0] = -1;
        (ambiguous ??= new Map()).set(key, { p: [v], g: [j0, j] });
      }
    }
    if (tentative) {
      for (const i of tentative) {
        const j = pairP[i]!;
        if (j < 0) continue;
        if (this.rejection(i, j, rule, isPan) === null) this.pair(i, j, rule, isPan);
        else {
          pairP[i] = -1;
          pairG[j] = -1;
        }
      }
    }
    if (ambiguous) for (const group of ambiguous.values()) this.resolve(group.p, group.g, rule, isPan);
  }

  /** Global assignment for one key: valid candidate pairs by score, ties by ids, taken greedily. */
  resolve(ps: number[], gs: number[], rule: number, isPan: boolean): void {
    const eP: number[] = [];
    const eG: number[] = [];
    const eS: number[] = [];
    const consider = (i: number, j: number): void => {
      if (this.rejection(i, j, rule, isPan) !== null) return;
      eP.push(i);
      eG.push(j);
      eS.push(pairScore(this.purchases[i]!, this.portal[j]!));
    };
    if (ps.length * gs.length <= FULL_PAIRING_LIMIT) {
      for (const i of ps) for (const j of gs) consider(i, j);
    } else {
      // Bounded: each books document looks at the NEIGHBOURS portal documents nearest in date on
      // each side, in a canonical (date, id) order, so the work stays linear and order-free.
      const day = (d: ReconcileDocument): number => {
        const n = dayNumber(d.documentDate);
        return Number.isNaN(n) ? -1e9 : n;
      };
      const sortedG = [...gs].sort((a, b) => day(this.portal[a]!) - day(this.portal[b]!) || compareIds(this.portal[a]!.id, this.portal[b]!.id));
      const days = sortedG.map((j) => day(this.portal[j]!));
      for (const i of ps) {
        const d = day(this.purchases[i]!);
        let lo = 0;
        let hi = days.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (days[mid]! < d) lo = mid + 1;
          else hi = mid;
        }
        const from = Math.max(0, lo - NEIGHBOURS);
        const to = Math.min(sortedG.length, lo + NEIGHBOURS);
        for (let k = from; k < to; k++) consider(i, sortedG[k]!);
      }
    }
    const order = eP.map((_, k) => k);
    order.sort(
      (a, b) =>
        eS[b]! - eS[a]! ||
        compareIds(this.purchases[eP[a]!]!.id, this.purchases[eP[b]!]!.id) ||
        compareIds(this.portal[eG[a]!]!.id, this.portal[eG[b]!]!.id),
    );
    for (const k of order) {
      const i = eP[k]!;
      const j = eG[k]!;
      if (this.pairP[i] === -1 && this.pairG[j] === -1) this.pair(i, j, rule, isPan);
    }
  }

  /** Unpaired documents of one side, bucketed by group (counting sort): [order, start offsets]. */
  bucket(side: 0 | 1, groupOfSupplier: Int32Array, groups: number): [Int32Array, Int32Array] {
    const pairs = side === 0 ? this.pairP : this.pairG;
    const sup = side === 0 ? this.supP : this.supG;
    const start = new Int32Array(groups + 1);
    let n = 0;
    for (let i = 0; i < pairs.length; i++) {
      if (pairs[i] !== -1) continue;
      const g = groupOfSupplier[sup[i]!]!;
      if (g < 0) continue;
      start[g + 1]!++;
      n++;
    }
    for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
    const fill = start.slice(0, groups);
    const order = new Int32Array(n);
    for (let i = 0; i < pairs.length; i++) {
      if (pairs[i] !== -1) continue;
      const g = groupOfSupplier[sup[i]!]!;
      if (g < 0) continue;
      order[fill[g]!++] = i;
    }
    return [order, start];
  }

  /** Runs the three passes with documents grouped by supplier GSTIN (isPan false) or by PAN. */
  runLevel(isPan: boolean): void {
    const groupOfSupplier = new Int32Array(this.supplierGstins.length);
    let groups = this.supplierGstins.length;
    if (!isPan) for (let s = 0; s < groups; s++) groupOfSupplier[s] = s;
    else {
      const byPan = new Map<string, number>();
      this.supplierGstins.forEach((g, s) => {
        if (g.length !== 15) {
          groupOfSupplier[s] = -1;
          return;
        }
        const pan = g.slice(2, 12);
        let id = byPan.get(pan);
        if (id === undefined) byPan.set(pan, (id = byPan.size));
        groupOfSupplier[s] = id;
      });
      groups = byPan.size;
    }
    const rules = this.rs.settings.nearMatching ? [R_EXACT, R_NORMALISED, R_NEAR] : [R_EXACT, R_NORMALISED];
    const scratch = new Map<string, number>();
    for (const rule of rules) {
      const [ps, pStart] = this.bucket(0, groupOfSupplier, groups);
      const [gs, gStart] = this.bucket(1, groupOfSupplier, groups);
      if (ps.length === 0 || gs.length === 0) return;
      for (let g = 0; g < groups; g++) {
        const p0 = pStart[g]!;
        const p1 = pStart[g + 1]!;
        const g0 = gStart[g]!;
        const g1 = gStart[g + 1]!;
        if (p0 === p1 || g0 === g1) continue;
        this.pairGroup(scratch, ps, p0, p1, gs, g0, g1, rule, isPan);
      }
    }
  }

  statusOf(i: number): ReconcileStatus {
    const rule = this.ruleP[i]!;
    if (rule === R_NEAR) return 'Near matched';
    let code = compareCode(this.purchases[i]!, this.portal[this.pairP[i]!]!, this.rs);
    if (rule === R_NORMALISED && code === 0) code = 1;
    return code === 0 ? 'Matched' : code === 1 ? 'Matched due to tolerance' : 'Mismatched';
  }
}

/**
 * Reconciles the purchase register with the portal's inward records.
 * Ids must be unique per side: they are the tie-break that makes the result independent of order.
 */
export const reconcile = (
  purchases: readonly ReconcileDocument[],
  portalRecords: readonly ReconcileDocument[],
  settings?: ReconcileSettingsInput | ReconcileSettings,
): ReconcileResult => {
  const T: [string, number][] = []; const clk = (globalThis as any).__clock ?? (() => performance.now()); const tick = (n: string) => T.push([n, clk()]); tick('start');
  const rs = resolveSettings(settings);
  const ctx = new ResultContext(rs, purchases, portalRecords);
  const engine = new Engine(purchases, portalRecords, rs);
  tick('setup');
  engine.runLevel(false);
  tick('gstin');
  if (rs.settings.panLevelMatching) engine.runLevel(true);
  tick('pan');

  // Rows follow the books in input order, then the portal-only documents in input order: pairs
  // and statuses never depend on order; the caller sorts rows for display.
  const rows: ReconcileRow[] = [];
  const summary = new SummaryBuilder();
  for (let i = 0; i < purchases.length; i++) {
    const j = engine.pairP[i]!;
    let row: ReconcileRow;
    if (j < 0) {
      row = new ReconcileRow('PR only', null, 'unpaired', [purchases[i]!], EMPTY, ctx);
    } else {
      const level: MatchLevel = engine.panP[i] ? 'PAN' : 'GSTIN';
      row = new ReconcileRow(engine.statusOf(i), level, RULE_CODES[engine.ruleP[i]!]!, [purchases[i]!], [portalRecords[j]!], ctx);
    }
    rows.push(row);
    summary.add(row, engine.rawP[i]!);
  }
  for (let j = 0; j < portalRecords.length; j++) {
    if (engine.pairG[j]! >= 0) continue;
    const row = new ReconcileRow('GST only', null, 'unpaired', EMPTY, [portalRecords[j]!], ctx);
    rows.push(row);
    summary.add(row, engine.rawG[j]!);
  }
  ctx.rows = rows;
  tick('rows');
  const s = summary.finish();
  tick('summary');
  (globalThis as any).__T = T;
  return { rows, summary: s, settings: rs.settings, context: ctx };
};

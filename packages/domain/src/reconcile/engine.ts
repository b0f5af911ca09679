// The reconciliation engine: purchase register versus GSTR-2A/2B.
//
// Passes, each first at GSTIN level and then (optionally) at PAN level over what is left:
//   1. exact document number,  2. normalised number,  3. near number (same trailing digits,
//   amounts within tolerance, dates within a window).
// Inside a pass every document has exactly one key, so keys are independent: a key with one
// document a side pairs them (if the rules allow); a key with several resolves as a global
// assignment over candidate pairs sorted by (score desc, books id, portal id). Nothing depends
// on input order, and the work is hash lookups plus small sorts: near linear.
//
// Speed at a million documents a side is set by cache misses, not by arithmetic: the documents lie
// all over the heap, so each visit of one costs a miss. The engine reads each document once up
// front (class Side: supplier ids, trimmed number, the amounts the summary needs), computes a
// pair's status when it pairs it (both documents were just read by the rules), and builds the
// summary row by row from those figures instead of a second pass over the rows.
import { analyseDocumentNumber, type AnalysedNumber } from './doc-number';
import {
  cleanGstin,
  compareCode,
  dayNumber,
  nearRejection,
  pairScore,
  recipientOf,
  resolveSettings,
  yearRejection,
  type ResolvedSettings,
} from './compare';
import { ReconcileRow, ResultContext } from './row';
import { SummaryBuilder, type ReconcileSummary } from './summary';
import {
  RECONCILE_STATUSES,
  type MatchLevel,
  type MatchRule,
  type ReconcileDocument,
  type ReconcileSettings,
  type ReconcileSettingsInput,
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

const cleanNumber = (n: string): string => {
  const last = n.length - 1;
  return last >= 0 && (n.charCodeAt(0) <= 32 || n.charCodeAt(last) <= 32) ? n.trim() : n;
};

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const EMPTY: readonly ReconcileDocument[] = Object.freeze([]);

// Indexes in RECONCILE_STATUSES.
const S_NEAR = RECONCILE_STATUSES.indexOf('Near matched');
const S_RECIPIENT = RECONCILE_STATUSES.indexOf('Recipient GSTIN differs');
const S_PR_ONLY = RECONCILE_STATUSES.indexOf('PR only');
const S_GST_ONLY = RECONCILE_STATUSES.indexOf('GST only');
const S_EXCLUDED = RECONCILE_STATUSES.indexOf('Excluded');
const S_DISCARDED = RECONCILE_STATUSES.indexOf('Discarded');

/** As summary.itcAtRisk: books tax claimed (not by credit notes) less portal tax available. */
const riskOf = (claimed: number, supported: number): number => (claimed === 0 ? 0 : Math.max(0, claimed - supported));

/** Per-document flags kept by the engine for the summary. */
const F_CREDIT_NOTE = 1;
const F_ITC_NOT_AVAILABLE = 2;

/**
 * What the engine keeps of one side's documents, read in one visit per document: a million
 * documents lie all over the heap, so every visit is a cache miss, and a second visit costs as
 * much as the first. Everything later passes and the summary need comes from here.
 */
class Side {
  /** Supplier (cleaned GSTIN) id; one id space for both sides. */
  readonly sup: Int32Array;
  /** Two small integers per document: flags (F_*) and the id of the GSTIN as typed (the summary groups by it; one id space for both sides). */
  readonly ints: Int32Array;
  /**
   * Two amounts per document, side by side: `taxable` and `igst + cgst + sgst + cess` (the summary's
   * sum, in its order). A plain array: paise are small integers, kept unboxed.
   */
  readonly money: number[] = [];
  /** Document numbers, trimmed (the exact-number keys). */
  readonly number: string[] = [];
  readonly supplierName: (string | undefined)[] = [];
  readonly analysed: (AnalysedNumber | undefined)[] = [];

  constructor(readonly docs: readonly ReconcileDocument[]) {
    this.sup = new Int32Array(docs.length);
    this.ints = new Int32Array(docs.length * 2);
  }

  /** Reads document i (once): its supplier ids, its number and what the summary needs. */
  visit(i: number, d: ReconcileDocument, rawIdOf: (raw: string) => number, cleanOfRaw: readonly number[]): void {
    const r = rawIdOf(d.supplierGstin);
    this.sup[i] = cleanOfRaw[r]!;
    this.ints[2 * i] = (d.documentType === 'CRN' ? F_CREDIT_NOTE : 0) | (d.itcAvailability === 'N' ? F_ITC_NOT_AVAILABLE : 0);
    this.ints[2 * i + 1] = r;
    this.money.push(d.taxable, d.igst + d.cgst + d.sgst + d.cess);
    this.number.push(cleanNumber(d.documentNumber));
    this.supplierName.push(d.supplierName);
    this.analysed.push(undefined);
  }
}

class Engine {
  readonly pairP: Int32Array;
  readonly pairG: Int32Array;
  readonly ruleP: Uint8Array;
  readonly panP: Uint8Array;
  /** compareCode of each pair (0 equal, 1 within tolerance, 2 beyond), computed when it is paired. */
  readonly codeP: Uint8Array;
  /** 1 when a pair's two recipient GSTINs are given and differ. */
  readonly recipientP: Uint8Array;
  readonly P: Side;
  readonly G: Side;
  readonly supP: Int32Array;
  readonly supG: Int32Array;
  readonly supplierGstins: string[] = [];
  readonly rawGstins: string[] = [];
  readonly #byRaw = new Map<string, number>();
  readonly #byClean = new Map<string, number>();
  readonly #cleanOfRaw: number[] = [];

  constructor(
    readonly purchases: readonly ReconcileDocument[],
    readonly portal: readonly ReconcileDocument[],
    readonly rs: ResolvedSettings,
  ) {
    this.pairP = new Int32Array(purchases.length).fill(-1);
    this.pairG = new Int32Array(portal.length).fill(-1);
    this.ruleP = new Uint8Array(purchases.length);
    this.panP = new Uint8Array(purchases.length);
    this.codeP = new Uint8Array(purchases.length);
    this.recipientP = new Uint8Array(purchases.length);
    this.P = new Side(purchases);
    this.G = new Side(portal);
    this.supP = this.P.sup;
    this.supG = this.G.sup;
    const cleanOfRaw = this.#cleanOfRaw;
    for (let i = 0; i < purchases.length; i++) this.P.visit(i, purchases[i]!, this.rawIdOf, cleanOfRaw);
    for (let j = 0; j < portal.length; j++) this.G.visit(j, portal[j]!, this.rawIdOf, cleanOfRaw);
  }

  /** Id of a GSTIN as typed. Map lookups on the documents' own strings allocate nothing; only distinct values are cleaned. */
  readonly rawIdOf = (raw: string): number => {
    let id = this.#byRaw.get(raw);
    if (id === undefined) {
      const clean = cleanGstin(raw);
      let c = this.#byClean.get(clean);
      if (c === undefined) {
        c = this.supplierGstins.length;
        this.supplierGstins.push(clean);
        this.#byClean.set(clean, c);
      }
      id = this.rawGstins.length;
      this.rawGstins.push(raw);
      this.#cleanOfRaw.push(c);
      this.#byRaw.set(raw, id);
    }
    return id;
  };

  analysedOf(side: 0 | 1, i: number): AnalysedNumber {
    const list = side === 0 ? this.P.analysed : this.G.analysed;
    let a = list[i];
    if (!a) {
      const doc = side === 0 ? this.purchases[i]! : this.portal[i]!;
      a = analyseDocumentNumber(doc.documentNumber, this.rs.settings.numberNormalisation);
      list[i] = a;
    }
    return a;
  }

  keyOf(side: 0 | 1, i: number, rule: number): string | null {
    if (rule === R_EXACT) return (side === 0 ? this.P : this.G).number[i]!;
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
    const p = this.purchases[i]!;
    const g = this.portal[j]!;
    this.codeP[i] = rule === R_NEAR ? 0 : compareCode(p, g, this.rs);
    if (p.recipientGstin !== undefined && g.recipientGstin !== undefined) {
      const rp = recipientOf(p);
      const rg = recipientOf(g);
      this.recipientP[i] = rp !== null && rg !== null && rp !== rg ? 1 : 0;
    }
  }

  /**
   * One pass over one supplier group: pairs its unpaired documents whose keys are equal.
   * `byKey` is a scratch map, cleared here; keys are the documents' own strings where possible.
   */
  pairGroup(
    byKey: Map<string, number>,
    ps: Int32Array,
    p0: number,
    p1: number,
    gs: Int32Array,
    g0: number,
    g1: number,
    rule: number,
    isPan: boolean,
  ): void {
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
      const sortedG = [...gs].sort(
        (a, b) => day(this.portal[a]!) - day(this.portal[b]!) || compareIds(this.portal[a]!.id, this.portal[b]!.id),
      );
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

  /** Index in RECONCILE_STATUSES of purchase i's pair. */
  statusOf(i: number): number {
    // ITC is the registration's whose GSTR-2B holds the document (s.16(2)(aa)): never Matched across two.
    if (this.recipientP[i]) return S_RECIPIENT;
    const rule = this.ruleP[i]!;
    if (rule === R_NEAR) return S_NEAR;
    let code = this.codeP[i]!;
    if (rule === R_NORMALISED && code === 0) code = 1;
    // compareCode 0, 1, 2 are Matched, Matched due to tolerance, Mismatched.
    return code;
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
): ReconcileResult => runReconcile(purchases, portalRecords, resolveSettings(settings));

/** Documents a user set aside, by id: left out of pairing, each in a row of its own (Excluded, Discarded). */
export type SetAside = { purchaseIds: ReadonlySet<string>; portalIds: ReadonlySet<string> };

/** Marks a set-aside document in pairP / pairG: never bucketed, never paired. */
const SET_ASIDE = -2;

/** reconcile, with documents a user set aside (manual.ts#applyDecisions replays them before the links). */
export const runReconcile = (
  purchases: readonly ReconcileDocument[],
  portalRecords: readonly ReconcileDocument[],
  rs: ResolvedSettings,
  setAside?: SetAside,
): ReconcileResult => {
  const ctx = new ResultContext(rs, purchases, portalRecords);
  const engine = new Engine(purchases, portalRecords, rs);
  if (setAside && setAside.purchaseIds.size > 0) {
    for (let i = 0; i < purchases.length; i++) if (setAside.purchaseIds.has(purchases[i]!.id)) engine.pairP[i] = SET_ASIDE;
  }
  if (setAside && setAside.portalIds.size > 0) {
    for (let j = 0; j < portalRecords.length; j++) if (setAside.portalIds.has(portalRecords[j]!.id)) engine.pairG[j] = SET_ASIDE;
  }
  engine.runLevel(false);
  if (rs.settings.panLevelMatching) engine.runLevel(true);

  // Rows follow the books in input order, then the portal-only documents in input order: pairs
  // and statuses never depend on order; the caller sorts rows for display.
  // The summary is added row by row from what the engine read in its first visit of each
  // document (the same sums as summarise(rows), in the same order), so no document is visited again.
  const rows: ReconcileRow[] = [];
  const summary = new SummaryBuilder();
  const { rawGstins } = engine;
  const pi = engine.P.ints;
  const gi = engine.G.ints;
  const pm = engine.P.money;
  const gm = engine.G.money;
  const pName = engine.P.supplierName;
  const gName = engine.G.supplierName;
  for (let i = 0; i < purchases.length; i++) {
    const j = engine.pairP[i]!;
    const p = purchases[i]!;
    const raw = pi[2 * i + 1]!;
    const bTaxable = 0 + pm[2 * i]!;
    const bTax = 0 + pm[2 * i + 1]!;
    const claimed = pi[2 * i]! & F_CREDIT_NOTE ? 0 : bTax;
    if (j === SET_ASIDE) {
      // Left out by a user: counted apart, no ITC at risk.
      rows.push(new ReconcileRow('Excluded', null, 'excluded', [p], EMPTY, ctx));
      summary.addTotals(S_EXCLUDED, raw, rawGstins[raw]!, pName[i] ?? undefined, 1, 0, bTaxable, 0, bTax, 0, 0, 0);
    } else if (j < 0) {
      rows.push(new ReconcileRow('PR only', null, 'unpaired', [p], EMPTY, ctx));
      summary.addTotals(S_PR_ONLY, raw, rawGstins[raw]!, pName[i] ?? undefined, 1, 0, bTaxable, 0, bTax, 0, riskOf(claimed, 0), 0);
    } else {
      const level: MatchLevel = engine.panP[i] ? 'PAN' : 'GSTIN';
      const status = engine.statusOf(i);
      rows.push(new ReconcileRow(RECONCILE_STATUSES[status]!, level, RULE_CODES[engine.ruleP[i]!]!, [p], [portalRecords[j]!], ctx));
      const gTax = 0 + gm[2 * j + 1]!;
      // A partner on another GSTIN of the buyer supports none of this registration's credit.
      const supported = status === S_RECIPIENT || gi[2 * j]! & (F_CREDIT_NOTE | F_ITC_NOT_AVAILABLE) ? 0 : gTax;
      summary.addTotals(
        status,
        raw,
        rawGstins[raw]!,
        pName[i] ?? gName[j],
        1,
        1,
        bTaxable,
        0 + gm[2 * j]!,
        bTax,
        gTax,
        riskOf(claimed, supported),
        0,
      );
    }
  }
  for (let j = 0; j < portalRecords.length; j++) {
    if (engine.pairG[j]! >= 0) continue;
    const raw = gi[2 * j + 1]!;
    const gTax = 0 + gm[2 * j + 1]!;
    if (engine.pairG[j] === SET_ASIDE) {
      rows.push(new ReconcileRow('Discarded', null, 'discarded', EMPTY, [portalRecords[j]!], ctx));
      summary.addTotals(S_DISCARDED, raw, rawGstins[raw]!, gName[j], 0, 1, 0, 0 + gm[2 * j]!, 0, gTax, 0, 0);
      continue;
    }
    const available = gi[2 * j]! & (F_CREDIT_NOTE | F_ITC_NOT_AVAILABLE) ? 0 : gTax;
    rows.push(new ReconcileRow('GST only', null, 'unpaired', EMPTY, [portalRecords[j]!], ctx));
    summary.addTotals(S_GST_ONLY, raw, rawGstins[raw]!, gName[j], 0, 1, 0, 0 + gm[2 * j]!, 0, gTax, 0, available);
  }
  ctx.rows = rows;
  return { rows, summary: summary.finish(), settings: rs.settings, context: ctx };
};

// Table 3.1(d), table 4 and table 5 from the purchase register, the GSTR-2B (with the IMS actions it reflects) and the
// reconciliation's ITC decisions. Where each figure comes from (GST-RULES-DETAIL §1.2, §1.3; README.md beside this file):
// - 3.1(d): the books' purchases under reverse charge (s.9(3), s.9(4), s.5(3)-(4) IGST Act) and imports of services
//   (IGST Act s.5(3), Notification 10/2017-IT(R)); a 2B reverse-charge record no books document is paired with, as the
//   system-generated GSTR-3B counts it.
// - 4A(1) the 2B's imports of goods (IMPG, IMPGSEZ and amendments; a bill of entry only in the books on a claim);
//   4A(2) the books' imports of services (never in the 2B); 4A(3) other reverse charge (credit on the tax this return
//   pays: the books, or an unpaired 2B record); 4A(4) the 2B's ISD section; 4A(5) the 2B's B2B, ECO and note sections,
//   and credit reclaimed.
// - Circular 170/02/2022-GST: ITC is shown in 4A as the 2B gives it and reversed in 4B: 4B(1) for s.17(5) and rules 38,
//   42, 43 (never reclaimable), 4B(2) for the rest (rules 37, 37A, deferred or otherwise temporary); a reclaim goes to
//   4A(5) and 4D(1); credit barred by s.16(4) or the place-of-supply rules only to 4D(2).
// - A 2B section whose net is below zero (credit notes, downward amendments): 4A shows zero and the shortfall is a
//   4B(2) reversal. [U] GST-RULES-DETAIL §1.3 leaves open whether the 2B's credit notes go to 4B(2) or are netted in
//   4A(5). Reading taken: netted in their section, the net below zero reversed in 4B(2). Sources: Form GSTR-2B as
//   amended (rule 60(7), the form with GSTR-1A and ECO documents; salestaxindia.com/DEMO/TreeMenu.aspx?menu=184140),
//   whose advisory says "Net input tax credit may be availed under Table 4(A)(5)/4(A)(4)/4(A)(3)" for sections I-III
//   and, for a negative net, "credit shall be reversed under Table 4(B)(2)"; taxguru.in/goods-and-service-tax/
//   gstr-3b-table-4-itc-expert-guide.html (2023): "4(A)(5) ... = B2B supplies – Credit Notes +/- B2B Amendments". The
//   2022 reading (credit notes auto-populated in 4B(2); caclubindia.com article 48125) describes the earlier 2B.
// - 5: the books' nil rated, exempt, composition and non-GST purchases, inter- or intra-State.
import { documentSign } from '../codes/document-types';
import { type Tally, addSourcesOf, addTo, headsOf, minus, newTally } from './figures';
import { NO_TAX, TAX_HEADS, type Heads } from './set-off';
import {
  PERMANENT_REVERSALS,
  type Amounts,
  type Gstr3bExclusion,
  type Gstr3bIssue,
  type Gstr3bPortalRecord,
  type Gstr3bPurchase,
  type ItcDecision,
  type PurchaseNature,
} from './types';

/** 4A's rows. */
export type ItcGroup = 'importOfGoods' | 'importOfServices' | 'reverseCharge' | 'isd' | 'allOther';
export const ITC_GROUPS: readonly ItcGroup[] = ['importOfGoods', 'importOfServices', 'reverseCharge', 'isd', 'allOther'];

export type InwardTallies = {
  inwardReverseCharge: Tally;
  /** 4A before the nets below zero are moved to 4B(2). */
  available: Record<ItcGroup, Tally>;
  /** Reclaims: added to 4A(5) after its net is taken (the portal's auto-populated 4A(5) plus the user's reclaim). */
  reclaimedInto4a5: Tally;
  rules: Tally;
  others: Tally;
  reclaimed: Tally;
  ineligible: Tally;
  nilExemptComposition: { inter: Tally; intra: Tally };
  nonGst: { inter: Tally; intra: Tally };
};

export type InwardContext = {
  recipientState: string;
  covered: ReadonlySet<string>;
  excluded: Gstr3bExclusion[];
  issues: Gstr3bIssue[];
};

const AMENDMENT_SECTIONS = new Set(['b2ba', 'cdnra', 'isda', 'impga', 'impgasez', 'ecoma']);

/** The 4A row of a 2B record (Form GSTR-2B, rule 60(7): part A sections I-IV and their GSTR-3B tables). */
const groupOfSection = (r: Gstr3bPortalRecord): ItcGroup => {
  if (r.section.startsWith('impg')) return 'importOfGoods';
  if (r.section === 'isd' || r.section === 'isda') return 'isd';
  if (r.isReverseCharge && r.section !== 'ecom' && r.section !== 'ecoma') return 'reverseCharge';
  return 'allOther';
};

const natureOf = (p: Gstr3bPurchase): PurchaseNature => p.nature ?? (p.documentType === 'BOE' ? 'importOfGoods' : 'taxable');

const isRcmPurchase = (p: Gstr3bPurchase): boolean => natureOf(p) === 'importOfServices' || !!p.isReverseCharge;

/** Purchases that bear no tax: table 5 only. */
const NO_TAX_NATURES = new Set<PurchaseNature>(['nil', 'exempt', 'composition', 'nonGst']);

/** One ITC line: a 2B record, a books document, or a pair of them, with what it would claim (signed, paise). */
type Line = {
  documentId: number | null;
  portalId: number | null;
  /** 4A row of claimed credit; null when the credit needs the supplier's document in a 2B and has none. */
  group: ItcGroup | null;
  heads: Heads;
  /** In this return: the 2B record's period (the books' for reverse charge) is one this GSTR-3B covers. */
  current: boolean;
  isCreditNote: boolean;
  record: Gstr3bPortalRecord | null;
  /** Whether the document is given (false: a decision about credit of an earlier period, by its amount). */
  known: boolean;
};

const ids = (l: Line) => ({ documentId: l.documentId, portalId: l.portalId });
const signed = (h: Heads, sign: number): Heads => ({ igst: sign * h.igst, cgst: sign * h.cgst, sgst: sign * h.sgst, cess: sign * h.cess });
const abs = (h: Heads): Heads => ({ igst: Math.abs(h.igst), cgst: Math.abs(h.cgst), sgst: Math.abs(h.sgst), cess: Math.abs(h.cess) });

export const newInwardTallies = (): InwardTallies => ({
  inwardReverseCharge: newTally(),
  available: { importOfGoods: newTally(), importOfServices: newTally(), reverseCharge: newTally(), isd: newTally(), allOther: newTally() },
  reclaimedInto4a5: newTally(),
  rules: newTally(),
  others: newTally(),
  reclaimed: newTally(),
  ineligible: newTally(),
  nilExemptComposition: { inter: newTally(), intra: newTally() },
  nonGst: { inter: newTally(), intra: newTally() },
});

type Decisions = { byDocument: Map<number, ItcDecision>; byPortal: Map<number, ItcDecision>; list: ItcDecision[] };

const indexDecisions = (ctx: InwardContext, decisions: readonly ItcDecision[]): Decisions => {
  const out: Decisions = { byDocument: new Map(), byPortal: new Map(), list: [] };
  for (const d of decisions) {
    const taken = (d.documentId != null && out.byDocument.has(d.documentId)) || (d.portalId != null && out.byPortal.has(d.portalId));
    if (taken) {
      ctx.issues.push({
        code: 'DUPLICATE_DECISION',
        message: 'A second decision about the same document is not applied: the first one holds.',
        ...(d.documentId != null ? { documentId: d.documentId } : {}),
        ...(d.portalId != null ? { portalId: d.portalId } : {}),
      });
      continue;
    }
    if (d.documentId != null) out.byDocument.set(d.documentId, d);
    if (d.portalId != null) out.byPortal.set(d.portalId, d);
    out.list.push(d);
  }
  return out;
};

const issueIds = (l: { documentId: number | null; portalId: number | null }) => ({
  ...(l.documentId != null ? { documentId: l.documentId } : {}),
  ...(l.portalId != null ? { portalId: l.portalId } : {}),
});

/**
 * An exclusion as an object literal of a fixed shape, not a spread: V8 gives each object a spread builds a hidden class
 * of its own (about 400 bytes more each; a large period excludes hundreds of thousands of lines).
 */
const excludeLine = (
  ctx: InwardContext,
  l: { documentId: number | null; portalId: number | null },
  code: Gstr3bExclusion['code'],
  reason: string,
): void => {
  const { documentId, portalId } = l;
  ctx.excluded.push(
    documentId != null && portalId != null
      ? { documentId, portalId, code, reason }
      : documentId != null
        ? { documentId, code, reason }
        : portalId != null
          ? { portalId, code, reason }
          : { code, reason },
  );
};

/**
 * The part a decision names: its amount, never above the document's tax per head (an excess is cut, with an issue), or
 * the whole tax. A line with no document given (credit of an earlier period) takes the decision's amount as it is.
 */
const partOf = (ctx: InwardContext, l: Line, amount: Heads | null | undefined): Heads => {
  const whole = abs(l.heads);
  if (amount == null) return whole;
  const part = { ...NO_TAX } as Record<keyof Heads, number>;
  let cut = false;
  for (const h of TAX_HEADS) {
    const a = amount[h];
    if (!Number.isSafeInteger(a) || a < 0) throw new RangeError(`decision amount.${h} must be whole paise, not negative: ${a}`);
    part[h] = l.known ? Math.min(a, whole[h]) : a;
    if (part[h] < a) cut = true;
  }
  if (cut)
    ctx.issues.push({
      code: 'AMOUNT_ABOVE_DOCUMENT',
      message: "The decision's amount is above the document's tax; the document's tax is taken.",
      ...issueIds(l),
    });
  return part;
};

/** Applies what was decided about a line (or its default) to the tallies. */
const applyLine = (t: InwardTallies, ctx: InwardContext, l: Line, decision: ItcDecision | undefined): void => {
  const r = l.record;
  const rejected = r !== null && (r.listing === 'rejected' || r.imsAction === 'Rejected');
  const pending = r !== null && !rejected && r.imsAction === 'Pending';
  const notAvailable = r !== null && r.itcAvailability === 'N';
  const claimable = (): boolean => {
    if (rejected || pending) {
      if (decision)
        ctx.issues.push({
          code: 'CLAIM_REJECTED',
          message: 'ITC on a record rejected or pending in IMS is not in the GSTR-2B: not claimed.',
          ...issueIds(l),
        });
      excludeLine(
        ctx,
        l,
        rejected ? 'REJECTED_IN_IMS' : 'PENDING_IN_IMS',
        rejected ? "rejected in IMS: not in the GSTR-2B's ITC" : 'kept pending in IMS: not in this GSTR-2B',
      );
      return false;
    }
    if (notAvailable) {
      if (decision)
        ctx.issues.push({
          code: 'CLAIM_NOT_AVAILABLE',
          message: 'The GSTR-2B says ITC is not available (s.16(4) or place of supply): shown in 4D(2).',
          ...issueIds(l),
        });
      addTo(t.ineligible, l.heads, 1, ids(l));
      return false;
    }
    if (l.group === null) {
      if (decision)
        ctx.issues.push({
          code: 'CLAIM_NOT_IN_GSTR2B',
          message: "ITC needs the supplier's document in the GSTR-2B (s.16(2)(aa), rule 36(4)): not claimed.",
          ...issueIds(l),
        });
      excludeLine(ctx, l, 'NOT_IN_GSTR2B', "not in a GSTR-2B: ITC needs the supplier's document there (s.16(2)(aa))");
      return false;
    }
    return true;
  };
  const claim = () => addTo(t.available[l.group!], l.heads, 1, ids(l));

  // The 2B's ITC reversal list: reversed as the 2B says (4B(2)), or in the row a 'reverse' decision names.
  if (r !== null && r.listing === 'itcReversal') {
    const permanent = decision?.action === 'reverse' && PERMANENT_REVERSALS.includes(decision.reason);
    if (decision && decision.action !== 'reverse')
      ctx.issues.push({
        code: 'LISTED_FOR_REVERSAL',
        message: "A record of the GSTR-2B's ITC reversal list is reversed, whatever else was decided.",
        ...issueIds(l),
      });
    addTo(permanent ? t.rules : t.others, abs(l.heads), 1, ids(l));
    return;
  }

  let d = decision;
  if (d && l.isCreditNote && (d.action === 'defer' || d.action === 'reverse' || d.action === 'reclaim')) {
    ctx.issues.push({
      code: 'CREDIT_NOTE_ACTION',
      message: 'A credit note reduces ITC; it cannot be deferred, reversed or reclaimed: counted as claimed.',
      ...issueIds(l),
    });
    d = { action: 'claim' };
  }
  // Without a decision a line is claimed as the 2B or the books give it (a line of another period comes here only
  // with a decision).
  const action = d?.action ?? 'claim';
  switch (action) {
    case 'claim':
      if (claimable()) claim();
      return;
    case 'defer':
      if (!l.current) return excludeLine(ctx, l, 'DEFERRED', 'deferred again: not claimed in this return');
      if (!claimable()) return;
      claim();
      addTo(t.others, partOf(ctx, l, d?.action === 'defer' ? d.amount : null), 1, ids(l));
      return;
    case 'reverse': {
      const reason = d?.action === 'reverse' ? d.reason : 'temporary';
      const amount = d?.action === 'reverse' ? d.amount : null;
      // Credit of this return is shown in 4A and reversed in 4B; credit of an earlier return is only reversed.
      if (l.current && l.record !== null && (rejected || pending || notAvailable)) return void claimable();
      if (l.current && l.group !== null) claim();
      addTo(PERMANENT_REVERSALS.includes(reason) ? t.rules : t.others, partOf(ctx, l, amount), 1, ids(l));
      return;
    }
    case 'reclaim': {
      // Reversed in 4B(2) earlier, claimed again: 4A(5) and 4D(1) (Circular 170; reversed reverse-charge credit too).
      const part = partOf(ctx, l, d?.action === 'reclaim' ? d.amount : null);
      addTo(t.reclaimedInto4a5, part, 1, ids(l));
      addTo(t.reclaimed, part, 1, ids(l));
      return;
    }
    case 'ineligible':
      addTo(t.ineligible, l.heads, 1, ids(l));
      return;
  }
};

/** The record's contribution: its tax, less the first-reported tax for an amendment, signed by its type. */
const recordHeads = (ctx: InwardContext, r: Gstr3bPortalRecord, documentId: number | null): Heads | null => {
  let a: Amounts = r;
  if (AMENDMENT_SECTIONS.has(r.section)) {
    if (!r.original) {
      const reason = 'an amendment whose first-reported figures are not given: its change cannot be taken';
      excludeLine(ctx, { documentId, portalId: r.id }, 'AMENDMENT_WITHOUT_ORIGINAL', reason);
      return null;
    }
    a = minus(r, r.original);
  }
  return signed(headsOf(a), documentSign(r.documentType));
};

const purchaseHeads = (p: Gstr3bPurchase): Heads => signed(headsOf(p), documentSign(p.documentType));

/** The books' 4A row of a purchase that needs no 2B; null for one whose credit comes through a 2B record. */
const purchaseGroup = (p: Gstr3bPurchase): ItcGroup | null => {
  const nature = natureOf(p);
  if (nature === 'importOfServices') return 'importOfServices';
  if (p.isReverseCharge) return 'reverseCharge';
  // A bill of entry is a document for ITC of its own (rule 36(1)(d)); s.16(2)(aa) is about suppliers' documents.
  if (nature === 'importOfGoods') return 'importOfGoods';
  return null;
};

export const tallyInward = (
  ctx: InwardContext,
  purchases: readonly Gstr3bPurchase[],
  records: readonly Gstr3bPortalRecord[],
  decisionList: readonly ItcDecision[],
): InwardTallies => {
  const t = newInwardTallies();
  const decisions = indexDecisions(ctx, decisionList);
  const purchaseById = new Map(purchases.map((p) => [p.id, p]));
  const recordById = new Map(records.map((r) => [r.id, r]));
  const covered = (period: string | null | undefined) => !period || ctx.covered.has(period);
  const decided = new Set<ItcDecision>();

  // 2B records. A record paired with a books document under reverse charge is counted with the books document below.
  for (const r of records) {
    const d = decisions.byPortal.get(r.id);
    const paired = d?.documentId != null ? purchaseById.get(d.documentId) : undefined;
    if (paired && isRcmPurchase(paired)) continue;
    const current = covered(r.returnPeriod);
    if (!current && !d) {
      excludeLine(
        ctx,
        { documentId: null, portalId: r.id },
        'OUTSIDE_PERIOD',
        `in the GSTR-2B of ${r.returnPeriod}, with no decision about it in this return`,
      );
      continue;
    }
    if (d) decided.add(d);
    const heads = recordHeads(ctx, r, d?.documentId ?? null);
    if (heads === null) continue;
    const group = groupOfSection(r);
    const line: Line = {
      documentId: d?.documentId ?? null,
      portalId: r.id,
      group,
      heads,
      current,
      isCreditNote: r.documentType === 'CRN',
      record: r,
      known: true,
    };
    // A reverse-charge record with no books document under reverse charge paired with it: its tax is due as the
    // system-generated 3B counts it.
    if (group === 'reverseCharge' && current && r.listing !== 'rejected') {
      addTo(t.inwardReverseCharge, { ...heads, taxable: documentSign(r.documentType) * r.taxable }, 1, ids(line));
      ctx.issues.push({
        code: 'RCM_NOT_IN_BOOKS',
        message: paired
          ? 'The GSTR-2B says reverse charge and the purchase paired with it does not: its tax is counted in 3.1(d) as the GSTR-2B gives it.'
          : 'A reverse-charge document in the GSTR-2B with no purchase paired with it: its tax is counted in 3.1(d) as the GSTR-2B gives it. Book it.',
        ...issueIds(line),
      });
    }
    applyLine(t, ctx, line, d);
  }

  // Books documents.
  for (const p of purchases) {
    const d = decisions.byDocument.get(p.id);
    if (d && decided.has(d)) continue; // counted with its 2B record
    if (d) decided.add(d);
    const current = covered(p.returnPeriod);
    const nature = natureOf(p);
    const pid = { documentId: p.id, portalId: d?.portalId ?? null };
    if (!current && (!d || NO_TAX_NATURES.has(nature))) {
      excludeLine(ctx, pid, 'OUTSIDE_PERIOD', `booked in ${p.returnPeriod}, with no decision about it in this return`);
      continue;
    }
    const sign = documentSign(p.documentType);
    if (NO_TAX_NATURES.has(nature)) {
      // Table 5: inter-State when the supplier's State is not the place of supply (IGST Act s.7, s.8).
      const supplierState = p.supplierState || (p.supplierGstin ? p.supplierGstin.slice(0, 2) : ctx.recipientState);
      const inter = supplierState !== (p.placeOfSupply || ctx.recipientState);
      const row = nature === 'nonGst' ? t.nonGst : t.nilExemptComposition;
      addTo(inter ? row.inter : row.intra, { taxable: p.taxable }, sign, pid);
      continue;
    }
    if (current && isRcmPurchase(p)) addTo(t.inwardReverseCharge, p, sign, pid);
    const group = purchaseGroup(p);
    if (!d && group === null) {
      if (p.supplierGstin)
        excludeLine(ctx, pid, 'NOT_IN_GSTR2B', "not paired with a GSTR-2B record: ITC needs the supplier's document there (s.16(2)(aa))");
      else excludeLine(ctx, pid, 'NO_ITC', 'from an unregistered supplier, not under reverse charge: no tax charged, no ITC');
      continue;
    }
    if (!d && group === 'importOfGoods') {
      // Without a decision, a bill of entry is claimed through the 2B's import section (ICEGATE) it is paired with.
      excludeLine(ctx, pid, 'NOT_IN_GSTR2B', "a bill of entry not paired with the GSTR-2B's imports (ICEGATE): claimed by a decision");
      continue;
    }
    const line: Line = {
      ...pid,
      group,
      heads: purchaseHeads(p),
      current,
      isCreditNote: p.documentType === 'CRN',
      record: null,
      known: true,
    };
    applyLine(t, ctx, line, d);
  }

  // Decisions naming documents not given: a reversal or reclaim of an earlier period's credit by its amount.
  for (const d of decisions.list) {
    if (decided.has(d)) continue;
    const knownRecord = d.portalId != null && recordById.has(d.portalId);
    const knownPurchase = d.documentId != null && purchaseById.has(d.documentId);
    if (knownRecord || knownPurchase) continue;
    const amount = d.action === 'reverse' || d.action === 'reclaim' ? d.amount : null;
    const l = { documentId: d.documentId ?? null, portalId: d.portalId ?? null };
    if (amount == null) {
      ctx.issues.push({
        code: 'UNKNOWN_ID',
        message: 'The decision names a document that is not given, and no amount: not applied.',
        ...issueIds(l),
      });
      continue;
    }
    applyLine(t, ctx, { ...l, group: null, heads: NO_TAX, current: false, isCreditNote: false, record: null, known: false }, d);
  }
  return t;
};

/** 4A rows after the nets below zero went to 4B(2), head by head, with the section's rows as the reversal's sources. */
export const settleAvailable = (t: InwardTallies): Record<ItcGroup, Tally> => {
  const out = {} as Record<ItcGroup, Tally>;
  for (const g of ITC_GROUPS) {
    const net = t.available[g];
    const shown = newTally();
    addSourcesOf(shown, net);
    let below = false;
    for (const h of TAX_HEADS) {
      if (net[h] < 0) {
        t.others[h] += -net[h];
        below = true;
      } else shown[h] = net[h];
    }
    if (below) addSourcesOf(t.others, net);
    out[g] = shown;
  }
  const r = t.reclaimedInto4a5;
  for (const h of TAX_HEADS) out.allOther[h] += r[h];
  addSourcesOf(out.allOther, r);
  return out;
};

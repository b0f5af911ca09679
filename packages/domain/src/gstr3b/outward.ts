// Tables 3.1 (a), (b), (c), (e), 3.1.1 and 3.2 from the period's GSTR-1/IFF and GSTR-1A documents and summary rows,
// as the system-generated GSTR-3B maps them (GSTN advisory on auto-population, Nov 2020; Notification 14/2022-CT):
// - 3.1(a) ← GSTR-1 tables 4A and 4C (B2B other than reverse charge), 5 (B2CL), 6C (deemed exports), 7 (B2CS),
//   9 (notes and amendments of those), 10 (B2CS amendments), 11 (advances received less advances adjusted);
// - 3.1(b) ← 6A (exports, with or without IGST) and 6B (SEZ), and their notes;
// - 3.1(c) ← 8 (nil rated and exempt; bills of supply), 3.1(e) ← 8 (non-GST);
// - 3.1.1(i) ← 15 (the operator's s.9(5) supplies), 3.1.1(ii) ← 14(b) (supplies through an operator liable u/s 9(5)),
//   neither of them in 3.1(a) (Form GSTR-3B instructions as amended by Notification 14/2022-CT);
// - 3.2 ← the inter-State part of 3.1(a) and 3.1.1(i) to unregistered persons, composition taxpayers and UIN holders.
// Table 4B (supplies on which the recipient pays tax under reverse charge, s.9(3)) carries no tax of the supplier and
// is in none of these rows.
import { documentSign } from '../codes/document-types';
import { isInterState, isRegistered, placeOfSupplyOf, sectionOf, unregisteredNoteTypeOf } from '../gstr1/classify';
import type { Gstr1Item } from '../gstr1/types';
import { gstinKindOf } from '../identity/gstin';
import { hasGstr1a } from '../returns/corrections';
import { type Tally, ZERO, addTo, minus, newTally } from './figures';
import type { Amounts, Gstr3bExclusion, Gstr3bOutwardDocument, Gstr3bSummaryRow } from './types';

export type InterStateCategory = 'unregistered' | 'composition' | 'uin';

export type OutwardTallies = {
  outwardTaxable: Tally;
  zeroRated: Tally;
  nilExempt: Tally;
  nonGst: Tally;
  operatorPays: Tally;
  throughOperator: Tally;
  /** 3.2, by category and place of supply. */
  interState: Record<InterStateCategory, Map<string, Tally>>;
};

export type OutwardContext = { supplierState: string; covered: ReadonlySet<string>; excluded: Gstr3bExclusion[] };

export const newOutwardTallies = (): OutwardTallies => ({
  outwardTaxable: newTally(),
  zeroRated: newTally(),
  nilExempt: newTally(),
  nonGst: newTally(),
  operatorPays: newTally(),
  throughOperator: newTally(),
  interState: { unregistered: new Map(), composition: new Map(), uin: new Map() },
});

const itemsTotal = (items: readonly Gstr1Item[]): Amounts => {
  const t = { ...ZERO };
  for (const it of items) {
    t.taxable += it.taxable;
    t.igst += it.igst;
    t.cgst += it.cgst;
    t.sgst += it.sgst;
    t.cess += it.cess;
  }
  return t;
};

const valueOnly = (a: Amounts): Amounts => ({ ...ZERO, taxable: a.taxable });

const isSez = (supplyType: string | null | undefined): boolean => supplyType === 'SEZWP' || supplyType === 'SEZWOP';

/** 3.2's category of a recipient, or null when an inter-State supply to it is not shown there. */
const categoryOf = (d: Gstr3bOutwardDocument): InterStateCategory | null => {
  if (!isRegistered(d.counterpartyGstin)) return 'unregistered';
  if (gstinKindOf(d.counterpartyGstin.toUpperCase()) === 'uin') return 'uin';
  return d.isCompositionRecipient ? 'composition' : null;
};

const addInterState = (
  o: OutwardTallies,
  category: InterStateCategory,
  pos: string,
  a: Amounts,
  sign: number,
  ids: { documentId?: number; summaryId?: number },
) => {
  const places = o.interState[category];
  let t = places.get(pos);
  if (t === undefined) places.set(pos, (t = newTally()));
  // 3.2 shows the value and IGST only (an inter-State supply bears no CGST or SGST, IGST Act s.5).
  addTo(t, { taxable: a.taxable, igst: a.igst }, sign, ids);
};

const outsidePeriod = (ctx: OutwardContext, period: string | null | undefined): boolean => !!period && !ctx.covered.has(period);

/** One document into its row of 3.1 or 3.1.1 (and 3.2), or into `excluded` with the reason. */
const addDocument = (o: OutwardTallies, ctx: OutwardContext, d: Gstr3bOutwardDocument): void => {
  const exclude = (code: Gstr3bExclusion['code'], reason: string): void => void ctx.excluded.push({ documentId: d.id, code, reason });
  if (outsidePeriod(ctx, d.returnPeriod))
    return exclude('OUTSIDE_PERIOD', `reported in the return of ${d.returnPeriod}, not one this GSTR-3B covers`);
  if (d.form === 'GSTR1A' && d.returnPeriod && !hasGstr1a(d.returnPeriod))
    return exclude('GSTR1A_BEFORE_JULY_2024', 'GSTR-1A exists from the July 2024 period (Notification 12/2024-CT)');
  let amounts = itemsTotal(d.items);
  if (d.amendment) {
    // An amendment reports the document again as it now stands; the return takes the change from what was reported.
    if (!d.amendment.items)
      return exclude('AMENDMENT_WITHOUT_ORIGINAL', 'an amendment whose first-reported figures are not given: its change cannot be taken');
    amounts = minus(amounts, itemsTotal(d.amendment.items));
  }
  const sign = documentSign(d.documentType);
  const ids = { documentId: d.id };
  if (d.section95 === 'supplier') return addTo(o.throughOperator, valueOnly(amounts), sign, ids);
  const section = sectionOf(d, ctx.supplierState);
  if (section === null)
    return exclude('NOT_IN_GSTR1', `a ${d.documentType} is not reported in GSTR-1's document tables (table 13 counts it)`);
  const pos = placeOfSupplyOf(d, ctx.supplierState);
  const toTaxable = (target: Tally) => {
    addTo(target, amounts, sign, ids);
    const category = categoryOf(d);
    if (category !== null && isInterState(ctx.supplierState, pos, d.supplyType)) addInterState(o, category, pos, amounts, sign, ids);
  };
  if (d.section95 === 'operator') return toTaxable(o.operatorPays);
  switch (section) {
    case 'nil':
      return addTo(o.nilExempt, valueOnly(amounts), sign, ids);
    case 'exp':
      return addTo(o.zeroRated, amounts, sign, ids);
    case 'cdnur':
      return unregisteredNoteTypeOf(d.supplyType) === 'B2CL' ? toTaxable(o.outwardTaxable) : addTo(o.zeroRated, amounts, sign, ids);
    case 'b2b':
    case 'cdnr':
      if (d.isReverseCharge)
        return exclude(
          'REVERSE_CHARGE_SUPPLY',
          'the recipient pays the tax under reverse charge (s.9(3)): GSTR-1 table 4B is not carried into 3.1',
        );
      return isSez(d.supplyType) ? addTo(o.zeroRated, amounts, sign, ids) : toTaxable(o.outwardTaxable);
    case 'b2cl':
    case 'b2cs':
      return toTaxable(o.outwardTaxable);
  }
};

/** One summary row: B2CS and advances into 3.1(a), nil/exempt into 3.1(c) and non-GST into 3.1(e). */
const addSummary = (o: OutwardTallies, ctx: OutwardContext, s: Gstr3bSummaryRow): void => {
  const exclude = (code: Gstr3bExclusion['code'], reason: string): void => void ctx.excluded.push({ summaryId: s.id, code, reason });
  if (outsidePeriod(ctx, s.returnPeriod))
    return exclude('OUTSIDE_PERIOD', `reported in the return of ${s.returnPeriod}, not one this GSTR-3B covers`);
  const ids = { summaryId: s.id };
  let amounts: Amounts = { taxable: s.taxable, igst: s.igst, cgst: s.cgst, sgst: s.sgst, cess: s.cess };
  if (s.originalPeriod && s.summaryType !== 'NilExemptNonGst' && s.summaryType !== 'DocumentsIssued') {
    // b2csa, ata, txpda replace an earlier period's row: the return takes the change.
    if (!s.original)
      return exclude(
        'AMENDMENT_WITHOUT_ORIGINAL',
        `amends the ${s.originalPeriod} row whose figures are not given: its change cannot be taken`,
      );
    amounts = minus(amounts, s.original);
  }
  switch (s.summaryType) {
    case 'B2CS':
      addTo(o.outwardTaxable, amounts, 1, ids);
      if (isInterState(ctx.supplierState, s.placeOfSupply, null)) addInterState(o, 'unregistered', s.placeOfSupply, amounts, 1, ids);
      return;
    // Table 11: tax on advances received is due on receipt (s.13(2), s.12(2) for services; goods exempted by
    // Notification 66/2017-CT) and is adjusted when the invoice is issued. 3.2 takes none: the recipient is not known.
    case 'AdvanceReceived':
      return addTo(o.outwardTaxable, amounts, 1, ids);
    case 'AdvanceAdjusted':
      return addTo(o.outwardTaxable, amounts, -1, ids);
    case 'NilExemptNonGst': {
      const nilExempt = s.nilRated + s.exempted;
      if (nilExempt !== 0 || s.nonGst === 0) addTo(o.nilExempt, { taxable: nilExempt }, 1, ids);
      if (s.nonGst !== 0) addTo(o.nonGst, { taxable: s.nonGst }, 1, ids);
      return;
    }
    case 'DocumentsIssued':
      return exclude('DOCUMENTS_ISSUED', 'table 13 counts documents issued; GSTR-3B has no figure for it');
  }
};

export const tallyOutward = (
  ctx: OutwardContext,
  documents: readonly Gstr3bOutwardDocument[],
  summaries: readonly Gstr3bSummaryRow[],
): OutwardTallies => {
  const o = newOutwardTallies();
  for (const d of documents) addDocument(o, ctx, d);
  for (const s of summaries) addSummary(o, ctx, s);
  return o;
};

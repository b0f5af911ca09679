// buildGstr3b: a period's GSTR-1/IFF/1A documents, purchase register, GSTR-2B and ITC decisions → the tables of
// Form GSTR-3B, each figure with the rows behind it, and the payment of table 6.1. Pure: the caller selects and loads
// the rows. README.md beside this file gives the table-by-table rules and the readings taken where sources differ.
import { parseReturnPeriod, quarterOf } from '../periods/financial-year';
import { type Tally, addSourcesOf, figureOf, headsOf, newTally } from './figures';
import { ITC_GROUPS, type ItcGroup, settleAvailable, tallyInward } from './inward';
import { locksOf } from './locks';
import { type InterStateCategory, tallyOutward } from './outward';
import { gstr3bPaymentOf } from './payment';
import { NO_TAX, TAX_HEADS, type Heads } from './set-off';
import type { Gstr3bExclusion, Gstr3bFigure, Gstr3bInput, Gstr3bIssue, Gstr3bPlaceFigure, Gstr3bResult } from './types';

const VALUE = { clamp: true, value: true } as const;
const TAX = { clamp: true, value: false } as const;

/** The months a return covers: its own, or the quarter's three for a quarterly (QRMP) filer (Rule 61A, 61(2)). */
export const periodsCovered = (period: string, frequency: Gstr3bInput['frequency']): string[] => {
  const p = parseReturnPeriod(period);
  if (p === null) throw new RangeError(`not a return period MMYYYY: ${period}`);
  if (frequency === 'monthly') return [period];
  const q = quarterOf(period);
  if (q.returnPeriod !== period)
    throw new RangeError(`a quarterly GSTR-3B's period is the quarter's last month (${q.returnPeriod}), not ${period}`);
  return [...q.months];
};

const placeFigures = (places: Map<string, Tally>): Gstr3bPlaceFigure[] =>
  Array.from(places, ([placeOfSupply, t]) => ({ placeOfSupply, ...figureOf(t, VALUE) }))
    .filter((f) => f.taxable !== 0 || f.igst !== 0 || f.notPopulated !== undefined)
    .sort((x, y) => (x.placeOfSupply < y.placeOfSupply ? -1 : x.placeOfSupply > y.placeOfSupply ? 1 : 0));

const exceeds = (a: Heads, b: Heads): boolean => TAX_HEADS.some((h) => a[h] > b[h]);

const add = (...xs: readonly Heads[]): Heads => ({
  igst: xs.reduce((s, x) => s + x.igst, 0),
  cgst: xs.reduce((s, x) => s + x.cgst, 0),
  sgst: xs.reduce((s, x) => s + x.sgst, 0),
  cess: xs.reduce((s, x) => s + x.cess, 0),
});

/** Builds the GSTR-3B of `input.period` for `input.gstin`. Throws RangeError on a malformed GSTIN or period. */
export const buildGstr3b = (input: Gstr3bInput): Gstr3bResult => {
  if (!/^[0-9]{2}[0-9A-Z]{13}$/.test(input.gstin)) throw new RangeError(`not a GSTIN: ${input.gstin}`);
  const periods = periodsCovered(input.period, input.frequency);
  const covered = new Set(periods);
  const state = input.gstin.slice(0, 2);
  const excluded: Gstr3bExclusion[] = [];
  const issues: Gstr3bIssue[] = [];

  const out = tallyOutward({ supplierState: state, covered, excluded }, input.outward.documents, input.outward.summaries ?? []);
  const inward = tallyInward(
    { recipientState: state, covered, excluded, issues },
    input.inward?.purchases ?? [],
    input.inward?.gstr2b ?? [],
    input.inward?.decisions ?? [],
  );
  const availableTallies = settleAvailable(inward);
  const available = {} as Record<ItcGroup, Gstr3bFigure>;
  for (const g of ITC_GROUPS) available[g] = figureOf(availableTallies[g], TAX);

  // 4C = 4A − 4B, head by head; the populated figures, so the portal's check (RET3B91404 "NET ITC is not equal to
  // ITC Available - ITC Reversed") holds.
  const netTally = newTally();
  for (const g of ITC_GROUPS) addSourcesOf(netTally, availableTallies[g]);
  addSourcesOf(netTally, inward.rules);
  addSourcesOf(netTally, inward.others);
  const rules = figureOf(inward.rules, TAX);
  const others = figureOf(inward.others, TAX);
  for (const h of TAX_HEADS) netTally[h] = ITC_GROUPS.reduce((s, g) => s + available[g][h], 0) - rules[h] - others[h];
  const net = figureOf(netTally, { clamp: false, value: false });
  const reclaimed = figureOf(inward.reclaimed, TAX);

  const table31 = {
    outwardTaxable: figureOf(out.outwardTaxable, VALUE),
    zeroRated: figureOf(out.zeroRated, VALUE),
    nilExempt: figureOf(out.nilExempt, VALUE),
    inwardReverseCharge: figureOf(inward.inwardReverseCharge, VALUE),
    nonGst: figureOf(out.nonGst, VALUE),
  };
  const table311 = { operatorPays: figureOf(out.operatorPays, VALUE), throughOperator: figureOf(out.throughOperator, VALUE) };
  const table32 = {} as Record<InterStateCategory, Gstr3bPlaceFigure[]>;
  for (const c of ['unregistered', 'composition', 'uin'] as const) table32[c] = placeFigures(out.interState[c]);

  // Checks the portal makes before filing (GSTN advisory of 29 Dec 2025; [U] the date they block filing).
  const ledger = input.ledger ?? null;
  const rcmItc = add(headsOf(available.importOfServices), headsOf(available.reverseCharge));
  if (ledger?.rcmBalance && exceeds(rcmItc, add(headsOf(table31.inwardReverseCharge), ledger.rcmBalance)))
    issues.push({
      code: 'RCM_ITC_ABOVE_LIABILITY',
      message: "Reverse-charge ITC (4A(2) and 4A(3)) is above 3.1(d) and the RCM liability/ITC statement's balance.",
    });
  if (ledger?.reclaimableBalance && exceeds(headsOf(reclaimed), add(ledger.reclaimableBalance, headsOf(others))))
    issues.push({
      code: 'RECLAIM_ABOVE_BALANCE',
      message: "ITC reclaimed (4D(1)) is above the credit reversal and re-claimed statement's balance and this return's 4B(2).",
    });

  const interest = input.interest ?? NO_TAX;
  const lateFee: Heads = { igst: 0, cgst: input.lateFee?.cgst ?? 0, sgst: input.lateFee?.sgst ?? 0, cess: 0 };
  const table61 = gstr3bPaymentOf(
    { table31, table311, table4: { net } },
    { interest, lateFee, credit: ledger?.credit ?? NO_TAX, cash: ledger?.cash ?? null },
  );

  return {
    gstin: input.gstin,
    period: input.period,
    frequency: input.frequency,
    periods,
    table31,
    table311,
    table32,
    table4: {
      available,
      reversed: { rules, others },
      net,
      reclaimed,
      ineligible: figureOf(inward.ineligible, TAX),
    },
    table5: {
      nilExemptComposition: {
        inter: figureOf(inward.nilExemptComposition.inter, VALUE),
        intra: figureOf(inward.nilExemptComposition.intra, VALUE),
      },
      nonGst: { inter: figureOf(inward.nonGst.inter, VALUE), intra: figureOf(inward.nonGst.intra, VALUE) },
    },
    table51: { interest, lateFee },
    table61,
    locks: locksOf(input.period),
    excluded,
    issues,
  };
};

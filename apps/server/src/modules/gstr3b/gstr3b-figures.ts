// Where each figure of the screen (contracts Gstr3bFigureKey) sits in the domain's Gstr3bResult, read and written the
// same way: the rows of the screen, the user's figures laid over the computed return (for the JSON and the set-off),
// and which figures the portal locks (GST-RULES-DETAIL §1.4).
import {
  GSTR3B_FIGURES,
  GSTR3B_LOCK_REASONS,
  isPlaceFigure,
  type Gstr3bAmounts,
  type Gstr3bFigureKey,
  type Gstr3bLock,
} from '@opengst/contracts';
import type { Gstr3bFigure, Gstr3bResult, Gstr3bSources } from '@opengst/domain';

type PlaceKey = '3.2unregistered' | '3.2composition' | '3.2uin';
type FeeKey = '5.1interest' | '5.1lateFee';
type FigureKey = Exclude<Gstr3bFigureKey, PlaceKey | FeeKey>;

const FIGURE_IN: Readonly<Record<FigureKey, (r: Gstr3bResult) => Gstr3bFigure>> = {
  '3.1a': (r) => r.table31.outwardTaxable,
  '3.1b': (r) => r.table31.zeroRated,
  '3.1c': (r) => r.table31.nilExempt,
  '3.1d': (r) => r.table31.inwardReverseCharge,
  '3.1e': (r) => r.table31.nonGst,
  '3.1.1i': (r) => r.table311.operatorPays,
  '3.1.1ii': (r) => r.table311.throughOperator,
  '4A1': (r) => r.table4.available.importOfGoods,
  '4A2': (r) => r.table4.available.importOfServices,
  '4A3': (r) => r.table4.available.reverseCharge,
  '4A4': (r) => r.table4.available.isd,
  '4A5': (r) => r.table4.available.allOther,
  '4B1': (r) => r.table4.reversed.rules,
  '4B2': (r) => r.table4.reversed.others,
  '4C': (r) => r.table4.net,
  '4D1': (r) => r.table4.reclaimed,
  '4D2': (r) => r.table4.ineligible,
  '5gstInter': (r) => r.table5.nilExemptComposition.inter,
  '5gstIntra': (r) => r.table5.nilExemptComposition.intra,
  '5nonGstInter': (r) => r.table5.nonGst.inter,
  '5nonGstIntra': (r) => r.table5.nonGst.intra,
};
const PLACES_IN: Readonly<Record<PlaceKey, keyof Gstr3bResult['table32']>> = {
  '3.2unregistered': 'unregistered',
  '3.2composition': 'composition',
  '3.2uin': 'uin',
};
const FEE_IN: Readonly<Record<FeeKey, keyof Gstr3bResult['table51']>> = { '5.1interest': 'interest', '5.1lateFee': 'lateFee' };

const isFee = (f: Gstr3bFigureKey): f is FeeKey => f in FEE_IN;
const isPlace = (f: Gstr3bFigureKey): f is PlaceKey => isPlaceFigure(f);

export const ZERO_AMOUNTS: Gstr3bAmounts = { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };
const amountsOf = (f: { taxable?: number; igst: number; cgst: number; sgst: number; cess: number }): Gstr3bAmounts => ({
  taxable: f.taxable ?? 0,
  igst: f.igst,
  cgst: f.cgst,
  sgst: f.sgst,
  cess: f.cess,
});

/** One figure of a computed return: its amounts, the part not populated, the ids behind it. */
export type ResultFigure = {
  figure: Gstr3bFigureKey;
  placeOfSupply: string | null;
  amounts: Gstr3bAmounts;
  notPopulated: Gstr3bAmounts | null;
  sources: Gstr3bSources | null;
};

/** Every figure of the return in the form's order, 3.2 one per place of supply. */
export const figuresOfResult = (r: Gstr3bResult): ResultFigure[] =>
  GSTR3B_FIGURES.flatMap((figure): ResultFigure[] => {
    if (isFee(figure))
      return [{ figure, placeOfSupply: null, amounts: amountsOf(r.table51[FEE_IN[figure]]), notPopulated: null, sources: null }];
    if (isPlace(figure))
      return r.table32[PLACES_IN[figure]].map((p) => ({
        figure,
        placeOfSupply: p.placeOfSupply,
        amounts: amountsOf(p),
        notPopulated: p.notPopulated ? amountsOf(p.notPopulated) : null,
        sources: p.sources,
      }));
    const f = FIGURE_IN[figure](r);
    return [
      {
        figure,
        placeOfSupply: null,
        amounts: amountsOf(f),
        notPopulated: f.notPopulated ? amountsOf(f.notPopulated) : null,
        sources: f.sources,
      },
    ];
  });

/** The key of a row: its figure and, in 3.2, its place of supply. */
export const rowKeyOf = (figure: string, placeOfSupply: string | null | undefined): string => `${figure}|${placeOfSupply ?? ''}`;

export type UserFigure = { figure: Gstr3bFigureKey; placeOfSupply: string | null; amounts: Gstr3bAmounts };

const NO_SOURCES: Gstr3bSources = { documentIds: [], portalIds: [], summaryIds: [] };

/** The computed return with the user's figures in place of the system's (4C follows 4A and 4B: never entered). */
export const withUserFigures = (computed: Gstr3bResult, user: readonly UserFigure[]): Gstr3bResult => {
  const r = structuredClone(computed);
  for (const u of user) {
    const a = u.amounts;
    if (isFee(u.figure)) {
      r.table51[FEE_IN[u.figure]] = { igst: a.igst, cgst: a.cgst, sgst: a.sgst, cess: a.cess };
    } else if (isPlace(u.figure)) {
      const list = r.table32[PLACES_IN[u.figure]];
      const at = list.find((p) => p.placeOfSupply === u.placeOfSupply);
      if (at) Object.assign(at, a);
      else list.push({ placeOfSupply: u.placeOfSupply ?? '', ...a, sources: NO_SOURCES });
    } else {
      Object.assign(FIGURE_IN[u.figure](r), a);
    }
  }
  // 4C = 4A − 4B head by head, as the form defines it (and the portal checks: RET3B91404).
  const t4 = r.table4;
  const available = [
    t4.available.importOfGoods,
    t4.available.importOfServices,
    t4.available.reverseCharge,
    t4.available.isd,
    t4.available.allOther,
  ];
  for (const h of ['igst', 'cgst', 'sgst', 'cess'] as const)
    t4.net[h] = available.reduce((s, f) => s + f[h], 0) - t4.reversed.rules[h] - t4.reversed.others[h];
  return r;
};

/** Why the user may not change a figure of this return, or null. */
export const lockOf = (figure: Gstr3bFigureKey, locks: { outward: boolean; interState: boolean }): Gstr3bLock | null => {
  if (figure === '4C') return { code: 'computed', reason: GSTR3B_LOCK_REASONS.computed };
  const outward = ['3.1a', '3.1b', '3.1c', '3.1e', '3.1.1i', '3.1.1ii'].includes(figure);
  if (outward && locks.outward) return { code: 'outwardAutoPopulated', reason: GSTR3B_LOCK_REASONS.outwardAutoPopulated };
  if (isPlace(figure) && locks.interState) return { code: 'interStateAutoPopulated', reason: GSTR3B_LOCK_REASONS.interStateAutoPopulated };
  return null;
};

// Tallies: a figure being summed in paise with the ids of the rows behind it, and the figure it becomes.
import type { Heads } from './set-off';
import type { Amounts, Gstr3bFigure, Gstr3bSources } from './types';

export type Tally = Amounts & { documentIds: number[]; portalIds: number[]; summaryIds: number[] };

export type SourceIds = { documentId?: number | null; portalId?: number | null; summaryId?: number | null };

export const ZERO: Amounts = { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };

export const newTally = (): Tally => ({ ...ZERO, documentIds: [], portalIds: [], summaryIds: [] });

/** Adds `sign` × the amounts (heads only when `a` has no value) and the ids. */
export const addTo = (t: Tally, a: Partial<Amounts>, sign: number, ids: SourceIds): void => {
  t.taxable += sign * (a.taxable ?? 0);
  t.igst += sign * (a.igst ?? 0);
  t.cgst += sign * (a.cgst ?? 0);
  t.sgst += sign * (a.sgst ?? 0);
  t.cess += sign * (a.cess ?? 0);
  addIds(t, ids);
};

export const addIds = (t: Tally, ids: SourceIds): void => {
  if (ids.documentId != null) t.documentIds.push(ids.documentId);
  if (ids.portalId != null) t.portalIds.push(ids.portalId);
  if (ids.summaryId != null) t.summaryIds.push(ids.summaryId);
};

/** The ids of `from` added to `t` (a figure made of another's rows: a 2B section's net below zero in 4B(2)). */
export const addSourcesOf = (t: Tally, from: Tally): void => {
  for (const id of from.documentIds) t.documentIds.push(id);
  for (const id of from.portalIds) t.portalIds.push(id);
  for (const id of from.summaryIds) t.summaryIds.push(id);
};

const distinct = (ids: readonly number[]): number[] => Array.from(new Set(ids)).sort((x, y) => x - y);

export const sourcesOf = (t: Tally): Gstr3bSources => ({
  documentIds: distinct(t.documentIds),
  portalIds: distinct(t.portalIds),
  summaryIds: distinct(t.summaryIds),
});

const checked = (what: string, paise: number): number => {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`${what} is not a whole number of paise within range: ${paise}`);
  return paise + 0; // no −0
};

const FIELDS = ['taxable', 'igst', 'cgst', 'sgst', 'cess'] as const;

/**
 * The figure of a tally. `clamp`: a cell whose net is below zero shows zero and the shortfall goes to `notPopulated`
 * (the system-generated GSTR-3B: "net negative values shall not be considered in the table", GSTN advisory on
 * auto-population, Nov 2020). `value`: whether the row has a value column.
 */
export const figureOf = (t: Tally, options: { clamp: boolean; value: boolean }): Gstr3bFigure => {
  const shown = {} as Record<(typeof FIELDS)[number], number>;
  const dropped = { ...ZERO };
  let hasDropped = false;
  for (const f of FIELDS) {
    const net = checked(f, t[f]);
    if (options.clamp && net < 0) {
      shown[f] = 0;
      dropped[f] = -net;
      hasDropped = true;
    } else shown[f] = net;
  }
  const figure: Gstr3bFigure = { igst: shown.igst, cgst: shown.cgst, sgst: shown.sgst, cess: shown.cess, sources: sourcesOf(t) };
  if (options.value) figure.taxable = shown.taxable;
  if (hasDropped) figure.notPopulated = dropped;
  return figure;
};

export const headsOf = (a: Pick<Amounts, 'igst' | 'cgst' | 'sgst' | 'cess'>): Heads => ({
  igst: a.igst,
  cgst: a.cgst,
  sgst: a.sgst,
  cess: a.cess,
});

export const minus = (a: Amounts, b: Amounts): Amounts => ({
  taxable: a.taxable - b.taxable,
  igst: a.igst - b.igst,
  cgst: a.cgst - b.cgst,
  sgst: a.sgst - b.sgst,
  cess: a.cess - b.cess,
});

import { GSTR3B_FIGURE_LAYOUT, type Gstr3bAmounts, type Gstr3bPortalState, type Gstr3bRow } from '@opengst/contracts';

// Rows of a GSTR-3B for the tests: zero amounts, the figure's own columns, nothing locked, unless a test says otherwise.

export const amounts = (patch: Partial<Gstr3bAmounts>): Gstr3bAmounts => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0, ...patch });

export const row = (figure: Gstr3bRow['figure'], patch: Partial<Gstr3bRow> = {}): Gstr3bRow => ({
  figure,
  placeOfSupply: null,
  columns: [...GSTR3B_FIGURE_LAYOUT[figure].columns],
  system: amounts({}),
  user: null,
  difference: null,
  notPopulated: null,
  lock: null,
  sources: { documents: 0, gstr2b: 0, summaries: 0 },
  ...patch,
});

/** A return never sent to the portal. */
export const NOT_AT_PORTAL: Gstr3bPortalState = {
  referenceId: null,
  saveStatus: null,
  savedAt: null,
  submittedAt: null,
  offsetAt: null,
  filedAt: null,
  arn: null,
  lastError: null,
};

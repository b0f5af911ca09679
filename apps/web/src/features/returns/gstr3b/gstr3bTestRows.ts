import {
  GSTR3B_FIGURE_LAYOUT,
  type Gstr3bAmounts,
  type Gstr3bComputeState,
  type Gstr3bHeads,
  type Gstr3bPortalState,
  type Gstr3bRow,
  type Gstr3bSetOff,
} from '@opengst/contracts';

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

/** The last computation completed. */
export const COMPUTED: Gstr3bComputeState = { status: 'Completed', stage: null, done: 0, total: 0, message: null };

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

const heads = (patch: Partial<Gstr3bHeads> = {}): Gstr3bHeads => ({ igst: 0, cgst: 0, sgst: 0, cess: 0, ...patch });
const minors = (patch: Partial<Record<'tax' | 'interest' | 'penalty' | 'fee' | 'others', number>> = {}) => ({
  tax: 0,
  interest: 0,
  penalty: 0,
  fee: 0,
  others: 0,
  ...patch,
});

/**
 * A set-off over the portal's ledgers: IGST ₹18,000 payable, ₹10,000 of IGST credit pays it and the rest is cash;
 * CGST ₹500 under reverse charge and a late fee of ₹100 CGST; the cash ledger empty: ₹8,000 IGST tax, ₹500 CGST
 * tax and ₹100 CGST fee to deposit.
 */
export const setOffOf = (patch: Partial<Gstr3bSetOff> = {}): Gstr3bSetOff => ({
  entityId: 5,
  returnPeriod: '102026',
  dueDate: '2026-11-20',
  asOf: '2026-11-27',
  payable: {
    otherThanReverseCharge: heads({ igst: 18_000_00 }),
    reverseCharge: heads({ cgst: 500_00 }),
    interest: heads(),
    lateFee: heads({ cgst: 100_00 }),
  },
  creditLedger: { balance: heads({ igst: 10_000_00 }), known: true, asOf: '2026-11-27' },
  cashLedger: { balance: heads(), known: true, asOf: '2026-11-27' },
  netItc: heads({ igst: 10_000_00 }),
  creditAvailable: heads({ igst: 10_000_00 }),
  utilisation: [{ from: 'igst', to: 'igst', amount: 10_000_00, explanation: '₹ 10,000.00 of IGST credit pays IGST (section 49(5)(a))' }],
  creditLeft: heads(),
  cash: {
    tax: heads({ igst: 8_000_00 }),
    reverseCharge: heads({ cgst: 500_00 }),
    interest: heads(),
    lateFee: heads({ cgst: 100_00 }),
    total: heads({ igst: 8_000_00, cgst: 600_00 }),
  },
  cashToDeposit: heads({ igst: 8_000_00, cgst: 600_00 }),
  interest: { amount: heads(), days: 0, lines: [], explanation: 'Filed by the due date: no interest (section 50(1)).' },
  lateFee: { cgst: 100_00, sgst: 0, days: 4, perDay: 25_00, cap: 5_000_00, aggregateTurnover: null, explanation: '4 days late.' },
  portalLedgers: {
    cash: { igst: minors(), cgst: minors(), sgst: minors(), cess: minors() },
    credit: heads({ igst: 10_000_00 }),
    creditHoldsReturnItc: true,
  },
  cashNeeded: {
    due: { igst: minors({ tax: 8_000_00 }), cgst: minors({ tax: 500_00, fee: 100_00 }), sgst: minors(), cess: minors() },
    fromLedger: { igst: minors(), cgst: minors(), sgst: minors(), cess: minors() },
    challan: { igst: minors({ tax: 8_000_00 }), cgst: minors({ tax: 500_00, fee: 100_00 }), sgst: minors(), cess: minors() },
    total: 8_600_00,
    lines: [
      { head: 'igst', minor: 'tax', due: 8_000_00, fromLedger: 0, challan: 8_000_00, explanation: 'IGST tax: ₹ 8,000.00 by challan.' },
      { head: 'cgst', minor: 'tax', due: 500_00, fromLedger: 0, challan: 500_00, explanation: 'CGST tax: ₹ 500.00 by challan.' },
      { head: 'cgst', minor: 'fee', due: 100_00, fromLedger: 0, challan: 100_00, explanation: 'CGST fee: ₹ 100.00 by challan.' },
    ],
  },
  offset: null,
  ...patch,
});

import type { Drc01Detail, Drc01Intimation } from '@opengst/contracts';

// An open DRC-01B of Mumbai's April 2025 (₹8,000 of IGST above the tax paid), for the DRC-01 screens' tests.

const heads = (igst: number) => ({ igst, cgst: 0, sgst: 0, cess: 0 });

export const intimation = (change: Partial<Drc01Intimation> = {}): Drc01Intimation => ({
  id: 11,
  entityId: 5,
  entityName: 'Mumbai',
  gstin: '27AAPFU0939F1ZV',
  form: 'DRC01B',
  referenceNumber: 'ZB270525AB12C34',
  period: '042025',
  issuedOn: '2025-05-05',
  dueOn: '2025-05-12',
  status: 'Open',
  isOverdue: false,
  reported: heads(18_000_00),
  baseline: heads(10_000_00),
  difference: heads(8_000_00),
  excess: heads(8_000_00),
  totalExcess: 8_000_00,
  percentBasisPoints: 8000,
  threshold: { amount: 25_00_000_00, percentBasisPoints: 2000, rule: 'amountOrPercent' },
  explanation: 'Apr 2025: the liability in GSTR-1/IFF and GSTR-1A exceeds the tax paid in GSTR-3B by ₹ 8,000.00',
  reply: null,
  syncedAt: '2025-05-05T05:00:00.000Z',
  ...change,
});

export const detail = (change: Partial<Drc01Intimation> = {}, precheckExcess = 8_000_00): Drc01Detail => {
  const i = intimation(change);
  return {
    intimation: i,
    precheck: {
      form: i.form,
      period: i.period,
      figures: {
        reported: i.reported,
        baseline: i.baseline,
        difference: heads(precheckExcess),
        excess: heads(precheckExcess),
        totalExcess: precheckExcess,
        percentBasisPoints: 8000,
        threshold: i.threshold,
        explanation: 'Product check: Part A of DRC-01B is to be expected.',
      },
      isIntimation: true,
      missing: [],
    },
    sandbox: true,
  };
};

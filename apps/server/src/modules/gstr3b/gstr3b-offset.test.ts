// The offset built from a set-off (no database): the proposed utilisation or the user's own, checked against the law
// (s.49(5), 49A, Rule 88A) and the credit ledger, the rest in cash by liability, and the cash checked cell by cell
// against the cash ledger with the shortfall named.
import type { Gstr3bSetOff } from '@opengst/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import type { LedgerBalance } from '../../portal';
import { offsetOfPlan } from './gstr3b-offset';

const heads = (p: Partial<Record<'igst' | 'cgst' | 'sgst' | 'cess', number>> = {}) => ({ igst: 0, cgst: 0, sgst: 0, cess: 0, ...p });
const minors = (p: Partial<Record<'tax' | 'interest' | 'penalty' | 'fee' | 'others', number>> = {}) => ({
  tax: 0,
  interest: 0,
  penalty: 0,
  fee: 0,
  others: 0,
  ...p,
});

/** IGST ₹9,000, CGST and SGST ₹900 payable; reverse charge CGST ₹180; late fee CGST and SGST ₹50 each. */
const setOff: Pick<Gstr3bSetOff, 'payable' | 'utilisation'> = {
  payable: {
    otherThanReverseCharge: heads({ igst: 9_000_00, cgst: 900_00, sgst: 900_00 }),
    reverseCharge: heads({ cgst: 180_00 }),
    interest: heads(),
    lateFee: heads({ cgst: 50_00, sgst: 50_00 }),
  },
  utilisation: [{ from: 'igst', to: 'igst', amount: 3_000_00, explanation: '' }],
};
/** Credit: IGST ₹3,000, CGST and SGST ₹500 each (this return's ITC, posted at submission). */
const ledgers = (cash: LedgerBalance['cash']): LedgerBalance => ({
  credit: heads({ igst: 3_000_00, cgst: 500_00, sgst: 500_00 }),
  cash,
  blockedCredit: heads(),
});
const rich = ledgers({
  igst: minors({ tax: 9_000_00 }),
  cgst: minors({ tax: 2_000_00, fee: 50_00 }),
  sgst: minors({ tax: 2_000_00, fee: 50_00 }),
  cess: minors(),
});
const NOW = new Date('2026-11-27T10:00:00Z');

const refusal = (work: () => unknown): AppError => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('offsetOfPlan', () => {
  it('sends the proposed utilisation and the rest of each liability in cash, reverse charge and late fee apart', () => {
    const { request, sent } = offsetOfPlan(setOff, rich, null, NOW);
    expect(request.credit).toEqual([{ from: 'igst', to: 'igst', amount: 3_000_00 }]);
    expect(request.cash.otherThanReverseCharge).toEqual({
      tax: heads({ igst: 6_000_00, cgst: 900_00, sgst: 900_00 }),
      interest: heads(),
      lateFee: { cgst: 50_00, sgst: 50_00 },
    });
    expect(request.cash.reverseCharge.tax).toEqual(heads({ cgst: 180_00 }));
    expect(sent).toMatchObject({ at: NOW.toISOString(), cash: { reverseCharge: heads({ cgst: 180_00 }) } });
  });

  it("takes the user's lawful utilisation: CGST and SGST credit once the IGST credit is used up", () => {
    const credit = [
      { from: 'igst' as const, to: 'igst' as const, amount: 3_000_00 },
      { from: 'cgst' as const, to: 'cgst' as const, amount: 500_00 },
      { from: 'sgst' as const, to: 'sgst' as const, amount: 500_00 },
    ];
    const { request } = offsetOfPlan(setOff, rich, credit, NOW);
    expect(request.cash.otherThanReverseCharge.tax).toEqual(heads({ igst: 6_000_00, cgst: 400_00, sgst: 400_00 }));
  });

  it('refuses a utilisation the law does not allow or the credit ledger does not hold', () => {
    const early = refusal(() => offsetOfPlan(setOff, rich, [{ from: 'cgst', to: 'igst', amount: 100_00 }], NOW));
    expect([early.code, early.message]).toEqual(['RET0022', expect.stringContaining('section 49A') as string]);
    const crossed = refusal(() => offsetOfPlan(setOff, rich, [{ from: 'cgst', to: 'sgst', amount: 100_00 }], NOW));
    expect(crossed.message).toContain('CGST credit cannot pay SGST');
    const more = refusal(() => offsetOfPlan(setOff, rich, [{ from: 'igst', to: 'igst', amount: 3_500_00 }], NOW));
    expect(more.message).toContain('More IGST credit is used than the ledger holds');
  });

  it('names every cell the cash ledger is short of', () => {
    const short = refusal(() =>
      offsetOfPlan(
        setOff,
        ledgers({ igst: minors({ tax: 6_000_00 }), cgst: minors({ tax: 1_000_00 }), sgst: minors({ tax: 2_000_00 }), cess: minors() }),
        null,
        NOW,
      ),
    );
    expect(short.code).toBe('RET0023');
    // CGST tax: ₹900 + ₹180 reverse charge needed, ₹1,000 held; the late fee cells hold nothing.
    expect(short.message).toContain('CGST tax: the cash ledger holds ₹ 1,000.00, the offset needs ₹ 1,080.00');
    expect(short.message).toContain('CGST late fee: the cash ledger holds ₹ 0.00, the offset needs ₹ 50.00');
    expect(short.message).toContain('SGST late fee');
    expect(short.message).not.toContain('IGST tax');
  });
});

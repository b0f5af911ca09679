import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_TAX, TAX_HEADS, setOffLiability, type Heads } from '../gstr3b/set-off';
import { cashNeededFor, ceilToRupee } from './cash-needed';
import { MINOR_HEADS, NO_CHALLAN_AMOUNTS, challanAmountsOf, challanOf, type ChallanAmounts } from './challan';

const heads = (igst: number, cgst: number, sgst: number, cess = 0): Heads => ({ igst, cgst, sgst, cess });

describe('cashNeededFor', () => {
  it('puts what the set-off leaves to cash, interest and late fee on the challan, each in its minor head', () => {
    // IGST credit 100 pays IGST 100; CGST 80 and SGST 80 are due with no credit: cash.
    const setOff = setOffLiability(heads(100_00, 80_00, 80_00), heads(100_00, 0, 0));
    const r = cashNeededFor(setOff, NO_CHALLAN_AMOUNTS, { interest: heads(0, 12_34, 12_34), lateFee: heads(0, 500_00, 500_00) });
    expect(r.challan.cgst).toEqual({ tax: 80_00, interest: 13_00, penalty: 0, fee: 500_00, others: 0 });
    expect(r.challan.igst).toEqual({ tax: 0, interest: 0, penalty: 0, fee: 0, others: 0 });
    expect(r.due.cgst.interest).toBe(12_34);
    expect(r.total).toBe(2 * (80_00 + 13_00 + 500_00));
    expect(r.lines.map((l) => l.explanation)).toContain('CGST interest: ₹ 12.34 due, ₹ 0.00 in the cash ledger, ₹ 13.00 by challan.');
  });

  it('uses the cash ledger of the same head and minor head only', () => {
    const setOff = setOffLiability(heads(0, 1_000_00, 1_000_00), NO_TAX);
    const ledger = challanAmountsOf({ cgst: { tax: 400_00, interest: 5_000_00 }, igst: { tax: 9_000_00 } });
    const r = cashNeededFor(setOff, ledger);
    expect(r.fromLedger.cgst.tax).toBe(400_00);
    expect(r.challan.cgst.tax).toBe(600_00);
    expect(r.challan.sgst.tax).toBe(1_000_00); // neither the IGST nor the CGST interest balance pays it
    expect(r.lines.find((l) => l.head === 'cgst' && l.minor === 'tax')?.explanation).toBe(
      'CGST tax: ₹ 1,000.00 due, ₹ 400.00 in the cash ledger, ₹ 600.00 by challan.',
    );
  });

  it('needs no challan when the ledger covers everything, and says so', () => {
    const setOff = setOffLiability(heads(0, 1_000_00, 0), NO_TAX);
    const r = cashNeededFor(setOff, challanAmountsOf({ cgst: { tax: 1_000_00 } }));
    expect(r.total).toBe(0);
    expect(r.lines).toEqual([
      {
        head: 'cgst',
        minor: 'tax',
        due: 1_000_00,
        fromLedger: 1_000_00,
        challan: 0,
        explanation: "CGST tax: ₹ 1,000.00 due, paid from the cash ledger's ₹ 1,000.00.",
      },
    ]);
  });

  it('rounds each cell up to the rupee so the deposit covers it', () => {
    expect(ceilToRupee(0)).toBe(0);
    expect(ceilToRupee(1)).toBe(100);
    expect(ceilToRupee(100)).toBe(100);
    expect(ceilToRupee(101)).toBe(200);
  });

  it('gives a challan that PMT-06 accepts', () => {
    const setOff = setOffLiability(heads(0, 1_234_56, 1_234_56), heads(0, 1_000_00, 0));
    const r = cashNeededFor(setOff, NO_CHALLAN_AMOUNTS);
    const challan = challanOf({ gstin: '27AAPFU0939F1ZV', generatedOn: '2026-10-18', mode: 'upi', amounts: r.challan, sandbox: true });
    expect(challan.ok && challan.challan.total).toBe(r.total);
  });

  it('rejects a negative or fractional balance', () => {
    const setOff = setOffLiability(heads(0, 100, 0), NO_TAX);
    expect(() => cashNeededFor(setOff, challanAmountsOf({ cgst: { tax: -1 } }))).toThrow(RangeError);
    expect(() => cashNeededFor(setOff, challanAmountsOf({ cgst: { fee: 0.5 } }))).toThrow(RangeError);
  });

  it('covers what is due from the ledger and the challan, by less than a rupee more, using no more than the ledger holds', () => {
    const paise = fc.integer({ min: 0, max: 1_00_00_000_00 });
    const headsArb = fc.record({ igst: paise, cgst: paise, sgst: paise, cess: paise });
    const ledgerArb: fc.Arbitrary<ChallanAmounts> = fc.record({
      igst: fc.record({ tax: paise, interest: paise, penalty: paise, fee: paise, others: paise }),
      cgst: fc.record({ tax: paise, interest: paise, penalty: paise, fee: paise, others: paise }),
      sgst: fc.record({ tax: paise, interest: paise, penalty: paise, fee: paise, others: paise }),
      cess: fc.record({ tax: paise, interest: paise, penalty: paise, fee: paise, others: paise }),
    });
    fc.assert(
      fc.property(headsArb, headsArb, ledgerArb, headsArb, headsArb, (liability, credit, ledger, interest, lateFee) => {
        const r = cashNeededFor(setOffLiability(liability, credit), ledger, { interest, lateFee });
        for (const head of TAX_HEADS)
          for (const minor of MINOR_HEADS) {
            const due = r.due[head][minor];
            const covered = r.fromLedger[head][minor] + r.challan[head][minor];
            expect(covered).toBeGreaterThanOrEqual(due);
            expect(covered - due).toBeLessThan(100);
            expect(r.challan[head][minor] % 100).toBe(0);
            expect(r.fromLedger[head][minor]).toBeLessThanOrEqual(ledger[head][minor]);
          }
        expect(r.due.igst.tax).toBe(setOffLiability(liability, credit).cash.igst);
      }),
    );
  });
});

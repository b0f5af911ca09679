import { describe, expect, it } from 'vitest';
import { lateReturnInterest, wrongCreditInterest } from './interest';
import { NO_TAX } from './set-off';

const heads = (igst: number, cgst = 0, sgst = 0, cess = 0) => ({ igst, cgst, sgst, cess });

describe('lateReturnInterest (s.50(1), Rule 88B(1))', () => {
  it('charges 18% a year on the cash paid, for the days after the due date up to the filing, to the nearest rupee', () => {
    // ₹1,00,000 due 20-06-2025, filed 28-06-2025: 8 days; 1,00,000 × 18% × 8 / 365 = 394.52 -> ₹395.
    const r = lateReturnInterest({ cashPaid: heads(10_000_000), dueDate: '2025-06-20', filedOn: '2025-06-28' });
    expect(r.days).toBe(8);
    expect(r.interest).toEqual(heads(39_500));
    expect(r.lines).toEqual([
      {
        head: 'igst',
        amount: 39_500,
        base: 10_000_000,
        days: 8,
        from: '2025-06-21',
        explanation: '₹ 395.00 on ₹ 1,00,000.00 for 8 days from 21-06-2025 at 18%',
      },
    ]);
  });

  it('is nil when filed on the due date, and one day the day after', () => {
    expect(lateReturnInterest({ cashPaid: heads(10_000_000), dueDate: '2025-06-20', filedOn: '2025-06-20' }).interest).toEqual(NO_TAX);
    // 1,00,000 × 18% / 365 = 49.32 -> ₹49.
    const oneDay = lateReturnInterest({ cashPaid: heads(10_000_000), dueDate: '2025-06-20', filedOn: '2025-06-21' });
    expect([oneDay.days, oneDay.interest.igst, oneDay.lines[0]?.explanation]).toEqual([
      1,
      4_900,
      '₹ 49.00 on ₹ 1,00,000.00 for 1 day from 21-06-2025 at 18%',
    ]);
  });

  it('rounds half a rupee up (s.170): 50 paise and more to the next rupee, less down', () => {
    // ₹ 1,00,375 × 18% / 365 = 49.50 exactly: up to ₹50; a rupee less, 49.497: down to ₹49.
    const one = (rupees: number) =>
      lateReturnInterest({ cashPaid: heads(rupees * 100), dueDate: '2025-06-20', filedOn: '2025-06-21' }).interest.igst;
    expect(one(100_374)).toBe(4_900);
    expect(one(100_375)).toBe(5_000);
  });

  it('charges no interest on cash that stood in the ledger from the due date until the filing (proviso to Rule 88B(1))', () => {
    const r = lateReturnInterest({
      cashPaid: heads(0, 5_000_000, 5_000_000),
      cashHeldSinceDue: heads(0, 5_000_000, 2_000_000),
      dueDate: '2025-06-20',
      filedOn: '2025-07-20',
    });
    // SGST: 30,000 × 18% × 30 / 365 = 443.84 -> ₹444; CGST fully held in time.
    expect(r.interest).toEqual(heads(0, 0, 44_400));
    expect(r.lines.map((l) => l.head)).toEqual(['sgst']);
  });

  it('is exact for large amounts (past 2^53 in the product)', () => {
    // ₹ 5,000 crore for 1,000 days: 5e10 × 0.18 × 1000 / 365 = 24,657,534,246.58 -> ₹ 24,657,534,247.
    const r = lateReturnInterest({ cashPaid: heads(5_000_000_000_000), dueDate: '2020-01-20', filedOn: '2022-10-16' });
    expect(r.days).toBe(1000);
    expect(r.interest.igst).toBe(2_465_753_424_700);
  });

  it('refuses a bad date or amount', () => {
    expect(() => lateReturnInterest({ cashPaid: heads(-1), dueDate: '2025-06-20', filedOn: '2025-06-21' })).toThrow(RangeError);
    expect(() => lateReturnInterest({ cashPaid: heads(1), dueDate: '20-06-2025', filedOn: '2025-06-21' })).toThrow(RangeError);
  });
});

describe('wrongCreditInterest (s.50(3), Rule 88B(3))', () => {
  it('charges interest only while the credit ledger stays below the credit wrongly availed, on the shortfall', () => {
    // ₹ 50,000 wrongly availed on 01-04-2025, reversed on 01-05-2025. The ledger holds ₹ 80,000 until 10-04, then
    // ₹ 30,000 (₹ 20,000 utilised) until 20-04, then ₹ 0 (₹ 50,000 utilised).
    const r = wrongCreditInterest({
      wronglyAvailed: 5_000_000,
      availedOn: '2025-04-01',
      reversedOn: '2025-05-01',
      ledger: [
        { on: '2025-04-01', balance: 8_000_000 },
        { on: '2025-04-10', balance: 3_000_000 },
        { on: '2025-04-20', balance: 0 },
      ],
    });
    expect(r.lines.map((l) => [l.from, l.days, l.base])).toEqual([
      ['2025-04-10', 10, 2_000_000],
      ['2025-04-20', 11, 5_000_000],
    ]);
    // 20,000 × 18% × 10/365 = 98.63; 50,000 × 18% × 11/365 = 271.23; 369.86 -> ₹370.
    expect(r.interest).toBe(37_000);
    expect(r.lines[0]?.explanation).toBe('₹ 98.63 on ₹ 20,000.00 for 10 days from 10-04-2025 at 18%');
  });

  it('is nil when the ledger never falls below the credit wrongly availed', () => {
    const r = wrongCreditInterest({
      wronglyAvailed: 5_000_000,
      availedOn: '2025-04-01',
      reversedOn: '2025-05-01',
      ledger: [{ on: '2025-04-01', balance: 5_000_000 }],
    });
    expect([r.interest, r.lines]).toEqual([0, []]);
  });
});

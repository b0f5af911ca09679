import { describe, expect, it } from 'vitest';
import { lateFee } from './late-fee';

const CRORE = 1_000_000_000; // paise
const fee = (days: number, over: Partial<Parameters<typeof lateFee>[0]> = {}) => {
  const due = new Date(Date.UTC(2025, 5, 20));
  const filed = new Date(due.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  return lateFee({
    form: 'GSTR3B',
    period: '052025',
    dueDate: '2025-06-20',
    filedOn: filed,
    isNil: false,
    aggregateTurnover: CRORE,
    ...over,
  });
};

describe('lateFee (s.47; Notifications 76/2018, 19/2021 and 20/2021)', () => {
  it('is nil on the due date, ₹25 a day per Act from the day after', () => {
    expect(fee(0)).toMatchObject({ cgst: 0, sgst: 0, days: 0, explanation: 'GSTR-3B filed by its due date: no late fee' });
    expect(fee(1)).toMatchObject({
      cgst: 2_500,
      sgst: 2_500,
      days: 1,
      explanation: '₹ 25.00 CGST and ₹ 25.00 SGST for 1 day from 21-06-2025 at ₹ 25.00 a day each',
    });
  });

  it('caps a nil return at ₹250 per Act: ₹10 a day reaches it on the 25th day', () => {
    expect(fee(24, { isNil: true }).cgst).toBe(24_000);
    expect(fee(25, { isNil: true }).cgst).toBe(25_000);
    expect(fee(26, { isNil: true })).toMatchObject({
      cgst: 25_000,
      explanation: '₹ 250.00 CGST and ₹ 250.00 SGST for 26 days from 21-06-2025 at ₹ 10.00 a day each, capped at ₹ 250.00 each',
    });
  });

  it('caps by the turnover of the preceding year at its boundaries: ₹1.5 crore, ₹5 crore', () => {
    expect(fee(365, { aggregateTurnover: 1.5 * CRORE }).cgst).toBe(100_000);
    expect(fee(365, { aggregateTurnover: 1.5 * CRORE + 1 }).cgst).toBe(250_000);
    expect(fee(365, { aggregateTurnover: 5 * CRORE }).cgst).toBe(250_000);
    expect(fee(365, { aggregateTurnover: 5 * CRORE + 1 }).cgst).toBe(500_000);
    // ₹1,000 is 40 days at ₹25: the 40th day reaches the cap, the 41st stays on it.
    expect(fee(39).cgst).toBe(97_500);
    expect(fee(40).cgst).toBe(100_000);
    expect(fee(41).cgst).toBe(100_000);
  });

  it('uses the caps by turnover from the June 2021 period, the statute cap of ₹5,000 per Act before', () => {
    expect(fee(365, { period: '062021', aggregateTurnover: 0 }).cgst).toBe(100_000);
    expect(fee(365, { period: '052021', aggregateTurnover: 0 }).cgst).toBe(500_000);
    expect(fee(365, { period: '052021', isNil: true }).cgst).toBe(365_000);
  });

  it('says GSTR-1 for GSTR-1, and refuses a bad period or turnover', () => {
    expect(fee(2, { form: 'GSTR1' }).explanation).toMatch(/^₹ 50.00 CGST/);
    expect(fee(0, { form: 'GSTR1' }).explanation).toBe('GSTR-1 filed by its due date: no late fee');
    expect(() => fee(1, { period: '132025' })).toThrow(RangeError);
    expect(() => fee(1, { aggregateTurnover: -5 })).toThrow(RangeError);
  });
});

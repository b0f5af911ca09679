import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../identity/index';
import { challanOf, challanValidUntil, cpinOfCin, isChallanValidOn, isCin, isCpin, type ChallanInput } from './challan';
import { PAYMENT_MODES, otcLimitOn } from './payment-modes';

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const MAHARASHTRA = gstin('27AAPFU0939F1Z');
const CHANDIGARH = gstin('04AAPFU0939F1Z');
const RUPEE = 100;
const input = (over: Partial<ChallanInput> = {}): ChallanInput => ({
  gstin: MAHARASHTRA,
  generatedOn: '2026-10-18',
  mode: 'netBanking',
  amounts: {
    igst: { tax: 50_000 * RUPEE },
    cgst: { tax: 9_000 * RUPEE, interest: 120 * RUPEE, fee: 500 * RUPEE },
    sgst: { tax: 9_000 * RUPEE, fee: 500 * RUPEE },
  },
  ...over,
});
const codes = (over: Partial<ChallanInput>) => {
  const r = challanOf(input(over));
  return r.ok ? [] : r.problems.map((p) => p.code);
};

describe('challanOf (Form GST PMT-06)', () => {
  it('totals the amounts by major head, by minor head and in all', () => {
    const r = challanOf(input());
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.challan.byHead).toEqual({ igst: 5_000_000, cgst: 962_000, sgst: 950_000, cess: 0 });
    expect(r.challan.byMinorHead).toEqual({ tax: 6_800_000, interest: 12_000, penalty: 0, fee: 100_000, others: 0 });
    expect(r.challan.total).toBe(6_912_000);
    expect(r.challan.amounts.cess).toEqual({ tax: 0, interest: 0, penalty: 0, fee: 0, others: 0 });
    expect(r.challan.validUntil).toBe('2026-11-02');
    expect(r.challan.stateTaxLabel).toBe('SGST');
  });

  it('labels the State head UTGST in a Union territory without a legislature', () => {
    const r = challanOf(input({ gstin: CHANDIGARH }));
    expect(r.ok && r.challan.stateTaxLabel).toBe('UTGST');
  });

  it('takes whole rupees only, never negative, and something to pay', () => {
    expect(codes({ amounts: { igst: { tax: 100_050 } } })).toEqual(['CHALLAN_WHOLE_RUPEES']);
    expect(codes({ amounts: { igst: { tax: -100 } } })).toEqual(['CHALLAN_AMOUNT']);
    expect(codes({ amounts: { igst: { tax: 1.5 } } })).toEqual(['CHALLAN_AMOUNT']);
    expect(codes({ amounts: {} })).toEqual(['CHALLAN_EMPTY']);
  });

  it('checks the GSTIN and the date', () => {
    expect(codes({ gstin: '27AAPFU0939F1ZX' })).toEqual(['CHALLAN_GSTIN']);
    expect(codes({ generatedOn: '18-10-2026' })).toEqual(['CHALLAN_DATE']);
  });
});

describe('payment modes (Rule 87(3))', () => {
  const otc = (rupees: number, over: Partial<ChallanInput> = {}) =>
    codes({ mode: 'otc', amounts: { cgst: { tax: rupees * RUPEE } }, ...over });

  it('lets a challan paid over the counter deposit up to ₹10,000: exactly ₹10,000 is allowed, ₹10,001 is not', () => {
    expect(otc(10_000)).toEqual([]);
    expect(otc(10_001)).toEqual(['CHALLAN_OTC_LIMIT']);
    const r = challanOf(input({ mode: 'otc', amounts: { cgst: { tax: 10_001 * RUPEE } } }));
    expect(!r.ok && r.problems[0]!.message).toContain('at most ₹ 10,000.00 (Rule 87(3)(iv)); this one is ₹ 10,001.00');
  });

  it('counts every head and minor head of the challan towards the OTC limit', () => {
    expect(codes({ mode: 'otc', amounts: { cgst: { tax: 5_000 * RUPEE }, sgst: { tax: 5_000 * RUPEE, interest: RUPEE } } })).toEqual([
      'CHALLAN_OTC_LIMIT',
    ]);
  });

  it('lifts the OTC limit for the deposits the proviso exempts', () => {
    expect(otc(50_000, { otcExemption: 'governmentDepartment' })).toEqual([]);
    expect(otc(50_000, { otcExemption: 'recoveryOfDues' })).toEqual([]);
    expect(otc(50_000, { otcExemption: 'investigationOrEnforcement' })).toEqual([]);
  });

  it('has no limit for e-payment or NEFT/RTGS', () => {
    expect(codes({ mode: 'neftRtgs', amounts: { igst: { tax: 10_00_00_000 * RUPEE } } })).toEqual([]);
    expect(codes({ mode: 'card', amounts: { igst: { tax: 10_00_000 * RUPEE } } })).toEqual([]);
  });

  it('allows UPI and IMPS from 05-07-2022 (Notification 14/2022-CT), not before', () => {
    expect(codes({ mode: 'upi', generatedOn: '2022-07-04' })).toEqual(['CHALLAN_MODE_NOT_YET']);
    expect(codes({ mode: 'upi', generatedOn: '2022-07-05' })).toEqual([]);
    expect(codes({ mode: 'imps', generatedOn: '2022-07-04' })).toEqual(['CHALLAN_MODE_NOT_YET']);
    expect(PAYMENT_MODES.imps.channel).toBe('mandate');
  });

  it('knows no OTC limit before GST began', () => {
    expect(otcLimitOn('2017-06-30')).toBeNull();
    expect(otcLimitOn('2017-07-01')).toBe(10_000 * RUPEE);
  });
});

describe('validity (Rule 87(2)) and numbers', () => {
  it('keeps a challan valid for 15 days after the day it is generated', () => {
    expect(challanValidUntil('2026-10-18')).toBe('2026-11-02');
    expect(challanValidUntil('2027-02-20')).toBe('2027-03-07');
    expect(isChallanValidOn('2026-10-18', '2026-10-18')).toBe(true);
    expect(isChallanValidOn('2026-10-18', '2026-11-02')).toBe(true);
    expect(isChallanValidOn('2026-10-18', '2026-11-03')).toBe(false);
    expect(isChallanValidOn('2026-10-18', '2026-10-17')).toBe(false);
  });

  it('knows a CPIN (14 digits) and a CIN (the CPIN and the bank code)', () => {
    expect(isCpin('26102700012345')).toBe(true);
    expect(isCpin('2610270001234')).toBe(false);
    expect(isCpin('2610270001234A')).toBe(false);
    expect(isCin('26102700012345SBIN')).toBe(true);
    expect(isCin('26102700012345SBI')).toBe(false);
    expect(isCin('26102700012345sbin')).toBe(false);
    expect(cpinOfCin('26102700012345HDFC')).toBe('26102700012345');
    expect(cpinOfCin('26102700012345')).toBeNull();
  });
});

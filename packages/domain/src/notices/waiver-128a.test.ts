import { describe, expect, it } from 'vitest';
import {
  decodePaymentNote,
  DRC03_ARN_PATTERN,
  encodePaymentNote,
  remainingByHead,
  section128AWaiver,
  sumSplits,
  ZERO_SPLIT,
  type PaymentSplit,
  type Waiver128AInput,
} from './index';

// s.128A waiver (Rule 164; Notif 21/2024-CT; Circular 238/32/2024) at every boundary, and the DRC-03 split's encoding.

const split = (patch: Partial<PaymentSplit>): PaymentSplit => ({ ...ZERO_SPLIT, ...patch });
const DEMAND = split({ taxCgst: 500_000, taxSgst: 500_000, interest: 300_000, penalty: 100_000 });
const base: Waiver128AInput = {
  sections: '73',
  financialYears: ['2018-19'],
  stage: 'Received',
  demand: DEMAND,
  payments: [],
  today: '2025-01-15',
};
const waiver = (patch: Partial<Waiver128AInput>) => section128AWaiver({ ...base, ...patch });

describe('section128AWaiver', () => {
  it('applies to a s.73 demand of 2017-18 to 2019-20 and not of 2016-17 or 2020-21', () => {
    expect(waiver({ financialYears: ['2016-17'] })).toEqual({ applies: false, reason: 'years' });
    expect(waiver({ financialYears: ['2017-18'] }).applies).toBe(true);
    expect(waiver({ financialYears: ['2019-20'] }).applies).toBe(true);
    expect(waiver({ financialYears: ['2020-21'] })).toEqual({ applies: false, reason: 'years' });
    expect(waiver({ financialYears: [] })).toEqual({ applies: false, reason: 'years' });
  });

  it('applies to section 73 only, not 74 or 74A, however the section is written', () => {
    expect(waiver({ sections: '74' })).toEqual({ applies: false, reason: 'section' });
    expect(waiver({ sections: '74A' })).toEqual({ applies: false, reason: 'section' });
    expect(waiver({ sections: '73, 74' })).toEqual({ applies: false, reason: 'section' });
    expect(waiver({ sections: '61' })).toEqual({ applies: false, reason: 'section' });
    expect(waiver({ sections: '73(1)' }).applies).toBe(true);
    expect(waiver({ sections: 's.73' }).applies).toBe(true);
    expect(waiver({ sections: '16(4) & 73' }).applies).toBe(true);
  });

  it('does not apply to an erroneous refund or a demand of no tax', () => {
    expect(waiver({ erroneousRefund: true })).toEqual({ applies: false, reason: 'erroneousRefund' });
    expect(waiver({ demand: split({ interest: 100 }) })).toEqual({ applies: false, reason: 'noTax' });
  });

  it('asks the full tax by head and waives the interest and penalty', () => {
    expect(waiver({})).toMatchObject({
      applies: true,
      taxToPay: { igst: 0, cgst: 500_000, sgst: 500_000, cess: 0, total: 1_000_000 },
      leftToPay: 1_000_000,
      payBy: '2025-03-31',
      waivesInterest: 300_000,
      waivesPenalty: 100_000,
      form: 'SPL-01',
      withdrawAppeal: false,
      applyBy: '2025-06-30',
      otherYears: [],
    });
    expect(waiver({ financialYears: ['2019-20', '2020-21'] })).toMatchObject({ applies: true, otherYears: ['2020-21'] });
  });

  it('counts tax paid on 31-03-2025 as in time and on 01-04-2025 as late; interest paid is not tax', () => {
    const inTime = waiver({ payments: [{ paidOn: '2025-03-31', split: split({ taxCgst: 500_000, interest: 50_000 }) }] });
    expect(inTime).toMatchObject({ paidInTime: 500_000, paidLate: 0, leftToPay: 500_000 });
    const late = waiver({ payments: [{ paidOn: '2025-04-01', split: split({ taxSgst: 500_000 }) }] });
    expect(late).toMatchObject({ paidInTime: 0, paidLate: 500_000, leftToPay: 500_000 });
  });

  it('lapses when 31-03-2025 passes without the full tax paid by it', () => {
    const full = [{ paidOn: '2025-03-31', split: split({ taxCgst: 500_000, taxSgst: 500_000 }) }];
    const part = [{ paidOn: '2025-03-31', split: split({ taxCgst: 500_000, taxSgst: 499_999 }) }];
    expect(waiver({ payments: part, today: '2025-03-31' })).toMatchObject({ lapsed: false, leftToPay: 1 });
    expect(waiver({ payments: part, today: '2025-04-01' })).toMatchObject({ lapsed: true });
    expect(waiver({ payments: full, today: '2025-04-01' })).toMatchObject({ lapsed: false, leftToPay: 0 });
  });

  it('closes the payment on 31-03-2025 and the application on 30-06-2025', () => {
    expect(waiver({ today: '2025-03-31' })).toMatchObject({ payWindowClosed: false, windowClosed: false });
    expect(waiver({ today: '2025-04-01' })).toMatchObject({ payWindowClosed: true, windowClosed: false });
    expect(waiver({ today: '2025-06-30' })).toMatchObject({ windowClosed: false });
    expect(waiver({ today: '2025-07-01' })).toMatchObject({ windowClosed: true });
  });

  it('is SPL-01 at the notice stage and SPL-02 at order or appeal, an appeal withdrawn', () => {
    for (const stage of ['Received', 'UnderReview', 'Replied', 'Hearing'] as const)
      expect(waiver({ stage })).toMatchObject({ form: 'SPL-01' });
    expect(waiver({ stage: 'Order' })).toMatchObject({ form: 'SPL-02', withdrawAppeal: false });
    expect(waiver({ stage: 'AppealFiled' })).toMatchObject({ form: 'SPL-02', withdrawAppeal: true });
  });
});

describe('DRC-03 payment split in the event note', () => {
  it('round-trips the split and the note', () => {
    const s = split({ taxIgst: 1, taxCgst: 2, taxSgst: 3, taxCess: 4, interest: 5, penalty: 6 });
    expect(encodePaymentNote(s, '')).toBe('DRC03 igst=1;cgst=2;sgst=3;cess=4;interest=5;penalty=6');
    expect(decodePaymentNote(encodePaymentNote(s, ' paid from cash ledger\nsecond line '))).toEqual({
      split: s,
      note: 'paid from cash ledger\nsecond line',
    });
  });

  it('answers null for a note without a split or with a damaged one', () => {
    expect(decodePaymentNote('Paid in full')).toBeNull();
    expect(decodePaymentNote('DRC03 igst=x;cgst=0;sgst=0;cess=0;interest=0;penalty=0')).toBeNull();
    expect(decodePaymentNote('DRC03 igst=1;cgst=-2;sgst=0;cess=0;interest=0;penalty=0')).toBeNull();
    expect(decodePaymentNote('DRC03 igst=1')).toBeNull();
  });

  it('adds payments by head and leaves what remains, never below nil', () => {
    const paid = sumSplits([split({ taxCgst: 200_000, interest: 400_000 }), split({ taxCgst: 100_000 })]);
    expect(paid).toEqual(split({ taxCgst: 300_000, interest: 400_000 }));
    expect(remainingByHead(DEMAND, paid)).toEqual(split({ taxCgst: 200_000, taxSgst: 500_000, interest: 0, penalty: 100_000 }));
  });

  it('accepts a 15-character ARN of capitals and digits only', () => {
    expect(DRC03_ARN_PATTERN.test('AD070325001234X')).toBe(true);
    expect(DRC03_ARN_PATTERN.test('AD070325001234')).toBe(false);
    expect(DRC03_ARN_PATTERN.test('ad070325001234x')).toBe(false);
    expect(DRC03_ARN_PATTERN.test('AD07032500123-X')).toBe(false);
  });
});

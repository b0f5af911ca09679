import { describe, expect, it } from 'vitest';
import type { Heads } from '../gstr3b/set-off';
import { DRC01B_REASONS, type Drc01bReason } from './drc01b';
import { DRC01C_REASONS } from './drc01c';
import { isArn, replyDueOn, replyProblems, type Drc01Reply, type Drc03Payment } from './reply';

const heads = (igst: number, cgst = 0, sgst = 0, cess = 0): Heads => ({ igst, cgst, sgst, cess });
const intimation = { form: 'DRC-01B' as const, excess: heads(30_00_000_00, 5_00_000_00, 5_00_000_00) };
const payment = (tax: Heads, arn = 'AD270926012345X'): Drc03Payment => ({ arn, paidOn: '2026-10-24', tax, interest: heads(0) });
const reply = (payments: Drc03Payment[], reason: Drc01Reply<Drc01bReason>['reason'] = null): Drc01Reply<Drc01bReason> => ({
  payments,
  reason,
});
const problems = (r: Drc01Reply<Drc01bReason>) => replyProblems(r, intimation).map((p) => p.code);

describe('Part B of DRC-01B / DRC-01C', () => {
  it('is due 7 days after the intimation (Rules 88C(2), 88D(2))', () => {
    expect(replyDueOn('2026-10-21')).toBe('2026-10-28');
    expect(replyDueOn('2026-12-28')).toBe('2027-01-04');
    expect(() => replyDueOn('21-10-2026')).toThrow(RangeError);
  });

  it('knows an ARN of the portal by its shape', () => {
    expect(isArn('AD270926012345X')).toBe(true);
    expect(isArn('AD271326012345X')).toBe(false); // month 13
    expect(isArn('ad270926012345X')).toBe(false);
    expect(isArn('AD270926012345')).toBe(false);
  });

  it('needs a payment, a reason or both', () => {
    expect(problems(reply([]))).toEqual(['REPLY_EMPTY']);
  });

  it('accepts payments through DRC-03 that cover the excess of every head', () => {
    expect(problems(reply([payment(heads(30_00_000_00)), payment(heads(0, 5_00_000_00, 5_00_000_00), 'AD270926012346Y')]))).toEqual([]);
  });

  it('asks for a reason for what a payment leaves unpaid, head by head', () => {
    const r = replyProblems(reply([payment(heads(30_00_000_00, 5_00_000_00))]), intimation);
    expect(r).toEqual([
      {
        code: 'REPLY_UNEXPLAINED',
        message: '₹ 5,00,000.00 of SGST/UTGST is neither paid nor explained: add a DRC-03 payment or a reason.',
        propertyName: 'reason',
      },
    ]);
    expect(problems(reply([payment(heads(30_00_000_00))], { code: 'paidInLaterReturn', explanation: '' }))).toEqual([]);
  });

  it('needs words with "Others", and a well-formed payment', () => {
    expect(problems(reply([], { code: 'others', explanation: '  ' }))).toEqual(['REPLY_EXPLANATION']);
    expect(problems(reply([], { code: 'others', explanation: 'Export invoice shown twice in GSTR-1; amended in October.' }))).toEqual([]);
    expect(
      problems(
        reply([{ ...payment(heads(1)), arn: 'X1', paidOn: '24/10/2026', interest: heads(-1) }], {
          code: 'gstr1Overstated',
          explanation: '',
        }),
      ),
    ).toEqual(['REPLY_ARN', 'REPLY_DATE', 'REPLY_AMOUNT']);
  });

  it('offers the reasons of both forms with "Others" among them', () => {
    expect(DRC01B_REASONS.others).toBe('Others');
    expect(DRC01C_REASONS.others).toBe('Others');
    expect(Object.keys(DRC01C_REASONS)).toContain('reclaimOfReversedCredit');
  });
});

import { describe, expect, it } from 'vitest';
import { gstr2bPeriodOfFiling, gstr2bPlacement, gstr2bWindow, indiaDateOf, isGstr2bGenerated } from './gstr2b-window';

describe('GSTR-2B cut-off windows', () => {
  it("gives October's window: monthly filers 12 Oct to 11 Nov, IFF and quarterly 14 Oct to 13 Nov, generated 14 Nov", () => {
    expect(gstr2bWindow('102026')).toEqual({
      period: '102026',
      monthly: { from: '2026-10-12', to: '2026-11-11' },
      quarterly: { from: '2026-10-14', to: '2026-11-13' },
      generatedOn: '2026-11-14',
    });
  });

  it('crosses the year: December 2026 closes in January 2027', () => {
    expect(gstr2bWindow('122026')).toEqual({
      period: '122026',
      monthly: { from: '2026-12-12', to: '2027-01-11' },
      quarterly: { from: '2026-12-14', to: '2027-01-13' },
      generatedOn: '2027-01-14',
    });
  });

  it('covers the periods from January 2021 only, and no malformed period', () => {
    expect(gstr2bWindow('012021')?.generatedOn).toBe('2021-02-14');
    expect(gstr2bWindow('122020')).toBeNull();
    expect(gstr2bWindow('132026')).toBeNull();
    expect(gstr2bWindow('2026-10')).toBeNull();
    expect(isGstr2bGenerated('122020', '2026-01-01')).toBeNull();
  });

  it('is generated from the 14th of the next month, not on the 13th', () => {
    expect(isGstr2bGenerated('102026', '2026-11-11')).toBe(false);
    expect(isGstr2bGenerated('102026', '2026-11-13')).toBe(false);
    expect(isGstr2bGenerated('102026', '2026-11-14')).toBe(true);
    expect(isGstr2bGenerated('102026', '2027-03-01')).toBe(true);
    expect(isGstr2bGenerated('122026', '2026-12-31')).toBe(false);
    expect(isGstr2bGenerated('122026', '2027-01-13')).toBe(false);
    expect(isGstr2bGenerated('122026', '2027-01-14')).toBe(true);
    expect(() => isGstr2bGenerated('102026', '14-11-2026')).toThrow(RangeError);
  });

  it('reads an instant as an India day (UTC+05:30)', () => {
    expect(indiaDateOf(new Date('2026-11-13T18:29:59Z'))).toBe('2026-11-13');
    expect(indiaDateOf(new Date('2026-11-13T18:30:00Z'))).toBe('2026-11-14');
  });
});

describe('the GSTR-2B of a filing', () => {
  it('puts a filing up to the 11th in the previous month, whatever the frequency', () => {
    expect(gstr2bPeriodOfFiling('2026-11-11')).toEqual({ kind: 'one', period: '102026' });
    expect(gstr2bPeriodOfFiling('2026-11-01', 'quarterly')).toEqual({ kind: 'one', period: '102026' });
  });

  it('on the 12th and 13th depends on the supplier: monthly filers this month, IFF and quarterly filers the previous one', () => {
    expect(gstr2bPeriodOfFiling('2026-11-12')).toEqual({ kind: 'byFrequency', monthly: '112026', quarterly: '102026' });
    expect(gstr2bPeriodOfFiling('2026-11-13')).toEqual({ kind: 'byFrequency', monthly: '112026', quarterly: '102026' });
    expect(gstr2bPeriodOfFiling('2026-11-12', 'monthly')).toEqual({ kind: 'one', period: '112026' });
    expect(gstr2bPeriodOfFiling('2026-11-13', 'quarterly')).toEqual({ kind: 'one', period: '102026' });
  });

  it('puts a filing from the 14th in this month, whatever the frequency', () => {
    expect(gstr2bPeriodOfFiling('2026-11-14')).toEqual({ kind: 'one', period: '112026' });
    expect(gstr2bPeriodOfFiling('2026-11-30', 'quarterly')).toEqual({ kind: 'one', period: '112026' });
  });

  it('crosses the year back: early January filings are in December', () => {
    expect(gstr2bPeriodOfFiling('2027-01-11')).toEqual({ kind: 'one', period: '122026' });
    expect(gstr2bPeriodOfFiling('2027-01-12')).toEqual({ kind: 'byFrequency', monthly: '012027', quarterly: '122026' });
    expect(gstr2bPeriodOfFiling('2027-01-14')).toEqual({ kind: 'one', period: '012027' });
  });

  it('answers null for an invalid date or a 2B before the rule', () => {
    expect(gstr2bPeriodOfFiling('2026-02-30')).toBeNull();
    expect(gstr2bPeriodOfFiling('11-11-2026')).toBeNull();
    expect(gstr2bPeriodOfFiling('2021-01-05')).toBeNull();
    expect(gstr2bPeriodOfFiling('2021-02-05')).toEqual({ kind: 'one', period: '012021' });
  });
});

describe("a GSTR-2A document against its period's GSTR-2B", () => {
  const filed = (date: string) => ({ supplierFiled: true, supplierFilingDate: date });

  it('is in this 2B when filed inside the window', () => {
    expect(gstr2bPlacement('102026', filed('2026-11-05'))).toEqual({ kind: 'thisPeriod' });
    expect(gstr2bPlacement('102026', filed('2026-11-11'))).toEqual({ kind: 'thisPeriod' });
    expect(gstr2bPlacement('102026', filed('2026-11-13'), 'quarterly')).toEqual({ kind: 'thisPeriod' });
  });

  it("goes to next month's 2B when filed after the cut-off", () => {
    expect(gstr2bPlacement('102026', filed('2026-11-15'))).toEqual({ kind: 'otherPeriod', period: '112026', isLater: true });
    expect(gstr2bPlacement('102026', filed('2026-11-12'), 'monthly')).toEqual({ kind: 'otherPeriod', period: '112026', isLater: true });
    expect(gstr2bPlacement('122026', filed('2027-01-20'))).toEqual({ kind: 'otherPeriod', period: '012027', isLater: true });
    expect(gstr2bPlacement('102026', filed('2027-02-03'))).toEqual({ kind: 'otherPeriod', period: '012027', isLater: true });
  });

  it('names an earlier 2B for a filing before the window opened', () => {
    expect(gstr2bPlacement('102026', filed('2026-10-05'))).toEqual({ kind: 'otherPeriod', period: '092026', isLater: false });
  });

  it('says the frequency decides for the 12th and 13th', () => {
    expect(gstr2bPlacement('102026', filed('2026-11-12'))).toEqual({ kind: 'byFrequency', monthly: '112026', quarterly: '102026' });
  });

  it('is in no 2B while the supplier has not filed, and unknown without a filing date', () => {
    expect(gstr2bPlacement('102026', { supplierFiled: false, supplierFilingDate: null })).toEqual({ kind: 'notFiled' });
    expect(gstr2bPlacement('102026', { supplierFiled: true, supplierFilingDate: null })).toEqual({ kind: 'unknown' });
    expect(gstr2bPlacement('102026', { supplierFiled: null, supplierFilingDate: '2026-11-05' })).toEqual({ kind: 'thisPeriod' });
    expect(gstr2bPlacement('2026-10', filed('2026-11-05'))).toEqual({ kind: 'unknown' });
  });
});

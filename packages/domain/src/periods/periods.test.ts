import { describe, expect, it } from 'vitest';
import {
  shiftPeriod,
  periodsBetween,
  financialYearOf,
  financialYearOfPeriod,
  isHalfYearEndMonth,
  isQuarterEndMonth,
  latestOpenReturnPeriod,
  parseFinancialYear,
  parseReturnPeriod,
  periodLabel,
  periodStart,
  periodsOf,
  quarterOf,
  returnCutoffDay,
  returnPeriodOf,
} from './financial-year';
import { DUE_DATE_RULES, dueDate, dueDateRule, qrmpGroupOf } from './due-dates';

describe('financial year and periods', () => {
  it('names the financial year on both sides of 1 April', () => {
    expect(financialYearOf('2025-03-31')).toBe('2024-25');
    expect(financialYearOf('2025-04-01')).toBe('2025-26');
    expect(financialYearOf(new Date(Date.UTC(2099, 11, 31)))).toBe('2099-00');
    expect(financialYearOfPeriod('032025')).toBe('2024-25');
    expect(() => financialYearOfPeriod('132025')).toThrow(RangeError);
  });
  it('reads a return period as its month and year', () => {
    expect(periodLabel('102026')).toBe('Oct 2026');
    expect(periodLabel('012027')).toBe('Jan 2027');
  });
  it('gives the return period of a date', () => {
    expect(returnPeriodOf('2024-07-31')).toBe('072024');
    expect(parseReturnPeriod('072024')).toEqual({ month: 7, year: 2024 });
    expect(parseReturnPeriod('002024')).toBeNull();
    expect(parseReturnPeriod('072016')).toBeNull();
    expect(periodStart('072024')).toBe('2024-07-01');
  });
  it('parses financial years', () => {
    expect(parseFinancialYear('2024-25')).toBe(2024);
    expect(parseFinancialYear('1999-00')).toBe(1999);
    expect(parseFinancialYear('2024-26')).toBeNull();
    expect(parseFinancialYear('2024')).toBeNull();
  });
  it('finds quarters of dates and periods', () => {
    expect(quarterOf('2024-04-01')).toEqual({
      financialYear: '2024-25',
      quarter: 1,
      label: 'Apr-Jun',
      months: ['042024', '052024', '062024'],
      returnPeriod: '062024',
    });
    expect(quarterOf('2024-12-31').quarter).toBe(3);
    expect(quarterOf('022025')).toMatchObject({ financialYear: '2024-25', quarter: 4, label: 'Jan-Mar', returnPeriod: '032025' });
    expect(quarterOf('092024').months).toEqual(['072024', '082024', '092024']);
  });
  it('lists periods for monthly and quarterly filers', () => {
    const monthly = periodsOf('2024-25', 'monthly');
    expect(monthly).toHaveLength(12);
    expect(monthly[0]).toBe('042024');
    expect(monthly[11]).toBe('032025');
    expect(periodsOf('2024-25', 'quarterly')).toEqual(['062024', '092024', '122024', '032025']);
    expect(() => periodsOf('2024', 'monthly')).toThrow(RangeError);
  });
  it('knows quarter and half-year months (spec core §9)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter(isQuarterEndMonth)).toEqual([3, 6, 9, 12]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter(isHalfYearEndMonth)).toEqual([3, 9]);
  });
  it('applies return cutoff days 25 (Apr-Oct) and 26 (other months) on both sides', () => {
    expect(returnCutoffDay(3)).toBe(26);
    expect(returnCutoffDay(4)).toBe(25);
    expect(returnCutoffDay(10)).toBe(25);
    expect(returnCutoffDay(11)).toBe(26);
    expect(latestOpenReturnPeriod('2024-04-24')).toBe('032024');
    expect(latestOpenReturnPeriod('2024-04-25')).toBe('042024');
    expect(latestOpenReturnPeriod('2024-11-25')).toBe('102024');
    expect(latestOpenReturnPeriod('2024-11-26')).toBe('112024');
    expect(latestOpenReturnPeriod('2025-01-10')).toBe('122024');
  });
});

describe('dueDate', () => {
  it('GSTR-1 monthly 11th, quarterly 13th from 2021 and last day before', () => {
    expect(dueDate('GSTR1', '042024')).toBe('2024-05-11');
    expect(dueDate('GSTR1', '122024')).toBe('2025-01-11');
    expect(dueDate('GSTR1', '032021', { frequency: 'quarterly' })).toBe('2021-04-13');
    expect(dueDate('GSTR1', '022021', { frequency: 'quarterly' })).toBe('2021-04-13');
    expect(dueDate('GSTR1', '122020', { frequency: 'quarterly' })).toBe('2021-01-31');
    expect(dueDate('GSTR1', '012021', { frequency: 'quarterly' })).toBe('2021-04-13');
    expect(dueDate('GSTR1', '092020', { frequency: 'quarterly' })).toBe('2020-10-31');
  });
  it('IFF for months 1 and 2 of a quarter from January 2021', () => {
    expect(dueDate('IFF', '042024')).toBe('2024-05-13');
    expect(dueDate('IFF', '052024', { frequency: 'quarterly' })).toBe('2024-06-13');
    expect(() => dueDate('IFF', '062024', { frequency: 'quarterly' })).toThrow(RangeError);
    expect(() => dueDate('IFF', '122020')).toThrow(RangeError);
  });
  it('GSTR-3B monthly 20th; QRMP 22nd or 24th by state group', () => {
    expect(dueDate('GSTR3B', '042024')).toBe('2024-05-20');
    expect(dueDate('GSTR3B', '062024', { frequency: 'quarterly', stateCode: '27' })).toBe('2024-07-22');
    expect(dueDate('GSTR3B', '062024', { frequency: 'quarterly', stateCode: '07' })).toBe('2024-07-24');
    expect(dueDate('GSTR3B', '012021', { frequency: 'quarterly', stateCode: '09' })).toBe('2021-04-24');
    expect(() => dueDate('GSTR3B', '122020', { frequency: 'quarterly', stateCode: '09' })).toThrow(RangeError);
    expect(() => dueDate('GSTR3B', '062024', { frequency: 'quarterly' })).toThrow(RangeError);
    expect(qrmpGroupOf('97')).toBe('A');
    expect(qrmpGroupOf('38')).toBe('B');
  });
  it('GSTR-6 13th, GSTR-7 and GSTR-8 10th, CMP-08 18th after the quarter', () => {
    expect(dueDate('GSTR6', '012025')).toBe('2025-02-13');
    expect(dueDate('GSTR7', '122024')).toBe('2025-01-10');
    expect(dueDate('GSTR8', '022024')).toBe('2024-03-10');
    expect(dueDate('CMP08', '052024')).toBe('2024-07-18');
    expect(() => dueDate('CMP08', '032019')).toThrow(RangeError);
  });
  it('GSTR-9 and 9C on 31 December after the financial year', () => {
    expect(dueDate('GSTR9', '2024-25')).toBe('2025-12-31');
    expect(dueDate('GSTR9C', '2023-24')).toBe('2024-12-31');
    expect(dueDate('GSTR9', '052024')).toBe('2025-12-31');
    expect(dueDate('GSTR9', '022025')).toBe('2025-12-31');
    expect(dueDateRule('GSTR9', '2024-25').source).toMatch(/Rule 80/);
  });
  it('accepts written return names', () => {
    expect(dueDate('GSTR-3B', '042024')).toBe('2024-05-20');
    expect(dueDate('gstr-9c', '2024-25')).toBe('2025-12-31');
    expect(() => dueDate('GSTR-99', '042024')).toThrow(RangeError);
  });
  it('rejects malformed periods', () => {
    expect(() => dueDate('GSTR1', '2024-25')).toThrow(RangeError);
    expect(() => dueDate('GSTR9', '2024-26')).toThrow(RangeError);
  });
  it('every rule cites a source', () => {
    for (const r of DUE_DATE_RULES) expect(r.source.length).toBeGreaterThan(5);
  });
});

describe('period arithmetic', () => {
  it('shifts across years both ways', () => {
    expect(shiftPeriod('122024', 1)).toBe('012025');
    expect(shiftPeriod('012025', -1)).toBe('122024');
    expect(shiftPeriod('032025', -15)).toBe('122023');
  });
  it('lists the periods of a range, inclusive', () => {
    expect(periodsBetween('112024', '022025')).toEqual(['112024', '122024', '012025', '022025']);
    expect(periodsBetween('042025', '042025')).toEqual(['042025']);
    expect(periodsBetween('052025', '042025')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { InwardBulkRequestSchema, periodOrder, returnPeriodsBetween } from './inward.schemas';

describe('inward bulk request', () => {
  it('walks the return periods of a range across a year end, oldest first', () => {
    expect(returnPeriodsBetween('112024', '022025')).toEqual(['112024', '122024', '012025', '022025']);
    expect(returnPeriodsBetween('042025', '042025')).toEqual(['042025']);
    expect(returnPeriodsBetween('052025', '042025')).toEqual([]);
    expect(periodOrder('082024') < periodOrder('012025')).toBe(true);
  });

  it('refuses a range that ends before it starts, one of more than 36 periods, and more than 1,000 downloads', () => {
    const request = { entityIds: [1], fromPeriod: '042024', toPeriod: '032025', sources: ['GSTR2A', 'GSTR2B'] };
    expect(InwardBulkRequestSchema.safeParse(request).success).toBe(true);
    const messages = (value: object) =>
      InwardBulkRequestSchema.safeParse({ ...request, ...value }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages({ toPeriod: '032024' })).toEqual([['toPeriod', 'The last period comes before the first one.']]);
    expect(messages({ fromPeriod: '042021' })).toEqual([['toPeriod', 'At most 36 periods at a time: this range holds 48.']]);
    // 42 GSTINs × 12 periods × 2 sources = 1,008.
    expect(messages({ entityIds: Array.from({ length: 42 }, (_, k) => k + 1) })?.[0]?.[0]).toBe('entityIds');
    expect(messages({ entityIds: Array.from({ length: 41 }, (_, k) => k + 1) })).toBeUndefined();
  });
});

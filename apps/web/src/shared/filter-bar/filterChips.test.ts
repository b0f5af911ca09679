import { describe, expect, it } from 'vitest';
import { buildChips, chipsDiffer, showsClearAll, withoutChip, type ChipSpec } from './filterChips';
import { initialFlow, reduceFlow } from './filterFlow';

type Filters = {
  financialYear: string | null;
  returnPeriods: string[] | null;
  entityIds: number[] | null;
  fromDate: string | null;
  toDate: string | null;
  statuses: string[] | null;
  start?: number;
};
const NAMES: Record<number, string> = { 1: 'Demo Traders', 2: 'Mumbai' };
const specs: ChipSpec<Filters>[] = [
  { key: 'financialYear', label: 'Financial year' },
  {
    key: 'entityIds',
    label: 'Location',
    isPerValue: true,
    text: (id) => NAMES[Number(id)] ?? String(id),
    tooltip: (id) => `Tooltip of ${String(id)}`,
  },
  { key: 'returnPeriods', label: 'Return period' },
  {
    key: 'fromDate',
    label: 'Document date',
    read: (f) => (f.fromDate || f.toDate ? `${f.fromDate ?? '…'} – ${f.toDate ?? '…'}` : null),
    clearKeys: ['fromDate', 'toDate'],
  },
  { key: 'statuses', label: 'Status' },
  { key: 'start', label: 'Start' },
];
const base: Filters = {
  financialYear: '2026-27',
  returnPeriods: ['102026'],
  entityIds: null,
  fromDate: null,
  toDate: null,
  statuses: null,
  start: 50,
};

describe('buildChips', () => {
  it('makes chips in the module order, one per location, none for paging keys, and no close icon on the financial year', () => {
    const chips = buildChips({ ...base, entityIds: [1, 2], returnPeriods: ['092026', '102026'], toDate: '2026-10-31' }, specs);
    expect(chips.map((chip) => chip.text)).toEqual([
      'Financial year: 2026-27',
      'Location: Demo Traders',
      'Location: Mumbai',
      'Return period: 092026 +1',
      'Document date: … – 2026-10-31',
    ]);
    expect(chips.map((chip) => chip.isRemovable)).toEqual([false, true, true, true, true]);
    expect(chips[1]?.tooltip).toBe('Tooltip of 1');
    expect(chips[3]?.tooltip).toBe('Return period: 092026, 102026');
    expect(buildChips(base, specs, { bypassDefaultKeys: true })[0]?.isRemovable).toBe(true);
  });

  it('closing a chip removes its value, or every key it stands for', () => {
    const filters = { ...base, entityIds: [1, 2], fromDate: '2026-10-01', toDate: '2026-10-31' };
    const chips = buildChips(filters, specs);
    const mumbai = chips.find((chip) => chip.id === 'entityIds:2');
    const dates = chips.find((chip) => chip.id === 'fromDate');
    if (!mumbai || !dates) throw new Error('chips missing');
    expect(withoutChip(filters, mumbai).entityIds).toEqual([1]);
    expect(withoutChip({ ...filters, entityIds: [2] }, mumbai).entityIds).toBeNull();
    expect(withoutChip(filters, dates)).toMatchObject({ fromDate: null, toDate: null });
  });

  it('compares chips with the saved ones and shows Clear all above the threshold', () => {
    const saved = buildChips(base, specs);
    expect(chipsDiffer(buildChips({ ...base }, specs), saved)).toBe(false);
    expect(chipsDiffer(buildChips({ ...base, returnPeriods: ['092026'] }, specs), saved)).toBe(true);
    expect(showsClearAll(saved, 2)).toBe(false);
    expect(showsClearAll(buildChips({ ...base, statuses: ['Draft'] }, specs), 2)).toBe(true);
  });
});

describe('reduceFlow', () => {
  const start = initialFlow(base);

  it('a change waits for Apply; Apply saves and reloads from the first page', () => {
    const changed = reduceFlow(start, { type: 'change', patch: { statuses: ['Draft'] } });
    expect(changed.applied.statuses).toBeNull();
    expect(changed.reloadCount).toBe(0);
    const applied = reduceFlow(changed, { type: 'apply' });
    expect(applied.applied.statuses).toEqual(['Draft']);
    expect(applied.reloadCount).toBe(1);
  });

  it('Refresh restores the saved filters, clears the selection and reloads', () => {
    let state = reduceFlow(start, { type: 'select', ids: [4, 5] });
    state = reduceFlow(state, { type: 'change', patch: { returnPeriods: ['092026'] } });
    state = reduceFlow(state, { type: 'refresh' });
    expect(state).toEqual({ filters: base, applied: base, selectedIds: [], reloadCount: 1 });
  });

  it('changing the financial year clears the month and return periods', () => {
    const state = reduceFlow(start, { type: 'changeFinancialYear', financialYear: '2025-26' });
    expect(state.filters).toMatchObject({ financialYear: '2025-26', returnPeriods: null, month: null });
  });

  it('Clear all keeps the default keys and reloads; closing a chip saves and reloads', () => {
    const withStatus = reduceFlow(start, { type: 'apply', patch: { statuses: ['Draft'], entityIds: [2] } });
    const cleared = reduceFlow(withStatus, { type: 'clearAll', keepKeys: ['financialYear'] });
    expect(cleared.applied).toMatchObject({ financialYear: '2026-27', returnPeriods: null, statuses: null, entityIds: null });
    const chip = buildChips(withStatus.filters, specs).find((one) => one.key === 'statuses');
    if (!chip) throw new Error('no status chip');
    const removed = reduceFlow(withStatus, { type: 'removeChip', chip });
    expect(removed.applied.statuses).toBeNull();
    expect(removed.applied.entityIds).toEqual([2]);
    expect(removed.reloadCount).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { tickStateOf, toggleSubtree } from './entityAccess';

const business = {
  entityId: 1,
  children: [
    { entityId: 2, children: [{ entityId: 4, children: [] }] },
    { entityId: 3, children: [] },
  ],
};

describe('location access tree', () => {
  it('ticks a business with every location under it, and unticks it again', () => {
    const ticked = toggleSubtree(business, new Set());
    expect([...ticked].sort()).toEqual([1, 2, 3, 4]);
    expect(tickStateOf(business, ticked)).toBe('all');
    expect(toggleSubtree(business, ticked).size).toBe(0);
  });

  it('shows a parent half-ticked when only one location is ticked', () => {
    expect(tickStateOf(business, new Set([3]))).toBe('some');
    expect(tickStateOf(business, new Set())).toBe('none');
  });
});

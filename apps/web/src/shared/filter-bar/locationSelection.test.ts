import { describe, expect, it } from 'vitest';
import type { UserEntity } from '@opengst/contracts';
import { buildLocationTree, isLocationTicked, locationLabelOf, toggleLocation } from './locationSelection';

const entity = (
  entityId: number,
  parentEntityId: number | null,
  entityType: UserEntity['entityType'],
  entityName: string,
  gstin: string | null = null,
  hasAccess = true,
): UserEntity => ({
  entityId,
  parentEntityId,
  entityType,
  entityName,
  gstin,
  hasAccess,
  status: 'Active',
  stateCode: null,
});

// Demo Traders (1) → Mumbai (2) → Pune (3); Bengaluru (4). Other Co (5) has no location the user may see.
const entities = [
  entity(1, null, 'Business', 'Demo Traders'),
  entity(2, 1, 'Location', 'Mumbai', '27AABCD1234E1Z8'),
  entity(3, 2, 'ChildLocation', 'Pune', '27AABCD1234E2Z7'),
  entity(4, 1, 'Location', 'Bengaluru', '29AABCD1234E1Z4'),
  entity(5, null, 'Business', 'Other Co'),
  entity(6, 5, 'Location', 'Delhi', '07AABCO1234E1Z1', false),
];
const tree = buildLocationTree(entities);

describe('buildLocationTree', () => {
  it('lists each business with every location beneath it that the user may see', () => {
    expect(tree).toEqual([
      {
        entityId: 1,
        entityName: 'Demo Traders',
        locations: [
          { entityId: 2, entityName: 'Mumbai', gstin: '27AABCD1234E1Z8', depth: 0 },
          { entityId: 3, entityName: 'Pune', gstin: '27AABCD1234E2Z7', depth: 1 },
          { entityId: 4, entityName: 'Bengaluru', gstin: '29AABCD1234E1Z4', depth: 0 },
        ],
      },
    ]);
  });
});

describe('toggleLocation', () => {
  it('turns the last location of a business into one business chip', () => {
    let selected = toggleLocation(tree, [], 2);
    selected = toggleLocation(tree, selected, 4);
    expect(selected).toEqual([2, 4]);
    expect(toggleLocation(tree, selected, 3)).toEqual([1]);
  });

  it('ticking a business removes its locations, and unticking one location splits the business again', () => {
    expect(toggleLocation(tree, [2, 3], 1)).toEqual([1]);
    expect(toggleLocation(tree, [1], 3)).toEqual([2, 4]);
    expect(toggleLocation(tree, [1], 1)).toEqual([]);
    expect(toggleLocation(tree, [2], 2)).toEqual([]);
  });

  it('shows a location as ticked when its business is selected', () => {
    expect(isLocationTicked(tree, [1], 3)).toBe(true);
    expect(isLocationTicked(tree, [2], 3)).toBe(false);
  });

  it('labels a business chip with the locations it stands for, a location chip with its GSTIN', () => {
    expect(locationLabelOf(tree, 1)).toEqual({ name: 'Demo Traders', isBusiness: true, detail: 'Mumbai, Pune, Bengaluru' });
    expect(locationLabelOf(tree, 4)).toEqual({ name: 'Bengaluru', isBusiness: false, detail: '29AABCD1234E1Z4' });
    expect(locationLabelOf(tree, 6)).toBeNull();
  });
});

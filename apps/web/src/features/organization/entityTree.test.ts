import { describe, expect, it } from 'vitest';
import type { EntityListItem } from '@opengst/contracts';
import { arrangeAsTree, gstinProblem, stateCodeOfGstin } from './entityTree';

const entity = (entityId: number, parentEntityId: number | null, entityType: EntityListItem['entityType']): EntityListItem => ({
  entityId,
  parentEntityId,
  parentEntityName: null,
  gstin: null,
  gstinId: entityId,
  entityName: `E${entityId}`,
  entityType,
  status: 'Active',
  isSystem: false,
  hasAccess: true,
  taxpayerType: null,
  stateCode: null,
  activeChildren: 0,
  inactiveChildren: 0,
});

describe('arrangeAsTree', () => {
  const rows = [
    entity(3, 1, 'Location'),
    entity(1, null, 'Business'),
    entity(4, 3, 'ChildLocation'),
    entity(2, 1, 'Location'),
    entity(9, 8, 'Location'),
  ];

  it('puts children under their parent in server order and orphans at the top', () => {
    const tree = arrangeAsTree(rows, new Set());
    expect(tree.map((row) => [row.entityId, row.depth])).toEqual([
      [1, 0],
      [3, 1],
      [4, 2],
      [2, 1],
      [9, 0],
    ]);
    expect(tree.find((row) => row.entityId === 3)?.hasChildren).toBe(true);
  });

  it('hides the descendants of a collapsed row', () => {
    expect(arrangeAsTree(rows, new Set([1])).map((row) => row.entityId)).toEqual([1, 9]);
  });
});

describe('gstinProblem', () => {
  // 27AAPFU0939F1ZV is the GST portal's published sample GSTIN (Maharashtra).
  it('accepts a valid GSTIN of the location state and business PAN', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', '27', 'AAPFU0939F')).toBeNull();
    expect(stateCodeOfGstin('27aapfu0939f1zv')).toBe('27');
  });

  it('names a wrong check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZA', null, null)).toMatch(/check/i);
  });

  it('refuses another state or another PAN', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', '07', null)).toMatch(/state code 27/);
    expect(gstinProblem('27AAPFU0939F1ZV', '27', 'AAAAA0000A')).toMatch(/business PAN/);
  });
});

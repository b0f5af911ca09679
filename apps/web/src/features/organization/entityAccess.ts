import type { BusinessNode } from '@opengst/contracts';

// Location access of a user (hasAccess per entity) as a checkbox tree: ticking a node ticks everything under it,
// and a parent shows ticked when all of its subtree is, half-ticked when part of it is.

type Node = { entityId: number; children: readonly Node[] };

const subtreeIds = (node: Node): number[] => [node.entityId, ...node.children.flatMap(subtreeIds)];

export type TickState = 'all' | 'some' | 'none';

export const tickStateOf = (node: Node, selected: ReadonlySet<number>): TickState => {
  const ids = subtreeIds(node);
  const ticked = ids.filter((id) => selected.has(id)).length;
  if (ticked === 0) return 'none';
  return ticked === ids.length ? 'all' : 'some';
};

/** Ticks or unticks a node with its whole subtree. */
export const toggleSubtree = (node: Node, selected: ReadonlySet<number>): Set<number> => {
  const next = new Set(selected);
  const ids = subtreeIds(node);
  const tick = tickStateOf(node, selected) !== 'all';
  for (const id of ids) {
    if (tick) next.add(id);
    else next.delete(id);
  }
  return next;
};

export const allEntityIds = (tree: readonly BusinessNode[]): number[] => tree.flatMap(subtreeIds);

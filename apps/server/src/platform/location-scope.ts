// Which locations a register request covers: the user's locations, narrowed by the filter's entity chips. A business
// chip stands for all its locations and their child locations, a location chip for itself and its child locations
// (modules §4 "Filter flow": a business chip replaces the selection of all its children).
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { entities, userEntities } from '../db/schema';
import type { SessionPrincipal } from './auth/sessions';

type Node = { id: number; parentId: number | null; type: 'Business' | 'Location' | 'ChildLocation'; visible: boolean };

/**
 * The ids of the locations (and child locations) the user may see among those the chips name; every location the
 * user may see when there are no chips. The chips themselves were checked by the route's entity preHandler (404 for
 * another subscriber's id, 403 for a location the user has no access to), so only what they contain is narrowed here.
 */
export const locationScope = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  entityIds: readonly number[] | null | undefined,
): Promise<number[]> => {
  const rows = await db
    .select({ id: entities.id, parentId: entities.parentEntityId, type: entities.entityType, accessUserId: userEntities.userId })
    .from(entities)
    .leftJoin(userEntities, and(eq(userEntities.entityId, entities.id), eq(userEntities.userId, principal.userId)))
    .where(and(eq(entities.subscriberId, principal.subscriberId), ne(entities.status, 'Delete')));
  const nodes = rows.map((r): Node => ({ id: r.id, parentId: r.parentId, type: r.type, visible: r.accessUserId !== null }));
  const childrenOf = new Map<number, Node[]>();
  for (const node of nodes) {
    if (node.parentId !== null) childrenOf.set(node.parentId, [...(childrenOf.get(node.parentId) ?? []), node]);
  }
  const isLocation = (node: Node) => node.type !== 'Business' && node.visible;
  if (!entityIds?.length)
    return nodes
      .filter(isLocation)
      .map((n) => n.id)
      .sort((a, b) => a - b);
  const chips = new Set(entityIds);
  const selected = new Set<number>();
  const walk = (node: Node) => {
    if (isLocation(node)) selected.add(node.id);
    for (const child of childrenOf.get(node.id) ?? []) walk(child);
  };
  for (const node of nodes) if (chips.has(node.id)) walk(node);
  return [...selected].sort((a, b) => a - b);
};

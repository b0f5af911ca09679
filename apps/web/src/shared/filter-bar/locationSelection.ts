import type { UserEntity } from '@opengst/contracts';

// The location picker of the shared filter bar (spec modules §3 "Business node", §4 "Filter flow"): a business with
// its locations (and child locations) beneath it. Ticking every location of a business turns them into one business
// chip (the API reads a business id as all of its locations); ticking a business removes its locations from the
// selection; unticking one location of a ticked business splits the business chip back into its other locations.

export type LocationLeaf = { entityId: number; entityName: string; gstin: string | null; depth: number };
export type LocationBusiness = { entityId: number; entityName: string; locations: LocationLeaf[] };

export const buildLocationTree = (entities: readonly UserEntity[]): LocationBusiness[] => {
  const childrenOf = new Map<number, UserEntity[]>();
  for (const entity of entities) {
    if (entity.parentEntityId === null) continue;
    childrenOf.set(entity.parentEntityId, [...(childrenOf.get(entity.parentEntityId) ?? []), entity]);
  }
  const leavesUnder = (parentId: number, depth: number): LocationLeaf[] =>
    (childrenOf.get(parentId) ?? []).flatMap((child) => [
      ...(child.hasAccess ? [{ entityId: child.entityId, entityName: child.entityName, gstin: child.gstin, depth }] : []),
      ...leavesUnder(child.entityId, depth + 1),
    ]);
  return entities
    .filter((entity) => entity.entityType === 'Business')
    .map((business) => ({ entityId: business.entityId, entityName: business.entityName, locations: leavesUnder(business.entityId, 0) }))
    .filter((business) => business.locations.length > 0);
};

const businessOf = (tree: readonly LocationBusiness[], entityId: number): LocationBusiness | undefined =>
  tree.find((business) => business.entityId === entityId || business.locations.some((leaf) => leaf.entityId === entityId));

export const isLocationTicked = (tree: readonly LocationBusiness[], selected: readonly number[], entityId: number): boolean =>
  selected.includes(entityId) || selected.includes(businessOf(tree, entityId)?.entityId ?? -1);

export const toggleLocation = (tree: readonly LocationBusiness[], selected: readonly number[], entityId: number): number[] => {
  const business = businessOf(tree, entityId);
  if (!business) return selected.filter((id) => id !== entityId);
  const leafIds = business.locations.map((leaf) => leaf.entityId);
  if (entityId === business.entityId) {
    return selected.includes(entityId)
      ? selected.filter((id) => id !== entityId)
      : [...selected.filter((id) => !leafIds.includes(id)), entityId];
  }
  if (selected.includes(business.entityId)) {
    return [...selected.filter((id) => id !== business.entityId), ...leafIds.filter((id) => id !== entityId)];
  }
  if (selected.includes(entityId)) return selected.filter((id) => id !== entityId);
  const next = [...selected, entityId];
  return leafIds.every((id) => next.includes(id)) ? [...next.filter((id) => !leafIds.includes(id)), business.entityId] : next;
};

export type LocationLabel = { name: string; isBusiness: boolean; detail: string };

/** What a location chip says: the business or location name, and in its tooltip the GSTIN or the locations it stands for. */
export const locationLabelOf = (tree: readonly LocationBusiness[], entityId: number): LocationLabel | null => {
  const business = businessOf(tree, entityId);
  if (!business) return null;
  if (business.entityId === entityId) {
    return { name: business.entityName, isBusiness: true, detail: business.locations.map((leaf) => leaf.entityName).join(', ') };
  }
  const leaf = business.locations.find((location) => location.entityId === entityId);
  return leaf ? { name: leaf.entityName, isBusiness: false, detail: leaf.gstin ?? '' } : null;
};

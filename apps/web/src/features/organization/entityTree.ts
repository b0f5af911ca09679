import { validateGstin } from '@opengst/domain';
import type { EntityListItem } from '@opengst/contracts';

// The /entities tree (Business → Location → ChildLocation) from the rows of entity/search, which arrive in the
// list's sort order and page by page: children follow their parent, siblings keep the server's order, and a row
// whose parent is not loaded (a filter or a later page) stands at the top level.

export type TreeRow = EntityListItem & { depth: number; hasChildren: boolean };

export const arrangeAsTree = (rows: readonly EntityListItem[], collapsed: ReadonlySet<number>): TreeRow[] => {
  const ids = new Set(rows.map((row) => row.entityId));
  const childrenOf = new Map<number, EntityListItem[]>();
  const roots: EntityListItem[] = [];
  for (const row of rows) {
    if (row.parentEntityId !== null && ids.has(row.parentEntityId)) {
      const siblings = childrenOf.get(row.parentEntityId) ?? [];
      siblings.push(row);
      childrenOf.set(row.parentEntityId, siblings);
    } else roots.push(row);
  }
  const out: TreeRow[] = [];
  const visit = (row: EntityListItem, depth: number) => {
    const children = childrenOf.get(row.entityId) ?? [];
    out.push({ ...row, depth, hasChildren: children.length > 0 });
    if (!collapsed.has(row.entityId)) for (const child of children) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return out;
};

/**
 * The live GSTIN check of the entity form: the domain's own message (e.g. a wrong check character), then the
 * location rules of issue 5: the state code must be the location's state, and the PAN the business's PAN.
 */
export const gstinProblem = (value: string, stateCode: string | null, businessPan: string | null): string | null => {
  if (value.trim() === '') return null;
  const result = validateGstin(value);
  if (!result.ok) return result.message;
  if (stateCode && result.stateCode !== stateCode)
    return `The GSTIN starts with state code ${result.stateCode}, but the location's state is ${stateCode}.`;
  if (businessPan && result.pan !== businessPan.toUpperCase())
    return `The GSTIN's PAN ${result.pan} differs from the business PAN ${businessPan.toUpperCase()}.`;
  return null;
};

/** The state a valid GSTIN names, to preselect the state picker. */
export const stateCodeOfGstin = (value: string): string | null => {
  const result = validateGstin(value);
  return result.ok ? result.stateCode : null;
};

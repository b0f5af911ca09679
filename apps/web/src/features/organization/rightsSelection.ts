import type { RightsTree } from '@opengst/contracts';

// The rights tree of /add-role and /edit-role: a module checkbox ticks every right of the module the subscription
// includes; rights outside the subscription can be neither ticked nor counted.

export type ModuleRights = RightsTree[number];

const selectable = (module: ModuleRights): string[] => module.rights.filter((right) => right.subscribed).map((right) => right.rightId);

export const moduleTickState = (module: ModuleRights, selected: ReadonlySet<string>): 'all' | 'some' | 'none' => {
  const ids = selectable(module);
  const ticked = ids.filter((id) => selected.has(id)).length;
  if (ticked === 0) return 'none';
  return ticked === ids.length ? 'all' : 'some';
};

export const toggleModule = (module: ModuleRights, selected: ReadonlySet<string>): Set<string> => {
  const next = new Set(selected);
  const tick = moduleTickState(module, selected) !== 'all';
  for (const id of selectable(module)) {
    if (tick) next.add(id);
    else next.delete(id);
  }
  return next;
};

export const toggleRight = (rightId: string, selected: ReadonlySet<string>): Set<string> => {
  const next = new Set(selected);
  if (next.has(rightId)) next.delete(rightId);
  else next.add(rightId);
  return next;
};

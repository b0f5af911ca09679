// The chart of accounts as a tree: where an account may sit (under a group of its own type, never under itself or
// its own descendant), its path from the root, why a group cannot go, and the order a file's rows are written in so
// that a parent named later in the file still resolves.
import type { AccountType } from './accounts';

export type AccountNode = {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  accountType: AccountType;
  isGroup: boolean;
  status: 'Active' | 'Inactive';
};
type Named = Pick<AccountNode, 'id' | 'parentId' | 'name'>;

export const PATH_SEPARATOR = ' > ';

/** The names from the root down to the account. A loop (which the rules below never let in) ends the walk. */
export const pathOf = (id: number, nodes: ReadonlyMap<number, Named>): string[] => {
  const names: string[] = [];
  const seen = new Set<number>();
  for (let at = nodes.get(id); at && !seen.has(at.id); at = at.parentId === null ? undefined : nodes.get(at.parentId)) {
    seen.add(at.id);
    names.unshift(at.name);
  }
  return names;
};

const withArticle = (word: string) => `${/^[AEIOU]/.test(word) ? 'an' : 'a'} ${word}`;

/**
 * Why the account (new when `id` is null) may not sit under `parentId`, or null when it may. `nodes` are the
 * subscriber's own accounts only, so another subscriber's group is simply not found.
 */
export const placementIssue = (
  nodes: ReadonlyMap<number, AccountNode>,
  account: { id: number | null; name: string; accountType: AccountType },
  parentId: number,
): string | null => {
  const parent = nodes.get(parentId);
  if (!parent) return 'The parent group is not in your chart of accounts.';
  if (!parent.isGroup) return `"${parent.name}" is a ledger: only a group can hold accounts.`;
  if (parent.accountType !== account.accountType)
    return `"${parent.name}" is ${withArticle(parent.accountType)} group: ${withArticle(account.accountType)} account cannot sit under it (a group's accounts share its type).`;
  if (account.id !== null) {
    if (parent.id === account.id) return `"${account.name}" cannot sit under itself.`;
    const path = pathOf(parent.id, nodes);
    const chain: number[] = [];
    for (let at: AccountNode | undefined = parent; at; at = at.parentId === null ? undefined : nodes.get(at.parentId)) {
      chain.unshift(at.id);
      if (at.id === account.id) {
        const from = path.length - chain.length;
        return `"${account.name}" cannot move under "${parent.name}": that group is inside it (${path.slice(from).join(PATH_SEPARATOR)}), so the tree would loop.`;
      }
      if (chain.length > nodes.size) break;
    }
  }
  return null;
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "6 ledgers", "1 group and 6 ledgers". */
export const describeChildren = (children: readonly { isGroup: boolean }[]): string => {
  const groups = children.filter((c) => c.isGroup).length;
  const ledgers = children.length - groups;
  return [groups > 0 ? plural(groups, 'group') : '', ledgers > 0 ? plural(ledgers, 'ledger') : ''].filter(Boolean).join(' and ');
};

/** Why a group with children cannot be deleted, or be made a ledger: its accounts would lose their place. */
export const groupInUseReason = (group: { name: string }, children: readonly { isGroup: boolean }[]): string =>
  `${group.name} holds ${describeChildren(children)}; move or delete them first.`;

/** Why a group with active children cannot be deactivated. */
export const groupActiveChildrenReason = (group: { name: string }, activeChildren: readonly { isGroup: boolean }[]): string =>
  `${group.name} holds ${describeChildren(activeChildren)} still active; deactivate or move them first.`;

/** Why a group with children cannot change its account type. */
export const groupTypeLockedReason = (group: { name: string; accountType: AccountType }, children: readonly { isGroup: boolean }[]) =>
  `${group.name} holds ${describeChildren(children)} of type ${group.accountType}: a group's accounts share its type, so move them first.`;

export type ImportOrderIssue = { index: number; message: string };

/**
 * The order to write a file's accounts in: a parent that is a row of the file comes before its children, wherever
 * it stands in the file. `known` holds the codes (lower case) already in the chart. A row whose parent is neither a
 * row nor known, whose parent row is refused, or whose parent codes loop, is refused with the reason.
 */
export const orderByParent = (
  records: readonly { code: string; parentCode: string | null }[],
  known: ReadonlySet<string>,
): { order: number[]; issues: ImportOrderIssue[] } => {
  const indexOfCode = new Map<string, number>();
  records.forEach((r, index) => indexOfCode.set(r.code.toLowerCase(), index));
  const children = new Map<number, number[]>();
  const ready: number[] = [];
  const issues: ImportOrderIssue[] = [];
  const refused = new Set<number>();
  records.forEach((r, index) => {
    const parent = r.parentCode?.toLowerCase() ?? null;
    if (parent === null) return ready.push(index);
    if (parent === r.code.toLowerCase()) {
      refused.add(index);
      return issues.push({ index, message: `"${r.code}" cannot be its own parent.` });
    }
    const parentIndex = indexOfCode.get(parent);
    if (parentIndex !== undefined) return children.set(parentIndex, [...(children.get(parentIndex) ?? []), index]);
    if (known.has(parent)) return ready.push(index);
    refused.add(index);
    return issues.push({
      index,
      message: `The parent code "${r.parentCode}" is neither in your chart of accounts nor a row of this file.`,
    });
  });
  const order: number[] = [];
  // Breadth first: an array's iterator also visits what is pushed while it runs.
  for (const index of ready) {
    order.push(index);
    ready.push(...(children.get(index) ?? []));
  }
  // Children of a refused row follow it out, with the reason; what is left has parents that loop.
  const placed = new Set(order);
  const refuseBelow = (index: number) => {
    for (const child of children.get(index) ?? []) {
      if (placed.has(child) || refused.has(child)) continue;
      refused.add(child);
      issues.push({
        index: child,
        message: `Its parent "${records[index]?.code ?? ''}" is refused in this file, so it has no group to sit under.`,
      });
      refuseBelow(child);
    }
  };
  for (const index of [...refused]) refuseBelow(index);
  const parentIndexOf = (index: number) => indexOfCode.get(records[index]?.parentCode?.toLowerCase() ?? '');
  records.forEach((r, index) => {
    if (placed.has(index) || refused.has(index)) return;
    const loop: string[] = [r.code];
    let at = parentIndexOf(index);
    while (at !== undefined && at !== index && loop.length <= records.length) {
      loop.push(records[at]?.code ?? '');
      at = parentIndexOf(at);
    }
    issues.push({
      index,
      message:
        at === index
          ? `The parent codes of this file loop (${[...loop, r.code].join(PATH_SEPARATOR)}): a group cannot sit under its own account.`
          : `Its parent "${r.parentCode ?? ''}" sits in a loop of parent codes in this file, so it has no group to sit under.`,
    });
  });
  issues.sort((a, b) => a.index - b.index);
  return { order, issues };
};

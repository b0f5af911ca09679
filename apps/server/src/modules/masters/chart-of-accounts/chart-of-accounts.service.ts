// Use cases of /chart-of-accounts: save (create or edit), status and delete, each in one transaction with its audit
// rows; the import's write (chart-of-accounts-import.ts) makes the same checks through accountChangeIssues.
//
// Design (issue 20; the spec names the screen only): the chart is a tree of groups and ledgers, one account type per
// branch (a group's accounts share its type), codes unique per subscriber whatever their case. A group that still
// holds accounts is "in use": it cannot be deleted, made a ledger or change its type, and cannot be deactivated while
// one of its accounts is active. The reason names the group and what it holds. No other table references a ledger
// yet (the general ledger import is a later issue); when one does, its uses join the reasons here.
import type { ChartAccountSaveSchema } from '@opengst/contracts';
import {
  accountIssues,
  groupActiveChildrenReason,
  groupInUseReason,
  groupTypeLockedReason,
  pathOf,
  placementIssue,
  type AccountNode,
  type AccountType,
} from '@opengst/domain';
import type { ErrorItem } from '@opengst/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/database';
import { chartOfAccounts } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError, validationError } from '../../../platform/errors';
import { childrenOf, findAccountRows, findChartAccounts, loadTree, type AccountRow, type Tree } from './chart-of-accounts.repo';

type Who = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;
type SaveInput = z.output<typeof ChartAccountSaveSchema>;

/** What is audited of an account. */
export const auditedAccount = (row: AccountRow) => ({
  code: row.code,
  name: row.name,
  accountType: row.accountType,
  isGroup: row.isGroup,
  parentId: row.parentId,
  gstHead: row.gstHead,
  description: row.description,
  status: row.status,
});

/** An account as it is to be: what the placement and in-use checks look at. */
export type AccountChange = {
  name: string;
  accountType: AccountType;
  isGroup: boolean;
  status: 'Active' | 'Inactive';
  parentId: number | null;
};
export type ChangeIssue = { field: 'parentId' | 'isGroup' | 'accountType' | 'status'; message: string; notFound?: boolean };

/**
 * The checks of a change against the tree: the parent (a group of the subscriber, of the same type, not the account
 * itself or below it) and, for a group that holds accounts, what it can no longer become.
 */
export const accountChangeIssues = (tree: Tree, existing: AccountNode | undefined, next: AccountChange): ChangeIssue[] => {
  const issues: ChangeIssue[] = [];
  if (next.parentId !== null) {
    const message = placementIssue(tree, { id: existing?.id ?? null, name: next.name, accountType: next.accountType }, next.parentId);
    if (message) issues.push({ field: 'parentId', message, ...(tree.has(next.parentId) ? {} : { notFound: true }) });
  }
  if (existing?.isGroup) {
    const children = childrenOf(tree, existing.id);
    if (children.length > 0 && !next.isGroup) issues.push({ field: 'isGroup', message: groupInUseReason(existing, children) });
    if (children.length > 0 && next.accountType !== existing.accountType)
      issues.push({ field: 'accountType', message: groupTypeLockedReason(existing, children) });
    const active = children.filter((c) => c.status === 'Active');
    if (next.status === 'Inactive' && active.length > 0)
      issues.push({ field: 'status', message: groupActiveChildrenReason(existing, active) });
  }
  return issues;
};

const accountById = async (db: Db, who: Who, id: number) => {
  const where = and(eq(chartOfAccounts.subscriberId, who.subscriberId), eq(chartOfAccounts.id, id))!;
  const [found] = (await findChartAccounts(db, who.subscriberId, where, { start: 0, size: 1 })).items;
  if (!found) throw new AppError('GEN0003');
  return found;
};

const sameCode = (tree: Tree, code: string, exceptId: number | undefined) =>
  [...tree.values()].find((node) => node.id !== exceptId && node.code.toLowerCase() === code.toLowerCase());

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

export const saveChartAccount = async (db: Db, who: Who, input: SaveInput, ip: string) => {
  const [existing] = input.id ? await findAccountRows(db, who.subscriberId, [input.id]) : [];
  if (input.id && !existing) throw new AppError('GEN0003');
  const values = {
    code: input.code,
    name: input.name,
    accountType: input.accountType,
    isGroup: input.isGroup,
    parentId: input.parentId ?? null,
    gstHead: input.isGroup ? null : (input.gstHead ?? null),
    description: input.description,
    status: input.status,
  };
  const own = accountIssues({ ...values, gstHead: input.gstHead ?? null });
  if (own.length > 0)
    throw validationError(
      own.map((i) => ({
        code: 'GEN0009',
        type: 'Error',
        propertyName: i.propertyName === 'parent' ? 'parentId' : i.propertyName,
        message: i.message,
      })),
    );

  try {
    const id = await db.transaction(async (tx) => {
      const tree = await loadTree(tx, who.subscriberId, true);
      const clash = sameCode(tree, values.code, existing?.id);
      if (clash) throw new AppError('ORG0006', { propertyName: 'code', message: `Code ${clash.code} is already used by "${clash.name}".` });
      const issues = accountChangeIssues(tree, existing ? tree.get(existing.id) : undefined, values);
      const missing = issues.find((i) => i.notFound);
      if (missing) throw new AppError('GEN0003', { propertyName: 'parentId', message: missing.message });
      if (issues.length > 0)
        throw validationError(
          issues.map((i): ErrorItem => ({ code: 'GEN0009', type: 'Error', propertyName: i.field, message: i.message })),
        );
      const stamp = { ...values, updatedBy: who.userId, updatedAt: new Date() };
      const [saved] = existing
        ? await tx.update(chartOfAccounts).set(stamp).where(eq(chartOfAccounts.id, existing.id)).returning()
        : await tx
            .insert(chartOfAccounts)
            .values({ ...stamp, subscriberId: who.subscriberId, createdBy: who.userId })
            .returning();
      if (!saved) throw new Error('chart_of_accounts write returned no row');
      await writeAudit(tx, who, {
        entityType: 'ChartOfAccounts',
        entityKey: saved.id,
        entityName: `${saved.code} ${saved.name}`,
        action: existing ? 'Update' : 'Create',
        ...(existing ? { before: auditedAccount(existing) } : {}),
        after: auditedAccount(saved),
        ip,
      });
      return saved.id;
    });
    return await accountById(db, who, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ORG0006', { propertyName: 'code', message: `Code ${values.code} is already used.` });
    throw error;
  }
};

const loadAll = async (db: Db, who: Who, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  const rows = await findAccountRows(db, who.subscriberId, unique);
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  return rows;
};

const refusals = (messages: readonly string[]) =>
  validationError(messages.map((message): ErrorItem => ({ code: 'GEN0009', type: 'Error', message })));

/** Deactivating a group whose accounts stay active (not deactivated with it) is refused with the reason. */
export const updateChartAccountStatus = async (db: Db, who: Who, ids: readonly number[], status: 'Active' | 'Inactive', ip: string) => {
  const rows = await loadAll(db, who, ids);
  const chosen = new Set(rows.map((row) => row.id));
  return db.transaction(async (tx: Tx) => {
    const tree = await loadTree(tx, who.subscriberId, true);
    if (status === 'Inactive') {
      const reasons = rows.flatMap((row) => {
        const active = childrenOf(tree, row.id).filter((c) => c.status === 'Active' && !chosen.has(c.id));
        return row.isGroup && active.length > 0 ? [groupActiveChildrenReason(row, active)] : [];
      });
      if (reasons.length > 0) throw refusals(reasons);
    }
    const changing = rows.filter((row) => row.status !== status);
    if (changing.length > 0) {
      await tx
        .update(chartOfAccounts)
        .set({ status, updatedBy: who.userId, updatedAt: new Date() })
        .where(
          inArray(
            chartOfAccounts.id,
            changing.map((row) => row.id),
          ),
        );
    }
    for (const row of changing) {
      await writeAudit(tx, who, {
        entityType: 'ChartOfAccounts',
        entityKey: row.id,
        entityName: `${row.code} ${row.name}`,
        action: 'StatusChange',
        before: { status: row.status },
        after: { status },
        ip,
      });
    }
    return rows.length;
  });
};

/**
 * Deletes accounts. A group that still holds accounts not deleted with it is refused with the reason; a group chosen
 * with all it holds goes, its deepest accounts first.
 */
export const deleteChartAccounts = async (db: Db, who: Who, ids: readonly number[], ip: string) => {
  const rows = await loadAll(db, who, ids);
  const chosen = new Set(rows.map((row) => row.id));
  return db.transaction(async (tx: Tx) => {
    const tree = await loadTree(tx, who.subscriberId, true);
    const reasons = rows.flatMap((row) => {
      const kept = childrenOf(tree, row.id).filter((c) => !chosen.has(c.id));
      return kept.length > 0 ? [groupInUseReason(row, kept)] : [];
    });
    if (reasons.length > 0) throw refusals(reasons);
    const deepestFirst = [...rows].sort((a, b) => pathOf(b.id, tree).length - pathOf(a.id, tree).length);
    for (const row of deepestFirst) {
      await tx.delete(chartOfAccounts).where(eq(chartOfAccounts.id, row.id));
      await writeAudit(tx, who, {
        entityType: 'ChartOfAccounts',
        entityKey: row.id,
        entityName: `${row.code} ${row.name}`,
        action: 'Delete',
        before: auditedAccount(row),
        ip,
      });
    }
    return rows.length;
  });
};

// The chart of accounts' import write (the import module's record handler calls it through the masters face). The
// rows are written parents first (the domain's orderByParent), so a parent named further down the file resolves; an
// account whose code is in the chart (any case) is updated, else created. Each row meets the checks of the screen's
// save (accountChangeIssues): a refused row is reported with the reason and the rows under it follow it out.
import { orderByParent, type AccountType, type GstHead } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { chartOfAccounts } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { loadTree, toNode } from './chart-of-accounts.repo';
import { accountChangeIssues, auditedAccount } from './chart-of-accounts.service';

export type ChartAccountRecord = {
  code: string;
  name: string;
  accountType: AccountType;
  isGroup: boolean;
  parentCode: string | null;
  gstHead: GstHead | null;
  description: string;
  status: 'Active' | 'Inactive';
};
/** `column` is the import column's key. */
export type ChartAccountImportIssue = { index: number; column: string | null; message: string };

const COLUMN_OF = { parentId: 'parentCode', isGroup: 'isGroup', accountType: 'accountType', status: 'status' } as const;

export const importChartAccountRecords = async (
  tx: Tx,
  who: Pick<SessionPrincipal, 'subscriberId' | 'userId'>,
  importId: number,
  records: readonly ChartAccountRecord[],
): Promise<{ written: number; issues: ChartAccountImportIssue[] }> => {
  const tree = await loadTree(tx, who.subscriberId, true);
  const idOfCode = new Map([...tree.values()].map((node) => [node.code.toLowerCase(), node.id]));
  const { order, issues: orderIssues } = orderByParent(records, new Set(idOfCode.keys()));
  const issues: ChartAccountImportIssue[] = orderIssues.map((issue) => ({ ...issue, column: 'parentCode' }));
  const refusedCodes = new Set(orderIssues.map((issue) => records[issue.index]?.code.toLowerCase()));
  let written = 0;
  for (const index of order) {
    const record = records[index];
    if (!record) continue;
    const parentCode = record.parentCode?.toLowerCase() ?? null;
    const parentId = parentCode === null ? null : idOfCode.get(parentCode);
    if (parentId === undefined || (parentCode !== null && refusedCodes.has(parentCode))) {
      refusedCodes.add(record.code.toLowerCase());
      issues.push({
        index,
        column: 'parentCode',
        message: `Its parent "${record.parentCode ?? ''}" is refused in this file, so it has no group to sit under.`,
      });
      continue;
    }
    const existingId = idOfCode.get(record.code.toLowerCase());
    const existing = existingId === undefined ? undefined : tree.get(existingId);
    const change = { name: record.name, accountType: record.accountType, isGroup: record.isGroup, status: record.status, parentId };
    const [problem] = accountChangeIssues(tree, existing, change);
    if (problem) {
      refusedCodes.add(record.code.toLowerCase());
      issues.push({ index, column: COLUMN_OF[problem.field], message: problem.message });
      continue;
    }
    const values = {
      code: record.code,
      name: record.name,
      accountType: record.accountType,
      isGroup: record.isGroup,
      parentId,
      gstHead: record.isGroup ? null : record.gstHead,
      description: record.description,
      status: record.status,
      importId,
      updatedBy: who.userId,
      updatedAt: new Date(),
    };
    if (existing) {
      const [before] = await tx.select().from(chartOfAccounts).where(eq(chartOfAccounts.id, existing.id));
      const [after] = await tx.update(chartOfAccounts).set(values).where(eq(chartOfAccounts.id, existing.id)).returning();
      if (!before || !after) throw new Error('chart_of_accounts update returned no row');
      tree.set(after.id, toNode(after));
      await writeAudit(tx, who, {
        entityType: 'ChartOfAccounts',
        entityKey: after.id,
        entityName: `${after.code} ${after.name}`,
        action: 'Update',
        before: auditedAccount(before),
        after: auditedAccount(after),
      });
    } else {
      const [created] = await tx
        .insert(chartOfAccounts)
        .values({ ...values, subscriberId: who.subscriberId, createdBy: who.userId })
        .returning();
      if (!created) throw new Error('chart_of_accounts insert returned no row');
      tree.set(created.id, toNode(created));
      idOfCode.set(created.code.toLowerCase(), created.id);
      await writeAudit(tx, who, {
        entityType: 'ChartOfAccounts',
        entityKey: created.id,
        entityName: `${created.code} ${created.name}`,
        action: 'Create',
        after: auditedAccount(created),
      });
    }
    written += 1;
  }
  issues.sort((a, b) => a.index - b.index);
  return { written, issues };
};

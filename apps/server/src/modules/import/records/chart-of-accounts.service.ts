// Chart of accounts → chart_of_accounts (masters /chart-of-accounts). The row's own checks are the domain's (code,
// name, GST head against type); the parent, the tree and the write belong to the masters module
// (chart-of-accounts-import.ts), which resolves parents by code in any order of the file.
import { accountIssues, ACCOUNT_TYPES, GST_HEAD_CODES, GST_HEADS, type AccountType, type GstHead } from '@opengst/domain';
import type { Tx } from '../../../db/database';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { importChartAccountRecords, type ChartAccountRecord } from '../../masters';
import { rowError, type RecordHandler, type RowIssue, type RowValues } from './record-handler.rules';

const text = (values: RowValues, key: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** A GST head written as its code (InputCgst) or its name (Input CGST (ITC)), any case. */
const gstHeadOf = (written: string): GstHead | null | undefined => {
  if (!written) return null;
  const key = written.toLowerCase();
  return GST_HEAD_CODES.find((head) => head.toLowerCase() === key || GST_HEADS[head].label.toLowerCase() === key);
};

const COLUMN_OF = {
  code: 'code',
  name: 'name',
  accountType: 'accountType',
  isGroup: 'isGroup',
  gstHead: 'gstHead',
  parent: 'parentCode',
} as const;

export const chartOfAccountsHandler = (principal: SessionPrincipal, importId: number): RecordHandler<ChartAccountRecord> => ({
  check: (values) => {
    const issues: RowIssue[] = [];
    const accountType = text(values, 'accountType') as AccountType;
    if (!ACCOUNT_TYPES.includes(accountType)) issues.push(rowError('accountType', 'GEN0009', `One of: ${ACCOUNT_TYPES.join(', ')}.`));
    const gstHead = gstHeadOf(text(values, 'gstHead'));
    if (gstHead === undefined)
      issues.push(rowError('gstHead', 'GEN0009', `"${text(values, 'gstHead')}" is not a GST head. One of: ${GST_HEAD_CODES.join(', ')}.`));
    const record: ChartAccountRecord = {
      code: text(values, 'code'),
      name: text(values, 'name'),
      accountType,
      isGroup: values.isGroup === true,
      parentCode: text(values, 'parentCode') || null,
      gstHead: gstHead ?? null,
      description: text(values, 'description'),
      status: values.status === 'Inactive' ? 'Inactive' : 'Active',
    };
    if (issues.length > 0) return { record: null, issues };
    const own = accountIssues(record).map((issue) => rowError(COLUMN_OF[issue.propertyName], 'GEN0009', issue.message));
    return own.length > 0 ? { record: null, issues: own } : { record, issues };
  },

  keyOf: (r) => r.code.toLowerCase(),
  describeKey: (r) => `account code "${r.code}"`,

  store: async (tx: Tx, records) => {
    const { written, issues } = await importChartAccountRecords(
      tx,
      principal,
      importId,
      records.map((r) => r.record),
    );
    return {
      written,
      issues: issues.map((issue) => ({ ...rowError(issue.column, 'GEN0009', issue.message), row: records[issue.index]?.row ?? 0 })),
    };
  },
});

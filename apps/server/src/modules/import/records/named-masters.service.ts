// Levels, verticals and notice tags → levels, verticals, notice_tags (masters /level-master, /verticals, /notice-tag).
// One handler for the three: the row is checked by the master's own save schema and written by the master's service
// (masters/named-masters-import.ts): a name already there, in any case, updates that record.
import type { Tx } from '../../../db/database';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { importNamedMasterRecords, namedMasterRecordIssues, type NamedMasterFields, type NamedMasterImportType } from '../../masters';
import { rowError, type RecordHandler, type RowValues, type Sourced, type StoreIssue } from './record-handler.rules';

const text = (values: RowValues, key: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** The master's own columns besides name, description and status, as its save schema takes them. */
const OWN_FIELDS: Record<NamedMasterImportType, (values: RowValues) => NamedMasterFields> = {
  Levels: (values) => ({ rank: /^\d{1,2}$/.test(text(values, 'rank')) ? Number(text(values, 'rank')) : text(values, 'rank') }),
  Verticals: (values) => ({ code: text(values, 'code') }),
  NoticeTags: (values) => (text(values, 'color') ? { color: text(values, 'color') } : {}),
};

/**
 * The write's refusals by file row: `store` of a handler whose masters-side write answers its issues by the index of
 * the record in the list it was given (reusable by any master imported the same way).
 */
export const issuesByRow = <R extends object>(
  records: readonly Sourced<R>[],
  issues: readonly { index: number; column: string | null; message: string }[],
  code: string,
): StoreIssue[] =>
  issues.map((issue) => {
    const record = records[issue.index];
    // The refused value as the record holds it (a rank, a code, a status), shown beside the message on the error screen.
    const value = record && issue.column ? (record.record as Record<string, unknown>)[issue.column] : undefined;
    return {
      ...rowError(issue.column, code, issue.message),
      row: record?.row ?? 0,
      ...(typeof value === 'string' || typeof value === 'number' ? { value: String(value) } : {}),
    };
  });

export const namedMasterHandler = (
  type: NamedMasterImportType,
  principal: SessionPrincipal,
  ip: string | undefined,
): RecordHandler<NamedMasterFields & { name: string }> => ({
  check: (values) => {
    const fields: NamedMasterFields & { name: string } = {
      name: text(values, 'name'),
      description: text(values, 'description'),
      status: values.status === 'Inactive' ? 'Inactive' : 'Active',
      ...OWN_FIELDS[type](values),
    };
    if (typeof fields.rank === 'string')
      return { record: null, issues: [rowError('rank', 'GEN0009', 'A rank is a whole number from 1 to 20.')] };
    const issues = namedMasterRecordIssues(type, fields).map((issue) => rowError(issue.column, 'GEN0009', issue.message));
    return issues.length > 0 ? { record: null, issues } : { record: fields, issues };
  },

  keyOf: (r) => r.name.toLowerCase(),
  describeKey: (r) => `name "${r.name}"`,

  store: async (tx: Tx, records) => {
    const { written, issues } = await importNamedMasterRecords(
      type,
      tx,
      principal,
      records.map((r) => r.record),
      ip,
    );
    return { written, issues: issuesByRow(records, issues, 'GEN0009') };
  },
});

// Document number series → document_series (masters /series). The row's checks are the domain's Rule 46(b) rules of
// a series; the write and its rules for a series already in use belong to the masters module (series-import.ts).
import { SERIES_MAX_PADDING } from '@opengst/domain';
import type { Tx } from '../../../db/database';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { importSeriesRecords, seriesRecordIssues, type SeriesRecord } from '../../masters';
import { rowError, type RecordHandler, type RowIssue, type RowValues } from './record-handler.rules';

const text = (values: RowValues, key: string): string => ((values[key] as string | null) ?? '').trim();
const wholeNumber = (value: string): number | null => (/^\d{1,16}$/.test(value) ? Number(value) : null);

export const seriesHandler = (principal: SessionPrincipal): RecordHandler<SeriesRecord> => ({
  check: (values) => {
    const issues: RowIssue[] = [];
    const name = text(values, 'name');
    const financialYear = text(values, 'financialYear');
    const prefix = text(values, 'prefix');
    if (!name) issues.push(rowError('name', 'GEN0009', 'The series name is required.'));
    const year = /^(\d{4})-(\d{2})$/.exec(financialYear);
    if (!year || (Number(year[1]) + 1) % 100 !== Number(year[2]))
      issues.push(rowError('financialYear', 'GEN0009', 'Write the financial year as 2026-27.'));
    const padding = wholeNumber(text(values, 'padding'));
    if (padding === null || padding < 1 || padding > SERIES_MAX_PADDING)
      issues.push(rowError('padding', 'GEN0009', `The digits are a whole number from 1 to ${SERIES_MAX_PADDING}.`));
    const startText = text(values, 'startNumber');
    const startNumber = startText ? wholeNumber(startText) : 1;
    if (startNumber === null || startNumber < 1)
      issues.push(rowError('startNumber', 'GEN0009', 'The first number is a whole number from 1.'));
    if (issues.length > 0 || padding === null || startNumber === null) return { record: null, issues };
    const rules = seriesRecordIssues({ prefix, padding, startNumber });
    if (rules.length > 0) return { record: null, issues: rules.map((issue) => rowError(issue.column, 'GEN0009', issue.message)) };
    const status = values.status === 'Inactive' ? 'Inactive' : 'Active';
    return { record: { name, financialYear, prefix, padding, startNumber, status }, issues };
  },

  keyOf: (r) => `${r.financialYear}|${r.name.toLowerCase()}`,
  describeKey: (r) => `series "${r.name}" of ${r.financialYear}`,

  store: async (tx: Tx, records) => {
    const { written, issues } = await importSeriesRecords(
      tx,
      principal,
      records.map((r) => r.record),
    );
    return {
      written,
      issues: issues.map((issue) => ({ ...rowError(issue.column, 'GEN0009', issue.message), row: records[issue.index]?.row ?? 0 })),
    };
  },
});

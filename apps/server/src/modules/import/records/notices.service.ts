// Notices → notices (the register /litigation-management, issue 23). A row names its location by GSTIN (one the
// uploading user may reach); its own checks and the write belong to the litigation module (notices-import.ts).
import type { ContingentClass } from '@opengst/domain';
import type { Tx } from '../../../db/database';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { importNoticeRecords, noticeRecordIssues, type NoticeRecord } from '../../litigation';
import type { Location } from './locations.queries';
import { rowError, type RecordHandler, type RowIssue, type RowValues } from './record-handler.rules';

const text = (values: RowValues, key: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
};
const paise = (values: RowValues, key: string): number => {
  const value = values[key];
  return typeof value === 'number' ? value : 0;
};
const date = (values: RowValues, key: string): string | null => {
  const value = values[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

const YEAR = /^\d{4}-\d{2}$/;

export const noticesHandler = (
  principal: SessionPrincipal,
  importId: number,
  locations: ReadonlyMap<string, Location>,
  today: string,
): RecordHandler<NoticeRecord> => ({
  check: (values) => {
    const issues: RowIssue[] = [];
    const gstin = text(values, 'gstin');
    const location = locations.get(gstin);
    if (!location) issues.push(rowError('gstin', 'IMP0013', `${gstin} is not one of the locations you may reach.`));
    const financialYears = text(values, 'financialYears')
      .split(/[;,]/)
      .map((year) => year.trim())
      .filter(Boolean);
    const badYear = financialYears.find((year) => !YEAR.test(year));
    if (badYear) issues.push(rowError('financialYears', 'GEN0009', `"${badYear}" is not a financial year: write it as 2023-24.`));
    if (issues.length > 0 || !location) return { record: null, issues };
    const record: NoticeRecord = {
      entityId: location.entityId,
      form: text(values, 'form'),
      referenceNumber: text(values, 'referenceNumber'),
      issuedOn: date(values, 'issuedOn') ?? '',
      receivedOn: date(values, 'receivedOn'),
      statedDueOn: date(values, 'statedDueOn'),
      financialYears: [...new Set(financialYears)].sort(),
      section: text(values, 'section'),
      subject: text(values, 'subject'),
      officerName: text(values, 'officerName'),
      officerDesignation: text(values, 'officerDesignation'),
      jurisdiction: text(values, 'jurisdiction'),
      taxIgst: paise(values, 'taxIgst'),
      taxCgst: paise(values, 'taxCgst'),
      taxSgst: paise(values, 'taxSgst'),
      taxCess: paise(values, 'taxCess'),
      interest: paise(values, 'interest'),
      penalty: paise(values, 'penalty'),
      contingentClass: (text(values, 'contingentClass') || null) as ContingentClass | null,
      contingentAmount:
        values.contingentAmount === null || values.contingentAmount === undefined ? null : paise(values, 'contingentAmount'),
    };
    const own = noticeRecordIssues(record, today).map((issue) => rowError(issue.column, 'GEN0009', issue.message));
    return own.length > 0 ? { record: null, issues: own } : { record, issues };
  },

  keyOf: (r) => `${r.entityId}|${r.form}|${r.referenceNumber}`,
  describeKey: (r) => `notice ${r.form} ${r.referenceNumber}`,

  store: async (tx: Tx, records) => ({
    written: await importNoticeRecords(
      tx,
      principal,
      importId,
      records.map((r) => r.record),
      today,
    ),
    issues: [],
  }),
});

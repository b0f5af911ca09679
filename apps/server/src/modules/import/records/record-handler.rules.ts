// What each record import type (summaries, vendors, HSN/SAC, entities) gives the shared pipeline of record-import.service.ts:
// a check of one row's parsed values, the key that identifies the record (a re-import updates it), and the write.
import type { ImportType } from '@opengst/contracts';
import type { Tx } from '../../../db/database';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import type { CellValue } from '../columns.rules';

/** The row's values by column key, parsed by the column's format (blank cells are null). */
export type RowValues = Readonly<Record<string, CellValue>>;

/** A problem of one row; `column` is a column key of the import type (null for the row as a whole). */
export type RowIssue = { column: string | null; code: string; message: string; type: 'Error' | 'Warning' };

export const rowError = (column: string | null, code: string, message: string): RowIssue => ({ column, code, message, type: 'Error' });
export const rowWarning = (column: string | null, code: string, message: string): RowIssue => ({ column, code, message, type: 'Warning' });

/** A checked record with the file row it came from. */
export type Sourced<R> = { row: number; record: R };

/** Issues found while writing (entities are checked against the database row by row), by file row, with the value refused where known. */
export type StoreIssue = RowIssue & { row: number; value?: string };

export type HandlerContext = {
  importType: ImportType;
  importId: number;
  /** The uploading user: the job acts on their behalf, with their location access. */
  principal: SessionPrincipal;
  /** The upload named one location: summaries are accepted for it only. */
  entityId: number | null;
  today: string;
};

export type RecordHandler<R> = {
  /** Checks one row; a record comes back unless the row has an error. */
  check: (values: RowValues) => { record: R | null; issues: RowIssue[] };
  /** Rows with the same key are the same record: the first is kept, a later one is reported. */
  keyOf: (record: R) => string;
  /** Text of the key for the message of a repeated row. */
  describeKey: (record: R) => string;
  /** Writes the records (upsert by key) inside the file's transaction; answers how many were written. */
  store: (tx: Tx, records: readonly Sourced<R>[]) => Promise<{ written: number; issues: StoreIssue[] }>;
  /** What may happen only once the file's transaction has committed (the consultants' welcome mails). */
  afterCommit?: () => Promise<void>;
};

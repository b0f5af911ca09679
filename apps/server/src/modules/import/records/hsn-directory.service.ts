// The GST portal's HSN/SAC directory uploaded as it is downloaded: HSN_SAC_<yyyy-mm>.xlsx with the sheets HSN_MSTR
// (HSN_CD, HSN_Description) and SAC_MSTR (SAC_CD, SAC_Description), or its flattened csv (type, code, description).
// Recognised by its header row, not its name; its quirks ("2307 00", codes that lost a leading zero, _x000D_, a
// description Excel took for a formula) are the domain's readHsnDirectory's to repair, so the raw cell values go there.
import { isServiceCode, readHsnDirectory, type HsnDirectoryIssue } from '@opengst/domain';
import { cellText } from '../../../files/cell-text';
import { openXlsx } from '../../../files/xlsx/reader';
import { AppError } from '../../../platform/errors';
import { readRows } from '../readers.service';
import type { FileFormat } from '../sniff.rules';
import type { HsnCodeRecord } from './hsn-codes.service';
import type { Sourced } from './record-handler.rules';

/** Where a directory row came from: its sheet's row number and the header of its code column. */
type RowRef = { row: number; column: string };

export type PortalDirectory = {
  records: Sourced<HsnCodeRecord>[];
  issues: (HsnDirectoryIssue & { ref: RowRef })[];
  dataRows: number;
};

const CODE_HEADER = /^(HSN|SAC)_CD$/i;
const isBlank = (cells: readonly unknown[]) => cells.every((cell) => cellText(cell).trim() === '');
const headerCells = (cells: readonly unknown[]) => cells.map((cell) => cellText(cell).trim().toLowerCase()).filter((cell) => cell !== '');

/** The code column's header when this header row is the directory's, else null. */
const directoryHeader = (cells: readonly unknown[]): string | null => {
  const names = headerCells(cells);
  if (names.length >= 2 && CODE_HEADER.test(names[0] ?? '')) return (names[0] ?? '').toUpperCase();
  if (names.join(',') === 'type,code,description') return 'code';
  return null;
};

type Collector = { rows: unknown[][]; refs: RowRef[] };
type Progress = (rows: number) => Promise<void>;

/** Every sheet of the workbook (in tab order) whose header is a directory header; null when the first sheet's is not. */
const collectXlsx = async (path: string, maxRows: number, progress: Progress): Promise<Collector | null> => {
  const collected: Collector = { rows: [], refs: [] };
  let sheets = 0;
  try {
    const workbook = await openXlsx(path);
    for (const sheet of workbook.sheets) {
      sheets++;
      let column: string | null | undefined;
      for await (const { row, values } of workbook.rows(sheet)) {
        if (isBlank(values)) continue;
        if (column === undefined) {
          column = directoryHeader(values);
          if (column === null && sheets === 1) return null;
          if (column === null) break;
          continue;
        }
        collected.rows.push(values);
        collected.refs.push({ row, column: column ?? '' });
        if (collected.rows.length > maxRows)
          throw new AppError('IMP0007', { message: `The file has more than ${maxRows} rows, the limit of your import settings.` });
        if (collected.rows.length % 2000 === 0) await progress(collected.rows.length);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMP0004');
  }
  return collected;
};

/** The directory saved as .csv or .xls (or any format readRows knows): its rows as text. */
const collectRows = async (path: string, format: FileFormat, maxRows: number, progress: Progress): Promise<Collector | null> => {
  const collected: Collector = { rows: [], refs: [] };
  let column: string | null | undefined;
  for await (const { row, cells } of readRows(path, format)) {
    if (isBlank(cells)) continue;
    if (column === undefined) {
      column = directoryHeader(cells);
      if (column === null) return null;
      continue;
    }
    collected.rows.push(cells);
    collected.refs.push({ row, column: column ?? '' });
    if (collected.rows.length > maxRows)
      throw new AppError('IMP0007', { message: `The file has more than ${maxRows} rows, the limit of your import settings.` });
    if (collected.rows.length % 2000 === 0) await progress(collected.rows.length);
  }
  return collected;
};

/**
 * Reads the file as the portal's directory, or answers null when its header row is not the directory's (then it is
 * the subscriber's own list, read by the documented columns). The directory's few thousand rows are held at once:
 * a code listed twice must be resolved against the whole list (the clean spelling wins).
 */
export const readPortalDirectory = async (
  path: string,
  format: FileFormat,
  maxRows: number,
  progress: Progress,
): Promise<PortalDirectory | null> => {
  const collected = format === 'xlsx' ? await collectXlsx(path, maxRows, progress) : await collectRows(path, format, maxRows, progress);
  if (!collected) return null;
  const { records, issues } = readHsnDirectory(collected.rows);
  const refOf = (index: number): RowRef => collected.refs[index - 1] ?? { row: 0, column: 'code' };
  return {
    dataRows: collected.rows.length,
    records: records.map((r) => ({
      row: refOf(r.row).row,
      record: { code: r.code, description: r.description, isService: isServiceCode(r.code), rate: null, uqc: null },
    })),
    issues: issues.map((issue) => ({ ...issue, ref: refOf(issue.row) })),
  };
};

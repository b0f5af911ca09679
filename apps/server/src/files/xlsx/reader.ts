// Reads an .xlsx without holding it: the zip's central directory, the workbook part, the shared strings and the cell
// styles up front, then one worksheet's rows as its part inflates. Several times faster than exceljs's streaming
// reader, which builds a Row and Cell objects with their styles for every cell.
import type { XlsxLimits } from './limits';
import { SheetScanner, type SheetContext, type XlsxRow } from './sheet';
import { openWorkbook, readDateStyles, readSharedStrings, type SheetPart } from './workbook';
import { damaged } from './xml';
import { entryChunks, entryOf } from './zip';

export type { XlsxRow, XlsxValue } from './sheet';
export type { SheetPart } from './workbook';

export type XlsxReader = {
  /** The worksheets in the order of their tabs. */
  sheets: SheetPart[];
  /** The rows of one worksheet; `chunkSize` (bytes inflated at a time) is for tests that cut rows anywhere. */
  rows(sheet: SheetPart, chunkSize?: number): AsyncGenerator<XlsxRow>;
  /** The same rows, those completed by each inflated chunk together (a few hundred): fewer awaits for a caller that batches. */
  batches(sheet: SheetPart, chunkSize?: number): AsyncGenerator<XlsxRow[]>;
};

/**
 * Opens an .xlsx; a damaged package throws AppError IMP0004, one inflating past its declared sizes or the limits of
 * what is inflated IMP0005, one whose shared strings pass the limits of what is kept IMP0029 (limits.ts; tests scale them).
 */
export const openXlsx = async (path: string, limits?: XlsxLimits): Promise<XlsxReader> => {
  const workbook = await openWorkbook(path, limits);
  let context: Promise<SheetContext> | undefined;
  const contextOf = () => {
    context ??= Promise.all([readSharedStrings(workbook), readDateStyles(workbook)]).then(([sharedStrings, dateStyles]) => ({
      sharedStrings,
      dateStyles,
      date1904: workbook.date1904,
    }));
    return context;
  };
  async function* batches(sheet: SheetPart, chunkSize?: number): AsyncGenerator<XlsxRow[]> {
    const entry = entryOf(workbook.zip, sheet.part);
    if (!entry) throw damaged();
    const scanner = new SheetScanner(await contextOf());
    for await (const bytes of entryChunks(workbook.zip, entry, chunkSize)) {
      // What follows the rows is inflated all the same: the entry's size and CRC are checked at its end.
      if (scanner.done) continue;
      const rows = scanner.push(bytes);
      if (rows.length > 0) yield rows;
    }
    const rows = scanner.end();
    if (rows.length > 0) yield rows;
  }
  async function* rows(sheet: SheetPart, chunkSize?: number): AsyncGenerator<XlsxRow> {
    for await (const batch of batches(sheet, chunkSize)) yield* batch;
  }
  return { sheets: workbook.sheets, batches, rows };
};

// The first worksheet of a spreadsheet as rows of text cells; the first in tab order, as a user sees it (a template's
// second sheet is its instructions). A file that cannot be read is a damaged one (IMP0004 for .xlsx, IMP0024 for .xls).
import { readFile } from 'node:fs/promises';
import { AppError } from '../platform/errors';
import { cellText, type TextRow } from './cell-text';
import { openXls } from './xls/biff';
import type { XlsxLimits } from './xlsx/limits';
import { openXlsx } from './xlsx/reader';

/** The rows of the first worksheet of an .xlsx, those each inflated chunk completes together. */
export async function* xlsxRowBatches(path: string, limits?: XlsxLimits): AsyncGenerator<TextRow[]> {
  try {
    const workbook = await openXlsx(path, limits);
    const [sheet] = workbook.sheets;
    if (!sheet) return;
    for await (const batch of workbook.batches(sheet)) yield batch.map(({ row, values }) => ({ row, cells: values.map(cellText) }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMP0004');
  }
}

/**
 * The first worksheet of an .xls (BIFF8). The container is read whole: it is no larger than the upload size limit,
 * and its streams are read in place (views of that one buffer), rows yielded as their records are met.
 */
export async function* xlsRows(path: string): AsyncGenerator<TextRow> {
  try {
    for (const { row, values } of openXls(await readFile(path)).rows()) yield { row, cells: values.map(cellText) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMP0024');
  }
}

// The two spreadsheets the import screens download: the sample template of an import type, and the original rows
// that had errors with an "Errors" column appended.
import { IMPORT_COLUMNS, IMPORT_TYPES, type ImportType } from '@opengst/contracts';
import ExcelJS from 'exceljs';
import { writeXlsx, type XlsxColumn } from '../../exports/xlsx';
import { readRows, type SourceRow } from './readers';
import type { FileFormat } from './sniff';

/** An export holds at most this many error rows (the error screen pages through all of them). */
const EXPORT_ROW_LIMIT = 100_000;

const FORMAT_TEXT: Record<string, string> = {
  text: 'Text', gstin: 'GSTIN (15 characters)', date: 'Date DD-MM-YYYY', amount: 'Amount in rupees', percent: 'Percent',
  quantity: 'Number, up to 3 decimals', stateCode: 'State code (2 digits)', yesNo: 'Y or N', choice: 'One of the allowed values',
};

/** Header row, one example row (every cell typed as text, so Excel keeps GSTINs and codes as written), and "Instructions". */
export const sampleWorkbook = async (importType: ImportType): Promise<Buffer> => {
  const columns = IMPORT_COLUMNS[importType];
  const info = IMPORT_TYPES.find((t) => t.importType === importType);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'OpenGST';
  const data = workbook.addWorksheet((info?.name ?? importType).slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = columns.map((c) => ({ header: c.name, width: Math.max(14, c.name.length + 4), style: { numFmt: '@' } }));
  data.getRow(1).font = { bold: true };
  data.addRow(columns.map((c) => c.example));
  const help = workbook.addWorksheet('Instructions');
  help.columns = [
    { header: 'Column', width: 26 }, { header: 'Required', width: 10 }, { header: 'Format', width: 26 }, { header: 'Max length', width: 11 },
    { header: 'Allowed values', width: 40 }, { header: 'Example', width: 20 }, { header: 'Description', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of columns) {
    help.addRow([c.name, c.required ? 'Yes' : 'No', FORMAT_TEXT[c.format] ?? c.format, c.maxLength ?? '', (c.choices ?? []).join(', '), c.example, c.description]);
  }
  help.addRow([]);
  help.addRow(['One row per item line: rows with the same location, document type, number (and, for purchases, supplier GSTIN) form one document. A document imported again is updated, never duplicated.']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/**
 * Re-reads the stored upload and keeps the rows that had errors, as the user wrote them, plus a "Row" and an "Errors"
 * column. writeXlsx prefixes formula-like text with an apostrophe (CSV injection).
 */
export const errorRowsWorkbook = async (path: string, format: FileFormat, messages: ReadonlyMap<number, string[]>): Promise<Buffer> => {
  let header: string[] | undefined;
  const picked: SourceRow[] = [];
  try {
    for await (const source of readRows(path, format)) {
      if (!header) {
        if (source.cells.some((cell) => cell.trim() !== '')) header = source.cells;
        continue;
      }
      if (messages.has(source.row)) picked.push(source);
      if (picked.length >= EXPORT_ROW_LIMIT) break;
    }
  } catch {
    // A file that cannot be read has only its file-level error (row 0) to export.
  }
  const fileErrors = messages.get(0);
  if (fileErrors) picked.unshift({ row: 0, cells: [] });
  const columns: XlsxColumn<SourceRow>[] = [
    { header: 'Row', value: (r) => (r.row === 0 ? null : r.row) },
    ...(header ?? []).map((name, index): XlsxColumn<SourceRow> => ({ header: name || `Column ${index + 1}`, width: Math.max(12, name.length + 2), value: (r) => r.cells[index] ?? '' })),
    { header: 'Errors', width: 80, value: (r) => (messages.get(r.row) ?? []).join('\n') },
  ];
  return writeXlsx('Errors', columns, picked);
};

// The two spreadsheets the import screens download: the sample template of an import type, and the original rows
// that had errors with an "Errors" column appended.
import { IMPORT_COLUMNS, IMPORT_TYPES, type ImportType } from '@opengst/contracts';
import ExcelJS from 'exceljs';
import { writeXlsx, type XlsxColumn } from '../../files/xlsx-writer';
import { readRows, type SourceRow } from './readers.service';
import type { FileFormat } from './sniff.rules';

/** An export holds at most this many error rows (the error screen pages through all of them). */
const EXPORT_ROW_LIMIT = 100_000;

const FORMAT_TEXT: Record<string, string> = {
  text: 'Text',
  gstin: 'GSTIN (15 characters)',
  date: 'Date DD-MM-YYYY',
  amount: 'Amount in rupees',
  percent: 'Percent',
  quantity: 'Number, up to 3 decimals',
  stateCode: 'State code (2 digits)',
  yesNo: 'Y or N',
  choice: 'One of the allowed values',
};

const SUMMARY_NOTES = [
  'One row per summary line. Summary types: B2CS (GSTR-1 table 7: place of supply, rate, e-commerce GSTIN, taxable value and taxes), AdvanceReceived and AdvanceAdjusted (tables 11A and 11B: place of supply, rate, the advance in "Taxable value", taxes), NilExemptNonGst (table 8: nil supply type and the three amounts), DocumentsIssued (table 13: document nature, serial from and to, total and cancelled).',
  "Columns a summary type does not use are ignored. Place of supply in the location's own state means CGST and SGST; another state means IGST. A line imported again (same location, period, type, place of supply, rate, supply type, e-commerce GSTIN, nature and first serial) is updated, never duplicated.",
];

/** What the Instructions sheet says under the columns, per import type. */
const SAMPLE_NOTES: Record<ImportType, readonly string[]> = {
  SalesDocuments: [
    'One row per item line: rows with the same location, document type, number (and, for purchases, supplier GSTIN) form one document. A document imported again is updated, never duplicated.',
  ],
  PurchaseDocuments: [
    'One row per item line: rows with the same location, document type, number (and, for purchases, supplier GSTIN) form one document. A document imported again is updated, never duplicated.',
  ],
  SalesSummaries: SUMMARY_NOTES,
  PurchaseSummaries: SUMMARY_NOTES,
  Vendors: [
    'One row per vendor. A registered vendor is identified by its GSTIN (its PAN and state come from the GSTIN); an unregistered vendor by your vendor code. A vendor imported again is updated, never duplicated.',
  ],
  HsnSac: [
    'One row per code: your own list with description, usual rate and UQC. A code imported again is updated; a blank rate or UQC keeps the one already stored.',
    "The GST portal's HSN/SAC directory (HSN_SAC_<date>.xlsx, sheets HSN_MSTR and SAC_MSTR, or its csv with type, code, description) can be uploaded as downloaded: it is recognised by its header row.",
  ],
  Entities: [
    'One row per location or child location. A location names its business by PAN or name and carries its GSTIN; a child location names its location by GSTIN or name. An entity imported again (same GSTIN, or same name under the same parent) is updated, never duplicated. The rules of the Entities screen apply.',
  ],
};

/** Header row, one example row (every cell typed as text, so Excel keeps GSTINs and codes as written), and "Instructions". */
export const sampleWorkbook = async (importType: ImportType): Promise<Buffer> => {
  const columns = IMPORT_COLUMNS[importType];
  const info = IMPORT_TYPES.find((t) => t.importType === importType);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'OpenGST';
  // Excel refuses / \ ? * [ ] : in a sheet name ("HSN/SAC codes").
  const data = workbook.addWorksheet((info?.name ?? importType).replace(/[/\\?*[\]:]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  data.columns = columns.map((c) => ({ header: c.name, width: Math.max(14, c.name.length + 4), style: { numFmt: '@' } }));
  data.getRow(1).font = { bold: true };
  data.addRow(columns.map((c) => c.example));
  const help = workbook.addWorksheet('Instructions');
  help.columns = [
    { header: 'Column', width: 26 },
    { header: 'Required', width: 10 },
    { header: 'Format', width: 26 },
    { header: 'Max length', width: 11 },
    { header: 'Allowed values', width: 40 },
    { header: 'Example', width: 20 },
    { header: 'Description', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of columns) {
    help.addRow([
      c.name,
      c.required ? 'Yes' : 'No',
      FORMAT_TEXT[c.format] ?? c.format,
      c.maxLength ?? '',
      (c.choices ?? []).join(', '),
      c.example,
      c.description,
    ]);
  }
  help.addRow([]);
  for (const note of SAMPLE_NOTES[importType]) help.addRow([note]);
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
  // Rows of a JSON are item lines the user never saw as rows: where each one is in the file tells them more.
  const fromJson = picked.some((r) => r.path !== undefined);
  const columns: XlsxColumn<SourceRow>[] = [
    { header: 'Row', value: (r) => (r.row === 0 ? null : r.row) },
    ...(fromJson ? [{ header: 'JSON path', width: 28, value: (r: SourceRow) => r.path ?? '' }] : []),
    ...(header ?? []).map((name, index): XlsxColumn<SourceRow> => ({
      header: name || `Column ${index + 1}`,
      width: Math.max(12, name.length + 2),
      value: (r) => r.cells[index] ?? '',
    })),
    { header: 'Errors', width: 80, value: (r) => (messages.get(r.row) ?? []).join('\n') },
  ];
  return writeXlsx('Errors', columns, picked);
};

// The two spreadsheets the import screens download: the sample template of an import type, and the original rows
// that had errors with an "Errors" column appended.
import { IMPORT_COLUMNS, IMPORT_TYPES, type ImportType } from '@opengst/contracts';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { neutraliseFormula } from '../../files/xlsx-writer';
import { AppError } from '../../platform/errors';
import { readRows } from './readers.service';
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
  Series: [
    "One row per document number series: its name, financial year (2026-27), prefix (letters, digits, '/' and '-') and digits. A number the series forms has at most 16 characters (Rule 46(b) of the CGST Rules).",
    'A series imported again (same financial year and name) is updated while it has numbered no document; one that has keeps its prefix, digits and first number. Allocate the series to locations on the Allocate Series screen.',
  ],
  ChartOfAccounts: [
    "One row per group or ledger: its code (letters, digits, '-', '/' and '.'; up to 20), name, account type, Y in Group for a group, and the code of the group it sits under (blank at the top level). The parent may be a row further down the file.",
    'A group holds accounts of its own type only. A GST head ties a ledger to the tax it carries: input tax ledgers are Assets, output tax and reverse-charge payable ledgers Liabilities.',
    'An account imported again (same code, any case) is updated. An export of the Chart of Accounts screen has these columns and imports again as it is.',
  ],
  Notices: [
    "One row per notice, intimation or order: the GSTIN it was issued to (one of your locations), its form, reference number and issue date. The reply due date is the one the notice states, or when blank the form's statutory window (ASMT-10: 30 days, Rule 99(2); DRC-01B and DRC-01C: 7 days, Rules 88C and 88D; REG-03 and REG-17: 7 working days).",
    'A notice imported again (same GSTIN, form and reference) is updated; its stage and timeline are kept. Amounts in rupees; a probable or possible contingent liability needs the amount at stake (Ind AS 37).',
  ],
  Levels: [
    'One row per approval level: its name, rank (1 approves first, up to 20) and description. A level imported again (same name, any case) is updated.',
    'A rank is held by one active level at a time. A level users hold can be made Inactive but stays on their records. An export of the Levels screen imports again as it is.',
  ],
  Verticals: [
    "One row per vertical (line of business): its name, an optional code (letters, digits and '-', unique when given) and description. A vertical imported again (same name, any case) is updated.",
    'An export of the Verticals screen imports again as it is.',
  ],
  NoticeTags: [
    'One row per notice tag: its name, colour and description. A tag imported again (same name, any case) is updated. An export of the Notice Tags screen imports again as it is.',
  ],
  IpAddresses: [
    'One row per allowed address: an IPv4 or IPv6 address or a CIDR range (203.0.113.0/24). An entry imported again (the same address or range, however written) is updated.',
    'While one entry or more is active, users sign in only from an address an active entry allows. A row that would leave the address you upload from outside the list is refused, so that you cannot lock yourself out.',
  ],
  Consultants: [
    'One row per consultant: the name, the user name they sign in with, e-mail, firm, capacity under CGST Act s.116(2), membership or enrolment number, PAN, one of your roles (not the administrators’) and the GSTINs they reach, separated by commas.',
    'A row with the user name of a consultant already there updates that consultant; a new consultant receives the welcome mail to choose a password. In the notice register a consultant sees only the notices assigned to them. An export of the Manage Consultants screen imports again as it is.',
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

/** Error exports prepared at once in this process (each reads a whole upload); later ones wait their turn... */
const EXPORTS_AT_ONCE = 1;
/** ...up to this many; past them an export is refused at once rather than queued behind a long wait. */
const EXPORTS_WAITING = 8;
/** An export stops adding rows past this many cells or characters of text, whatever the file holds. */
const EXPORT_CELL_LIMIT = 5_000_000;
const EXPORT_TEXT_LIMIT = 100_000_000;

let exporting = 0;
const waitingExports: (() => void)[] = [];

/** Takes a turn to export; a turn ending hands itself to the first one waiting, so no later caller jumps the queue. */
const exportTurn = async (): Promise<() => void> => {
  if (exporting < EXPORTS_AT_ONCE) exporting++;
  else if (waitingExports.length >= EXPORTS_WAITING)
    throw new AppError('GEN0004', { message: 'Error files of other imports are being prepared: try again in a minute.' });
  else await new Promise<void>((resolve) => waitingExports.push(resolve));
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const next = waitingExports.shift();
    if (next) next();
    else exporting--;
  };
};

/**
 * Re-reads the stored upload and writes the rows that had errors as they are read, as the user wrote them, plus a
 * "Row" and an "Errors" column: nothing of the file is kept but the row being written, one export is prepared at a
 * time (exportTurn), and the rows written stop at the limits above. The reader holds an .xlsx to its limits (a file
 * refused by them exports its file-level error alone). Cells are prefixed with an apostrophe when a spreadsheet would
 * run them as a formula (CSV injection).
 */
export const errorRowsWorkbook = async (path: string, format: FileFormat, messages: ReadonlyMap<number, string[]>): Promise<Buffer> => {
  const done = await exportTurn();
  try {
    return await writeErrorRows(path, format, messages);
  } finally {
    done();
  }
};

const writeErrorRows = async (path: string, format: FileFormat, messages: ReadonlyMap<number, string[]>): Promise<Buffer> => {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Errors', { views: [{ state: 'frozen', ySplit: 1 }] });
  // Rows of a JSON are item lines the user never saw as rows: where each one is in the file tells them more.
  const fromJson = format === 'json';
  let header: string[] | undefined;
  const cellsOf = (row: number, cells: readonly string[], jsonPath: string | undefined): (string | number | null)[] => [
    row === 0 ? null : row,
    ...(fromJson ? [jsonPath ?? ''] : []),
    ...(header ?? []).map((_, index) => cells[index] ?? ''),
    (messages.get(row) ?? []).join('\n'),
  ];
  const write = (values: (string | number | null)[]) => {
    sheet.addRow(values.map((value) => (typeof value === 'string' ? neutraliseFormula(value) : value))).commit();
  };
  /** The columns, once the header row is known (or the file is found to have none), then the file-level errors. */
  const start = () => {
    sheet.columns = [
      { header: 'Row', width: 12 },
      ...(fromJson ? [{ header: 'JSON path', width: 28 }] : []),
      // The file's own headers are text from outside too: a formula in the header row is neutralised like any cell.
      ...(header ?? []).map((name, index) => ({
        header: neutraliseFormula(name || `Column ${index + 1}`),
        width: Math.max(12, name.length + 2),
      })),
      { header: 'Errors', width: 80 },
    ];
    sheet.getRow(1).font = { bold: true };
    if (messages.has(0)) write(cellsOf(0, [], undefined));
  };
  const errorRows = messages.size - (messages.has(0) ? 1 : 0);
  let rows = 0;
  let cells = 0;
  let text = 0;
  try {
    read: for await (const source of readRows(path, format)) {
      if (!header) {
        if (source.cells.some((cell) => cell.trim() !== '')) {
          header = source.cells;
          start();
        }
        continue;
      }
      if (!messages.has(source.row)) continue;
      const values = cellsOf(source.row, source.cells, source.path);
      write(values);
      rows++;
      cells += values.length;
      for (const value of values) if (typeof value === 'string') text += value.length;
      // Every row with errors written, or the limits reached: the rest of the file is not read.
      if (rows >= errorRows || rows >= EXPORT_ROW_LIMIT || cells >= EXPORT_CELL_LIMIT || text >= EXPORT_TEXT_LIMIT) break read;
    }
  } catch {
    // A file that cannot be read has only its file-level error (row 0) to export.
  }
  if (!header) start();
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
};

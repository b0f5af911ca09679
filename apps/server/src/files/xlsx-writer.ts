import ExcelJS from 'exceljs';

export type XlsxColumn<T> = {
  header: string;
  width?: number;
  /** Excel's number format of the column's cells (EXCEL_DATE for a date written as a Date). */
  numFmt?: string;
  value: (row: T) => string | number | boolean | Date | null | undefined;
};

/** How dates and times read in an export: real Excel dates (they sort and filter as dates), shown DD-MM-YYYY. */
export const EXCEL_DATE = 'dd-mm-yyyy';
export const EXCEL_DATE_TIME = 'dd-mm-yyyy hh:mm:ss';
export const EXCEL_AMOUNT = '#,##0.00';

/** YYYY-MM-DD as the Date Excel stores for that day (exceljs writes a Date's UTC calendar day and time). */
export const excelDate = (iso: string | null | undefined): Date | null => (iso ? new Date(`${iso.slice(0, 10)}T00:00:00Z`) : null);

/** An instant as the India wall-clock time Excel shows, to the second (a spreadsheet has no time zones). */
export const excelIndiaTime = (instant: string | Date | null | undefined): Date | null =>
  instant ? new Date(Math.floor(new Date(instant).getTime() / 1000) * 1000 + 330 * 60_000) : null;

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab or carriage return first) is prefixed with an apostrophe:
 * exports never carry CSV/formula injection (OWASP "CSV Injection"). A value that is only a number (a phone number
 * "+91 98765 43210", an amount "-1,234.50") runs nothing and is kept as it is.
 */
export const neutraliseFormula = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d[\d ,.]*$/.test(value) ? `'${value}` : value;

/** A sheet of a workbook, made by sheetOf: its name and how it fills itself. */
export type XlsxSheet = { name: string; fill: (sheet: ExcelJS.Worksheet) => void };

/** A sheet with a bold, frozen header row; text cells are written as text, never as formulas. */
export const sheetOf = <T>(name: string, columns: readonly XlsxColumn<T>[], rows: Iterable<T>): XlsxSheet => ({
  name: name.slice(0, 31),
  fill: (sheet) => {
    sheet.columns = columns.map((c) => ({
      header: c.header,
      width: c.width ?? Math.max(12, c.header.length + 2),
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      sheet.addRow(
        columns.map((c) => {
          const value = c.value(row);
          return typeof value === 'string' ? neutraliseFormula(value) : (value ?? null);
        }),
      );
    }
  },
});

export const writeXlsxSheets = async (sheets: readonly XlsxSheet[]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'OpenGST';
  for (const { name, fill } of sheets) fill(workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] }));
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** One sheet (see sheetOf). */
export const writeXlsx = async <T>(sheetName: string, columns: readonly XlsxColumn<T>[], rows: Iterable<T>): Promise<Buffer> =>
  writeXlsxSheets([sheetOf(sheetName, columns, rows)]);

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

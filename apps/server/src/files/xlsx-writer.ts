import ExcelJS from 'exceljs';

export type XlsxColumn<T> = { header: string; width?: number; value: (row: T) => string | number | boolean | Date | null | undefined };

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab or carriage return first) is prefixed with an apostrophe:
 * exports never carry CSV/formula injection (OWASP "CSV Injection"). A value that is only a number (a phone number
 * "+91 98765 43210", an amount "-1,234.50") runs nothing and is kept as it is.
 */
export const neutraliseFormula = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d[\d ,.]*$/.test(value) ? `'${value}` : value;

/** One sheet with a bold, frozen header row; text cells are written as text, never as formulas. */
export const writeXlsx = async <T>(sheetName: string, columns: readonly XlsxColumn<T>[], rows: Iterable<T>): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'OpenGST';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((c) => {
        const value = c.value(row);
        return typeof value === 'string' ? neutraliseFormula(value) : (value ?? null);
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

// The steps every master's journey takes (issue 20): pick an option of a Mantine select, export the list and read the
// file back, and act on one row of a MasterList (its checkbox, then activate / deactivate / delete, confirmed).

/** Opens the select with test id `testId` and picks the first option named `option`. */
export const choose = async (page: Page, testId: string, option: string | RegExp): Promise<void> => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
};

export type ExportedSheet = { header: string[]; rows: Record<string, unknown>[] };

/** Clicks the list's Export (`${testId}-export`), checks the file's name, and reads its first sheet back by header. */
export const exportedRows = async (page: Page, testId: string, fileName: string): Promise<ExportedSheet> => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${testId}-export`).click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  const header = ((sheet?.getRow(1).values as unknown[] | undefined) ?? []).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet?.eachRow((row, n) => {
    if (n === 1) return;
    // Cells are 1-based; a hole stays undefined.
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((name, i) => [name, values[i]])));
  });
  return { header, rows };
};

/** Ticks the row `${testId}-row-${key}` and runs one of the selection's actions, confirmed. */
export const rowAction = async (page: Page, testId: string, key: string, action: 'activate' | 'deactivate' | 'delete'): Promise<void> => {
  await page.getByTestId(`${testId}-row-${key}`).getByRole('checkbox').check();
  await page.getByTestId(`${testId}-${action}`).click();
  await page.getByTestId(`${testId}-${action}-confirm`).click();
};

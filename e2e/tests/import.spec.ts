import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import { RUN_DIR } from '../support/paths';

// Issue 6's first journey: download the sales template, fill it (the test writes the xlsx) with a planted error,
// import it and watch the progress reach SuccessWithError, open and export the errors, fix the row and import again.

const MUMBAI = '27AABCD1234E1Z8'; // the demo tenant's Mumbai location
const CUSTOMER = '33AAACB5678B1Z0';
const WRONG_CUSTOMER = '33AAACB5678B1Z9'; // wrong check character

const fill = async (samplePath: string, out: string, customerOfSecond: string) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(samplePath);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the sample has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const example = Object.fromEntries(headers.map((h, i) => [h, sheet.getRow(2).getCell(i + 1).value]));
  sheet.spliceRows(2, sheet.rowCount);
  for (let n = 1; n <= 3; n++) {
    const row: Record<string, unknown> = {
      ...example, 'Location GSTIN': MUMBAI, 'Document number': `JRN/${n}`, 'Document date': '15-10-2026',
      'Customer GSTIN': n === 2 ? customerOfSecond : CUSTOMER, 'Place of supply': '33',
    };
    sheet.addRow(headers.map((h) => row[h] ?? null));
  }
  await book.xlsx.writeFile(out);
};

const importFile = async (page: Page, path: string): Promise<string | null> => {
  await page.getByTestId('import-file').setInputFiles(path);
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-progress')).toBeVisible();
  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  return result.getAttribute('data-status');
};

test('imports the sales template with a planted error, shows and exports it, and re-imports the fix', async ({ page }) => {
  const dir = join(RUN_DIR, 'import-journey');
  mkdirSync(dir, { recursive: true });
  await signInAs(page, fixtures().admin);
  await page.goto('/import');
  await page.getByTestId('import-type').click();
  await page.getByRole('option', { name: 'Sales documents' }).click();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-sample').click()]);
  const sample = join(dir, 'sample.xlsx');
  await download.saveAs(sample);
  const withError = join(dir, 'sales-with-error.xlsx');
  await fill(sample, withError, WRONG_CUSTOMER);

  expect(await importFile(page, withError)).toBe('SuccessWithError');
  await shot(page, 'import-01-success-with-error');

  await page.getByTestId('import-errors-link').click();
  await expect(page).toHaveURL(/\/import-document-error\?importId=\d+/);
  const errorRow = page.locator('[data-testid^="error-row-"]').first();
  await expect(errorRow).toContainText(WRONG_CUSTOMER);
  await expect(errorRow).toContainText(/check character/i);
  await shot(page, 'import-02-errors');

  const [exported] = await Promise.all([page.waitForEvent('download'), page.getByTestId('error-export').click()]);
  const exportPath = join(dir, 'errors.xlsx');
  await exported.saveAs(exportPath);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(exportPath);
  const sheet = book.worksheets[0];
  const header = (sheet?.getRow(1).values as unknown[]).map(String);
  expect(header).toContain('Errors');
  expect(sheet?.rowCount).toBe(2); // the header and the one row that failed
  expect((sheet?.getRow(2).values as unknown[]).map(String)).toContain('JRN/2');

  // The fix: the same file with the right GSTIN. The two documents already stored are updated, not duplicated.
  await page.goto('/import');
  await page.getByTestId('import-type').click();
  await page.getByRole('option', { name: 'Sales documents' }).click();
  const fixed = join(dir, 'sales-fixed.xlsx');
  await fill(sample, fixed, CUSTOMER);
  expect(await importFile(page, fixed)).toBe('Success');
  await shot(page, 'import-03-fixed');
  const headers = { 'auth-token': await authTokenOf(page) };
  const list = (await (await page.request.post('/api/v0.1/import/statistic/search', { headers, data: {} })).json()).data.items as { importId: number; status: string }[];
  const latest = list[0];
  expect(latest?.status).toBe('Success');
  const summary = (await (await page.request.get(`/api/v0.1/import/summary?importId=${latest?.importId}`, { headers })).json()).data;
  expect(summary).toMatchObject({ documents: 3, errors: 0 });

  // The documents in the sales register: the import's own chip, bulk apply of a number, the drawer, edit and save.
  await page.getByTestId('import-register-link').click();
  await expect(page).toHaveURL(new RegExp(`/regular-sales\\?importId=${latest?.importId}$`));
  await expect(page.getByTestId('chip-importId')).toBeVisible();
  const register = page.getByTestId('register-documents');
  await expect(register.getByTestId('list-count')).toHaveText('3 of 3');
  await page.getByTestId('filter-bulk').click();
  await page.getByTestId('bulk-text').fill('JRN/2\n\nJRN/3 ');
  await page.getByTestId('bulk-apply-submit').click();
  await expect(page.getByTestId('chip-documentNumbers')).toContainText('JRN/2 +1');
  await expect(register.getByTestId('list-count')).toHaveText('2 of 2');
  await shot(page, 'import-04-register');

  await page.getByTestId('document-row-JRN/2').click();
  await expect(page.getByTestId('document-detail')).toContainText(CUSTOMER);
  await page.getByTestId('document-edit').click();
  await expect(page).toHaveURL(/\/edit-document\?type=Sales&id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await page.getByTestId('item-0-taxable').fill('120000');
  await expect(page.getByTestId('item-0-igst')).toHaveText('21,600.00'); // auto-computed: inter-state, 18%
  await page.getByTestId('document-save').click();
  await expect(page.getByText('Document JRN/2 saved.')).toBeVisible();
  await expect(page.getByTestId('item-0-taxable')).toHaveValue(/120000|1,20,000/); // the saved document, loaded again
  await expect.poll(async () => {
    const detail = (await (await page.request.get(`/api/v0.1/regular/sale/detail?id=${id}`, { headers })).json()).data;
    return [detail.taxable, detail.igst, detail.source];
  }).toEqual([12_000_000, 2_160_000, 'Import']);
  await shot(page, 'import-05-edited');
});

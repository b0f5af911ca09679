import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import { RUN_DIR } from '../support/paths';

// Issue 6's first journey: download the sales template, fill it (the test writes the xlsx) with planted errors,
// import it and watch the progress reach SuccessWithError, open and export the errors, fix the rows and import again.

const MUMBAI = '27AABCD1234E1Z8'; // the demo tenant's Mumbai location
const CUSTOMER = '33AAACB5678B1Z0';
const WRONG_CUSTOMER = '33AAACB5678B1Z9'; // wrong check character

/** Five documents JRN/1 to JRN/5; with `planted`, JRN/2's customer GSTIN, JRN/4's date and JRN/5's rate are wrong. */
const fill = async (samplePath: string, out: string, planted: boolean) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(samplePath);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the sample has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const example = Object.fromEntries(headers.map((h, i) => [h, sheet.getRow(2).getCell(i + 1).value]));
  sheet.spliceRows(2, sheet.rowCount);
  for (let n = 1; n <= 5; n++) {
    const row: Record<string, unknown> = {
      ...example,
      'Location GSTIN': MUMBAI,
      'Document number': `JRN/${n}`,
      'Document date': planted && n === 4 ? '31-02-2026' : '15-10-2026',
      'Customer GSTIN': planted && n === 2 ? WRONG_CUSTOMER : CUSTOMER,
      'Place of supply': '33',
      ...(planted && n === 5 ? { 'Rate %': '17' } : {}),
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

test('imports the sales template with planted errors, shows and exports them, and re-imports the fix', async ({ page }) => {
  const dir = join(RUN_DIR, 'import-journey');
  mkdirSync(dir, { recursive: true });
  await signInAs(page, fixtures().admin);
  await page.goto('/import');
  await page.getByTestId('import-type').click();
  await page.getByRole('option', { name: 'Sales documents' }).click();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-sample').click()]);
  const sample = join(dir, 'sample.xlsx');
  await download.saveAs(sample);
  const withError = join(dir, 'sales-with-errors.xlsx');
  await fill(sample, withError, true);

  expect(await importFile(page, withError)).toBe('SuccessWithError');
  await expect(page.getByTestId('import-error-count')).toHaveText('3');
  await shot(page, 'import-01-success-with-error');

  // Each planted error on its own row of the file (the header is row 1): JRN/2 is row 3.
  await page.getByTestId('import-errors-link').click();
  await expect(page).toHaveURL(/\/import-document-error\?importId=\d+/);
  const gstinError = page.getByTestId('error-row-3').first();
  await expect(gstinError).toContainText(WRONG_CUSTOMER);
  await expect(gstinError).toContainText(/check character/i);
  await expect(page.getByTestId('error-row-5').first()).toContainText(/31-02-2026.*IMP0010/);
  await expect(page.getByTestId('error-row-6').first()).toContainText(/17.*VAL0566/); // its IGST, still 18 % of the taxable value, is a second error
  await expect(page.getByTestId('error-row-2')).toHaveCount(0);
  await expect(page.getByTestId('error-row-4')).toHaveCount(0);
  await shot(page, 'import-02-errors');

  const [exported] = await Promise.all([page.waitForEvent('download'), page.getByTestId('error-export').click()]);
  const exportPath = join(dir, 'errors.xlsx');
  await exported.saveAs(exportPath);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(exportPath);
  const sheet = book.worksheets[0];
  const header = (sheet?.getRow(1).values as unknown[]).map(String);
  expect(header).toContain('Errors');
  expect(sheet?.rowCount).toBe(4); // the header and the three rows that failed, in the file's order
  const numbers = [2, 3, 4].map((r) => (sheet?.getRow(r).values as unknown[]).find((v) => String(v).startsWith('JRN/')));
  expect(numbers).toEqual(['JRN/2', 'JRN/4', 'JRN/5']);

  // The fix: the same file with the right values. The two documents already stored are updated, not duplicated.
  await page.goto('/import');
  await page.getByTestId('import-type').click();
  await page.getByRole('option', { name: 'Sales documents' }).click();
  const fixed = join(dir, 'sales-fixed.xlsx');
  await fill(sample, fixed, false);
  expect(await importFile(page, fixed)).toBe('Success');
  await shot(page, 'import-03-fixed');
  const headers = { 'auth-token': await authTokenOf(page) };
  const list = (await (await page.request.post('/api/v0.1/import/statistic/search', { headers, data: {} })).json()).data.items as {
    importId: number;
    status: string;
  }[];
  const latest = list[0];
  expect(latest?.status).toBe('Success');
  const summary = (await (await page.request.get(`/api/v0.1/import/summary?importId=${latest?.importId}`, { headers })).json()).data;
  expect(summary).toMatchObject({ documents: 5, errors: 0 });

  // The documents in the sales register: the import's own chip, bulk apply of a number, the drawer, edit and save.
  await page.getByTestId('import-register-link').click();
  await expect(page).toHaveURL(new RegExp(`/regular-sales\\?importId=${latest?.importId}$`));
  await expect(page.getByTestId('chip-importId')).toBeVisible();
  const register = page.getByTestId('register-documents');
  await expect(register.getByTestId('list-count')).toHaveText('5 of 5');
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
  await expect
    .poll(async () => {
      const detail = (await (await page.request.get(`/api/v0.1/regular/sale/detail?id=${id}`, { headers })).json()).data;
      return [detail.taxable, detail.igst, detail.source];
    })
    .toEqual([12_000_000, 2_160_000, 'Import']);
  await shot(page, 'import-05-edited');
});

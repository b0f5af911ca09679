import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import { RUN_DIR } from '../support/paths';

// Issue 6, master imports: a vendors file from the sample with one planted error reaches SuccessWithError and its
// error screen (/import-vendor-error); a file with the subscriber's own headers fails for the missing columns, the
// user maps their headers in "Map columns", and the same file then imports.

const SUPPLIER = '27AAACS4321K1ZF';
const OTHER_PAN_SUPPLIER = '29AAACE1234E1Z4';

const chooseVendors = async (page: Page) => {
  await page.getByTestId('import-type').click();
  await page.getByRole('option', { name: 'Vendors', exact: true }).click();
};

/** Uploads through the screen; answers the final status the server gives this import, once the card shows it too. */
const importFile = async (page: Page, path: string): Promise<string> => {
  await page.getByTestId('import-file').setInputFiles(path);
  const [uploaded] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith('/import/upload')),
    page.getByTestId('import-upload').click(),
  ]);
  const { importId } = ((await uploaded.json()) as { data: { importId: number } }).data;
  // The card of the previous import stays on screen until this upload's answer replaces it: ask for this import's end.
  const headers = { 'auth-token': await authTokenOf(page) };
  let status = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/v0.1/import/statistic/status?importId=${importId}`, { headers });
        status = ((await res.json()) as { data: { status: string } }).data.status;
        return ['Success', 'SuccessWithError', 'Failed'].includes(status);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', status);
  return status;
};

test("imports vendors with a planted error, shows it on the vendor error screen, and maps the subscriber's own headers", async ({
  page,
}) => {
  const dir = join(RUN_DIR, 'import-masters');
  mkdirSync(dir, { recursive: true });
  await signInAs(page, fixtures().admin);
  await page.goto('/import');
  await chooseVendors(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-sample').click()]);
  const sample = join(dir, 'vendors-sample.xlsx');
  await download.saveAs(sample);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(sample);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the sample has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toContain('Legal name');
  sheet.spliceRows(2, sheet.rowCount);
  const rows: Record<string, string>[] = [
    { GSTIN: SUPPLIER, 'Legal name': 'Supreme Supplies Pvt Ltd', 'E-mail': 'accounts@supreme.example' },
    { GSTIN: OTHER_PAN_SUPPLIER, 'Legal name': 'Planted PAN error', PAN: 'AAACS4321K' },
    { 'Vendor code': 'LOCAL-7', 'Legal name': 'Corner Hardware', 'State code': '27' },
  ];
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? null));
  const planted = join(dir, 'vendors-planted.xlsx');
  await book.xlsx.writeFile(planted);

  expect(await importFile(page, planted)).toBe('SuccessWithError');
  await expect(page.getByTestId('import-valid')).toHaveText('2');
  await shot(page, 'import-masters-01-success-with-error');
  await page.getByTestId('import-errors-link').click();
  await expect(page).toHaveURL(/\/import-vendor-error\?importId=\d+/);
  const errorRow = page.getByTestId('error-row-3');
  await expect(errorRow).toContainText('PAN');
  await expect(errorRow).toContainText('AAACS4321K');
  await expect(errorRow).toContainText('inside the GSTIN');
  await shot(page, 'import-masters-02-vendor-errors');

  // Another system's export: its own headers. Refused for the missing required column, then mapped and imported.
  const own = join(dir, 'vendors-own-headers.csv');
  writeFileSync(own, 'Firm,Supplier Code,Mail\r\nMapped Traders,MAP-1,mapped@traders.example\r\n');
  await page.goto('/import');
  await chooseVendors(page);
  expect(await importFile(page, own)).toBe('Failed');
  await expect(page.getByTestId('import-result')).toContainText('Legal name');
  // Refused as a whole: no row in error, so the list (newest first; other journeys' imports below) asks why rather
  // than showing a red 0.
  await expect(page.getByTestId(/^import-row-errors-/).first()).toContainText('Why?');
  await page.getByTestId('import-result-map-columns').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Map your columns: Vendors');
  await expect(page.getByTestId('mapping-row-legalName')).toContainText('Missing in the last file');
  await page.getByTestId('mapping-alias-legalName').fill('Firm');
  await page.getByTestId('mapping-alias-code').fill('supplier code');
  await page.getByTestId('mapping-alias-email').fill('GSTIN');
  await expect(dialog).toContainText('Already used for GSTIN.');
  await expect(page.getByTestId('mapping-save')).toBeDisabled();
  await page.getByTestId('mapping-alias-email').fill('Mail');
  await shot(page, 'import-masters-03-map-columns');
  await page.getByTestId('mapping-save').click();
  await expect(dialog).toBeHidden();

  expect(await importFile(page, own)).toBe('Success');
  await shot(page, 'import-masters-04-mapped-import');
  const headersOfApi = { 'auth-token': await authTokenOf(page) };
  const aliases = (await (await page.request.get('/api/v0.1/import/aliases?importType=Vendors', { headers: headersOfApi })).json()).data
    .aliases as { column: string; alias: string }[];
  expect(aliases).toEqual(
    expect.arrayContaining([
      { column: 'legalName', alias: 'Firm' },
      { column: 'code', alias: 'supplier code' },
      { column: 'email', alias: 'Mail' },
    ]),
  );
  const list = (await (await page.request.post('/api/v0.1/import/statistic/search', { headers: headersOfApi, data: {} })).json()).data
    .items as { importId: number }[];
  const summary = (
    await (await page.request.get(`/api/v0.1/import/summary?importId=${list[0]?.importId}`, { headers: headersOfApi })).json()
  ).data;
  expect(summary).toMatchObject({ status: 'Success', documents: 1, validRows: 1 });
});

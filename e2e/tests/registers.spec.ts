import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latestOpenReturnPeriod } from '@opengst/domain';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import { RUN_DIR } from '../support/paths';

// Issue 6, the registers: a sales file imported, then /regular-sales worked through the shared filter bar — chips for
// financial year, location and return period, Apply filter and Refresh, the advance filter drawer, bulk apply (a
// too-long line refused, then exact numbers), the status-count bar against the API, load more, sort, selection,
// export read back with exceljs, Save Report applied again, Clear all, and a document's drawer.

type Entity = { entityId: number; entityName: string; gstin: string | null; entityType: string };
type Headers = Record<string, string>;

const CUSTOMER = '33AAACB5678B1Z0';
const MUMBAI_DOCS = 55; // more than the default page size of 50: load more has work to do

const currentPeriod = latestOpenReturnPeriod(new Date()); // MMYYYY, what the screen opens with
const month = Number(currentPeriod.slice(0, 2));
const year = Number(currentPeriod.slice(2));
const dateIn = (m: number, y: number) => `15-${String(m).padStart(2, '0')}-${y}`;
const previousMonth = month === 1 ? { m: 12, y: year - 1 } : { m: month - 1, y: year };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const previousLabel = `${MONTHS[previousMonth.m - 1]} ${previousMonth.y}`;

type Row = { gstin: string; type: string; number: string; date: string; taxable: number };

const writeSalesFile = async (request: APIRequestContext, headers: Headers, rows: readonly Row[], out: string) => {
  const sample = await request.get('/api/v0.1/import/sample?importType=SalesDocuments', { headers });
  expect(sample.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await sample.body()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the sample has no sheet');
  const columns = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const example = Object.fromEntries(columns.map((h, i) => [h, sheet.getRow(2).getCell(i + 1).value]));
  sheet.spliceRows(2, sheet.rowCount);
  for (const row of rows) {
    const intra = row.gstin.startsWith('33');
    const tax = Math.round(row.taxable * 18) / 100;
    const values: Record<string, unknown> = {
      ...example,
      'Location GSTIN': row.gstin,
      'Document type': row.type,
      'Document number': row.number,
      'Document date': row.date,
      'Customer GSTIN': CUSTOMER,
      'Customer name': 'Bharat Traders',
      'Place of supply': '33',
      'Supply type': 'B2B',
      'Original document number': row.type === 'CRN' ? 'JRB/001' : null,
      'Original document date': row.type === 'CRN' ? row.date : null,
      'Taxable value': row.taxable,
      'Rate %': 18,
      IGST: intra ? 0 : tax,
      CGST: intra ? tax / 2 : 0,
      SGST: intra ? tax / 2 : 0,
      Cess: 0,
    };
    sheet.addRow(columns.map((h) => values[h] ?? null));
  }
  await book.xlsx.writeFile(out);
};

const importSales = async (request: APIRequestContext, headers: Headers, path: string, fileName: string) => {
  const upload = await request.post('/api/v0.1/import/upload?importType=SalesDocuments', {
    headers,
    multipart: {
      file: { name: fileName, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: readFileSync(path) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { importId } = (await upload.json()).data as { importId: number };
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/v0.1/import/statistic/status?importId=${importId}`, { headers })).json()).data as {
            status: string;
          }
        ).status,
      { timeout: 60_000 },
    )
    .toBe('Success');
};

const documentsPanel = (page: Page) => page.getByTestId('register-documents');
const listCount = (page: Page) => documentsPanel(page).getByTestId('list-count');
const documentRows = (page: Page) => documentsPanel(page).locator('[data-testid^="document-row-"]');
const chip = (page: Page, id: string) => page.getByTestId(`chip-${id}`);

// The title bar turns fixed after 50 px of scroll and would cover the search block's pickers.
const pickOption = async (page: Page, testId: string, option: string) => {
  // Runs in the browser; the e2e project is type-checked without the DOM library.
  await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
  await page.getByTestId(testId).click({ force: true }); // a MultiSelect's box covers its own input
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
};

test('the sales register: filter bar, status counts, load more, sort, selection, export, saved report and drawer', async ({ page }) => {
  test.setTimeout(240_000); // one long journey through every part of the filter bar
  const dir = join(RUN_DIR, 'registers-journey');
  mkdirSync(dir, { recursive: true });
  await signInAs(page, fixtures().admin);
  const headers = { 'auth-token': await authTokenOf(page) };

  const fy = `${month < 4 ? year - 1 : year}-${String((month < 4 ? year : year + 1) % 100).padStart(2, '0')}`;
  const entities = (await (await page.request.get(`/api/v0.1/user/entities?financialYear=${fy}`, { headers })).json()).data as Entity[];
  const mumbai = entities.find((e) => e.entityName === 'Mumbai Head Office');
  const bengaluru = entities.find((e) => e.entityName === 'Bengaluru Branch');
  if (!mumbai?.gstin || !bengaluru?.gstin) throw new Error('the demo locations are missing');

  const rows: Row[] = [
    ...Array.from({ length: MUMBAI_DOCS }, (_, i) => ({
      gstin: mumbai.gstin ?? '',
      type: 'INV',
      number: `JRB/${String(i + 1).padStart(3, '0')}`,
      date: dateIn(month, year),
      taxable: 1000 + i,
    })),
    { gstin: mumbai.gstin, type: 'CRN', number: 'JRB/CN1', date: dateIn(month, year), taxable: 100 },
    { gstin: bengaluru.gstin, type: 'INV', number: 'JRB/B01', date: dateIn(month, year), taxable: 20000 },
    { gstin: bengaluru.gstin, type: 'INV', number: 'JRB/B02', date: dateIn(month, year), taxable: 30000 },
    { gstin: mumbai.gstin, type: 'INV', number: 'JRB/OLD1', date: dateIn(previousMonth.m, previousMonth.y), taxable: 500 },
  ];
  const file = join(dir, 'sales.xlsx');
  await writeSalesFile(page.request, headers, rows, file);
  await importSales(page.request, headers, file, 'sales.xlsx');
  const inPeriod = rows.length - 1;

  // Opens on the current return period: financial year and period chips, no Clear all (2 chips), Refresh offered.
  await page.goto('/regular-sales');
  await expect(page.getByTestId('page-title')).toHaveText('Sales');
  await expect(chip(page, 'financialYear')).toContainText(fy);
  await expect(chip(page, 'returnPeriods')).toBeVisible();
  await expect(page.getByTestId('chip-remove-financialYear')).toHaveCount(0);
  await expect(page.getByTestId('filter-clear-all')).toHaveCount(0);
  await expect(listCount(page)).toHaveText(`50 of ${inPeriod}`);
  await expect(page.getByTestId('tab-documents')).toContainText(String(inPeriod));
  await expect(page.getByTestId('tab-notes')).toContainText('1');
  await shot(page, 'registers-01-opened');

  // Status-count bar: the numbers the API counts for the same filters.
  const counted = (
    await (
      await page.request.post('/api/v0.1/regular/sale/statusCount', {
        headers,
        data: { filters: { financialYear: fy, returnPeriods: [currentPeriod] } },
      })
    ).json()
  ).data.items as { status: string; count: number; total: number }[];
  expect(counted.reduce((sum, item) => sum + item.count, 0)).toBe(inPeriod);
  await expect(page.getByTestId('status-all-count')).toHaveText(String(inPeriod));
  for (const item of counted) {
    if (item.count > 0) await expect(page.getByTestId(`status-${item.status}-count`)).toHaveText(String(item.count));
    else await expect(page.getByTestId(`status-${item.status}`)).toHaveCount(0);
  }

  // A location: the chip appears with Apply filter; the list changes only when applied.
  await page.getByTestId('filter-location').click();
  await page.getByTestId(`location-${bengaluru.entityId}`).check();
  await page.keyboard.press('Escape');
  await expect(chip(page, `entityIds:${bengaluru.entityId}`)).toContainText('Bengaluru Branch');
  await expect(page.getByTestId('filter-apply')).toBeVisible();
  await expect(listCount(page)).toHaveText(`50 of ${inPeriod}`);
  await page.getByTestId('filter-apply').click();
  await expect(listCount(page)).toHaveText('2 of 2');
  await expect(page.getByTestId('filter-refresh')).toBeVisible();
  await expect(page.getByTestId('filter-clear-all')).toBeVisible(); // three chips now
  await shot(page, 'registers-02-location');

  // Save Report with the location, to apply it again later.
  await page.getByTestId('saved-reports').click();
  await page.getByTestId('save-report').click();
  await page.getByTestId('report-name').fill('Bengaluru only');
  await page.getByTestId('report-save').click();
  await expect(page.getByTestId('report-name')).toHaveCount(0);

  // Closing the location chip saves and reloads; a second return period waits for Apply filter.
  await page.getByTestId(`chip-remove-entityIds:${bengaluru.entityId}`).click();
  await expect(listCount(page)).toHaveText(`50 of ${inPeriod}`);
  await pickOption(page, 'filter-return-period', previousLabel);
  await expect(chip(page, 'returnPeriods')).toContainText('+1');
  await expect(listCount(page)).toHaveText(`50 of ${inPeriod}`);
  await page.getByTestId('filter-apply').click();
  await expect(listCount(page)).toHaveText(`50 of ${rows.length}`);

  // Ticking every location of the business turns them into one business chip.
  const business = entities.find((e) => e.entityType === 'Business');
  await page.getByTestId('filter-location').click();
  for (const entity of entities.filter((e) => e.entityType !== 'Business' && e.gstin))
    await page.getByTestId(`location-${entity.entityId}`).check();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-testid^="chip-entityIds:"]')).toHaveCount(1);
  await expect(chip(page, `entityIds:${business?.entityId}`)).toContainText('(Business)');
  await shot(page, 'registers-03-business-chip');
  await page.getByTestId('filter-apply').click();
  await expect(listCount(page)).toHaveText(`50 of ${rows.length}`);
  await page.getByTestId(`chip-remove-entityIds:${business?.entityId}`).click();

  // Changing the financial year clears the return-period chip; applied, the other year has none of these documents.
  const years = (await (await page.request.get('/api/v0.1/master/financialYears', { headers })).json()).data as { label: string }[];
  const otherYear = years.map((y) => y.label).find((label) => label !== fy);
  if (!otherYear) throw new Error('the seed has one financial year only');
  await pickOption(page, 'filter-financial-year', otherYear);
  await expect(chip(page, 'returnPeriods')).toHaveCount(0);
  await expect(chip(page, 'financialYear')).toContainText(otherYear);
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('documents-empty')).toContainText(`No sales documents for ${otherYear}`);
  await shot(page, 'registers-04-empty-year');
  await pickOption(page, 'filter-financial-year', fy);
  await page.getByTestId('filter-apply').click();
  await expect(listCount(page)).toHaveText(`50 of ${rows.length}`);
  await pickOption(page, 'filter-return-period', previousLabel);
  await pickOption(page, 'filter-return-period', `${MONTHS[month - 1]} ${year}`);
  await page.getByTestId('filter-apply').click();
  await expect(chip(page, 'returnPeriods')).toContainText('+1');

  // More filters: the advance filter drawer, credit notes only; its overlay closes it.
  await page.getByTestId('filter-more').click();
  await expect(page.getByText('Advance filter')).toBeVisible();
  await page.getByTestId('advance-document-types').click();
  await page.getByRole('option', { name: 'CRN · Credit note' }).click();
  await shot(page, 'registers-05-advance-filter');
  await page.getByTestId('advance-apply').click();
  await expect(chip(page, 'documentTypes')).toContainText('CRN');
  await expect(documentRows(page)).toHaveCount(1);
  await expect(documentRows(page).first()).toContainText('JRB/CN1');
  await page.getByTestId('chip-remove-documentTypes').click();

  // Bulk apply: a line over 16 characters is refused with keywordLengthInvalid; exact numbers list exactly those rows.
  await page.getByTestId('filter-bulk').click();
  await page.getByTestId('bulk-text').fill('JRB/001\nJRB/2026-27/000001');
  await page.getByTestId('bulk-apply-submit').click();
  await expect(page.getByTestId('bulk-problem')).toHaveAttribute('data-problem', 'keywordLengthInvalid');
  await expect(page.getByTestId('bulk-problem')).toContainText('at most 16 characters');
  await shot(page, 'registers-06-bulk-invalid');
  await page.getByTestId('bulk-text').fill('JRB/001\n\n\tJRB/002 \nJRB/B02\nJRB/001');
  await page.getByTestId('bulk-apply-submit').click();
  await expect(chip(page, 'documentNumbers')).toContainText('JRB/001 +2');
  await expect(listCount(page)).toHaveText('3 of 3');
  const listed = await documentRows(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')));
  expect(listed.sort()).toEqual(['document-row-JRB/001', 'document-row-JRB/002', 'document-row-JRB/B02']);
  await expect(page.getByTestId('status-all-count')).toHaveText('3');
  await page.getByTestId('chip-remove-documentNumbers').click();

  // Load more by the page size, then sort by document number.
  await expect(listCount(page)).toHaveText(`50 of ${rows.length}`);
  await documentsPanel(page).getByTestId('load-more').click();
  await expect(listCount(page)).toHaveText(`${rows.length} of ${rows.length}`);
  await documentsPanel(page).getByTestId('sort-documentNumber').click();
  await expect(documentRows(page).first()).toHaveAttribute('data-testid', 'document-row-JRB/001');
  await documentsPanel(page).getByTestId('sort-documentNumber').click();
  await expect(documentRows(page).first()).toHaveAttribute('data-testid', 'document-row-JRB/OLD1');

  // Selection: two rows, then the whole page.
  await documentRows(page).nth(0).getByLabel('Select row').check();
  await documentRows(page).nth(1).getByLabel('Select row').check();
  await expect(documentsPanel(page).getByTestId('bulk-actions')).toContainText('2 selected');
  await shot(page, 'registers-07-sorted-selected');
  await documentsPanel(page).getByLabel('Select all rows').check();
  await expect(documentsPanel(page).getByTestId('bulk-actions')).toContainText('50 selected'); // the loaded page;
  await page.getByTestId('filter-refresh').click(); // Refresh clears the selection
  await expect(documentsPanel(page).getByTestId('bulk-actions')).toHaveCount(0);

  // Export: exactly the filtered documents, one row per item line.
  const [download] = await Promise.all([page.waitForEvent('download'), documentsPanel(page).getByTestId('documents-export').click()]);
  const exported = join(dir, 'sales-register.xlsx');
  await download.saveAs(exported);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(exported);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const numberColumn = header.findIndex((h) => /document number/i.test(h));
  expect(numberColumn).toBeGreaterThan(0);
  const numbers: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) numbers.push(String(row.getCell(numberColumn).value));
  });
  expect(numbers.sort()).toEqual(rows.map((row) => row.number).sort());

  // The saved report brings its location and period back.
  await page.getByTestId('saved-reports').click();
  await page.getByTestId('saved-report-Bengaluru only').click();
  await expect(chip(page, `entityIds:${bengaluru.entityId}`)).toBeVisible();
  await expect(listCount(page)).toHaveText('2 of 2');

  // Clear all (three chips) keeps the financial year only: every document of the year.
  await page.getByTestId('filter-clear-all').click();
  await expect(page.getByTestId('filter-chips').getByRole('listitem')).toHaveCount(1);
  await expect(listCount(page)).toHaveText(`50 of ${rows.length}`);

  // A document's drawer: header, party, items, totals, and Edit for the administrator.
  await page.getByTestId('document-row-JRB/B02').click();
  const detail = page.getByTestId('document-detail');
  await expect(detail).toContainText('JRB/B02');
  await expect(detail).toContainText(CUSTOMER);
  await expect(page.getByTestId('document-value')).toHaveText('₹ 35,400.00');
  await expect(page.getByTestId('document-edit')).toHaveAttribute('href', /\/edit-document\?type=Sales&id=\d+/);
  await shot(page, 'registers-08-drawer');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
});

test('the purchase register: its own tabs and empty state, and the saved return-period preference remembered', async ({ page }) => {
  await signInAs(page, fixtures().admin);
  await page.goto('/regular-purchase');
  await expect(page.getByTestId('page-title')).toHaveText('Purchase');
  await expect(page.getByTestId('tab-documents')).toBeVisible();
  await expect(page.getByTestId('tab-summary')).toBeVisible();
  await expect(page.getByTestId('tab-notes')).toHaveCount(0);
  await expect(page.getByTestId('documents-empty')).toContainText('No purchase documents for');

  // Two periods applied, then the 'saved' preference: a fresh visit opens with both, not just the current one.
  await pickOption(page, 'filter-return-period', previousLabel);
  await page.getByTestId('filter-apply').click();
  await expect(chip(page, 'returnPeriods')).toContainText('+1');
  await page.getByTestId('filter-preference').click();
  await page.getByTestId('preference-saved').check();
  await shot(page, 'registers-09-preference');
  await page.getByTestId('preference-ok').click();
  await page.goto('/regular-purchase');
  await expect(chip(page, 'returnPeriods')).toContainText('+1');
  await page.getByTestId('filter-preference').click();
  await expect(page.getByTestId('preference-saved')).toBeChecked();
  await page.getByTestId('preference-current').check();
  await page.getByTestId('preference-ok').click();
  await expect(chip(page, 'returnPeriods')).toHaveText(`Return period: ${MONTHS[month - 1]} ${year}`);
});

test('the financial year switched from the header opens the registers in that year, from the sidebar', async ({ page }) => {
  await signInAs(page, fixtures().admin);
  const startYear = month < 4 ? year - 1 : year;
  const label = (start: number) => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByLabel('GST Returns', { exact: true }).click();
  await sidebar.getByRole('link', { name: 'Sales Register' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Sales');
  await expect(chip(page, 'financialYear')).toContainText(label(startYear));
  await page.getByTestId('working-year').click();
  await page.getByRole('option', { name: `FY ${label(startYear - 1)}`, exact: true }).click();
  // The register opens again in the year picked: its last month, March.
  await expect(chip(page, 'financialYear')).toContainText(label(startYear - 1));
  await expect(chip(page, 'returnPeriods')).toHaveText(`Return period: ${MONTHS[2]} ${startYear}`);
  await shot(page, 'registers-10-working-year');
  // The choice stays for the next screen and the next visit.
  await sidebar.getByRole('link', { name: 'Purchase Register' }).click();
  await expect(chip(page, 'financialYear')).toContainText(label(startYear - 1));
  await expect(page.getByTestId('working-year')).toHaveValue(`FY ${label(startYear - 1)}`);
});

import { expect, test } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENT_API, type DocumentDetail, type DocumentSaveInput } from '@opengst/contracts';
import { financialYearOf } from '@opengst/domain';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import { choose, exportedRows, rowAction } from '../support/masters';
import { RUN_DIR } from '../support/paths';

// Issue 20, the first masters: the administrator opens /masters from the user menu, defines a document number series
// on /series (the Rule 46(b) preview refusing a number over 16 characters first), allocates it to the Mumbai location
// for tax invoices on /allocate-series, then saves one invoice on the document screen and two more at the same moment
// through the API: they take consecutive numbers, no gap and no duplicate. The series exported to Excel is read back,
// and its deletion is refused with the reason while it has numbered documents.

const MUMBAI = '27AABCD1234E1Z8'; // the demo tenant's Mumbai location
// Unique per run, so the journey can run again on the same data folder.
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const PREFIX = `MS${RUN}/`;
const NAME = `Mumbai invoices ${RUN}`;
const number = (n: number) => `${PREFIX}${String(n).padStart(4, '0')}`;

const today = () => new Date().toISOString().slice(0, 10);

test('a series is defined, allocated, numbers documents saved at the same moment, is exported, and is kept while in use', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, fixtures().admin);
  const headers = { 'auth-token': await authTokenOf(page) };

  // 1. The hub, from the user menu: the series tiles, no tile for masters not built yet.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('masters-link').click();
  await expect(page).toHaveURL(/\/masters$/);
  await expect(page.getByTestId('masters-tile-Series')).toBeVisible();
  await expect(page.getByTestId('masters-tile-AllocateSeries')).toBeVisible();
  await expect(page.getByTestId('masters-tile-ManageConsultants')).toBeVisible();
  await expect(page.getByTestId('masters-tile-EmailTemplates')).toHaveCount(0);
  await shot(page, 'masters-series-01-hub');

  // 2. /series: a prefix too long for the digits is refused before anything is sent; the right one is saved.
  await page.getByTestId('masters-tile-Series').click();
  await expect(page).toHaveURL(/\/series$/);
  await page.getByTestId('series-add').click();
  await page.getByTestId('series-name').fill(NAME);
  await page.getByTestId('series-prefix').fill(`${PREFIX}INVOICE/`);
  await expect(page.getByTestId('series-preview')).toContainText('at most 16 (Rule 46(b))');
  await shot(page, 'masters-series-02-too-long');
  await page.getByTestId('series-prefix').fill(PREFIX);
  await expect(page.getByTestId('series-preview')).toContainText(`${number(1)} (${number(1).length} of 16 characters)`);
  await page.getByTestId('series-save').click();
  const row = page.getByTestId(`series-row-${NAME}`);
  await expect(row).toContainText(number(1));
  await expect(page.getByTestId('series-name')).toBeHidden();
  await shot(page, 'masters-series-03-list');

  // 3. /allocate-series: the series, for tax invoices of Mumbai, the default.
  await page.goto('/masters');
  await page.getByTestId('masters-tile-AllocateSeries').click();
  await expect(page).toHaveURL(/\/allocate-series$/);
  await page.getByTestId('allocation-add').click();
  await choose(page, 'allocation-series', new RegExp(NAME));
  await choose(page, 'allocation-location', /Mumbai Head Office/);
  await expect(page.getByTestId('allocation-type')).toHaveValue(/^INV/);
  await expect(page.getByTestId('allocation-default')).toBeChecked();
  await page.getByTestId('allocation-save').click();
  const allocated = page.getByRole('row', { name: new RegExp(`${NAME}: Mumbai Head Office, INV`) });
  await expect(allocated).toContainText('Default');
  await expect(allocated).toContainText(number(1));
  await expect(page.getByTestId('allocation-save')).toBeHidden();
  await shot(page, 'masters-series-04-allocated');

  // 4. The document screen offers the series, preselected, and shows the number the invoice will take.
  await page.goto('/create-document?type=Sales');
  await choose(page, 'document-location', /Mumbai Head Office/);
  await expect(page.getByTestId('document-series')).toHaveValue(NAME);
  await expect(page.getByTestId('document-number')).toHaveValue(number(1));
  await expect(page.getByTestId('document-number')).toBeDisabled();
  await page.getByTestId('document-party-name').fill('Walk-in customer');
  await page.getByTestId('item-0-hsn').fill('84713010');
  await page.getByTestId('item-0-taxable').fill('1000');
  await choose(page, 'item-0-rate', '18%');
  await expect(page.getByTestId('document-issues')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, 'masters-series-05-document');
  await page.getByTestId('document-save').click();
  await expect(page).toHaveURL(/\/edit-document\?type=Sales&id=\d+/);
  await expect(page.getByText(`Document ${number(1)} saved.`)).toBeVisible();

  // 5. Two invoices saved at the same moment take the next two numbers, one each.
  const [series] = (
    await (await page.request.post('/api/v0.1/series/search', { headers, data: { start: 0, size: 1, filters: { text: NAME } } })).json()
  ).data.items as { id: number }[];
  const entities = (await (await page.request.get(`/api/v0.1/user/entities?financialYear=${financialYearOf(today())}`, { headers })).json())
    .data as {
    entityId: number;
    gstin: string | null;
  }[];
  const mumbai = entities.find((e) => e.gstin === MUMBAI)?.entityId ?? 0;
  const invoice = (name: string): DocumentSaveInput => ({
    direction: 'Sales',
    entityId: mumbai,
    isDraftDocument: false,
    documentType: 'INV',
    documentNumber: '',
    seriesId: series?.id ?? 0,
    documentDate: today(),
    counterpartyGstin: '',
    counterpartyName: name,
    placeOfSupply: '27',
    isReverseCharge: false,
    items: [{ hsn: '84713010', quantity: 1000, rate: 18000, taxable: 100000, igst: 0, cgst: 9000, sgst: 9000, cess: 0 }],
  });
  const saved = await Promise.all(
    ['Counter A', 'Counter B'].map(async (name) => {
      const res = await page.request.post(DOCUMENT_API.save, { headers, data: invoice(name) });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()).data as DocumentDetail).documentNumber;
    }),
  );
  expect(saved.sort()).toEqual([number(2), number(3)]);

  // 6. The list shows what the series has numbered; the export holds the same, read back from the file.
  await page.goto('/series');
  await expect(row).toContainText(number(4));
  const { rows } = await exportedRows(page, 'series', 'series.xlsx');
  expect(rows.find((r) => r.Name === NAME)).toMatchObject({
    Prefix: PREFIX,
    'Next document number': number(4),
    'Documents numbered': 3,
    'Last number': number(3),
  });

  // 7. Deleting it is refused with the reason: its numbers are issued.
  await rowAction(page, 'series', NAME, 'delete');
  const refusal = page.getByTestId('action-refusal');
  await expect(refusal).toContainText('is in use');
  await expect(refusal).toContainText(`from ${number(1)} to ${number(3)}`);
  await shot(page, 'masters-series-06-delete-refused');
  await page.keyboard.press('Escape');
  await expect(row).toBeVisible();

  // 8. Deactivated instead, as the reason says: kept, no longer offered on the document screen (nor to later journeys).
  await page.getByTestId('series-deactivate').click();
  await page.getByTestId('series-deactivate-confirm').click();
  await expect(row).toContainText('Inactive');
  await page.goto('/create-document?type=Sales');
  await choose(page, 'document-location', /Mumbai Head Office/);
  await expect(page.getByTestId('document-number')).toBeEnabled();
  await expect(page.getByTestId('document-series')).toHaveCount(0);
});

test('series imported through /import: the valid rows become series, a planted error is shown on the series error screen', async ({
  page,
}) => {
  const dir = join(RUN_DIR, 'masters-series');
  mkdirSync(dir, { recursive: true });
  const year = financialYearOf(today());
  const file = join(dir, 'series-planted.csv');
  // The second row's prefix and digits make 17 characters: more than Rule 46(b) allows.
  writeFileSync(
    file,
    [
      'Series name,Financial year,Prefix,Digits,First number,Status',
      `Imported ${RUN},${year},IM${RUN}/,4,1,Active`,
      `Planted ${RUN},${year},PL${RUN}/LONG/,6,1,Active`,
    ].join('\r\n'),
  );
  await signInAs(page, fixtures().admin);
  await page.goto('/import');
  await page.getByTestId('import-type').click();
  await page.getByRole('option', { name: 'Document number series', exact: true }).click();
  await page.getByTestId('import-file').setInputFiles(file);
  const [uploaded] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith('/import/upload')),
    page.getByTestId('import-upload').click(),
  ]);
  expect(uploaded.status()).toBe(200);
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'SuccessWithError', { timeout: 60_000 });
  await expect(page.getByTestId('import-valid')).toHaveText('1');
  await page.getByTestId('import-errors-link').click();
  await expect(page).toHaveURL(/\/import-series-error\?importId=\d+/);
  const errorRow = page.getByTestId('error-row-3');
  await expect(errorRow).toContainText('Digits');
  await expect(errorRow).toContainText('Rule 46(b)');
  await shot(page, 'masters-series-07-import-errors');

  await page.goto('/series');
  await expect(page.getByTestId(`series-row-Imported ${RUN}`)).toContainText(`IM${RUN}/0001`);
  await expect(page.getByTestId(`series-row-Planted ${RUN}`)).toHaveCount(0);
});

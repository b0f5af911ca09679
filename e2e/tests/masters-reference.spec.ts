import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { HSN_SAC_API, HSN_SEARCH_API, type HsnSac, type HsnSearchItem } from '@opengst/contracts';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import {
  choose,
  exportedRows,
  gstinOf,
  journeyFile,
  panOf,
  rowAction,
  saveInvoiceThroughApi,
  searchFor,
  uploadOnImportScreen,
} from '../support/masters';
import { RUN_DIR } from '../support/paths';
import { csvOf } from '../support/returns';

// Issue 20, the reference masters: business partners, the chart of accounts and the subscriber's HSN/SAC list, each
// created on its screen, edited, imported through /import from the master's Import button (one valid row and one
// planted error, shown on the type's error screen with its row number and message), exported to Excel and read back
// with the edited values, refused deletion with the server's reason while in use, and deactivated instead. The data
// mapper saves the subscriber's own name for a column of the chart of accounts' import, and a file with that header
// is read. Names, codes and GSTINs are unique per run, so the journeys run again on the same data.

// Set for each test (a repeat too): the GSTINs' PANs come from the stamp, names and codes carry the run.
let STAMP = '';
let RUN = '';
test.beforeEach(() => {
  const now = Date.now();
  STAMP = String(now);
  RUN = now.toString(36).slice(-5).toUpperCase();
});
const DIR = join(RUN_DIR, 'masters-reference');

const fileOf = (name: string, text: string): string => journeyFile(DIR, name, text);

/** Opens the master's /import (its Import button), checks the type chosen, uploads and answers the import's end. */
const importFromMaster = async (page: Page, testId: string, typeName: string, path: string) => {
  await page.getByTestId(`${testId}-import`).click();
  await expect(page).toHaveURL(/\/import\?type=/);
  await expect(page.getByTestId('import-type')).toHaveValue(typeName);
  return uploadOnImportScreen(page, path);
};

/** From the import's card to its error screen; the planted row's number, column and message shown. */
const plantedErrorShown = async (page: Page, route: string, row: number, texts: readonly string[]) => {
  await expect(page.getByTestId('import-valid')).toHaveText('1');
  await page.getByTestId('import-errors-link').click();
  await expect(page).toHaveURL(new RegExp(`${route}\\?importId=\\d+`));
  const errorRow = page.getByTestId(`error-row-${row}`);
  await expect(errorRow).toHaveCount(1);
  for (const text of texts) await expect(errorRow).toContainText(text);
  await expect(page.getByTestId('error-rows')).toHaveText('1');
};

test('business partners: created, edited, imported with a planted error, exported, kept while named on a document', async ({ page }) => {
  test.setTimeout(180_000);
  const gstin = gstinOf('27', panOf(STAMP, 'Q'));
  const legalName = `Reference Traders ${RUN} Private Limited`;
  const tradeName = `Reference Traders ${RUN}`;
  const importedGstin = gstinOf('29', panOf(STAMP, 'R'));
  const plantedGstin = gstinOf('27', panOf(STAMP, 'S'));
  await signInAs(page, fixtures().admin);

  // 1. From the hub: a vendor by its GSTIN (the PAN and the state follow from it), with a contact for notifications.
  await page.goto('/masters');
  await page.getByTestId('masters-tile-BusinessPartners').click();
  await expect(page).toHaveURL(/\/business-partners$/);
  await page.getByTestId('bp-add').click();
  await page.getByTestId('bp-gstin').fill(gstin);
  await expect(page.getByTestId('bp-pan')).toHaveValue(gstin.slice(2, 12));
  await expect(page.getByTestId('bp-stateCode')).toHaveValue('27 Maharashtra');
  await page.getByTestId('bp-legalName').fill(legalName);
  await page.getByTestId('bp-email').fill(`accounts.${RUN.toLowerCase()}@reference.example`);
  await page.getByTestId('bp-add-contact').click();
  await page.getByTestId('bp-contact-0-name').fill('Asha Kulkarni');
  await page.getByTestId('bp-contact-0-email').fill(`asha.${RUN.toLowerCase()}@reference.example`);
  await shot(page, 'masters-reference-01-partner-form');
  await page.getByTestId('bp-save').click();
  await expect(page.getByTestId('bp-save')).toBeHidden();
  await searchFor(page, 'bp', RUN, gstin);
  const row = page.getByTestId(`bp-row-${gstin}`);
  await expect(row).toContainText(legalName);
  await expect(row).toContainText('Maharashtra');

  // 2. Edited: a trade name, the Udyam number with its class, and the TDS section.
  await row.getByText(legalName).click();
  await expect(page.getByTestId('bp-legalName')).toHaveValue(legalName);
  await page.getByTestId('bp-tradeName').fill(tradeName);
  await page.getByTestId('bp-msmeNumber').fill('UDYAM-MH-26-0012345');
  await choose(page, 'bp-msmeClass', 'Micro');
  await choose(page, 'bp-tdsSection', /^194C /);
  await page.getByTestId('bp-save').click();
  await expect(page.getByTestId('bp-save')).toBeHidden();
  await expect(row).toContainText(tradeName);
  await expect(row).toContainText('Micro');
  await expect(row).toContainText('194C');

  // 3. An invoice to the partner: now it is in use.
  await saveInvoiceThroughApi(page, {
    documentNumber: `BP${RUN}/1`,
    counterpartyGstin: gstin,
    counterpartyName: tradeName,
    hsn: '84713010',
  });

  // 4. Imported from the Import button: one Karnataka vendor, and a planted Udyam number two characters short (row 3).
  const file = fileOf(
    'vendors.csv',
    csvOf('Vendors', [
      { gstin: importedGstin, legalName: `Imported Vendor ${RUN}`, email: `imported.${RUN.toLowerCase()}@vendor.example` },
      { gstin: plantedGstin, legalName: `Planted Vendor ${RUN}`, msmeNumber: 'UDYAM-MH-26-12345', msmeClass: 'Micro' },
    ]),
  );
  expect((await importFromMaster(page, 'bp', 'Vendors', file)).status).toBe('SuccessWithError');
  await plantedErrorShown(page, '/import-vendor-error', 3, ['Udyam', 'UDYAM-MH-26-12345', 'is 19 characters', 'this one is 17']);
  await shot(page, 'masters-reference-02-vendor-errors');
  await page.goto('/business-partners');
  await searchFor(page, 'bp', RUN, importedGstin);
  await expect(page.getByTestId(`bp-row-${importedGstin}`)).toContainText('Karnataka');
  await expect(page.getByTestId(`bp-row-${plantedGstin}`)).toHaveCount(0);

  // 5. Exported (the list as filtered) and read back: the edited values, and the imported vendor.
  const { rows } = await exportedRows(page, 'bp', 'business-partners.xlsx');
  expect(rows).toHaveLength(2);
  expect(rows.find((r) => r.GSTIN === gstin)).toMatchObject({
    'Legal name': legalName,
    'Trade name': tradeName,
    PAN: gstin.slice(2, 12),
    'State code': '27',
    'Udyam number': 'UDYAM-MH-26-0012345',
    'MSME class': 'Micro',
    Status: 'Active',
  });
  expect(String(rows.find((r) => r.GSTIN === gstin)?.['TDS section'])).toContain('194C');
  expect(String(rows.find((r) => r.GSTIN === gstin)?.Contacts)).toContain('Asha Kulkarni');
  expect(rows.find((r) => r.GSTIN === importedGstin)).toMatchObject({ 'Legal name': `Imported Vendor ${RUN}`, 'State code': '29' });

  // 6. Its deletion is refused with the reason: named on the invoice. Deactivated instead.
  await rowAction(page, 'bp', gstin, 'delete');
  const refusal = page.getByTestId('action-refusal');
  await expect(refusal).toContainText('is named on 1 document; deactivate it instead.');
  await shot(page, 'masters-reference-03-partner-delete-refused');
  await page.keyboard.press('Escape');
  await expect(refusal).toBeHidden();
  await page.getByTestId('bp-deactivate').click();
  await page.getByTestId('bp-deactivate-confirm').click();
  await expect(row).toContainText('Inactive');
  await expect(page.getByTestId(`bp-row-${importedGstin}`)).toContainText('Active');
});

test('chart of accounts: a group created, edited, given a ledger by import (a planted error shown), exported, kept while it holds it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const code = `RF${RUN}`;
  const ledger = `${code}-1`;
  const planted = `${code}-2`;
  const name = `Reference deposits and advances ${RUN}`;
  await signInAs(page, fixtures().admin);

  // 1. From the hub: an Asset group.
  await page.goto('/masters');
  await page.getByTestId('masters-tile-ChartOfAccounts').click();
  await expect(page).toHaveURL(/\/chart-of-accounts$/);
  await page.getByTestId('coa-add').click();
  await page.getByTestId('coa-code').fill(code);
  await page.getByTestId('coa-name').fill(`Reference deposits ${RUN}`);
  await page.getByTestId('coa-is-group').check();
  await expect(page.getByTestId('coa-gst-head')).toHaveCount(0);
  await page.getByTestId('coa-save').click();
  await expect(page.getByTestId('coa-save')).toBeHidden();
  await searchFor(page, 'coa', code, code);
  const row = page.getByTestId(`coa-row-${code}`);
  await expect(row).toContainText('Group');

  // 2. Edited: its name and a description.
  await row
    .getByRole('cell', { name: `Reference deposits ${RUN}`, exact: true })
    .first()
    .click();
  await page.getByTestId('coa-name').fill(name);
  await page.getByTestId('coa-description').fill('Deposits paid to landlords and suppliers.');
  await shot(page, 'masters-reference-04-account-form');
  await page.getByTestId('coa-save').click();
  await expect(page.getByTestId('coa-save')).toBeHidden();
  await expect(row).toContainText(name);

  // 3. Imported: a ledger under the group, and an Income ledger planted under the Asset group (row 3).
  const file = fileOf(
    'chart-of-accounts.csv',
    csvOf('ChartOfAccounts', [
      { code: ledger, name: `Security deposit ${RUN}`, accountType: 'Asset', isGroup: 'N', parentCode: code },
      { code: planted, name: `Rent received ${RUN}`, accountType: 'Income', isGroup: 'N', parentCode: code },
    ]),
  );
  expect((await importFromMaster(page, 'coa', 'Chart of accounts', file)).status).toBe('SuccessWithError');
  await plantedErrorShown(page, '/import-chart-of-accounts-error', 3, [
    'Parent code',
    `"${name}" is an Asset group`,
    "a group's accounts share its type",
  ]);
  await shot(page, 'masters-reference-05-account-errors');
  await page.goto('/chart-of-accounts');
  await searchFor(page, 'coa', code, ledger);
  await expect(page.getByTestId(`coa-path-${ledger}`)).toContainText(`${name} > Security deposit ${RUN}`);
  await expect(page.getByTestId(`coa-row-${planted}`)).toHaveCount(0);
  await expect(row).toContainText('1');

  // 4. Exported and read back: the edited group, and the ledger under it.
  const { rows } = await exportedRows(page, 'coa', 'chart-of-accounts.xlsx');
  expect(rows.find((r) => r.Code === code)).toMatchObject({
    Name: name,
    'Account type': 'Asset',
    Group: 'Y',
    Description: 'Deposits paid to landlords and suppliers.',
    Status: 'Active',
  });
  expect(rows.find((r) => r.Code === ledger)).toMatchObject({ Name: `Security deposit ${RUN}`, Group: 'N', 'Parent code': code });

  // 5. The group's deletion is refused: it holds the ledger. Deactivating it alone is refused too: the ledger is active.
  await rowAction(page, 'coa', code, 'delete');
  const refusal = page.getByTestId('action-refusal');
  await expect(refusal).toContainText(`${name} holds 1 ledger; move or delete them first.`);
  await shot(page, 'masters-reference-06-account-delete-refused');
  await page.keyboard.press('Escape');
  await expect(refusal).toBeHidden();
  await page.getByTestId('coa-deactivate').click();
  await page.getByTestId('coa-deactivate-confirm').click();
  await expect(refusal).toContainText(`${name} holds 1 ledger still active; deactivate or move them first.`);
  await page.keyboard.press('Escape');

  // 6. The group with its ledger: both deactivated.
  await page.getByTestId(`coa-row-${ledger}`).getByRole('checkbox').check();
  await page.getByTestId('coa-deactivate').click();
  await page.getByTestId('coa-deactivate-confirm').click();
  await expect(row).toContainText('Inactive');
  await expect(page.getByTestId(`coa-row-${ledger}`)).toContainText('Inactive');
});

/** Eight-digit codes of the official directory under `heading` that the subscriber's list does not hold yet. */
const freeHsnCodes = async (page: Page, heading: string, n: number): Promise<string[]> => {
  const headers = { 'auth-token': await authTokenOf(page) };
  const official = (
    (await (await page.request.get(`${HSN_SEARCH_API.search}?text=${heading}&size=100`)).json()).data.items as HsnSearchItem[]
  )
    .filter((item) => item.level === 'tariffItem')
    .map((item) => item.code);
  const own = (
    (
      await (
        await page.request.post(HSN_SAC_API.hsnSacSearch, { headers, data: { start: 0, size: 100, filters: { text: heading } } })
      ).json()
    ).data.items as HsnSac[]
  ).map((item) => item.code);
  const free = official.filter((code) => !own.includes(code));
  expect(free.length, `free ${heading} codes`).toBeGreaterThanOrEqual(n);
  return free.slice(0, n);
};

test('HSN/SAC: a code of the directory added, edited, imported with a planted error, exported, kept while a document carries it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, fixtures().admin);
  const [code = '', imported = '', planted = ''] = await freeHsnCodes(page, '8471', 3);
  const description = `Reference laptops ${RUN}`;

  // 1. From the hub: the code looked up in the directory as it is typed, at 18% in numbers.
  await page.goto('/masters');
  await page.getByTestId('masters-tile-HsnSac').click();
  await expect(page).toHaveURL(/\/hsn-sac$/);
  await page.getByTestId('hsn-add').click();
  await page.getByTestId('hsn-code').fill(code);
  await expect(page.getByTestId('hsn-official')).toBeVisible();
  await page.getByTestId('hsn-description').fill(`${description} (draft)`);
  await choose(page, 'hsn-rate', '18%');
  await choose(page, 'hsn-uqc', /^NOS/);
  await shot(page, 'masters-reference-07-hsn-form');
  await page.getByTestId('hsn-save').click();
  await expect(page.getByTestId('hsn-save')).toBeHidden();
  await searchFor(page, 'hsn', `laptops ${RUN}`, code);
  const row = page.getByTestId(`hsn-row-${code}`);
  await expect(row).toContainText('18%');

  // 2. Edited: the description and the unit.
  await row.getByText(`${description} (draft)`).click();
  await expect(page.getByTestId('hsn-code')).toHaveValue(code);
  await page.getByTestId('hsn-description').fill(description);
  await choose(page, 'hsn-uqc', /^UNT/);
  await page.getByTestId('hsn-save').click();
  await expect(page.getByTestId('hsn-save')).toBeHidden();
  await expect(row).toContainText(description);
  await expect(row).toContainText('UNT');

  // 3. An invoice carries the code: now it is in use.
  await saveInvoiceThroughApi(page, {
    documentNumber: `HS${RUN}/1`,
    counterpartyGstin: '',
    counterpartyName: 'Walk-in customer',
    hsn: code,
  });

  // 4. Imported: one code at 18%, and a planted 7% (no GST rate) on row 3.
  const file = fileOf(
    'hsn-sac.csv',
    csvOf('HsnSac', [
      { hsn: imported, description: `Imported laptops ${RUN}`, rate: '18', uqc: 'NOS' },
      { hsn: planted, description: `Planted laptops ${RUN}`, rate: '7', uqc: 'NOS' },
    ]),
  );
  expect((await importFromMaster(page, 'hsn', 'HSN/SAC codes', file)).status).toBe('SuccessWithError');
  await plantedErrorShown(page, '/import-hsn-sac-error', 3, ['Rate', '7% is not a GST rate in force']);
  await shot(page, 'masters-reference-08-hsn-errors');
  await page.goto('/hsn-sac');
  await searchFor(page, 'hsn', `laptops ${RUN}`, imported);
  await expect(page.getByTestId(`hsn-row-${imported}`)).toContainText(`Imported laptops ${RUN}`);
  await expect(page.getByTestId(`hsn-row-${planted}`)).toHaveCount(0);

  // 5. Exported and read back.
  const { rows } = await exportedRows(page, 'hsn', 'hsn-sac.xlsx');
  expect(rows).toHaveLength(2);
  expect(rows.find((r) => r['HSN/SAC code'] === code)).toMatchObject({ Type: 'HSN', Description: description, 'Rate %': 18, UQC: 'UNT' });
  expect(rows.find((r) => r['HSN/SAC code'] === imported)).toMatchObject({
    Description: `Imported laptops ${RUN}`,
    'Rate %': 18,
    UQC: 'NOS',
  });

  // 6. Its deletion is refused: the invoice carries it. Deactivated instead.
  await rowAction(page, 'hsn', code, 'delete');
  const refusal = page.getByTestId('action-refusal');
  await expect(refusal).toContainText(`${code} is in use: 1 of your documents carry it`);
  await expect(refusal).toContainText('deactivate it instead');
  await shot(page, 'masters-reference-09-hsn-delete-refused');
  await page.keyboard.press('Escape');
  await expect(refusal).toBeHidden();
  await page.getByTestId('hsn-deactivate').click();
  await page.getByTestId('hsn-deactivate-confirm').click();
  await expect(row).toContainText('Inactive');
});

test("data mapper: the subscriber's own header for a chart of accounts column is saved, exported, and read by the import", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const alias = 'Ledger title';
  const code = `DM${RUN}`;
  await signInAs(page, fixtures().admin);

  // 1. From the hub: the chart of accounts' columns; a name left by an earlier run is removed first.
  await page.goto('/masters');
  await page.getByTestId('masters-tile-DataMapper').click();
  await expect(page).toHaveURL(/\/data-mapper/);
  await choose(page, 'mapper-type', 'Chart of accounts');
  await expect(page.getByTestId('mapper-row-name')).toContainText('Name');
  const leftover = page.getByTestId(`mapper-remove-name-${alias}`);
  if ((await leftover.count()) > 0) {
    await leftover.click();
    await page.getByTestId('mapper-save').click();
    await expect(page.getByTestId('mapper-saved')).toBeVisible();
  }

  // 2. A header the reader already knows is refused before anything is sent; the user's own name is saved.
  await page.getByTestId('mapper-input-name').fill('Code');
  await page.getByTestId('mapper-add-name').click();
  await expect(page.getByTestId('mapper-row-name')).toContainText('"Code" is already a name of Code.');
  await expect(page.getByTestId('mapper-alias-name')).toHaveCount(0);
  await page.getByTestId('mapper-input-name').fill(alias);
  await page.getByTestId('mapper-add-name').click();
  await expect(page.getByTestId('mapper-alias-name')).toHaveText(alias);
  await expect(page.getByTestId('mapper-unsaved')).toBeVisible();
  await page.getByTestId('mapper-save').click();
  await expect(page.getByTestId('mapper-saved')).toBeVisible();
  await shot(page, 'masters-reference-10-data-mapper');

  // 3. Exported and read back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('mapper-export').click()]);
  expect(download.suggestedFilename()).toBe('ChartOfAccounts-column-names.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const cells: string[] = [];
  book.worksheets[0]?.eachRow((r) => cells.push((r.values as unknown[]).slice(1).map(String).join('|')));
  expect(cells.some((line) => line.includes(alias) && line.includes('Name'))).toBe(true);

  // 4. A file with that header (and no "Name" column) is read: the account is on the list with its name.
  await page.getByTestId('mapper-import').click();
  await expect(page).toHaveURL(/\/import\?type=ChartOfAccounts$/);
  await expect(page.getByTestId('import-type')).toHaveValue('Chart of accounts');
  const file = fileOf('own-headers.csv', `Code,${alias},Account type\r\n${code},Mapped stationery ${RUN},Expense\r\n`);
  const { status } = await uploadOnImportScreen(page, file);
  expect(status).toBe('Success');
  await expect(page.getByTestId('import-valid')).toHaveText('1');
  await shot(page, 'masters-reference-11-mapped-import');
  await page.goto('/chart-of-accounts');
  await searchFor(page, 'coa', code, code);
  await expect(page.getByTestId(`coa-row-${code}`)).toContainText(`Mapped stationery ${RUN}`);
  await expect(page.getByTestId(`coa-row-${code}`)).toContainText('Expense');

  // 5. The name removed again, so the next run starts from the template's headers.
  await page.goto('/data-mapper?type=ChartOfAccounts');
  await choose(page, 'mapper-type', 'Chart of accounts');
  await page.getByTestId(`mapper-remove-name-${alias}`).click();
  await page.getByTestId('mapper-save').click();
  await expect(page.getByTestId('mapper-saved')).toBeVisible();
  await expect(page.getByTestId('mapper-alias-name')).toHaveCount(0);
});

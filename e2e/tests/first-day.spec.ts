import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_LOCATION_GSTIN, type UserEntity } from '@opengst/contracts';
import { financialYearOf, latestOpenReturnPeriod } from '@opengst/domain';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import { RUN_DIR } from '../support/paths';
import { csvOf, entitiesOf, importOnScreen } from '../support/returns';

// Issue 17's first day, as a tax manager used to Clear or Cygnet walks it: the sales sample imported as it comes, the
// register reached from the sidebar in the sample's year (switched from the header) and tied to the GSTR-1 of its
// period, a GTA freight bill under reverse charge, a register exported by another system mapped by picking its own
// headers, an unknown address inside the shell, and a GSTIN that is not the user's refused in words.

const currentPeriod = latestOpenReturnPeriod(new Date());
const currentDate = `15-${currentPeriod.slice(0, 2)}-${currentPeriod.slice(2)}`;
const currentYear = financialYearOf(`${currentPeriod.slice(2)}-${currentPeriod.slice(0, 2)}-15`);
const SAMPLE_NUMBER = 'INV/24-25/0001'; // the sample's example row: Mumbai, 15-04-2024
const SAMPLE_YEAR = '2024-25';

const digits = (text: string | null) => (text ?? '').replace(/[^\d.-]/g, '');

/** Picks the sidebar's link (opening its group, GST Returns, when closed) and the header's financial year. */
const openFromSidebar = async (page: Page, name: string) => {
  const sidebar = page.getByTestId('sidebar');
  const link = sidebar.getByRole('link', { name });
  if (!(await link.isVisible())) await sidebar.getByLabel('GST Returns', { exact: true }).click();
  await link.click({ timeout: 10_000 });
};
const switchYear = async (page: Page, year: string) => {
  await page.getByTestId('working-year').click();
  await page.getByRole('option', { name: `FY ${year}`, exact: true }).click();
};

test('the first day: sample, register tied to GSTR-1, GTA bill, mapping by picking headers, 404 and 403 in words', async ({ page }) => {
  test.setTimeout(300_000);
  const dir = join(RUN_DIR, 'first-day');
  mkdirSync(dir, { recursive: true });
  await signInAs(page, fixtures().admin);
  const headers = { 'auth-token': await authTokenOf(page) };
  const locations = await entitiesOf(page.request, headers, currentYear);
  const mumbai = locations.find((e: UserEntity) => e.gstin === DEMO_LOCATION_GSTIN);
  const bengaluru = locations.find((e: UserEntity) => e.entityName === 'Bengaluru Branch');
  if (!mumbai || !bengaluru) throw new Error('the demo locations are missing');

  // 1. The sales sample, downloaded and uploaded without a change, imports.
  await page.goto('/import');
  await page.getByTestId('import-type').click();
  await page.getByRole('option', { name: 'Sales documents' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-sample').click()]);
  const sample = join(dir, 'sample.xlsx');
  await download.saveAs(sample);
  await page.getByTestId('import-file').setInputFiles(sample);
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'Success', { timeout: 60_000 });
  await shot(page, 'first-day-01-sample-imported');

  // 2. The sales register from the sidebar, in the sample's year picked in the header, its April 2024.
  await openFromSidebar(page, 'Sales Register');
  await expect(page.getByTestId('page-title')).toHaveText('Sales');
  await switchYear(page, SAMPLE_YEAR);
  await expect(page.getByTestId('chip-financialYear')).toContainText(SAMPLE_YEAR);
  await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
  await page.getByTestId('filter-return-period').click({ force: true });
  await page.getByRole('option', { name: 'Apr 2024', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-apply').click();
  const documents = page.getByTestId('register-documents');
  await expect(documents.getByTestId(`document-row-${SAMPLE_NUMBER}`)).toBeVisible();
  const registerTaxable = digits(await documents.getByTestId('total-taxable').textContent());
  expect(Number(registerTaxable)).toBeGreaterThan(0);
  await shot(page, 'first-day-02-register-in-sample-year');

  // 3. Its GSTR-1 for April 2024, generated: the same taxable value as the register.
  await page.goto(`/gstr-1?entityId=${mumbai.entityId}&returnPeriod=042024`);
  await page.getByTestId('action-generate').click();
  await expect(page.getByTestId('generation-status')).toHaveText('Generated', { timeout: 60_000 });
  expect(digits(await page.getByTestId('section-total-taxable').textContent())).toBe(registerTaxable);
  await shot(page, 'first-day-03-gstr1-ties');

  // 4. A freight bill of an unregistered transporter under reverse charge (s.9(3), GTA): imported and shown.
  const gta = csvOf('PurchaseDocuments', [
    {
      locationGstin: DEMO_LOCATION_GSTIN,
      documentType: 'INV',
      documentNumber: 'GTA/FD/1',
      documentDate: currentDate,
      counterpartyGstin: '',
      counterpartyName: 'Sai Roadlines',
      placeOfSupply: '27',
      reverseCharge: 'Y',
      hsn: '996511',
      description: 'Road freight',
      uqc: 'NA',
      taxable: '12000',
      rate: '5',
      igst: '0',
      cgst: '300',
      sgst: '300',
      cess: '0',
      itcEligibility: 'Input services',
    },
  ]);
  expect(await importOnScreen(page, 'Purchase documents', join(dir, 'gta.csv'), gta)).toBe('Success');
  await openFromSidebar(page, 'Purchase Register');
  await switchYear(page, currentYear);
  const purchases = page.getByTestId('register-documents');
  await purchases.getByTestId('document-row-GTA/FD/1').click();
  const drawer = page.getByTestId('document-drawer');
  await expect(drawer).toContainText('Sai Roadlines');
  await expect(drawer).toContainText(/Reverse charge\s*Yes/);
  await shot(page, 'first-day-04-gta-bill');
  await page.keyboard.press('Escape');

  // 5. A register exported by another system: known headers are read as they are, "29-Karnataka" and "18%" too;
  // the one header we cannot know is picked from the file's own headers in Map columns, and the file imports.
  const header = ['Our GSTIN', 'Doc Type', 'Invoice No.', 'Invoice Date', 'Receiver Name', 'Place Of Supply', 'HSN/SAC Code'];
  const values = ['INV', 'ERP/KA/1', currentDate, 'Walk-in customer', '29-Karnataka', '84713010'];
  const erp = [
    [...header, 'Taxable Value', 'GST Rate %', 'Integrated Tax Amount'],
    [DEMO_LOCATION_GSTIN, ...values, '1000', '18%', '180'],
  ];
  const erpPath = join(dir, 'erp-sales.csv');
  writeFileSync(erpPath, erp.map((row) => row.join(',')).join('\n'));
  await page.goto('/import');
  await page.getByTestId('import-type').click();
  await page.getByRole('option', { name: 'Sales documents' }).click();
  await page.getByTestId('import-file').setInputFiles(erpPath);
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'Failed', { timeout: 60_000 });
  await page.getByTestId('import-result-map-columns').click();
  await expect(page.getByTestId('mapping-row-locationGstin')).toContainText('Missing in the last file');
  await expect(page.getByTestId('mapping-row-placeOfSupply')).toContainText('Found in the file as "Place Of Supply"');
  await expect(page.getByTestId('mapping-unused')).toHaveText('Not read as any column: Our GSTIN');
  await page.getByTestId('mapping-alias-locationGstin').click();
  await page.getByRole('option', { name: 'Our GSTIN', exact: true }).click();
  await expect(page.getByTestId('mapping-unused')).toHaveText('Every header of the file is read as one of our columns.');
  await shot(page, 'first-day-05-mapping-picked');
  await page.getByTestId('mapping-save').click();
  await expect(page.getByTestId('mapping-save')).toHaveCount(0);
  await page.getByTestId('import-file').setInputFiles(erpPath);
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'Success', { timeout: 60_000 });
  await shot(page, 'first-day-06-mapped-file-imported');

  // 6. An address that does not exist: the 404 inside the shell, with the sidebar to go on from.
  await page.goto('/no-such-screen');
  await expect(page.getByText('Page Not Found!')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await shot(page, 'first-day-07-not-found-in-shell');

  // 7. A user of Mumbai alone opening Bengaluru's GSTR-1: told why in words, once.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout-link').click();
  await expect(page).toHaveURL(/\/login/);
  await signInAs(page, fixtures().oneLocation);
  await page.goto(`/gstr-1?entityId=${bengaluru.entityId}&returnPeriod=${currentPeriod}`);
  await expect(page.getByTestId('return-load-failed')).toContainText('You have no access to this GSTIN');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  await shot(page, 'first-day-08-no-access-in-words');
});

import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_ACTIVITY_API, RETURN_API, type DataActivity, type ReturnDetail } from '@opengst/contracts';
import { financialYearOfPeriod, gstinCheckCharacter, latestOpenReturnPeriod } from '@opengst/domain';
import { authTokenOf, fillLogin, fixtures, shot, signInAs } from '../support/journeys';
import { RUN_DIR } from '../support/paths';
import { createLocation, csvOf, entitiesOf, importOnScreen, registerSubscriber, setPortalUserName } from '../support/returns';

// Issue 7's journey: sales invoices of subscriber A's Gujarat location to a buyer that is subscriber B are imported,
// GSTR-1 is generated, read, drilled into, downloaded, saved to the portal sandbox, submitted and filed with the OTP;
// then B downloads its GSTR-2A from the sandbox and finds A's invoices, and /data-activities lists A's pushes.

const withCheck = (body: string) => `${body}${gstinCheckCharacter(body)}`;
const SUPPLIER_GSTIN = withCheck('24AABCD1234E2Z'); // a new Gujarat location of the demo business (PAN AABCD1234E; organization.spec adds entity number 1)
const BUYER_GSTIN = withCheck('33AAGCR2026K1Z'); // subscriber B registers with it
const SANDBOX_OTP = '575757';
const PERIOD = latestOpenReturnPeriod(new Date());
const FY = financialYearOfPeriod(PERIOD);
const DATE = `05-${PERIOD.slice(0, 2)}-${PERIOD.slice(2)}`;
const INVOICES = [
  { documentNumber: 'R1J/1', taxable: '100000.00', igst: '18000.00' },
  { documentNumber: 'R1J/2', taxable: '250000.00', igst: '45000.00' },
];

const signOut = async (page: Page) => {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
};

/** The portal session card: request the OTP, enter the sandbox's, and wait for the session. */
const connectPortal = async (page: Page) => {
  const card = page.getByTestId('portal-session');
  await expect(card.getByTestId('sandbox-notice')).toContainText(SANDBOX_OTP);
  await card.getByTestId('portal-request-otp').click();
  await card.getByTestId('portal-otp').fill(SANDBOX_OTP);
  await card.getByTestId('portal-connect').click();
};

test('GSTR-1 from the books to Filed at the portal sandbox, and the buyer sees the invoices in its GSTR-2A', async ({ page }) => {
  test.setTimeout(300_000);
  const dir = join(RUN_DIR, 'gstr1-journey');
  mkdirSync(dir, { recursive: true });

  // Subscriber B registers with the buyer's GSTIN, the way a new customer does.
  const buyer = await registerSubscriber(page, {
    gstin: BUYER_GSTIN,
    organisationName: 'Ranga Retail Private Limited',
    userName: 'ranga-admin',
    password: 'Ranga#Returns2026',
  });

  // Subscriber A: a new Gujarat location with its GST portal user name, and two B2B invoices to B imported on /import.
  await signInAs(page, fixtures().admin);
  const headersA = { 'auth-token': await authTokenOf(page) };
  const business = (await entitiesOf(page.request, headersA, FY)).find((entity) => entity.entityType === 'Business');
  expect(business).toBeDefined();
  const supplierId = await createLocation(page.request, headersA, {
    parentEntityId: business?.entityId ?? 0,
    entityName: 'Surat Returns Desk',
    gstin: SUPPLIER_GSTIN,
    stateCode: '24',
    pan: 'AABCD1234E',
  });
  await setPortalUserName(page.request, headersA, supplierId, 'demo_ahmedabad');
  const csv = csvOf(
    'SalesDocuments',
    INVOICES.map((invoice) => ({
      locationGstin: SUPPLIER_GSTIN,
      documentType: 'INV',
      documentNumber: invoice.documentNumber,
      documentDate: DATE,
      counterpartyGstin: BUYER_GSTIN,
      counterpartyName: 'Ranga Retail',
      placeOfSupply: '33',
      supplyType: 'B2B',
      reverseCharge: 'N',
      hsn: '84713010',
      description: 'Laptop',
      uqc: 'NOS',
      quantity: '1',
      taxable: invoice.taxable,
      rate: '18',
      igst: invoice.igst,
      cgst: '0',
      sgst: '0',
      cess: '0',
    })),
  );
  expect(await importOnScreen(page, 'Sales documents', join(dir, 'sales.csv'), csv)).toBe('Success');

  // The returns list: the new GSTIN's GSTR-1 for the current period, not generated yet, with both documents.
  await page.goto('/regular-returns-list');
  const row = page.getByTestId(`return-row-${SUPPLIER_GSTIN}-GSTR1`);
  await expect(row).toContainText('Not submitted');
  await expect(row).toContainText('2');
  await shot(page, 'gstr1-01-returns-list');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/gstr-1\\?entityId=${supplierId}&returnPeriod=${PERIOD}$`));
  await expect(page.getByTestId('return-not-generated')).toBeVisible();
  await expect(page.getByTestId('return-document-count')).toHaveText('2');

  // Generate, then read the summary: B2B holds the two invoices with their taxable value and IGST.
  await page.getByTestId('action-generate').click();
  await expect(page.getByTestId('generation-status')).toHaveText('Generated', { timeout: 60_000 });
  await expect(page.getByTestId('section-b2b-records')).toHaveText('2');
  await expect(page.getByTestId('section-b2b-taxable')).toHaveText('3,50,000.00');
  await expect(page.getByTestId('section-b2b-igst')).toHaveText('63,000.00');
  await expect(page.getByTestId('section-b2cl-records')).toHaveText('0');
  await expect(page.getByTestId('section-total-taxable')).toHaveText('3,50,000.00');
  await expect(page.getByTestId('action-save').locator('xpath=..')).toHaveAttribute('data-why', 'returns.why.noSession');
  await shot(page, 'gstr1-02-generated');

  // Drill into B2B: both invoices, each linking to its document.
  await page.getByTestId('section-row-b2b').click();
  const documents = page.getByTestId('section-documents');
  await expect(documents.getByTestId('list-count')).toHaveText('2 of 2');
  for (const invoice of INVOICES)
    await expect(documents.getByTestId(`section-document-${invoice.documentNumber}`)).toContainText(BUYER_GSTIN);
  await expect(documents.getByRole('link', { name: 'R1J/2' })).toHaveAttribute('href', /\/edit-document\?id=\d+&type=Sales$/);
  await shot(page, 'gstr1-03-b2b-documents');

  // Download the portal's JSON and read it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('action-download').click()]);
  expect(download.suggestedFilename()).toBe(`GSTR1_${SUPPLIER_GSTIN}_${PERIOD}.json`);
  const jsonPath = join(dir, 'gstr1.json');
  await download.saveAs(jsonPath);
  const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as {
    gstin: string;
    fp: string;
    b2b: { ctin: string; inv: { inum: string; val: number; itms: { itm_det: { txval: number; iamt: number } }[] }[] }[];
  };
  expect(json.gstin).toBe(SUPPLIER_GSTIN);
  expect(json.fp).toBe(PERIOD);
  expect(json.b2b).toHaveLength(1);
  expect(json.b2b[0]?.ctin).toBe(BUYER_GSTIN);
  expect(json.b2b[0]?.inv.map((invoice) => invoice.inum).sort()).toEqual(['R1J/1', 'R1J/2']);
  expect(json.b2b[0]?.inv.flatMap((invoice) => invoice.itms.map((item) => item.itm_det.txval)).reduce((a, b) => a + b, 0)).toBe(350000);

  // Connect to the portal sandbox, save, submit and file with the OTP.
  await connectPortal(page);
  await expect(page.getByTestId('portal-session')).toHaveCount(0);
  await page.getByTestId('action-save').click();
  await expect(page.getByTestId('step-saved')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('action-submit')).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId('step-saved')).toContainText('processed');
  await shot(page, 'gstr1-04-saved');
  await page.getByTestId('action-submit').click();
  await page.getByTestId('action-submit-confirm').click();
  await expect(page.getByTestId('return-status')).toHaveText('Submitted');
  await page.getByTestId('action-file').click();
  await page.getByTestId('file-send-otp').click();
  await page.getByTestId('file-otp').fill(SANDBOX_OTP);
  await page.getByTestId('file-confirm').click();
  await expect(page.getByTestId('return-status')).toHaveText('Filed');
  const arn = (await page.getByTestId('return-arn').textContent()) ?? '';
  expect(arn).toMatch(/^[A-Z0-9]{15}$/);
  await shot(page, 'gstr1-05-filed');

  // The server holds the same: Filed with that ARN; the history lists every step.
  const detail = (
    await (
      await page.request.get(`${RETURN_API.detail}?entityId=${supplierId}&returnType=GSTR1&returnPeriod=${PERIOD}`, { headers: headersA })
    ).json()
  ).data as ReturnDetail;
  expect([detail.status, detail.arn, detail.portalSaveStatus]).toEqual(['Filed', arn, 'P']);
  await page.getByTestId('tab-history').click();
  for (const action of ['Generate', 'Save', 'Submit', 'File'])
    await expect(page.locator(`[data-testid^="history-${action}-"]`).first()).toBeVisible();
  await shot(page, 'gstr1-06-history');

  // /data-activities lists the pushes of the save, the submit and the filing.
  await page.goto('/data-activities');
  const pushes = page.getByTestId('panel-Push');
  await expect(pushes.locator('[data-testid^="activity-"]', { hasText: SUPPLIER_GSTIN }).first()).toBeVisible();
  const listed = (await (await page.request.post(DATA_ACTIVITY_API.search, { headers: headersA, data: { kind: 'Push' } })).json()).data
    .items as DataActivity[];
  const ours = listed.filter((activity) => activity.gstin === SUPPLIER_GSTIN && activity.returnId === detail.id);
  expect(ours.length).toBeGreaterThanOrEqual(3);
  expect(ours.every((activity) => activity.status === 'Completed')).toBe(true);
  await expect(pushes.locator('[data-testid^="activity-"]', { hasText: SUPPLIER_GSTIN })).toHaveCount(ours.length);
  await shot(page, 'gstr1-07-data-activities');

  // Subscriber B: its GSTIN's overview for the period, the portal session, and GSTR-2A with A's two invoices.
  await signOut(page);
  await page.goto('/login');
  await fillLogin(page, buyer.userName, buyer.password);
  await expect(page).toHaveURL(/\/quick-access-and-statistics$/);
  const headersB = { 'auth-token': await authTokenOf(page) };
  const buyerLocation = (await entitiesOf(page.request, headersB, FY)).find((entity) => entity.gstin === BUYER_GSTIN);
  expect(buyerLocation).toBeDefined();
  await setPortalUserName(page.request, headersB, buyerLocation?.entityId ?? 0, 'ranga_retail');
  await page.goto(`/regular-overview?entityId=${buyerLocation?.entityId}&returnPeriod=${PERIOD}`);
  await expect(page.getByTestId('overview')).toContainText(BUYER_GSTIN);
  await connectPortal(page);
  await expect(page.getByTestId('portal-state')).toContainText('Connected');
  await page.getByTestId('inward-download-GSTR2A').click();
  const inward = page.getByTestId('inward-panel');
  for (const invoice of INVOICES) await expect(inward.getByTestId(`inward-row-${invoice.documentNumber}`)).toContainText(SUPPLIER_GSTIN);
  await expect(inward.getByTestId('inward-row-R1J/2')).toContainText('2,50,000.00');
  await expect(inward.getByTestId('list-count')).toHaveText('2 of 2');
  await expect(page.getByTestId('inward-synced-GSTR2A')).toContainText('2 documents');
  await shot(page, 'gstr1-08-buyer-gstr2a');
});

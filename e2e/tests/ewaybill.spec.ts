import { expect, test, type Page } from '@playwright/test';
import { BUSINESS_PARTNER_API, DOCUMENT_API, type DocumentSaveInput, type UserEntity } from '@opengst/contracts';
import { financialYearOf, istDateOf } from '@opengst/domain';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import { choose, gstinOf, MUMBAI_GSTIN, panOf } from '../support/masters';

// Issue 22, the e-way bill half of its journey, as the demo administrator against the e-way bill sandbox mounted in
// the server: two tax invoices of the Mumbai location (₹1,18,000 each, above the ₹50,000 threshold) get their e-way
// bills on /e-way-bill (after the location's e-way bill API user is set); one has its vehicle changed; both are
// consolidated into one trip sheet on /consolidated-eway-bill; one is cancelled within 24 hours; each status as core §4
// names it.

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
const FIRST = `EW/${STAMP}/1`;
const SECOND = `EW/${STAMP}/2`;
const BUYER = gstinOf('27', panOf(String(Date.now() + 7), 'W'));

const saveInvoice = async (page: Page, documentNumber: string) => {
  const headers = { 'auth-token': await authTokenOf(page) };
  const today = istDateOf(new Date());
  const entities = (await (await page.request.get(`/api/v0.1/user/entities?financialYear=${financialYearOf(today)}`, { headers })).json())
    .data as UserEntity[];
  const mumbai = entities.find((e) => e.gstin === MUMBAI_GSTIN);
  const data: DocumentSaveInput = {
    direction: 'Sales',
    entityId: mumbai?.entityId ?? 0,
    isDraftDocument: false,
    documentType: 'INV',
    documentNumber,
    documentDate: today,
    counterpartyGstin: BUYER,
    counterpartyName: 'Deccan Hardware Stores',
    placeOfSupply: '27',
    isReverseCharge: false,
    items: [{ hsn: '84713010', quantity: 2000, rate: 18000, taxable: 10_000_000, igst: 0, cgst: 900_000, sgst: 900_000, cess: 0 }],
  };
  const saved = await page.request.post(DOCUMENT_API.save, { headers, data });
  expect(saved.status(), await saved.text()).toBe(200);
};

const statusOf = (page: Page, documentNumber: string) =>
  page.getByTestId(`ewaybill-row-${documentNumber}`).locator('[data-status]').first();

test('e-way bills: generated from two invoices, vehicle updated, consolidated, one cancelled, each status as named', async ({ page }) => {
  await signInAs(page, fixtures().admin);
  const headers = { 'auth-token': await authTokenOf(page) };
  const partner = await page.request.post(BUSINESS_PARTNER_API.businessPartnerSave, {
    headers,
    data: {
      partnerType: 'Customer',
      gstin: BUYER,
      legalName: 'Deccan Hardware Stores',
      stateCode: '27',
      address: '18, Laxmi Road, Shaniwar Peth',
      city: 'Pune',
      pincode: '411030',
    },
  });
  expect(partner.status(), await partner.text()).toBe(200);
  await saveInvoice(page, FIRST);
  await saveInvoice(page, SECOND);

  // 1. The Mumbai location's e-way bill API user.
  await page.goto('/e-way-bill');
  await expect(page.getByTestId('ewaybill-sandbox-notice')).toBeVisible();
  await page.getByTestId('ewaybill-ewb-user').click();
  await choose(page, 'ewb-location', new RegExp(MUMBAI_GSTIN));
  await page.getByTestId('ewb-location-first').fill(`demo_ewb_${STAMP.toLowerCase()}`);
  await page.getByTestId('ewb-user-password').fill('Ewb#Pass123');
  await page.getByTestId('ewb-location-send').click();
  await expect(page.getByTestId('ewb-location-send')).toHaveCount(0, { timeout: 15_000 });

  // 2. Generated, one invoice at a time, by road: 150 km, valid to the end of the next day (Rule 138(10)).
  for (const number of [FIRST, SECOND]) {
    const row = page.getByTestId(`ewaybill-row-${number}`);
    await expect(row).toBeVisible();
    await row.getByRole('checkbox').check();
    await page.getByTestId('ewaybill-generate').click();
    await page.getByTestId('ewaybill-form-distance').fill('150');
    await page.getByTestId('ewaybill-form-vehicle').fill('MH12AB1234');
    await page.getByTestId('ewaybill-action-send').click();
    await expect(page.getByTestId('ewaybill-action-send')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId(`ewaybill-number-${number}`)).toHaveText(/^\d{12}$/, { timeout: 15_000 });
    await expect(statusOf(page, number)).toHaveAttribute('data-status', 'Generated');
    await row.getByRole('checkbox').uncheck();
  }
  await shot(page, 'ewaybill-01-generated');

  // 3. The first one's vehicle changed (breakdown): VehicleDetailUpdated.
  await page.getByTestId(`ewaybill-row-${FIRST}`).click();
  await page.getByTestId('ewaybill-action-updateVehicle').click();
  await page.getByTestId('ewaybill-form-vehicle').fill('MH14CD5678');
  await page.getByTestId('ewaybill-form-from-place').fill('Lonavala');
  await page.getByTestId('ewaybill-form-from-state').fill('27');
  await choose(page, 'ewaybill-form-reason', /Break ?down/i);
  await page.getByTestId('ewaybill-form-remark').fill('Truck broke down near Lonavala');
  await page.getByTestId('ewaybill-action-send').click();
  await expect(page.getByTestId('ewaybill-action-send')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('ewaybill-history')).toContainText('MH14CD5678');
  await shot(page, 'ewaybill-02-vehicle');
  await page.keyboard.press('Escape');
  await expect(statusOf(page, FIRST)).toHaveAttribute('data-status', 'VehicleDetailUpdated');

  // 4. Both in one conveyance: a consolidated e-way bill (trip sheet).
  await page.getByTestId(`ewaybill-row-${FIRST}`).getByRole('checkbox').check();
  await page.getByTestId(`ewaybill-row-${SECOND}`).getByRole('checkbox').check();
  await page.getByTestId('ewaybill-consolidate').click();
  await page.getByTestId('ewaybill-form-vehicle').fill('MH04EF9012');
  await page.getByTestId('ewaybill-form-from-place').fill('Mumbai');
  await page.getByTestId('ewaybill-form-from-state').fill('27');
  await page.getByTestId('ewaybill-action-send').click();
  await expect(page.getByTestId('ewaybill-action-send')).toHaveCount(0, { timeout: 15_000 });
  await page.goto('/consolidated-eway-bill');
  await expect(page.locator('[data-testid^="consolidated-number-"]').first()).toHaveText(/^\d{10}$/);
  await shot(page, 'ewaybill-03-consolidated');

  // 5. The second one cancelled within 24 hours (Rule 138(9)): Cancelled.
  await page.goto('/e-way-bill');
  await page.getByTestId(`ewaybill-row-${SECOND}`).click();
  await page.getByTestId('ewaybill-action-cancel').click();
  await choose(page, 'ewaybill-form-reason', /Data Entry Mistake/i);
  await page.getByTestId('ewaybill-form-remark').fill('Wrong quantity');
  await page.getByTestId('ewaybill-action-send').click();
  await expect(page.getByTestId('ewaybill-action-send')).toHaveCount(0, { timeout: 15_000 });
  // Cancelled: nothing more is offered, each with the reason.
  await expect(page.getByTestId('ewaybill-action-updateVehicle')).toHaveAttribute('data-reason', 'The e-way bill is cancelled.');
  await page.keyboard.press('Escape');
  await expect(statusOf(page, SECOND)).toHaveAttribute('data-status', 'Cancelled');
});

import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUSINESS_PARTNER_API } from '@opengst/contracts';
import { decodeSignedQr } from '@opengst/domain';
import { readSignedQr } from '../../apps/server/src/modules/einvoice/qr-reader';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import { choose, gstinOf, MUMBAI_GSTIN, panOf, saveInvoiceThroughApi } from '../support/masters';
import { RUN_DIR } from '../support/paths';

// Issue 22's journey, as the demo administrator against the IRP and e-way bill sandboxes mounted in the server:
// a B2B invoice of the Mumbai location gets its IRN on /e-invoice; its printed PDF is downloaded and the test reads
// the QR out of the PDF's bytes itself, finding the IRN the screen shows (and /einvoice-via-pdf-qrcode reads the same
// PDF); the e-way bill is generated from that e-invoiced invoice and from a second one; the first one's vehicle is
// changed; both go into one consolidated e-way bill; the IRN cannot be cancelled while its e-way bill lives (IRP 2230),
// so the e-way bill is cancelled first, then the IRN. Each status as core §4 names it.

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
const INVOICE = `EI/${STAMP}`;
const SECOND = `EW/${STAMP}`;
/** A customer of this journey alone (the other journeys' partners keep their own GSTINs). */
const BUYER = gstinOf('27', panOf(String(Date.now()), 'E'));
const BUYER_NAME = 'Konkan Traders Private Limited';

const ewbStatusOf = (page: Page, documentNumber: string) =>
  page.getByTestId(`ewaybill-row-${documentNumber}`).locator('[data-status]').first();

type UserForm = readonly [open: string, location: string, name: string, password: string, save: string];
/**
 * The Mumbai location's API user of a portal (the sandbox takes the first user name and password a GSTIN signs in
 * with), through the form behind the button `open`.
 */
const setApiUser = async (page: Page, [open, location, name, password, save]: UserForm, portal: 'irp' | 'ewb') => {
  await page.getByTestId(open).click();
  await choose(page, location, new RegExp(MUMBAI_GSTIN));
  await page.getByTestId(name).fill(`demo_${portal}_${STAMP.toLowerCase()}`);
  await page.getByTestId(password).fill(`${portal.toUpperCase()}#Pass123`);
  await page.getByTestId(save).click();
  await expect(page.getByTestId(save)).toHaveCount(0, { timeout: 15_000 });
};

/** The e-way bill action form of the drawer or the toolbar, sent and closed. */
const sendAction = async (page: Page) => {
  await page.getByTestId('ewaybill-action-send').click();
  await expect(page.getByTestId('ewaybill-action-send')).toHaveCount(0, { timeout: 15_000 });
};

test('e-invoice and e-way bill: IRN, printed QR read back, e-way bills from it, vehicle, consolidated, e-way bill then IRN cancelled', async ({
  page,
}) => {
  // Two portals, ten steps: longer than the 90 s of a one-screen journey.
  test.setTimeout(240_000);
  const dir = join(RUN_DIR, 'einvoice');
  await signInAs(page, fixtures().admin);
  // The buyer, with the address its e-invoice carries (INV-01 BuyerDtls) and the e-way bill's PIN, in the partners master.
  const headers = { 'auth-token': await authTokenOf(page) };
  const partner = await page.request.post(BUSINESS_PARTNER_API.businessPartnerSave, {
    headers,
    data: {
      partnerType: 'Customer',
      gstin: BUYER,
      legalName: BUYER_NAME,
      stateCode: '27',
      address: 'Shop 7, Station Road, Thane West',
      city: 'Thane',
      pincode: '400601',
    },
  });
  expect(partner.status(), await partner.text()).toBe(200);
  for (const documentNumber of [INVOICE, SECOND])
    await saveInvoiceThroughApi(page, { documentNumber, counterpartyGstin: BUYER, counterpartyName: BUYER_NAME, hsn: '84713010' });

  // 1. The Mumbai location's IRP API user.
  await page.goto('/e-invoice');
  await expect(page.getByTestId('einvoice-sandbox-notice')).toBeVisible();
  await setApiUser(
    page,
    ['einvoice-irp-user', 'einvoice-irp-user-location', 'einvoice-irp-user-name', 'einvoice-irp-user-password', 'einvoice-irp-user-save'],
    'irp',
  );

  // 2. Generate IRN from the selection: Generated.
  const row = page.getByTestId(`einvoice-row-${INVOICE}`);
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByTestId('einvoice-generate').click();
  await expect(page.getByTestId(`einvoice-irn-${INVOICE}`)).toBeVisible({ timeout: 30_000 });
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'Generated');
  await shot(page, 'einvoice-01-generated');

  // 3. The printed invoice: the test reads the QR out of the PDF's image itself and finds the IRN the drawer shows.
  await row.click();
  const irn = ((await page.getByTestId('einvoice-detail-irn').textContent()) ?? '').trim();
  expect(irn).toMatch(/^[0-9a-f]{64}$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('einvoice-download-pdf').click()]);
  const pdfPath = join(dir, `${STAMP}.pdf`);
  await download.saveAs(pdfPath);
  const pdf = readFileSync(pdfPath);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const signedQr = readSignedQr(pdf, 'PDF');
  expect(signedQr, 'a QR in the printed PDF').not.toBeNull();
  const payload = decodeSignedQr(signedQr ?? '');
  expect(payload).toMatchObject({ Irn: irn, SellerGstin: MUMBAI_GSTIN, BuyerGstin: BUYER, DocNo: INVOICE, DocTyp: 'INV' });
  await shot(page, 'einvoice-02-detail');
  await page.keyboard.press('Escape');

  // 4. The PDF/QR screen reads the same file: the signature verifies and the IRN is one of ours.
  await page.goto('/einvoice-via-pdf-qrcode');
  await page.getByTestId('einvoice-qr-file').setInputFiles(pdfPath);
  await page.getByTestId('einvoice-qr-read').click();
  await expect(page.getByTestId('einvoice-qr-result')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('einvoice-qr-Irn')).toContainText(irn);
  await expect(page.getByTestId('einvoice-qr-signature')).toContainText(/verified/i);
  await expect(page.getByTestId('einvoice-qr-known')).toBeVisible();
  await shot(page, 'einvoice-03-qr-read');

  // 5. The location's e-way bill API user, then the e-way bills of the e-invoiced invoice and of the second one, by
  //    road over 150 km (valid to the end of the next day, Rule 138(10)): Generated.
  await page.goto('/e-way-bill');
  await expect(page.getByTestId('ewaybill-sandbox-notice')).toBeVisible();
  await setApiUser(page, ['ewaybill-ewb-user', 'ewb-location', 'ewb-location-first', 'ewb-user-password', 'ewb-location-send'], 'ewb');
  for (const number of [INVOICE, SECOND]) {
    const ewbRow = page.getByTestId(`ewaybill-row-${number}`);
    await expect(ewbRow).toBeVisible();
    await ewbRow.getByRole('checkbox').check();
    await page.getByTestId('ewaybill-generate').click();
    await page.getByTestId('ewaybill-form-distance').fill('150');
    await page.getByTestId('ewaybill-form-vehicle').fill('MH12AB1234');
    await sendAction(page);
    await expect(page.getByTestId(`ewaybill-number-${number}`)).toHaveText(/^\d{12}$/, { timeout: 15_000 });
    await expect(ewbStatusOf(page, number)).toHaveAttribute('data-status', 'Generated');
    await ewbRow.getByRole('checkbox').uncheck();
  }
  await shot(page, 'ewaybill-01-generated');

  // 6. The e-invoiced one's vehicle changed (breakdown): VehicleDetailUpdated.
  await page.getByTestId(`ewaybill-row-${INVOICE}`).click();
  await page.getByTestId('ewaybill-action-updateVehicle').click();
  await page.getByTestId('ewaybill-form-vehicle').fill('MH14CD5678');
  await page.getByTestId('ewaybill-form-from-place').fill('Lonavala');
  await page.getByTestId('ewaybill-form-from-state').fill('27');
  await choose(page, 'ewaybill-form-reason', /Break ?down/i);
  await page.getByTestId('ewaybill-form-remark').fill('Truck broke down near Lonavala');
  await sendAction(page);
  await expect(page.getByTestId('ewaybill-history')).toContainText('MH14CD5678');
  await shot(page, 'ewaybill-02-vehicle');
  await page.keyboard.press('Escape');
  await expect(ewbStatusOf(page, INVOICE)).toHaveAttribute('data-status', 'VehicleDetailUpdated');

  // 7. Both in one conveyance: a consolidated e-way bill (trip sheet).
  await page.getByTestId(`ewaybill-row-${INVOICE}`).getByRole('checkbox').check();
  await page.getByTestId(`ewaybill-row-${SECOND}`).getByRole('checkbox').check();
  await page.getByTestId('ewaybill-consolidate').click();
  await page.getByTestId('ewaybill-form-vehicle').fill('MH04EF9012');
  await page.getByTestId('ewaybill-form-from-place').fill('Mumbai');
  await page.getByTestId('ewaybill-form-from-state').fill('27');
  await sendAction(page);
  await page.goto('/consolidated-eway-bill');
  await expect(page.locator('[data-testid^="consolidated-number-"]').first()).toHaveText(/^\d{10}$/);
  await shot(page, 'ewaybill-03-consolidated');

  // 8. The IRN is not cancelled while its e-way bill lives (IRP 2230): the refusal says so and it stays Generated.
  await page.goto('/e-invoice');
  await row.getByRole('checkbox').check();
  await page.getByTestId('einvoice-cancel').click();
  await choose(page, 'einvoice-cancel-reason', /Data entry mistake/i);
  await page.getByTestId('einvoice-cancel-remark').fill('Wrong rate entered');
  await page.getByTestId('einvoice-cancel-confirm').click();
  await expect(page.getByTestId('einvoice-refusals')).toContainText(/e-way bill/i, { timeout: 15_000 });
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'Generated');

  // 9. The e-way bill cancelled within 24 hours (Rule 138(9)): Cancelled, every further action refused with its reason.
  await page.goto('/e-way-bill');
  await page.getByTestId(`ewaybill-row-${INVOICE}`).click();
  await page.getByTestId('ewaybill-action-cancel').click();
  await choose(page, 'ewaybill-form-reason', /Data Entry Mistake/i);
  await page.getByTestId('ewaybill-form-remark').fill('Wrong rate on invoice');
  await sendAction(page);
  await expect(page.getByTestId('ewaybill-action-updateVehicle')).toHaveAttribute('data-reason', 'The e-way bill is cancelled.');
  await page.keyboard.press('Escape');
  await expect(ewbStatusOf(page, INVOICE)).toHaveAttribute('data-status', 'Cancelled');
  // The other one moves on the trip sheet's vehicle: its Part B was written by the consolidation.
  await expect(ewbStatusOf(page, SECOND)).toHaveAttribute('data-status', 'TransportDetailsUpdated');

  // 10. Now the IRN is cancelled within 24 hours (Rule 48(4)): the document has no IRN and can have one again.
  await page.goto('/e-invoice');
  await row.getByRole('checkbox').check();
  await page.getByTestId('einvoice-cancel').click();
  await choose(page, 'einvoice-cancel-reason', /Data entry mistake/i);
  await page.getByTestId('einvoice-cancel-remark').fill('Wrong rate entered');
  await page.getByTestId('einvoice-cancel-confirm').click();
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'YetNotGenerated', { timeout: 15_000 });
  await expect(page.getByTestId(`einvoice-irn-${INVOICE}`)).toHaveCount(0);
  await shot(page, 'einvoice-04-cancelled');
});

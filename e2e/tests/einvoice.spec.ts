import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUSINESS_PARTNER_API } from '@opengst/contracts';
import { decodeSignedQr } from '@opengst/domain';
import { readSignedQr } from '../../apps/server/src/modules/einvoice/qr-reader';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';
import { choose, gstinOf, MUMBAI_GSTIN, panOf, saveInvoiceThroughApi } from '../support/masters';
import { RUN_DIR } from '../support/paths';

// Issue 22, the e-invoice half of its journey, as the demo administrator against the IRP sandbox mounted in the
// server: a B2B invoice of the Mumbai location gets its IRN on /e-invoice (after the location's IRP API user is set);
// its printed PDF is downloaded and the test reads the QR out of the PDF's bytes itself, finding the IRN the screen
// shows; /einvoice-via-pdf-qrcode reads the same PDF, verifies the signature and knows the IRN; the IRN is cancelled
// within 24 hours and the document can have one again.

const STAMP = Date.now().toString(36).toUpperCase().slice(-6);
const INVOICE = `EI/${STAMP}`;
/** A customer of this journey alone (the other journeys' partners keep their own GSTINs). */
const BUYER = gstinOf('27', panOf(String(Date.now()), 'E'));

test('e-invoice: IRN generated, printed PDF whose QR the test reads back, read again on the PDF/QR screen, then cancelled', async ({
  page,
}) => {
  const dir = join(RUN_DIR, 'einvoice');
  await signInAs(page, fixtures().admin);
  // The buyer, with the address its e-invoice carries (INV-01 BuyerDtls), in the business partners master.
  const headers = { 'auth-token': await authTokenOf(page) };
  const partner = await page.request.post(BUSINESS_PARTNER_API.businessPartnerSave, {
    headers,
    data: {
      partnerType: 'Customer',
      gstin: BUYER,
      legalName: 'Konkan Traders Private Limited',
      stateCode: '27',
      address: 'Shop 7, Station Road, Thane West',
      city: 'Thane',
      pincode: '400601',
    },
  });
  expect(partner.status(), await partner.text()).toBe(200);
  await saveInvoiceThroughApi(page, {
    documentNumber: INVOICE,
    counterpartyGstin: BUYER,
    counterpartyName: 'Konkan Traders Private Limited',
    hsn: '84713010',
  });

  // 1. The Mumbai location's IRP API user (the sandbox takes the first user name and password a GSTIN signs in with).
  await page.goto('/e-invoice');
  await expect(page.getByTestId('einvoice-sandbox-notice')).toBeVisible();
  await page.getByTestId('einvoice-irp-user').click();
  await choose(page, 'einvoice-irp-user-location', new RegExp(MUMBAI_GSTIN));
  await page.getByTestId('einvoice-irp-user-name').fill(`demo_irp_${STAMP.toLowerCase()}`);
  await page.getByTestId('einvoice-irp-user-password').fill('Irp#Pass123');
  await page.getByTestId('einvoice-irp-user-save').click();
  await expect(page.getByTestId('einvoice-irp-user-save')).toHaveCount(0, { timeout: 15_000 });

  // 2. Generate IRN from the selection.
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

  // 5. Cancelled within 24 hours (Rule 48(4) and the IRP's window): the document has no IRN any more.
  await page.goto('/e-invoice');
  await row.getByRole('checkbox').check();
  await page.getByTestId('einvoice-cancel').click();
  await choose(page, 'einvoice-cancel-reason', /Data entry mistake/i);
  await page.getByTestId('einvoice-cancel-remark').fill('Wrong rate entered');
  await page.getByTestId('einvoice-cancel-confirm').click();
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'YetNotGenerated', { timeout: 15_000 });
  await expect(page.getByTestId(`einvoice-irn-${INVOICE}`)).toHaveCount(0);
});

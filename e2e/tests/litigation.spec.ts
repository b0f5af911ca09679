import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOTICE_API, type Notice } from '@opengst/contracts';
import { addDays, financialYearOf, formatInr, istDateOf } from '@opengst/domain';
import { authTokenOf, fixtures, shot, signInAs, waitForMail } from '../support/journeys';
import { journeyFile, MUMBAI_GSTIN, plantedImportErrorShown, uploadOnImportScreen } from '../support/masters';
import { RUN_DIR } from '../support/paths';
import { connectPortal } from '../support/reconciliation';
import { csvOf, entitiesOf } from '../support/returns';

// Issue 23, the notices register end to end as the demo administrator: a notice imported from a file with one planted
// error (shown on /import-notices-error); another issued by an officer in the GST portal sandbox and synced into the
// register; the imported one taken from received to a reply with its PDF (downloaded back byte for byte), to the order
// and the appeal, with the appeal's last day and pre-deposit shown; the reminder of the synced one mailed to the
// administrator on a loopback SMTP server on its day (the reminder job run at that date through the job clock, not by
// waiting); and the dashboard's figures equal to the register's.

const BENGALURU_GSTIN = '29AABCD1234E1Z4';
const STAMP = Date.now().toString(36).toUpperCase();
const IMPORTED = `SCN-IMP-${STAMP}`;
const SYNCED = `ZD29-${STAMP}`;
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** A one-page PDF, as a reply drafted elsewhere would be. */
const replyPdf = (): Buffer => {
  const stream = `BT /F1 12 Tf 72 720 Td (Reply to ${IMPORTED}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

/** Moves the open notice to `stage` through the timeline's menu, with the form's fields as given. */
const moveTo = async (page: Page, stage: string, fields: { reference?: string; amount?: string; file?: string } = {}) => {
  await page.getByTestId('notice-move').click();
  await page.getByTestId(`notice-move-${stage}`).click();
  if (fields.reference) await page.getByTestId('move-reference').fill(fields.reference);
  if (fields.amount) await page.getByTestId('move-amount').fill(fields.amount);
  if (fields.file) {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('move-file').click()]);
    await chooser.setFiles(fields.file);
  }
  await page.getByTestId('move-submit').click();
  await expect(page.getByTestId('move-submit')).toHaveCount(0, { timeout: 15_000 });
};

/** The register's count line "shown of total", as a number (the total). */
const registerTotal = async (page: Page): Promise<number> => {
  const text = (await page.getByTestId('list-count').textContent()) ?? '';
  return Number(/of ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
};

test('notices: imported with a planted error, synced from the portal sandbox, replied with a PDF, ordered, appealed, reminded by mail, and counted alike on the dashboard', async ({
  page,
}) => {
  const dir = join(RUN_DIR, 'litigation');
  const admin = fixtures().admin;
  const today = istDateOf(new Date());
  await signInAs(page, admin);
  const headers = { 'auth-token': await authTokenOf(page) };

  // 1. Settings > Modules: the sync from the GST portal is the subscriber's choice.
  await page.goto('/settings');
  const syncSwitch = page.getByTestId('setting-modules-litigationSync');
  if (!(await syncSwitch.isChecked())) {
    await syncSwitch.check();
    await page.getByTestId('settings-save-modules').click();
    await expect(page.getByTestId('settings-save-modules')).toBeDisabled();
  }

  // 2. An import of two notices from the register's Import button; the second names a GSTIN that is not the subscriber's.
  await page.goto('/litigation-management');
  await page.getByTestId('notice-import').click();
  await expect(page).toHaveURL(/\/import\?type=Notices/);
  const row = {
    form: 'DRC-01',
    issuedOn: dmy(addDays(today, -10)),
    statedDueOn: dmy(addDays(today, 20)),
    financialYears: '2023-24',
    section: '73',
    subject: 'ITC claimed in GSTR-3B above GSTR-2B',
    officerName: 'R. Kulkarni',
    taxCgst: '45000.00',
    taxSgst: '45000.00',
    interest: '1200.00',
    contingentClass: 'Possible',
    contingentAmount: '90000.00',
  };
  const file = journeyFile(
    dir,
    'notices.csv',
    csvOf('Notices', [
      { ...row, gstin: MUMBAI_GSTIN, referenceNumber: IMPORTED },
      { ...row, gstin: '07AAACT1234F1ZT', referenceNumber: `${IMPORTED}-X` },
    ]),
  );
  expect((await uploadOnImportScreen(page, file)).status).toBe('SuccessWithError');
  await plantedImportErrorShown(page, '/import-notices-error', 3, ['07AAACT1234F1ZT is not one of the locations you may reach.']);
  await shot(page, 'litigation-01-import-errors');

  // 3. An officer issues an ASMT-10 to Bengaluru in the portal sandbox; the register's sync brings it in, with its PDF.
  const issued = await page.request.post('/portal-sandbox/testing/notices', {
    data: {
      gstin: BENGALURU_GSTIN,
      form_typ: 'ASMT-10',
      ref_id: SYNCED,
      issue_dt: dmy(addDays(today, -2)).replace(/-/g, '/'),
      due_dt: dmy(addDays(today, 15)).replace(/-/g, '/'),
      section: '61',
      fy: ['2024-25'],
      subject: 'Discrepancies in GSTR-1 and GSTR-3B',
      issued_by: { name: 'S. Rao', desig: 'Superintendent', juris: 'Range 5, Bengaluru' },
      amt: { tax: { iamt: 0, camt: 12500, samt: 12500, csamt: 0 }, intr: 0, pen: 0 },
    },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const bengaluru = (await entitiesOf(page.request, headers, financialYearOf(today))).find((e) => e.gstin === BENGALURU_GSTIN);
  if (!bengaluru) throw new Error('the demo tenant has its Bengaluru location');
  await connectPortal(page.request, headers, bengaluru.entityId, `demo_29_${STAMP.toLowerCase()}`);

  await page.goto('/litigation-management');
  await page.getByTestId('notice-portal-sync').click();
  await page.getByTestId('notice-sync-gstins').click();
  await page
    .getByRole('option', { name: new RegExp(BENGALURU_GSTIN) })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await page.getByTestId('notice-sync-start').click();
  await expect(page.getByTestId('notice-sync-done')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`notice-sync-result-${bengaluru.entityId}`)).toContainText('1');
  await shot(page, 'litigation-02-synced');
  await page.keyboard.press('Escape');
  const syncedRow = page.getByTestId(`notice-row-${SYNCED}`);
  await expect(syncedRow).toBeVisible();
  await expect(syncedRow.getByTestId('notice-source')).toHaveText('Portal');
  await expect(page.getByTestId(`notice-row-${IMPORTED}`)).toBeVisible();

  // 4. The imported notice, from received to a reply with its PDF, which downloads back byte for byte.
  await page.getByTestId(`notice-row-${IMPORTED}`).click();
  await expect(page).toHaveURL(/\/edit-litigation\?id=\d+/);
  await expect(page.getByTestId('notice-reference')).toHaveValue(IMPORTED);
  const header = page.getByTestId('notice-title').locator('..');
  await expect(header).toContainText(`Reply due ${row.statedDueOn}`);
  const pdf = replyPdf();
  const pdfPath = join(dir, 'reply.pdf');
  writeFileSync(pdfPath, pdf);
  await moveTo(page, 'Replied', { reference: `ARN-${STAMP}`, file: pdfPath });
  const documents = page.getByTestId('notice-documents');
  const download = documents.locator('[data-testid^="document-download-"]').first();
  await expect(download).toBeVisible({ timeout: 15_000 });
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const back = join(dir, 'reply-downloaded.pdf');
  await saved.saveAs(back);
  expect(readFileSync(back).equals(pdf)).toBe(true);
  // Replied: the reply's date is history (the timeline keeps it), no longer in the notice's header.
  await expect(header).not.toContainText('Reply due');
  await shot(page, 'litigation-03-replied');

  // 5. The order (today), confirming ₹90,000: the appeal's last day is three months on, the pre-deposit 10% of the tax.
  await moveTo(page, 'Order', { reference: `ORD-${STAMP}`, amount: '90000' });
  const deadline = page.getByTestId('notice-appeal-deadline');
  await expect(deadline).toContainText(`three months from the order of ${dmy(today)}`);
  await expect(deadline).toContainText('s.107(1)');
  await expect(page.getByTestId('notice-pre-deposit')).toContainText('Pre-deposit: ₹ 9,000.00');
  await page.getByTestId('notice-admitted').fill('1000');
  await expect(page.getByTestId('notice-pre-deposit')).toContainText('Pre-deposit: ₹ 10,000.00 = the amount admitted (₹ 1,000.00) and 10%');
  await shot(page, 'litigation-04-order');
  await moveTo(page, 'AppealFiled', { reference: `APL-${STAMP}` });
  await expect(page.getByText('Stage: Appeal filed')).toBeVisible();

  // 6. The synced notice's reminder: the hourly job run as if it were 7 days before its due date (the default first
  // reminder), mailed through the outbox to the loopback SMTP server.
  const since = Date.now();
  const ran = await page.request.post('/testing/jobs/run', {
    data: { job: 'litigation.reminders', at: `${addDays(today, 8)}T12:00:00+05:30` },
  });
  expect(ran.status(), await ran.text()).toBe(200);
  const mail = await waitForMail(admin.email, new RegExp(`Reply due in 7 days: ASMT-10 ${SYNCED}`), since);
  expect(mail.subject).toBe(`Reply due in 7 days: ASMT-10 ${SYNCED} (${BENGALURU_GSTIN})`);
  expect(mail.text).toContain(`due in 7 days, on ${addDays(today, 15)}`);

  // 7. The dashboard's figures are the register's: its open notices' link lands on the register with the same count
  // and demand.
  await page.goto('/litigation-dashboard');
  const openCount = Number(((await page.getByTestId('litigation-open-count').textContent()) ?? '').replace(/,/g, ''));
  const openDemand = (await page.getByTestId('litigation-open-demand').textContent()) ?? '';
  expect(openCount).toBeGreaterThanOrEqual(2);
  // The synced notice's year as the register keeps it (the portal's years are read as 2024-25, as typed ones).
  await expect(page.getByTitle('FY 2024-25', { exact: true })).toHaveAttribute('href', /financialYears=2024-25/);
  await shot(page, 'litigation-05-dashboard');
  const [searched] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith(NOTICE_API.noticeSearch) && res.request().method() === 'POST'),
    page.getByTestId('litigation-open-count').click(),
  ]);
  await expect(page).toHaveURL(/\/litigation-management\?/);
  await expect(page.getByTestId('list-count')).toContainText(`of ${openCount}`);
  expect(await registerTotal(page)).toBe(openCount);
  const { items, totalRecords } = ((await searched.json()) as { data: { items: Notice[]; totalRecords: number } }).data;
  expect(totalRecords).toBe(openCount);
  expect(items).toHaveLength(openCount);
  expect(openDemand).toBe(`Demand ₹ ${formatInr(items.reduce((sum, n) => sum + n.totalDemand, 0))}`);
  await expect(page.getByTestId(`notice-row-${SYNCED}`)).toBeVisible();
  await expect(page.getByTestId(`notice-row-${IMPORTED}`)).toBeVisible();
});

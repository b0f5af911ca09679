import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RECONCILIATION_ROWS_REPORT, RETURN_API, type ReconciliationRow } from '@opengst/contracts';
import { periodLabel } from '@opengst/domain';
import { authTokenOf, fixtures, shot, signInAs, type Credentials } from '../support/journeys';
import { RUN_DIR } from '../support/paths';
import { connectPortal, fileGstr1, istAfter, locationOf, setSandboxDate } from '../support/reconciliation';
import { csvOf, importOnScreen, type Headers } from '../support/returns';
import { BUYER_KA, BUYER_TN, reconciliationPeriods, SUPPLIER_A, SUPPLIER_B } from '../support/seed-reconciliation';

// Issue 18's journey. Two suppliers (other subscribers of the installation) file GSTR-1 through the portal sandbox;
// the buyer imports a purchase register with planted cases, downloads GSTR-2A and 2B, runs the reconciliation and sees
// each case in its status with its difference; links a near match by hand, re-runs and the link survives; accepts the
// matched records in IMS and rejects the one it never bought, and the recomputed 2B holds exactly the accepted ones;
// exports a supplier's workbook and reads it back. The sandbox's date is set so the filings fall in the period's 2B
// window and the 2B of the 14th is generated (support/reconciliation.ts setSandboxDate).

const { period, previous } = reconciliationPeriods();
const day = (p: string, d: number) => `${String(d).padStart(2, '0')}-${p.slice(0, 2)}-${p.slice(2)}`;

/** The buyer's purchase register: the suppliers' sales as booked, with the planted differences (seed-reconciliation.ts). */
const REGISTER = [
  { number: 'A/1', supplier: SUPPLIER_A, date: day(period, 3), taxable: '100000', igst: '18000' },
  { number: 'A/2', supplier: SUPPLIER_A, date: day(period, 4), taxable: '10000', igst: '1800' },
  { number: 'A-0003', supplier: SUPPLIER_A, date: day(period, 5), taxable: '20000', igst: '3600' },
  { number: 'A/4', supplier: SUPPLIER_A, date: day(period, 8), taxable: '30000', igst: '5400' },
  { number: 'A/5', supplier: SUPPLIER_A, date: day(period, 7), taxable: '50000', igst: '9000' },
  { number: 'B/1', supplier: SUPPLIER_B, date: day(period, 8), taxable: '40000', igst: '7200' },
  { number: 'B/8', supplier: SUPPLIER_B, date: day(previous, 28), taxable: '60000', igst: '10800' },
  { number: 'SB-4401', supplier: SUPPLIER_B, date: day(period, 10), taxable: '9000', igst: '1620' },
  { number: 'B/9', supplier: SUPPLIER_B, date: day(period, 11), taxable: '5000', igst: '900' },
];

const pick = async (page: Page, select: Locator, option: string | RegExp) => {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
};

/** Chooses these options of a multi-select (leaving chosen ones chosen), then closes its list. */
const pickAll = async (page: Page, select: Locator, options: readonly RegExp[]) => {
  for (const option of options) {
    await select.click();
    const item = page.getByRole('option', { name: option }).first();
    if ((await item.getAttribute('aria-selected')) !== 'true') await item.click();
  }
  await page.keyboard.press('Tab');
};

/** A supplier signs in in a browser of its own, connects its GSTIN to the portal sandbox and files its GSTR-1s. */
const supplierFiles = async (page: Page, who: Credentials, gstin: string, periods: readonly string[]) => {
  const context = await page.context().browser()!.newContext();
  const own = await context.newPage();
  try {
    await signInAs(own, who);
    const headers: Headers = { 'auth-token': await authTokenOf(own) };
    const entityId = await locationOf(own.request, headers, gstin, period);
    await connectPortal(own.request, headers, entityId, `${who.userName}-portal`);
    for (const p of periods) await fileGstr1(own.request, headers, entityId, p);
  } finally {
    await context.close();
  }
};

/** GSTR-2A or 2B of both GSTINs for the period, with the bulk download of the overview screen. */
const downloadInward = async (page: Page, ka: number, source: 'GSTR2A' | 'GSTR2B') => {
  await page.goto(`/regular-overview?entityId=${ka}&returnPeriod=${period}`);
  await page.getByTestId('inward-bulk-open').click();
  const form = page.getByTestId('inward-bulk-form');
  await pickAll(page, form.getByTestId('inward-bulk-gstins'), [new RegExp(BUYER_KA), new RegExp(BUYER_TN)]);
  await pick(page, form.getByTestId('inward-bulk-from'), periodLabel(period));
  await pick(page, form.getByTestId('inward-bulk-to'), periodLabel(period));
  for (const s of ['GSTR2A', 'GSTR2B'] as const) {
    const box = form.getByTestId(`inward-bulk-source-${s}`);
    if ((await box.isChecked()) !== (s === source)) await box.click();
  }
  await form.getByTestId('inward-bulk-start').click();
  await expect(page.getByTestId('inward-bulk-counts')).toContainText(/2 downloaded/i, { timeout: 60_000 });
};

/** The reconciliation's row of a document number (books or portal side). */
const rowOf = (page: Page, number: string) => page.getByTestId('rows-tab').getByRole('row').filter({ hasText: number });

test('purchase reconciliation: suppliers file, the buyer reconciles, links, acts in IMS and gets the 2B it accepted', async ({ page }) => {
  test.setTimeout(480_000);
  const dir = join(RUN_DIR, 'reconciliation-journey');
  mkdirSync(dir, { recursive: true });
  const f = fixtures();
  try {
    // The 11th of the month after the period, 20:00 in India: filings of now fall in the period's GSTR-2B window.
    await setSandboxDate(page.request, istAfter(period, 11, 20, 0));
    await supplierFiles(page, f.reconSupplierA, SUPPLIER_A, [period]);
    await supplierFiles(page, f.reconSupplierB, SUPPLIER_B, [previous, period]);

    // The buyer: its two GSTINs signed in to the portal, its purchase register imported.
    await signInAs(page, f.reconBuyer);
    const headers: Headers = { 'auth-token': await authTokenOf(page) };
    const ka = await locationOf(page.request, headers, BUYER_KA, period);
    const tn = await locationOf(page.request, headers, BUYER_TN, period);
    await connectPortal(page.request, headers, ka, 'rangoli-ka');
    await connectPortal(page.request, headers, tn, 'rangoli-tn');
    const register = csvOf(
      'PurchaseDocuments',
      REGISTER.map((r) => ({
        locationGstin: BUYER_KA,
        documentType: 'INV',
        documentNumber: r.number,
        documentDate: r.date,
        counterpartyGstin: r.supplier,
        counterpartyName: r.supplier === SUPPLIER_A ? 'Anand Steel' : 'Bharat Tools',
        placeOfSupply: '29',
        reverseCharge: 'N',
        hsn: '73089090',
        description: 'Steel structures',
        uqc: 'KGS',
        taxable: r.taxable,
        rate: '18',
        igst: r.igst,
        cgst: '0',
        sgst: '0',
        cess: '0',
        itcEligibility: 'Inputs',
      })),
    );
    expect(await importOnScreen(page, 'Purchase documents', join(dir, 'register.csv'), register)).toBe('Success');

    // GSTR-2A now; GSTR-2B once the portal has generated it on the 14th.
    await downloadInward(page, ka, 'GSTR2A');
    // The 14th: the portal has generated the GSTR-2B (and the portal sessions of the 11th have ended: sign in again).
    await setSandboxDate(page.request, istAfter(period, 14, 0, 30));
    await connectPortal(page.request, headers, ka, 'rangoli-ka');
    await connectPortal(page.request, headers, tn, 'rangoli-tn');
    await downloadInward(page, ka, 'GSTR2B');
    await shot(page, 'reconciliation-01-downloads');

    // A reconciliation of both GSTINs for the period against GSTR-2B.
    await page.goto('/gstr-2a-reconciliation?new=1');
    const form = page.getByTestId('new-run-form');
    await pickAll(page, form.getByTestId('new-run-gstins'), [new RegExp(BUYER_KA), new RegExp(BUYER_TN)]);
    await pick(page, form.getByTestId('new-run-from'), periodLabel(period));
    await pick(page, form.getByTestId('new-run-to'), periodLabel(period));
    await form.getByTestId('new-run-start').click();
    await expect(page.getByTestId('rows-tab')).toBeVisible({ timeout: 120_000 });

    // Each planted case in its status, with the difference where there is one.
    const expected: [string, RegExp][] = [
      ['A/1', /^Matched(?! due)/],
      ['A/2', /Matched due to tolerance/],
      ['A-0003', /Matched due to tolerance/],
      ['A/4', /Mismatched/],
      ['A/5', /Mismatched/],
      ['B/1', /Recipient GSTIN differs/],
      ['B/9', /PR only/],
      ['B/7', /GST only/],
      ['B/8', /^Matched(?! due)/],
      ['SB-4401', /PR only/],
      ['SB-4410', /GST only/],
    ];
    for (const [number, status] of expected)
      await expect(rowOf(page, number).first()).toHaveAccessibleName(
        new RegExp(`${status.source.replace(/^\^/, '')}.*${number.replace('/', '\\/')}`),
      );
    await expect(rowOf(page, 'A/5')).toContainText('-3,000.00');
    await shot(page, 'reconciliation-02-rows');

    // The late-filed bill: booked in the previous period, in this period's 2B, matched across periods.
    await rowOf(page, 'B/8').click();
    await expect(page.getByTestId('pair-detail')).toContainText(`${periodLabel(previous)}`);
    await expect(page.getByTestId('pair-detail')).toContainText(`${periodLabel(period)}`);
    await page.keyboard.press('Escape');

    // SB-4401 in the books is the supplier's SB-4410: linked by hand on the manual tab.
    await page.getByTestId('tab-manual').click();
    await page.getByTestId('manual-tab').getByRole('row').filter({ hasText: 'SB-4401' }).click();
    await page.getByTestId('manual-tab').getByRole('row').filter({ hasText: 'SB-4410' }).click();
    await page.getByTestId('link-remarks').fill('Supplier typed the number with its digits swapped');
    await page.getByTestId('link-submit').click();
    await page.getByTestId('tab-reconciliation').click();
    await expect(rowOf(page, 'SB-4401').first()).toHaveAccessibleName(/^Matched(?! due).*SB-4401/);
    await shot(page, 'reconciliation-03-linked');

    // Re-run: the user's link survives.
    const before = new URL(page.url()).searchParams.get('runId');
    await page.getByTestId('run-rerun').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('runId'), { timeout: 120_000 }).not.toBe(before);
    // Until the new run ends, the previous run's results are shown: wait for the new run's own.
    await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'Completed', { timeout: 120_000 });
    await expect(page.getByTestId('rows-tab')).toBeVisible();
    await expect(rowOf(page, 'SB-4401').first()).toHaveAccessibleName(/^Matched(?! due).*SB-4401/);
    const runId = Number(new URL(page.url()).searchParams.get('runId'));

    // The supplier's workbook, ready to send: read back.
    await page.getByTestId('tab-vendors').click();
    const download = page.waitForEvent('download');
    await page.getByTestId(`vendor-workbook-${SUPPLIER_A}`).click();
    const file = join(dir, 'vendor.xlsx');
    await (await download).saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const lines = book.worksheets[1]!.getSheetValues().slice(2) as unknown[][];
    const a5 = lines.find((l) => l.includes('A/5'));
    expect(a5?.at(-1)).toMatch(/amend/);
    expect(lines.every((l) => l.includes(SUPPLIER_A))).toBe(true);
    expect(runId).toBeGreaterThan(0);

    // IMS, on its screen: the records in IMS downloaded and reconciled with the books (by the supplier's period: B/8 is
    // the previous period's), the recommended actions applied to every row (accept the matched, keep the differing ones
    // pending, reject B/7 never bought and B/1 reported to the other GSTIN), pushed to the portal; the 2B recomputed
    // holds exactly the accepted records.
    await page.goto('/invoice-management-system');
    await page.getByTestId('ims-download').click();
    await expect(page.getByTestId(`ims-download-${BUYER_KA}`)).toContainText(/downloaded/i, { timeout: 60_000 });
    await expect(page.getByTestId(`ims-download-${BUYER_TN}`)).toContainText(/downloaded/i);
    await page.getByTestId('ims-run-new').click();
    const imsForm = page.getByTestId('new-run-form');
    await pickAll(page, imsForm.getByTestId('new-run-gstins'), [new RegExp(BUYER_KA), new RegExp(BUYER_TN)]);
    await pick(page, imsForm.getByTestId('new-run-from'), periodLabel(previous));
    await pick(page, imsForm.getByTestId('new-run-to'), periodLabel(period));
    await imsForm.getByTestId('new-run-start').click();
    await expect(page.getByTestId('run-view')).toHaveAttribute('data-run-status', 'Completed', { timeout: 120_000 });
    await expect(page.getByTestId('rows-tab')).toBeVisible();
    await expect(rowOf(page, 'B/7').first()).toContainText('Reject');
    await page
      .getByTestId('rows-tab')
      .getByRole('checkbox', { name: /select all/i })
      .check();
    await page.getByTestId('ims-apply-recommended').click();
    await page.getByTestId('ims-apply-confirm').click();
    await expect(page.getByTestId('ims-push-waiting')).not.toHaveText('0', { timeout: 30_000 });
    await page.getByTestId('ims-push').click();
    await expect(page.getByTestId('ims-push-outcome')).toBeVisible({ timeout: 60_000 });
    await shot(page, 'reconciliation-04-ims');
    const imsRunId = Number(new URL(page.url()).searchParams.get('runId'));
    const imsRows = (
      (
        await (
          await page.request.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, {
            headers,
            data: { filters: { runId: imsRunId }, size: 100 },
          })
        ).json()
      ).data.items as ReconciliationRow[]
    ).filter((r) => r.portalDocuments > 0);
    expect(imsRows.find((r) => r.portalNumber === 'B/7')).toMatchObject({ action: 'Reject', pushStatus: 'Pushed' });
    const accepted = imsRows.filter((r) => r.action === 'Accept');
    expect(accepted.map((r) => r.portalNumber)).toContain('A/1');

    await page.getByTestId('ims-tab-downloadStatus').click();
    for (const gstin of [BUYER_KA, BUYER_TN]) {
      await page.getByTestId(`ims-regenerate-2b-${gstin}-${period}`).click();
      await expect(page.getByTestId(`ims-regenerate-2b-outcome-${gstin}-${period}`)).toContainText(/generated/i, { timeout: 30_000 });
    }
    await downloadInward(page, ka, 'GSTR2B');
    const twoB = async (entityId: number) =>
      (
        (
          await (
            await page.request.post(RETURN_API.inwardSearch, {
              headers,
              data: { entityId, returnPeriod: period, source: 'GSTR2B', size: 100 },
            })
          ).json()
        ).data.items as { documentNumber: string; listing: string }[]
      )
        .filter((d) => d.listing === 'available')
        .map((d) => d.documentNumber);
    const inTwoB = [...(await twoB(ka)), ...(await twoB(tn))].sort();
    expect(inTwoB).toEqual(accepted.flatMap((r) => (r.portalNumber ?? '').split(', ')).sort());
    expect(inTwoB).not.toContain('B/7');
  } finally {
    await setSandboxDate(page.request, null);
  }
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  IMS_API,
  RECONCILIATION_API,
  RECONCILIATION_ROWS_REPORT,
  RETURN_API,
  type ReconciliationRow,
  type Run,
  type RunDetail,
} from '@opengst/contracts';
import { authTokenOf, fixtures, shot, signInAs, type Credentials } from '../support/journeys';
import { connectPortal, fileGstr1, istAfter, locationOf, setSandboxDate, SANDBOX_OTP } from '../support/reconciliation';
import type { Headers } from '../support/returns';
import { FILER, gstr3bPeriod, SUPPLIER } from '../support/seed-gstr3b';

// Issue 19's journey: the month's GSTR-3B of a Karnataka filer, from its books to Filed at the portal sandbox. The
// supplier files its GSTR-1 naming the filer; the filer accepts the invoices in IMS, gets its GSTR-2B and files its own
// GSTR-1 (through the API: the GSTR-1 and reconciliation journeys show those screens). Then, on /gstr-3b: computed from
// the books and the 2B, table 4A(5) drilled down to the supplier's two invoices, saved to the portal and submitted, the
// set-off over the portal's ledgers with the cash still to deposit, a challan for it created and paid in the sandbox,
// the offset, the filing with the EVC OTP and its ARN; the ledgers read back show what the set-off left.

const period = gstr3bPeriod();

const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<unknown> => {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
};

/** Signs in in a browser context of its own, runs `work` with that user's API headers, and closes the context. */
const asUser = async <T>(page: Page, who: Credentials, work: (request: APIRequestContext, headers: Headers) => Promise<T>) => {
  const context = await page.context().browser()!.newContext();
  const own = await context.newPage();
  try {
    await signInAs(own, who);
    return await work(own.request, { 'auth-token': await authTokenOf(own) });
  } finally {
    await context.close();
  }
};

/** Reconciles the filer's books with the stored IMS records or GSTR-2B of the period; answers the run's rows. */
const reconcileWith = async (
  request: APIRequestContext,
  headers: Headers,
  entityId: number,
  portalSource: 'IMS' | 'GSTR2B',
): Promise<{ runId: number; rows: ReconciliationRow[] }> => {
  const run = (await ok(
    await request.post(RECONCILIATION_API.runStart, {
      headers,
      data: { entityIds: [entityId], fromPeriod: period, toPeriod: period, portalSource },
    }),
    `${portalSource} reconciliation`,
  )) as Run;
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${RECONCILIATION_API.run}?runId=${run.id}`, { headers })).json()).data as RunDetail).run.status,
      { timeout: 60_000 },
    )
    .toBe('Completed');
  const rows = (
    (await ok(
      await request.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { headers, data: { filters: { runId: run.id } } }),
      'rows',
    )) as { items: ReconciliationRow[] }
  ).items;
  expect(rows.map((r) => [r.portalNumber, r.status]).sort()).toEqual([
    ['DP/7001', 'Matched'],
    ['DP/7002', 'Matched'],
  ]);
  return { runId: run.id, rows };
};

/** The filer reconciles its IMS records with its books and accepts every matched one at the portal. */
const acceptInIms = async (request: APIRequestContext, headers: Headers, entityId: number) => {
  await ok(await request.post(IMS_API.download, { headers, data: { entityIds: [entityId] } }), 'IMS download');
  const { runId, rows } = await reconcileWith(request, headers, entityId, 'IMS');
  expect(rows.map((r) => r.recommendedAction)).toEqual(['Accept', 'Accept']);
  const run = { id: runId };
  await ok(
    await request.post(RECONCILIATION_API.action, {
      headers,
      data: { runId: run.id, selection: { rowIds: rows.map((r) => r.id) }, action: 'Accept' },
    }),
    'accept',
  );
  await ok(await request.post(IMS_API.push, { headers, data: { runId: run.id } }), 'push');
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${IMS_API.pushCount}?runId=${run.id}`, { headers })).json()).data as { unanswered: number }).unanswered,
      {
        timeout: 60_000,
      },
    )
    .toBe(0);
};

test('GSTR-3B from the books, GSTR-1 and GSTR-2B to Filed at the portal sandbox, paid by set-off and a challan', async ({ page }) => {
  test.setTimeout(300_000);
  const { gstr3bFiler: filer, gstr3bSupplier: supplier } = fixtures();
  try {
    // Before the 14th of the next month: the supplier's GSTR-1 reaches the filer's IMS, where the filer accepts it.
    await setSandboxDate(page.request, istAfter(period, 10, 11, 0));
    await asUser(page, supplier, async (request, headers) => {
      const entityId = await locationOf(request, headers, SUPPLIER, period);
      await connectPortal(request, headers, entityId, 'g3b-supplier-portal');
      await fileGstr1(request, headers, entityId, period);
    });
    await asUser(page, filer, async (request, headers) => {
      const entityId = await locationOf(request, headers, FILER, period);
      await connectPortal(request, headers, entityId, 'g3b-filer-portal');
      await acceptInIms(request, headers, entityId);
      await fileGstr1(request, headers, entityId, period);
      // The 15th: the GSTR-2B generated on the 14th holds the accepted invoices; the product downloads it.
      await setSandboxDate(request, istAfter(period, 15, 11, 0));
      await connectPortal(request, headers, entityId, 'g3b-filer-portal');
      await ok(
        await request.post(RETURN_API.inwardDownload, { headers, data: { entityId, returnPeriod: period, source: 'GSTR2B' } }),
        '2B',
      );
      // Booked purchases paired with the 2B's records: the ITC the return claims is theirs.
      await reconcileWith(request, headers, entityId, 'GSTR2B');
    });
  } finally {
    await setSandboxDate(page.request, null);
  }

  // The filer opens its GSTR-3B and computes the return. (Back at today's date the sandbox knows no session opened on
  // the 15th: the filer signs in to the portal again.)
  await signInAs(page, filer);
  const headers: Headers = { 'auth-token': await authTokenOf(page) };
  const entityId = await locationOf(page.request, headers, FILER, period);
  await connectPortal(page.request, headers, entityId, 'g3b-filer-portal');
  const screen = `/gstr-3b?entityId=${entityId}&returnPeriod=${period}`;
  await page.goto(screen);
  await page.getByTestId('action-compute').click();
  const figures = page.getByTestId('gstr3b-tables');
  await expect(figures).toBeVisible({ timeout: 60_000 });
  // 3.1(a) from the filed GSTR-1 (locked: auto-populated), 4A(5) from the GSTR-2B.
  await expect(page.getByTestId('figure-3.1a|-system-taxable')).toContainText('7,00,000');
  const itc = page.getByTestId('figure-row-4A5|');
  await expect(page.getByTestId('figure-4A5|-system-igst')).toContainText('45,000');
  // Each booked purchase is known as its 2B record's: none is left out of the return.
  await expect(page.getByTestId('gstr3b-excluded')).toHaveCount(0);
  await shot(page, 'gstr3b-01-computed');

  // Drill-down: the figure's documents are the supplier's two invoices.
  await itc.getByTestId('figure-open').first().click();
  const drawer = page.getByTestId('figure-documents');
  await expect(drawer).toContainText('DP/7001');
  await expect(drawer).toContainText('DP/7002');
  await shot(page, 'gstr3b-02-drill-down');
  await page.keyboard.press('Escape');

  // Saved to the portal and submitted: the figures are frozen there.
  const saved = page.waitForResponse((r) => r.url().endsWith('/returns/gstr3b/save'));
  await page.getByTestId('action-save-portal').click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByTestId('portal-save-status')).toHaveText('processed', { timeout: 30_000 });
  await page.getByTestId('action-submit').click();
  await page.getByTestId('action-submit-confirm').click();
  await expect(page.getByTestId('gstr3b-screen')).toHaveAttribute('data-return-status', 'Submitted', { timeout: 30_000 });

  // The set-off over the portal's ledgers: IGST credit first to IGST then CGST; the rest is cash to deposit.
  await page.getByTestId('tab-set-off').click();
  await expect(page.getByTestId('set-off-ledgers-read')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('set-off-cash-needed')).toBeVisible();
  await shot(page, 'gstr3b-03-set-off');

  // A challan for the cash, prefilled from the set-off, created and paid at the sandbox's bank.
  const toDeposit = /₹\s*([\d,]+\.\d{2})/.exec((await page.getByTestId('create-challan-link').textContent()) ?? '')?.[1] ?? '';
  expect(toDeposit).not.toBe('');
  await page.getByTestId('create-challan-link').click();
  await expect(page).toHaveURL(/\/gst-challan-payment-process\?/);
  await page.getByTestId('challan-bank').click();
  await page.getByRole('option').first().click();
  await shot(page, 'gstr3b-04-challan');
  await page.getByTestId('challan-submit').click();
  await expect(page.getByTestId('pay-sandbox')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('pay-sandbox').click();
  await expect(page.getByTestId('pay-cin')).not.toHaveText('', { timeout: 30_000 });

  // Offset: the cash now covers what the credit does not.
  await page.goto(screen);
  await page.getByTestId('tab-set-off').click();
  await expect(page.getByTestId('set-off-cash-enough')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('action-offset').click();
  await expect(page.getByTestId('offset-confirmation')).toBeVisible();
  await shot(page, 'gstr3b-05-offset');
  await page.getByTestId('action-offset-confirm').click();
  await expect(page.getByTestId('set-off-offset-sent')).toBeVisible({ timeout: 30_000 });

  // Filed with the EVC OTP; the ARN shows in the header.
  await page.getByTestId('action-file').click();
  await page.getByTestId('file-send-otp').click();
  await page.getByTestId('file-otp').fill(SANDBOX_OTP);
  await page.getByTestId('file-confirm').click();
  await expect(page.getByTestId('gstr3b-screen')).toHaveAttribute('data-return-status', 'Filed', { timeout: 30_000 });
  await expect(page.getByTestId('return-arn')).toHaveText(/^[A-Z]{2}\d{2}/);
  await shot(page, 'gstr3b-06-filed');

  // The ledgers as the portal keeps them: the deposit in the cash ledger, and both ledgers spent to nil by the offset.
  await page.goto('/electronic-ledger-report');
  await page.getByTestId('ledger-gstin').click();
  await page.getByRole('option', { name: new RegExp(FILER) }).click();
  await page.getByTestId('ledger-show').click();
  await expect(page.getByTestId('ledger-entries')).toContainText(toDeposit, { timeout: 30_000 });
  await expect(page.getByTestId('ledger-closing')).not.toContainText(/[1-9]/);
  await shot(page, 'gstr3b-07-cash-ledger');
  await page
    .getByTestId('ledger-kind')
    .getByText(/credit ledger/i)
    .click();
  await page.getByTestId('ledger-show').click();
  await expect(page.getByTestId('ledger-entries')).toContainText('45,000.00', { timeout: 30_000 });
  await expect(page.getByTestId('ledger-balances').getByRole('row').last()).not.toContainText(/[1-9]/);
});

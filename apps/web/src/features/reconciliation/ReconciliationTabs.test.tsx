import type { Vendor } from '@opengst/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, renderAt, type Call } from '../../test/screenTestSupport';
import { Gstr2aReconciliationScreen } from './Gstr2aReconciliationScreen';
import { document, page, row, rowDetail, runDetail } from './reconciliationFixtures';
import { LOADED, stubReconciliation } from './reconciliationTestSupport';

// The tabs behind the rows: the pair view of an unpaired row and its unlink, manual linking with the sums compared,
// link document by PAN, the summary with its sourceType and an action per status, insights and vendors opening the
// rows filtered, a new run from ?new=1 and a re-run of the same scope.

const renderRun = (address = '/gstr-2a-reconciliation?runId=7') =>
  renderAt(<Gstr2aReconciliationScreen />, address, ['Gstr2aReconciliation']);
const lastBody = (calls: Call[], fragment: string) =>
  calls.filter((call) => call.url.includes(fragment)).at(-1)?.body as Record<string, unknown>;
const openTab = async (name: string) => {
  fireEvent.click(await screen.findByTestId(`tab-${name}`, {}, LOADED));
};

const VENDOR: Vendor = {
  id: 1,
  supplierGstin: '29AAGCB1286Q1Z4',
  supplierName: 'Bharat Supplies',
  matched: 1,
  matchedWithTolerance: 0,
  mismatched: 1,
  nearMatched: 0,
  recipientDiffers: 0,
  booksOnly: 0,
  awaiting2b: 0,
  portalOnly: 1,
  booksTax: 36_000_00,
  portalTax: 44_000_00,
  itcAtRisk: 1_000_00,
  itcNotInBooks: 9_000_00,
};

describe('reconciliation tabs', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains an unpaired row with its nearest candidates, says another recipient plainly, and unlinks a pair', async () => {
    const unpaired = row({ id: 103, status: 'PR only', rule: 'unpaired', portalNumber: null, portalDocuments: 0, acrossPeriods: false });
    const calls = stubReconciliation({
      rows: [unpaired, row({ id: 104, status: 'Recipient GSTIN differs', portalGstin: '29AAPFU0939F1ZT', acrossPeriods: false })],
      extra: (url) => {
        if (url.includes('/row?rowId=103'))
          return json(
            rowDetail({
              row: unpaired,
              ruleText: 'No document of the supplier has this number.',
              fields: [],
              portal: [],
              candidates: [
                {
                  side: 'portal',
                  id: '901',
                  documentNumber: 'INV-0O1',
                  documentDate: '2025-03-29',
                  reason: 'Numbers differ in 1 character',
                },
              ],
            }),
          );
        if (url.includes('/row?rowId=104'))
          return json(
            rowDetail({ row: row({ id: 104, status: 'Recipient GSTIN differs', portalGstin: '29AAPFU0939F1ZT', acrossPeriods: false }) }),
          );
        if (url.includes('/reconciliation/unlink')) return json({ rowIds: [105, 106] });
        return undefined;
      },
    });
    renderRun();
    fireEvent.click(await screen.findByTestId('row-103', {}, LOADED));
    const why = await screen.findByTestId('why-not-matched', {}, LOADED);
    expect(within(why).getByTestId('candidate-INV-0O1').textContent).toContain('Numbers differ in 1 character');
    expect(screen.getByTestId('pair-portal').textContent).toContain('Not reported by the supplier');
    expect(screen.queryByTestId('pair-unlink')).toBeNull();
    fireEvent.keyDown(screen.getByTestId('pair-detail'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('pair-detail')).toBeNull());

    fireEvent.click(screen.getByTestId('row-104'));
    expect((await screen.findByTestId('pair-recipient', {}, LOADED)).textContent).toBe(
      'Booked under 27AAPFU0939F1ZV, but the supplier reported it to 29AAPFU0939F1ZT.',
    );
    fireEvent.click(screen.getByTestId('pair-unlink'));
    fireEvent.click(await screen.findByTestId('pair-unlink-confirm'));
    await waitFor(() => expect(lastBody(calls, '/reconciliation/unlink')).toEqual({ runId: 7, rowId: 104 }));
    await waitFor(() => expect(screen.queryByTestId('pair-detail')).toBeNull());
  }, 30_000);

  it('an Awaiting 2B row: its status, the pair view says where the supplier reported it, the summary and the vendor column', async () => {
    const awaiting = row({
      id: 107,
      status: 'Awaiting 2B',
      rule: 'unpaired',
      booksNumber: 'AW-7',
      portalNumber: null,
      portalDate: null,
      portalPeriod: null,
      portalDocuments: 0,
      acrossPeriods: false,
      itcAtRisk: 0,
    });
    const byStatus = [...runDetail().byStatus];
    byStatus.splice(3, 0, {
      status: 'Awaiting 2B',
      rows: 1,
      booksDocuments: 1,
      portalDocuments: 0,
      booksTaxable: 1_00_000_00,
      portalTaxable: 0,
      booksTax: 18_000_00,
      portalTax: 0,
    });
    const vendor = { ...VENDOR, awaiting2b: 7 };
    stubReconciliation({
      rows: [awaiting],
      details: [runDetail({}, byStatus)],
      extra: (url) => {
        if (url.includes('/row?rowId=107'))
          return json(
            rowDetail({
              row: awaiting,
              ruleText: 'No document on the other side passed the pairing rules',
              portal: [],
              candidates: [],
              reported: { source: 'GSTR2A', documentNumber: 'AW/007', documentDate: '2025-03-28', returnPeriod: '032025' },
            }),
          );
        if (url.includes('/vendors/search')) return json(page([vendor], { booksTax: 0, portalTax: 0, itcAtRisk: 0, itcNotInBooks: 0 }));
        return undefined;
      },
    });
    renderRun();
    const listed = await screen.findByTestId('row-107', {}, LOADED);
    expect(listed.querySelector('[data-status="Awaiting 2B"]')?.textContent).toBe('Awaiting 2B');
    fireEvent.click(listed);
    expect((await screen.findByTestId('pair-awaiting-2b', {}, LOADED)).textContent).toBe(
      'Reported by the supplier in your GSTR-2A of Mar 2025 (as AW/007): the credit comes with the GSTR-2B that lists it. Wait for it rather than ask the supplier.',
    );
    expect(screen.queryByTestId('pair-unlink')).toBeNull();
    fireEvent.keyDown(screen.getByTestId('pair-detail'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('pair-detail')).toBeNull());

    await openTab('summary');
    const summary = await screen.findByTestId('summary-tab', {}, LOADED);
    expect(within(summary).getByTestId('summary-Awaiting 2B-books-tax').textContent).toBe('18,000.00');
    await openTab('vendors');
    await waitFor(() => expect(screen.getByTestId('vendor-risk-29AAGCB1286Q1Z4')).toBeTruthy(), LOADED);
    const vendorRow = screen.getByTestId('vendor-risk-29AAGCB1286Q1Z4').closest<HTMLElement>('[role="row"], tr')!;
    expect(within(vendorRow).getByText('7')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Awaiting 2B/ })).toBeTruthy();
  }, 30_000);

  it('links unpaired documents by hand: both pickers, the sums compared, then Link with the chosen ids', async () => {
    let linked = false;
    // The books entries carry their documents' ids; the portal one does not (an older server): its row's detail lists them.
    const books = [
      document({ id: 601, documentNumber: 'B-17', documentIds: [5017] }),
      document({ id: 602, documentNumber: 'B-18', taxable: 10_000_00, tax: 1_800_00, documentIds: [5018] }),
    ];
    const portal = [
      document({ id: 901, rowId: 211, side: 'portal', status: 'GST only', documentNumber: 'B17', taxable: 60_000_00, tax: 10_800_00 }),
    ];
    const calls = stubReconciliation({
      extra: (url, call) => {
        if (url.includes('/row?rowId=211')) return json(rowDetail({ books: [], portal: [{ ...rowDetail().portal[0]!, id: 9901 }] }));
        if (url.includes('/reconciliation/link')) {
          linked = true;
          return json({ rowId: 300 });
        }
        if (!url.includes('/documents/search')) return undefined;
        const filters = (call.body as { filters: { side: string; unpairedOnly?: boolean } }).filters;
        if (!filters.unpairedOnly) return undefined;
        const items = linked ? [] : filters.side === 'books' ? books : portal;
        return json(page(items, { taxable: 0, tax: 0 }));
      },
    });
    renderRun();
    await openTab('manual');
    // The tab's count: the unpaired documents of both sides.
    await waitFor(() => expect(screen.getByTestId('tab-manual-count').textContent).toBe('3'), LOADED);
    fireEvent.click(await screen.findByTestId('manual-books-B-17', {}, LOADED));
    fireEvent.click(screen.getByTestId('manual-books-B-18'));
    fireEvent.click(screen.getByTestId('manual-portal-B17'));
    expect(screen.getByTestId('books-taxable').textContent).toBe('60,000.00');
    expect(screen.getByTestId('portal-taxable').textContent).toBe('60,000.00');
    expect(screen.getByTestId('difference-taxable').getAttribute('data-differs')).toBe('false');
    expect(screen.getByTestId('difference-tax').textContent).toBe('0.00');
    fireEvent.change(screen.getByTestId('link-remarks'), { target: { value: 'Split bill' } });
    fireEvent.click(screen.getByTestId('link-submit'));
    await waitFor(() =>
      expect(lastBody(calls, '/reconciliation/link')).toEqual({
        runId: 7,
        purchaseIds: [5017, 5018],
        portalIds: [9901],
        remarks: 'Split bill',
      }),
    );
    // The linked documents leave the pickers.
    await waitFor(() => expect(screen.queryByTestId('manual-books-B-17')).toBeNull(), LOADED);
    const pickerSearch = calls.find((call) => call.url.includes('/documents/search') && (call.body as { size: number }).size !== 1);
    expect(pickerSearch?.body).toMatchObject({ filters: { runId: 7, side: 'books', unpairedOnly: true } });
  }, 30_000);

  it("link document: a books document, then the portal documents of its supplier's PAN", async () => {
    const calls = stubReconciliation({
      extra: (url, call) => {
        if (!url.includes('/documents/search')) return undefined;
        const filters = (call.body as { filters: { side: string } }).filters;
        return json(
          page(
            filters.side === 'books'
              ? [document()]
              : [document({ id: 902, side: 'portal', supplierGstin: '27AAGCB1286Q1Z8', documentNumber: 'P-9' })],
            {
              taxable: 0,
              tax: 0,
            },
          ),
        );
      },
    });
    renderRun();
    await openTab('linkDocument');
    expect(await screen.findByTestId('link-choose-first', {}, LOADED)).toBeTruthy();
    fireEvent.click(await screen.findByTestId('link-books-B-17', {}, LOADED));
    expect(await screen.findByTestId('link-portal-P-9', {}, LOADED)).toBeTruthy();
    const portalSearch = calls
      .filter((call) => call.url.includes('/documents/search'))
      .find((call) => (call.body as { filters: { side: string } }).filters.side === 'portal' && (call.body as { size: number }).size !== 1);
    expect(portalSearch?.body).toMatchObject({ filters: { side: 'portal', supplierPans: ['AAGCB1286Q'], unpairedOnly: true } });
  }, 30_000);

  it('summarises the run by status with a sourceType filter; a status action applies through the filters after confirmation', async () => {
    let actions = 0;
    const calls = stubReconciliation({
      action: () =>
        json(
          actions++ === 0
            ? { affected: 0, needsConfirmation: 1200, skipped: 0, skippedReason: null }
            : {
                affected: 1200,
                needsConfirmation: null,
                skipped: 3,
                skippedReason: 'Books only rows have no supplier document to act on in IMS',
              },
        ),
    });
    renderRun();
    await openTab('summary');
    const summary = await screen.findByTestId('summary-tab', {}, LOADED);
    expect(within(summary).getByTestId('summary-Mismatched-difference').textContent).toBe('-1,000.00');
    expect(within(summary).getByTestId('summary-total-rows').textContent).toBe('4');
    expect(within(summary).queryByTestId('summary-PR only')).toBeNull();
    fireEvent.click(within(summary).getByText('Portal'));
    expect(within(summary).queryByTestId('summary-Mismatched-difference')).toBeNull();
    expect(within(summary).queryByTestId('summary-Mismatched-books-tax')).toBeNull();
    expect(within(summary).getByTestId('summary-GST only-portal-tax').textContent).toBe('9,000.00');
    fireEvent.click(within(summary).getByText('Both'));

    fireEvent.click(within(summary).getByTestId('summary-action-Matched'));
    fireEvent.click(await screen.findByTestId('summary-action-Matched-Accept'));
    fireEvent.click(await screen.findByTestId('action-apply'));
    expect((await screen.findByTestId('action-confirm-text')).textContent).toBe('This applies to 1,200 records. Continue?');
    fireEvent.click(screen.getByTestId('action-continue'));
    await waitFor(() => expect(actions).toBe(2));
    expect(calls.filter((call) => call.url.includes('/reconciliation/action')).map((call) => call.body)).toEqual([
      { runId: 7, action: 'Accept', selection: { filters: { statuses: ['Matched'] } } },
      { runId: 7, action: 'Accept', selection: { filters: { statuses: ['Matched'] }, confirmedCount: 1200 } },
    ]);
  }, 30_000);

  it("links a supplier to its invoices' payment, for a user with the VendorPayment right", async () => {
    stubReconciliation({
      extra: (url) =>
        url.includes('/vendors/search') ? json(page([VENDOR], { booksTax: 0, portalTax: 0, itcAtRisk: 0, itcNotInBooks: 0 })) : undefined,
    });
    renderAt(<Gstr2aReconciliationScreen />, '/gstr-2a-reconciliation?runId=7', ['Gstr2aReconciliation', 'VendorPayment']);
    await openTab('vendors');
    const pay = await screen.findByTestId('vendor-pay-29AAGCB1286Q1Z4', {}, LOADED);
    expect(pay.getAttribute('href')).toBe('/initiate-payment-invoice?supplierGstin=29AAGCB1286Q1Z4');
  });

  it('opens the rows filtered from an insight reason and from a vendor, and downloads a vendor workbook', async () => {
    const vendor = VENDOR;
    URL.createObjectURL = vi.fn(() => 'blob:workbook');
    URL.revokeObjectURL = vi.fn();
    const calls = stubReconciliation({
      extra: (url) => {
        if (url.includes('/vendors/search')) return json(page([vendor], { booksTax: 0, portalTax: 0, itcAtRisk: 0, itcNotInBooks: 0 }));
        if (url.includes('/vendor-workbook')) return new Response(new Blob(['xlsx']), { status: 200 });
        return undefined;
      },
    });
    renderRun();
    await openTab('insights');
    expect((await screen.findByTestId('insight-itcAvailable-amount', {}, LOADED)).textContent).toBe('₹ 36,000.00');
    fireEvent.click(screen.getByTestId('reason-Tax differs beyond tolerance'));
    await waitFor(() => expect(lastBody(calls, '/rows/search')).toMatchObject({ filters: { runId: 7, statuses: ['Mismatched'] } }));
    expect(screen.getByTestId('chip-statuses:Mismatched')).toBeTruthy();

    await openTab('vendors');
    await waitFor(() => expect(screen.getByTestId('vendor-risk-29AAGCB1286Q1Z4').textContent).toBe('1,000.00'), LOADED);
    expect(lastBody(calls, '/vendors/search')).toMatchObject({ sortExpression: 'itcAtRisk DESC', filters: { runId: 7 } });
    // Without the VendorPayment right, no way to the supplier's payment.
    expect(screen.queryByTestId('vendor-pay-29AAGCB1286Q1Z4')).toBeNull();
    fireEvent.click(screen.getByTestId('vendor-workbook-29AAGCB1286Q1Z4'));
    await waitFor(() => expect(lastBody(calls, '/vendor-workbook')).toEqual({ runId: 7, supplierGstin: '29AAGCB1286Q1Z4' }));
    fireEvent.click(screen.getByTestId('vendor-rows-29AAGCB1286Q1Z4'));
    await waitFor(() =>
      expect(lastBody(calls, '/rows/search')).toMatchObject({ filters: { runId: 7, supplierGstins: ['29AAGCB1286Q1Z4'] } }),
    );
    expect((lastBody(calls, '/rows/search').filters as Record<string, unknown>).statuses).toBeUndefined();
    expect(screen.getByTestId('tab-reconciliation').getAttribute('aria-selected')).toBe('true');
  }, 30_000);

  it('opens the new-run form from ?new=1, and re-runs the same scope; the tab opened meanwhile stays open', async () => {
    let finished = false;
    const calls = stubReconciliation({
      extra: (url) =>
        url.includes('/run?runId=8')
          ? json(finished ? runDetail({ id: 8 }) : runDetail({ id: 8, status: 'InProgress', stage: 'Reading GSTR-2B', finishedAt: null }))
          : undefined,
    });
    renderRun('/gstr-2a-reconciliation?runId=7&new=1');
    expect(await screen.findByTestId('new-run-form', {}, LOADED)).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    fireEvent.click(await screen.findByTestId('run-rerun', {}, LOADED));
    await waitFor(() =>
      expect(lastBody(calls, '/reconciliation/runs')).toEqual({
        entityIds: [5, 6],
        fromPeriod: '042025',
        toPeriod: '062025',
        portalSource: 'GSTR2B',
      }),
    );
    expect((await screen.findByTestId('run-stage', {}, LOADED)).textContent).toBe('Reading GSTR-2B');
    // The results of the run viewed until now stay while the new one works.
    expect(screen.getByTestId('previous-results')).toBeTruthy();
    expect(screen.getByTestId('rows-tab')).toBeTruthy();
    // The user opens the vendors while it works; the new run's results open on the same tab.
    await openTab('vendors');
    finished = true;
    await waitFor(() => expect(screen.getByTestId('run-view').getAttribute('data-run-status')).toBe('Completed'), { timeout: 15_000 });
    expect(screen.queryByTestId('previous-results')).toBeNull();
    expect(screen.getByTestId('tab-vendors').getAttribute('aria-selected')).toBe('true');
  }, 30_000);

  it("shows the inward data's auto download summary of the run's GSTINs and periods when app/ hands it in", async () => {
    stubReconciliation();
    const Summary = ({ entityIds, returnPeriods }: { entityIds?: readonly number[]; returnPeriods?: readonly string[] }) => (
      <p data-testid="auto-download-summary">{`${entityIds?.join(',') ?? ''} | ${returnPeriods?.join(',') ?? ''}`}</p>
    );
    renderAt(<Gstr2aReconciliationScreen autoDownloadSummary={Summary} />, '/gstr-2a-reconciliation?runId=7', ['Gstr2aReconciliation']);
    const tabs = (await screen.findAllByRole('tab', {}, LOADED)).map((tab) => tab.getAttribute('data-testid'));
    expect(tabs.indexOf('tab-autoDownload')).toBe(tabs.indexOf('tab-filing') + 1);
    await openTab('autoDownload');
    expect((await screen.findByTestId('auto-download-summary', {}, LOADED)).textContent).toBe('5,6 | 042025,052025,062025');
  }, 30_000);
});

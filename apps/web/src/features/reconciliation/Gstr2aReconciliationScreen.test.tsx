import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, pick, renderAt } from '../../test/screenTestSupport';
import { Gstr2aReconciliationScreen } from './Gstr2aReconciliationScreen';
import { run, runDetail } from './reconciliationFixtures';
import { LOADED, stubReconciliation } from './reconciliationTestSupport';

// The screen against a stubbed API: no run yet, a new run started and followed until it finishes, then its tabs;
// the rows tab's filters, status bar, selection and actions with the confirmation of a large selection.

const renderScreen = (address = '/gstr-2a-reconciliation') => renderAt(<Gstr2aReconciliationScreen />, address, ['Gstr2aReconciliation']);

describe('Gstr2aReconciliationScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  }, 20_000);

  it('says what to do when there is no run, starts one and follows its progress until the results show', async () => {
    const calls = stubReconciliation({
      runs: [],
      details: [
        runDetail({ id: 8, status: 'InProgress', stage: 'Reading GSTR-2B', done: 2, total: 4, rows: 0, finishedAt: null }, []),
        runDetail({ id: 8 }),
      ],
    });
    renderScreen();
    expect((await screen.findByTestId('reconciliation-empty', {}, LOADED)).textContent).toBe(
      'No reconciliation yet. Download GSTR-2B for your GSTINs, then start one.',
    );
    fireEvent.click(screen.getByTestId('run-new-empty'));
    await pick(await screen.findByTestId('new-run-gstins'), '27AAPFU0939F1ZV · Mumbai');
    fireEvent.click(screen.getByTestId('new-run-start'));

    expect((await screen.findByTestId('run-stage', {}, LOADED)).textContent).toBe('Reading GSTR-2B');
    expect(screen.getByTestId('run-counts').textContent).toBe('2 of 4 done');
    expect(screen.getByRole('progressbar', { name: 'Reconciliation progress' }).getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByTestId('results-pending')).toBeTruthy();
    const start = calls.find((call) => call.url.endsWith('/reconciliation/runs'));
    expect(start?.method).toBe('POST');
    expect(start?.body).toMatchObject({ entityIds: [5], portalSource: 'GSTR2B' });
    expect((start?.body as { fromPeriod: string }).fromPeriod).toMatch(/^04\d{4}$/);

    // The next poll (poolingTime 1 s) brings the finished run: the tabs in the spec's order, with their counts.
    await waitFor(() => expect(screen.queryByTestId('run-progress')).toBeNull(), { timeout: 3000 });
    expect(screen.getByTestId('run-view').getAttribute('data-run-status')).toBe('Completed');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.getAttribute('data-testid'));
    expect(tabs).toEqual([
      'tab-reconciliation',
      'tab-insights',
      'tab-vendors',
      'tab-manual',
      'tab-summary',
      'tab-filing',
      'tab-linkDocument',
      'tab-document',
    ]);
    await waitFor(() => expect(screen.getByTestId('tab-reconciliation-count').textContent).toBe('2'));
    expect(screen.getByTestId('tab-summary-count').textContent).toBe('3');
    expect(calls.filter((call) => call.url.includes('/reconciliation/run?runId=8')).length).toBeGreaterThanOrEqual(2);
  }, 20_000);

  it("opens the address's run with its scope, status bar and rows; a status filters the rows", async () => {
    const calls = stubReconciliation();
    renderScreen('/gstr-2a-reconciliation?runId=7');
    expect((await screen.findByTestId('run-periods', {}, LOADED)).textContent).toBe('Apr 2025 – Jun 2025');
    expect(screen.getByTestId('run-gstins').textContent).toBe('27AAPFU0939F1ZV, 29AAPFU0939F1ZT');
    expect(screen.getByTestId('run-started').textContent).toContain('by Asha Rao');
    expect(screen.getByTestId('run-source').textContent).toBe('GSTR-2B');
    expect(calls.some((call) => call.url.includes('/runs/search'))).toBe(false);

    // The row: amounts in en-IN, the difference red and signed, the status as a badge with its words.
    const mismatched = await screen.findByTestId('row-101', {}, LOADED);
    expect(within(mismatched).getByText('Mismatched').closest('[data-status]')?.getAttribute('data-status')).toBe('Mismatched');
    expect(within(mismatched).getByText('1,00,000.00')).toBeTruthy();
    expect(screen.getByTestId('tax-difference-101').textContent).toBe('-1,000.00');
    expect(screen.getByTestId('tax-difference-101').getAttribute('data-differs')).toBe('true');
    expect(screen.getByTestId('tax-difference-102').getAttribute('data-differs')).toBe('false');

    expect(screen.getByTestId('status-Matched-count').textContent).toBe('2');
    expect(screen.queryByTestId('status-PR only')).toBeNull();
    fireEvent.click(screen.getByTestId('status-Mismatched'));
    await waitFor(() => {
      const searches = calls.filter((call) => call.url.includes('/rows/search'));
      expect(searches.at(-1)?.body).toMatchObject({ filters: { runId: 7, statuses: ['Mismatched'] }, start: 0, sortExpression: 'id ASC' });
    });
    expect(screen.getByTestId('chip-statuses:Mismatched').textContent).toContain('Status: Mismatched');

    // `/` focuses the number search of the tab in view.
    fireEvent.keyDown(window, { key: '/' });
    expect(window.document.activeElement).toBe(screen.getByTestId('filter-number'));
  }, 20_000);

  it('opens the newest run when the address names none, and a filtered empty list offers to clear the filters', async () => {
    const calls = stubReconciliation({ runs: [run({ id: 9 })], details: [runDetail({ id: 9 })], rows: [] });
    renderScreen();
    await screen.findByTestId('run-header', {}, LOADED);
    expect(calls.find((call) => call.url.includes('/runs/search'))?.body).toEqual({
      start: 0,
      size: 1,
      filters: { portalSources: ['GSTR2B', 'GSTR2A'] },
    });
    expect(calls.some((call) => call.url.includes('/run?runId=9'))).toBe(true);
    fireEvent.click(await screen.findByTestId('status-Matched', {}, LOADED));
    expect((await screen.findByTestId('rows-no-match', {}, LOADED)).textContent).toBe('No rows match these filters.');
    fireEvent.click(screen.getByTestId('rows-clear-filters'));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.includes('/rows/search')).at(-1)?.body).toMatchObject({ filters: { runId: 9 } }),
    );
    expect((calls.filter((call) => call.url.includes('/rows/search')).at(-1)?.body as { filters: object }).filters).toEqual({ runId: 9 });
  }, 20_000);

  it('applies an action to the selected rows, asking first when the server says the selection is large', async () => {
    let actionCalls = 0;
    const calls = stubReconciliation({
      action: () =>
        json(
          actionCalls++ === 0
            ? { affected: 0, needsConfirmation: 2, skipped: 0, skippedReason: null }
            : { affected: 2, needsConfirmation: null, skipped: 0, skippedReason: null },
        ),
    });
    renderScreen('/gstr-2a-reconciliation?runId=7');
    await screen.findByTestId('row-101', {}, LOADED);
    fireEvent.click(within(screen.getByTestId('rows-tab')).getByLabelText('Select all rows'));
    fireEvent.click(screen.getByTestId('bulk-Accept'));
    fireEvent.change(await screen.findByTestId('action-remarks'), { target: { value: 'Agreed with supplier' } });
    fireEvent.click(screen.getByTestId('action-apply'));
    expect((await screen.findByTestId('action-confirm-text')).textContent).toBe('This applies to 2 records. Continue?');
    fireEvent.click(screen.getByTestId('action-continue'));
    await waitFor(() => expect(screen.queryByTestId('row-action-dialog')).toBeNull());
    const sent = calls.filter((call) => call.url.includes('/reconciliation/action')).map((call) => call.body);
    expect(sent).toEqual([
      { runId: 7, action: 'Accept', selection: { rowIds: [101, 102] }, remarks: 'Agreed with supplier' },
      { runId: 7, action: 'Accept', selection: { rowIds: [101, 102], confirmedCount: 2 }, remarks: 'Agreed with supplier' },
    ]);
    // The run and its lists load again; the selection is cleared.
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).toBeNull());
  }, 20_000);

  it('applies an action to every filtered row through the filters, with a claim period', async () => {
    const calls = stubReconciliation();
    renderScreen('/gstr-2a-reconciliation?runId=7');
    await screen.findByTestId('row-101', {}, LOADED);
    fireEvent.click(screen.getByTestId('status-Mismatched'));
    await waitFor(() => expect(screen.getByTestId('apply-all').textContent).toBe('Apply to all 2 filtered'));
    fireEvent.click(screen.getByTestId('apply-all'));
    fireEvent.click(await screen.findByTestId('apply-all-ClaimInPeriod'));
    const period = await screen.findByTestId('action-claim-period');
    expect(screen.getByTestId('action-apply').hasAttribute('disabled')).toBe(true);
    const firstOption = await (async () => {
      fireEvent.click(period);
      await waitFor(() => expect(period.getAttribute('aria-controls')).toBeTruthy());
      return within(window.document.getElementById(period.getAttribute('aria-controls') ?? '')!).getAllByRole('option', {
        hidden: true,
      })[3]!;
    })();
    fireEvent.click(firstOption);
    fireEvent.click(screen.getByTestId('action-apply'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/reconciliation/action'))).toBe(true));
    const body = calls.find((call) => call.url.includes('/reconciliation/action'))?.body as Record<string, unknown>;
    expect(body).toMatchObject({ runId: 7, action: 'ClaimInPeriod', selection: { filters: { statuses: ['Mismatched'] } } });
    expect(body.claimPeriod).toMatch(/^\d{6}$/);
  }, 20_000);

  it('opens the pair view of a row: both sides, the differing fields, across periods in words; Esc closes it', async () => {
    stubReconciliation();
    renderScreen('/gstr-2a-reconciliation?runId=7');
    fireEvent.click(await screen.findByTestId('row-101', {}, LOADED));
    const drawer = await screen.findByTestId('pair-detail', {}, LOADED);
    expect(within(drawer).getByTestId('pair-rule').textContent).toContain('tax differs by more than the tolerance');
    expect(within(drawer).getByTestId('pair-across-periods').textContent).toBe('Booked in Mar 2025, reported by the supplier in Apr 2025.');
    expect(within(drawer).queryByTestId('pair-recipient')).toBeNull();
    expect(within(drawer).getByTestId('field-taxable').getAttribute('data-outcome')).toBe('different');
    expect(within(drawer).getByTestId('field-taxable').textContent).toContain('Differs');
    expect(within(drawer).getByTestId('field-documentNumber').getAttribute('data-outcome')).toBe('equal');
    expect(within(drawer).getByTestId('field-igst').textContent).toContain('-1,000.00');
    expect(within(drawer).getByTestId('field-invoiceValue').textContent).toContain('Document value');
    const period = within(drawer).getByTestId('field-returnPeriod');
    expect(period.textContent).toContain('Mar 2025');
    expect(period.textContent).toContain('Apr 2025');
    expect(period.textContent).toContain('+1 month(s)');
    expect(within(drawer).getByTestId('pair-books-INV-001').textContent).toContain('1,18,000.00');
    expect(within(drawer).getByTestId('pair-portal-INV-001').textContent).toContain('Apr 2025');
    expect(within(drawer).getByTestId('pair-unlink')).toBeTruthy();
    expect(within(drawer).queryByTestId('why-not-matched')).toBeNull();
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('pair-detail')).toBeNull());
  }, 20_000);
});

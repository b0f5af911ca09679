import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GSTR3B_LOCK_REASONS, type Gstr3bDetail, type Gstr3bRow } from '@opengst/contracts';
import { Gstr3bScreen } from './Gstr3bScreen';
import { amounts, COMPUTED, NOT_AT_PORTAL, row } from './gstr3bTestRows';
import { json, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';

// The screen against a stubbed API: the tables from a detail, the documents behind a figure, a locked figure read
// only, a save of the changed figures alone, the server's refusal beside its figure, and the empty and no-right states.

const outwardLock = { code: 'outwardAutoPopulated' as const, reason: GSTR3B_LOCK_REASONS.outwardAutoPopulated };

const ROWS: Gstr3bRow[] = [
  row('3.1a', {
    system: amounts({ taxable: 1_00_000_00, igst: 18_000_00 }),
    lock: outwardLock,
    sources: { documents: 2, gstr2b: 0, summaries: 0 },
  }),
  row('3.1d', {
    system: amounts({ taxable: 10_000_00, cgst: 900_00, sgst: 900_00 }),
    user: amounts({ taxable: 12_000_00, cgst: 1_080_00, sgst: 1_080_00 }),
    difference: amounts({ taxable: 2_000_00, cgst: 180_00, sgst: 180_00 }),
    sources: { documents: 1, gstr2b: 0, summaries: 0 },
  }),
  row('3.2unregistered', { placeOfSupply: '29', system: amounts({ taxable: 50_000_00, igst: 9_000_00 }), lock: null }),
  row('4A4', {}),
  row('4A5', { system: amounts({ igst: 18_000_00, cgst: 450_00, sgst: 450_00 }), sources: { documents: 3, gstr2b: 3, summaries: 0 } }),
  row('4B2', { system: amounts({}) }),
  row('4C', {
    system: amounts({ igst: 18_000_00, cgst: 450_00, sgst: 450_00 }),
    lock: { code: 'computed', reason: GSTR3B_LOCK_REASONS.computed },
  }),
];

const detail = (patch: Partial<Gstr3bDetail> = {}): Gstr3bDetail => ({
  id: 7,
  entityId: 5,
  entityName: 'Mumbai Head Office',
  gstin: '27AABCD1234E1Z8',
  returnPeriod: '102026',
  frequency: 'monthly',
  periods: ['102026'],
  financialYear: '2026-27',
  dueDate: '2099-11-20',
  status: 'NotSubmitted',
  computedAt: '2026-11-02T10:00:00Z',
  computedBy: 'Asha',
  compute: COMPUTED,
  userSavedAt: null,
  rows: ROWS,
  locks: { outward: true, interState: false },
  issues: [],
  excluded: [],
  gstr1Filed: true,
  portal: NOT_AT_PORTAL,
  ...patch,
});

const DOCUMENT = {
  kind: 'purchase',
  id: 41,
  documentType: 'INV',
  documentNumber: 'PUR-9',
  documentDate: '2026-10-03',
  returnPeriod: '102026',
  counterpartyGstin: '29AAGCB1286Q1Z4',
  counterpartyName: 'Supplier',
  placeOfSupply: '27',
  taxable: 1_00_000_00,
  igst: 18_000_00,
  cgst: 0,
  sgst: 0,
  cess: 0,
};

const stubReturn = (answers: { detail?: Gstr3bDetail; save?: (call: Call) => Response; compute?: Gstr3bDetail } = {}) =>
  stubApi((url, call) => {
    if (url.includes('/returns/gstr3b/detail')) return json(answers.detail ?? detail());
    if (url.includes('/returns/gstr3b/figure/documents')) return json({ items: [DOCUMENT], totalRecords: 1 });
    if (url.includes('/returns/gstr3b/figures')) return answers.save ? answers.save(call) : json(detail());
    if (url.includes('/returns/gstr3b/compute')) return json(answers.compute ?? detail());
    if (url.includes('/returns/gstr3b/timeline'))
      return json({ id: null, status: 'NotSubmitted', dueDate: '2099-11-20', filedAt: null, arn: null, gstr1: [], events: [] });
    return json([]);
  });

const renderScreen = (rights: Parameters<typeof renderAt>[2] = ['Gstr3bPrepare', 'Gstr3bFile']) =>
  renderAt(<Gstr3bScreen />, '/gstr-3b?entityId=5&returnPeriod=102026', rights);

const figureRow = (key: string) => screen.getByTestId(`figure-row-${key}`);

describe('Gstr3bScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("renders the form's tables with the system figure, the user's and the difference", async () => {
    const calls = stubReturn();
    renderScreen();
    expect(await screen.findByTestId('table-3.1')).toBeTruthy();
    expect(calls.find((call) => call.url.includes('/gstr3b/detail'))?.url).toContain(
      '/returns/gstr3b/detail?entityId=5&returnPeriod=102026',
    );
    expect(screen.getByTestId('table-3.2')).toBeTruthy();
    expect(screen.getByTestId('table-4')).toBeTruthy();
    expect(screen.queryByTestId('table-5')).toBeNull();
    expect(screen.getByTestId('figure-3.1a|-system-taxable').textContent).toBe('1,00,000.00');
    expect(screen.getByTestId('figure-4A5|-system-igst').textContent).toBe('18,000.00');
    // 4A has no taxable value column.
    expect(screen.queryByTestId('figure-4A5|-system-taxable')).toBeNull();
    // The user's 3.1(d) beside the system's, the difference highlighted.
    const input = within(screen.getByTestId('figure-3.1d|-user-taxable')).getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('12,000.00');
    expect(figureRow('3.1d|').getAttribute('data-different')).toBe('true');
    expect(screen.getByTestId('figure-3.1d|-difference-taxable').textContent).toBe('+2,000.00');
    expect(screen.getByTestId('figure-row-3.2unregistered|29').textContent).toContain('29 Karnataka');
    expect(screen.getByTestId('return-period-label').textContent).toContain('Oct 2026');
  });

  it('opens the documents behind a figure in a drawer', async () => {
    const calls = stubReturn();
    renderScreen();
    await screen.findByTestId('table-4');
    fireEvent.click(within(screen.getByTestId('figure-4A5|-system-igst')).getByTestId('figure-open'));
    const document = await screen.findByTestId('figure-document-purchase-PUR-9');
    expect(within(document).getByText('PUR-9').closest('a')?.getAttribute('href')).toBe('/edit-document?id=41&type=Purchase');
    expect(screen.getByTestId('figure-drawer').textContent).toContain('4 (A)(5) All other ITC');
    expect(screen.getByTestId('figure-documents-figure').textContent).toContain('Integrated tax (System)18,000.00');
    const request = calls.find((call) => call.url.includes('/figure/documents'));
    expect(request?.body).toMatchObject({ entityId: 5, returnPeriod: '102026', figure: '4A5', start: 0, size: 50 });
  });

  it('shows a locked figure with its reason and no input', async () => {
    stubReturn();
    renderScreen();
    await screen.findByTestId('table-3.1');
    expect(figureRow('3.1a|').getAttribute('data-locked')).toBe('true');
    expect(screen.queryByTestId('figure-3.1a|-user-taxable')).toBeNull();
    expect(within(figureRow('3.1a|')).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(figureRow('3.1a|')).getByTestId('figure-lock').getAttribute('aria-label')).toBe(
      `Locked: ${GSTR3B_LOCK_REASONS.outwardAutoPopulated}`,
    );
    expect(within(screen.getByTestId('table-3.1')).getByTestId('table-lock-reason').textContent).toBe(
      GSTR3B_LOCK_REASONS.outwardAutoPopulated,
    );
    // 4C is computed: locked too; 3.2 is open before the November 2025 lock.
    expect(screen.queryByTestId('figure-4C|-user-igst')).toBeNull();
    expect(within(screen.getByTestId('figure-3.2unregistered|29-user-taxable')).getByRole('textbox')).toBeTruthy();
  });

  it('saves only the changed figures, on Enter', async () => {
    const calls = stubReturn();
    renderScreen();
    await screen.findByTestId('table-4');
    expect(screen.getByTestId('action-save').hasAttribute('disabled')).toBe(true);
    const igst = within(screen.getByTestId('figure-4A5|-user-igst')).getByRole('textbox');
    fireEvent.change(igst, { target: { value: '17,500' } });
    // Typing the system's own figure into another row changes nothing.
    fireEvent.change(within(screen.getByTestId('figure-4B2|-user-igst')).getByRole('textbox'), { target: { value: '0' } });
    expect(screen.getByTestId('change-count').textContent).toBe('1 figures changed');
    expect(screen.getByTestId('figure-4A5|-difference-igst').textContent).toBe('-500.00');
    // The arrows move between the figures of a column.
    igst.focus();
    fireEvent.keyDown(igst, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(within(screen.getByTestId('figure-4A4|-user-igst')).getByRole('textbox'));
    fireEvent.keyDown(document.activeElement ?? igst, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(igst);
    fireEvent.keyDown(igst, { key: 'Enter' });
    await waitFor(() => expect(calls.some((call) => call.url.includes('/returns/gstr3b/figures'))).toBe(true));
    const save = calls.find((call) => call.url.includes('/returns/gstr3b/figures'));
    expect(save?.method).toBe('POST');
    // Empty cells take the system's figure; only the row's columns are sent.
    expect(save?.body).toEqual({
      entityId: 5,
      returnPeriod: '102026',
      figures: [{ figure: '4A5', amounts: { igst: 17_500_00, cgst: 450_00, sgst: 450_00, cess: 0 } }],
    });
    await waitFor(() => expect(screen.getByTestId('change-count').textContent).toBe('Nothing changed'));
  });

  it("sends a figure back to the system's and refuses an amount that is not one", async () => {
    const calls = stubReturn();
    renderScreen();
    await screen.findByTestId('table-3.1');
    fireEvent.change(within(screen.getByTestId('figure-3.2unregistered|29-user-igst')).getByRole('textbox'), {
      target: { value: '12.345' },
    });
    expect(within(figureRow('3.2unregistered|29')).getByTestId('figure-invalid')).toBeTruthy();
    expect(screen.getByTestId('action-save').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(figureRow('3.2unregistered|29')).getByTestId('figure-use-system'));
    fireEvent.click(within(figureRow('3.1d|')).getByTestId('figure-use-system'));
    fireEvent.click(screen.getByTestId('action-save'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/returns/gstr3b/figures'))).toBe(true));
    expect(calls.find((call) => call.url.includes('/returns/gstr3b/figures'))?.body).toMatchObject({
      figures: [{ figure: '3.1d', amounts: null }],
    });
  });

  it("shows a refusal's reason next to the figure it names", async () => {
    const reason = `3.2 Supplies made to unregistered persons: ${GSTR3B_LOCK_REASONS.interStateAutoPopulated}`;
    stubReturn({
      save: () => json({ errors: [{ code: 'GEN0009', message: reason, propertyName: 'figures[0].amounts', type: 'Error' }] }, 422),
    });
    renderScreen();
    await screen.findByTestId('table-3.2');
    fireEvent.change(within(screen.getByTestId('figure-3.2unregistered|29-user-taxable')).getByRole('textbox'), {
      target: { value: '60000' },
    });
    fireEvent.click(screen.getByTestId('action-save'));
    const refusal = await within(figureRow('3.2unregistered|29')).findByTestId('figure-refusal');
    expect(refusal.textContent).toBe(reason);
    expect(screen.queryByTestId('save-refusal')).toBeNull();
    // The edit stays, to be corrected.
    expect(screen.getByTestId('change-count').textContent).toBe('1 figures changed');
  });

  it('offers Compute on a return never computed, shows its progress while the server computes, then the figures', async () => {
    const never = detail({
      id: null,
      rows: [],
      computedAt: null,
      computedBy: null,
      gstr1Filed: false,
      compute: { ...COMPUTED, status: 'YetNotStarted' },
    });
    const running = detail({
      rows: [],
      computedAt: null,
      computedBy: null,
      gstr1Filed: false,
      compute: { status: 'InProgress', stage: 'sales', done: 300_000, total: 1_000_000, message: null },
    });
    let current = never;
    const calls = stubApi((url) => {
      if (url.includes('/returns/gstr3b/compute')) {
        current = running;
        return json(running);
      }
      if (url.includes('/returns/gstr3b/detail')) {
        const answer = current;
        // The next read after the running one finds the computation done.
        if (current === running) current = detail({ gstr1Filed: false });
        return json(answer);
      }
      if (url.includes('/returns/gstr3b/timeline'))
        return json({ id: null, status: 'NotSubmitted', dueDate: '2099-11-20', filedAt: null, arn: null, gstr1: [], events: [] });
      return json([]);
    });
    renderScreen();
    const empty = await screen.findByTestId('gstr3b-not-computed');
    expect(screen.getByTestId('gstr1-not-filed')).toBeTruthy();
    expect(screen.queryByTestId('action-download')).toBeNull();
    fireEvent.click(within(empty).getByTestId('action-compute'));
    expect((await screen.findByTestId('compute-stage')).textContent).toBe('Reading the sales documents');
    expect(screen.getByTestId('compute-counts').textContent).toBe('3,00,000 of about 10,00,000 documents read');
    expect(screen.getByRole('progressbar', { name: 'GSTR-3B computation progress' }).getAttribute('aria-valuenow')).toBe('30');
    // Still no figures, and the portal's actions wait.
    expect(screen.getByTestId('gstr3b-not-computed')).toBeTruthy();
    await screen.findByTestId('table-3.1', {}, { timeout: 3000 });
    expect(screen.queryByTestId('compute-progress')).toBeNull();
    expect(calls.find((call) => call.url.includes('/compute'))?.body).toEqual({
      entityId: 5,
      returnPeriod: '102026',
      frequency: 'monthly',
    });
  });

  it("says why the last computation failed, above the last computation's figures", async () => {
    stubReturn({
      detail: detail({
        compute: { ...COMPUTED, status: 'Failed', message: 'The server stopped while this GSTR-3B was being computed: compute it again.' },
      }),
    });
    renderScreen();
    expect((await screen.findByTestId('compute-failed')).textContent).toContain('The last computation failed: The server stopped');
    expect(screen.getByTestId('table-3.1')).toBeTruthy();
  });

  it('shows the figures read only without the right to prepare', async () => {
    stubReturn();
    renderScreen(['Gstr3bFile']);
    await screen.findByTestId('table-3.1');
    expect(screen.getByTestId('no-prepare-right')).toBeTruthy();
    expect(screen.queryByTestId('action-save')).toBeNull();
    expect(screen.queryByTestId('action-compute')).toBeNull();
    expect(screen.queryAllByTestId('figure-input')).toHaveLength(0);
    expect(screen.getByTestId('figure-3.1d|-user-taxable').textContent).toBe('12,000.00');
    expect(screen.getByTestId('action-download')).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Run } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { ReconciliationListScreen } from './ReconciliationListScreen';

// /reconciliation-list against a stubbed API: the runs newest first with scope, status, progress, counts and ITC at
// risk, each linking to its screen; a running one keeps the list reloading; load more; the empty state.

const run = (patch: Partial<Run>): Run => ({
  id: 7,
  gstins: ['27AAPFU0939F1ZV', '29AAPFU0939F1ZT', '33AAPFU0939F1ZP'],
  entityIds: [5, 6, 8],
  fromPeriod: '042025',
  toPeriod: '062025',
  portalSource: 'GSTR2B',
  status: 'Completed',
  stage: null,
  done: 10,
  total: 10,
  booksDocuments: 1200,
  portalDocuments: 1180,
  rows: 1250,
  itcAtRisk: 1_23_456_78,
  message: null,
  supersededBy: null,
  userName: 'Asha Rao',
  createdAt: '2025-07-20T09:00:00Z',
  finishedAt: '2025-07-20T09:03:00Z',
  ...patch,
});

const LOADED = { timeout: 8000 };
const renderList = () => renderAt(<ReconciliationListScreen />, '/reconciliation-list', ['Gstr2aReconciliation']);

describe('ReconciliationListScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the runs with their scope, status, counts and ITC at risk, each opening its reconciliation', async () => {
    let searches = 0;
    const calls = stubApi((url) => {
      if (!url.includes('/reconciliation/runs/search')) return json([]);
      searches += 1;
      return json({
        items: [
          searches === 1
            ? run({ id: 8, status: 'InProgress', stage: 'Pairing documents', done: 3, total: 12, rows: 0, itcAtRisk: 0, finishedAt: null })
            : run({ id: 8 }),
          run({ id: 7, portalSource: 'GSTR2A', fromPeriod: '032025', toPeriod: '032025', supersededBy: 8 }),
          run({ id: 6, portalSource: 'IMS' }),
        ],
        totalRecords: 3,
      });
    });
    renderList();
    const running = await screen.findByTestId('run-8', {}, LOADED);
    expect(within(running).getByText('In progress')).toBeTruthy();
    expect(within(running).getByText('3 / 12')).toBeTruthy();
    expect(screen.getByTestId('run-progress-8')).toBeTruthy();
    expect(within(running).getByText('Apr 2025 – Jun 2025')).toBeTruthy();
    expect(within(running).getByText('27AAPFU0939F1ZV, 29AAPFU0939F1ZT +1 more')).toBeTruthy();

    const older = screen.getByTestId('run-7');
    expect(within(older).getByText('Mar 2025')).toBeTruthy();
    expect(within(older).getByText('GSTR-2A')).toBeTruthy();
    expect(within(older).getByText('Replaced by a later run')).toBeTruthy();
    expect(screen.getByTestId('run-rows-7').textContent).toBe('1,250');
    expect(within(older).getByText('1,200 / 1,180')).toBeTruthy();
    expect(within(older).getByText('1,23,456.78')).toBeTruthy();
    expect(within(older).getByText('Asha Rao')).toBeTruthy();
    expect(screen.getByTestId('run-open-7').getAttribute('href')).toBe('/gstr-2a-reconciliation?runId=7');
    // A run of IMS opens in its own screen.
    expect(screen.getByTestId('run-open-6').getAttribute('href')).toBe('/invoice-management-system?runId=6');
    expect(calls[0]?.body).toMatchObject({ start: 0, size: 50 });

    // While a run works the list reloads (poolingTime 1 s); once done it shows its counts and stops.
    await waitFor(() => expect(screen.getByTestId('run-rows-8').textContent).toBe('1,250'), { timeout: 4000 });
    expect(within(screen.getByTestId('run-8')).getByText('Completed')).toBeTruthy();
    const settled = searches;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(searches).toBe(settled);
  }, 20_000);

  it('loads more runs by the page size', async () => {
    const calls = stubApi((url, call) => {
      const start = (call.body as { start: number }).start;
      return url.includes('/runs/search') ? json({ items: start === 0 ? [run({ id: 9 })] : [run({ id: 3 })], totalRecords: 2 }) : json([]);
    });
    renderList();
    fireEvent.click(await screen.findByTestId('load-more', {}, LOADED));
    expect(await screen.findByTestId('run-3', {}, LOADED)).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/runs/search')).map((call) => (call.body as { start: number }).start)).toEqual([0, 1]);
  }, 20_000);

  it('says what to do when there is no reconciliation yet, with a link to start one', async () => {
    stubApi(() => json({ items: [], totalRecords: 0 }));
    renderList();
    expect((await screen.findByTestId('reconciliations-empty', {}, LOADED)).textContent).toBe(
      'No reconciliation yet. Download GSTR-2B for your GSTINs, then start one.',
    );
    expect(screen.getByTestId('reconciliations-start').getAttribute('href')).toBe('/gstr-2a-reconciliation?new=1');
  }, 20_000);
});

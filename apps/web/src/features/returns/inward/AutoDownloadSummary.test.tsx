import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '../../../shared/format';
import { json, pick, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { AutoDownloadSummary } from './AutoDownloadSummary';
import { ENTITIES, summaryRow } from './inwardTestSupport';

// The auto data download summary (issue 18): per GSTIN, period and source the last download or upload, how it came,
// how it went and the data in use; its filters reach the request, the screen around it may fix the GSTINs and periods,
// and with nothing downloaded it says what to do.

const RIGHTS = ['ReturnsView', 'Gstr2aReconciliation'] as const;
const ROWS = [
  summaryRow(),
  summaryRow({
    activityId: 42,
    source: 'GSTR2A',
    method: 'Scheduled',
    userName: null,
    status: 'Unprocessable',
    outcome: 'Failed',
    documentCount: 0,
    message: 'Sign in to the GST portal for GSTIN 27AAPFU0939F1ZV: it has no active portal session.',
    lastCompletedAt: '2026-11-20T06:00:00Z',
    documents: 30,
  }),
  summaryRow({ activityId: 43, returnPeriod: '092026', method: 'Upload', status: 'Manual', userName: 'Asha Rao' }),
];

const lastBody = (calls: Call[]) =>
  calls.filter((call) => call.url.includes('/returns/inward/summary')).at(-1)?.body as Record<string, unknown>;

describe('AutoDownloadSummary', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lists the last download of each GSTIN, period and source, and sends its filters and sort', async () => {
    const calls = stubApi((url) => {
      if (url.includes('/user/entities')) return json(ENTITIES);
      if (url.includes('/returns/inward/summary')) return json({ items: ROWS, totalRecords: 3 });
      return json([]);
    });
    renderAt(<AutoDownloadSummary />, '/gstr-2a-reconciliation', RIGHTS);
    const cells = (testId: string) => [...within(screen.getByTestId(testId)).getAllByRole('cell')].map((cell) => cell.textContent);
    await screen.findByTestId('inward-summary-row-27AAPFU0939F1ZV-102026-GSTR2B');
    expect(cells('inward-summary-row-27AAPFU0939F1ZV-102026-GSTR2B')).toEqual([
      '27AAPFU0939F1ZVMumbai',
      'Oct 2026',
      'GSTR-2B',
      'On request',
      'Downloaded',
      '12',
      formatDateTime('2026-11-26T08:00:05Z'),
      'Asha Rao',
      '—',
      `12 documents from ${formatDateTime('2026-11-26T08:00:05Z')}`,
    ]);
    expect(cells('inward-summary-row-27AAPFU0939F1ZV-102026-GSTR2A').slice(2, 10)).toEqual([
      'GSTR-2A',
      'Scheduled',
      'Failed',
      '—',
      formatDateTime('2026-11-26T08:00:05Z'),
      'The schedule',
      'Sign in to the GST portal for GSTIN 27AAPFU0939F1ZV: it has no active portal session.',
      `30 documents from ${formatDateTime('2026-11-20T06:00:00Z')}`,
    ]);
    expect(cells('inward-summary-row-27AAPFU0939F1ZV-092026-GSTR2B')[3]).toBe('Uploaded file');
    expect(lastBody(calls)).toEqual({ filters: {}, sortExpression: 'returnPeriod DESC', start: 0, size: 50 });

    await pick(screen.getByTestId('inward-summary-gstins'), '33AAPFU0939F1ZR · Chennai');
    await pick(screen.getByTestId('inward-summary-from'), 'Aug 2026');
    await pick(screen.getByTestId('inward-summary-to'), 'Sep 2026');
    await pick(screen.getByTestId('inward-summary-source'), 'GSTR-2B');
    await pick(screen.getByTestId('inward-summary-method'), 'Scheduled');
    await pick(screen.getByTestId('inward-summary-outcome'), 'Not generated yet');
    fireEvent.click(screen.getByRole('button', { name: /GSTIN/ }));
    await waitFor(() =>
      expect(lastBody(calls)).toEqual({
        filters: {
          entityIds: [6],
          returnPeriods: ['082026', '092026'],
          sources: ['GSTR2B'],
          methods: ['Scheduled'],
          outcomes: ['NotGenerated'],
        },
        sortExpression: 'gstin ASC',
        start: 0,
        size: 50,
      }),
    );
  }, 20_000);

  it('keeps to the GSTINs and periods the screen around it chose, and says what to do when nothing was downloaded', async () => {
    const calls = stubApi((url) => (url.includes('/returns/inward/summary') ? json({ items: [], totalRecords: 0 }) : json([])));
    renderAt(<AutoDownloadSummary entityIds={[5]} returnPeriods={['102026']} />, '/gstr-2a-reconciliation', RIGHTS);
    expect(await screen.findByText('No downloads yet. Download GSTR-2A/2B or turn on the automatic download in Settings.')).toBeTruthy();
    expect(screen.queryByTestId('inward-summary-gstins')).toBeNull();
    expect(screen.queryByTestId('inward-summary-from')).toBeNull();
    expect(lastBody(calls)?.filters).toEqual({ entityIds: [5], returnPeriods: ['102026'] });
    expect(calls.some((call) => call.url.includes('/user/entities'))).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, pick, refusal, renderAt, stubApi } from '../../../test/screenTestSupport';
import { BulkInwardDownload } from './BulkInwardDownload';
import { ENTITIES, item, progressOf } from './inwardTestSupport';

// The bulk GSTR-2A/2B download (issue 18): the request (GSTINs, periods, sources) queues one job; its progress shows
// where the button is, polled until every download has ended, with the counts, the elapsed time and each failure in
// words; a GSTR-2B not generated yet is listed apart. The dialog closes on Start: nothing blocks the screen.

const RIGHTS = ['ReturnsView', 'Gstr2aReconciliation'] as const;
const NO_SESSION =
  'Sign in to the GST portal for GSTIN 33AAPFU0939F1ZR: it has no active portal session (request the OTP on the Regular overview screen).';

// The server's words for a GSTR-2B asked for before the 14th (RET2B1018, the portal sandbox's message).
const NOT_GENERATED =
  'GSTR-2B of Oct 2026 is not generated yet. The GST portal answered: GSTR-2B for the return period is generated on ' +
  '14-11-2026: it cannot be requested before then (RET2B1018)';

const queued = [
  item(11),
  item(12, { source: 'GSTR2B' }),
  item(13, { entityId: 6, entityName: 'Chennai', gstin: '33AAPFU0939F1ZR' }),
  item(14, { entityId: 6, entityName: 'Chennai', gstin: '33AAPFU0939F1ZR', source: 'GSTR2B' }),
];
const running = [
  item(11, { status: 'Completed', outcome: 'Downloaded', documentCount: 7, completedAt: '2026-11-26T08:00:03Z' }),
  item(12, { source: 'GSTR2B', status: 'Attempted', outcome: 'Running', message: 'Attempt 1 of 3 failed: timeout. Trying again in 2 s.' }),
  ...queued.slice(2),
];
const finished = [
  running[0]!,
  item(12, {
    source: 'GSTR2B',
    status: 'Unprocessable',
    outcome: 'NotGenerated',
    message: NOT_GENERATED,
    completedAt: '2026-11-26T08:00:09Z',
  }),
  item(13, { ...queued[2], status: 'Unprocessable', outcome: 'Failed', message: NO_SESSION, completedAt: '2026-11-26T08:00:04Z' }),
  item(14, { ...queued[3], status: 'Unprocessable', outcome: 'Failed', message: NO_SESSION, completedAt: '2026-11-26T08:00:04Z' }),
];

describe('BulkInwardDownload', () => {
  beforeEach(() => {
    // The periods offered are the months up to this one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    // jsdom lays nothing out: a select opened on its chosen option scrolls it into view.
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('queues the GSTINs × periods × sources chosen, then shows the progress to the end with each failure in words', async () => {
    const answers = [progressOf(running), progressOf(finished, '2026-11-26T08:00:09Z')];
    const calls = stubApi((url) => {
      if (url.includes('/user/entities')) return json(ENTITIES);
      if (url.includes('/returns/inward/bulk/download')) return json(progressOf(queued));
      if (url.includes('/returns/inward/bulk/status')) return json(answers.length > 1 ? answers.shift() : answers[0]);
      return json([]);
    });
    const finishedWith = vi.fn();
    renderAt(
      <BulkInwardDownload entityIds={[5]} fromPeriod="102026" toPeriod="102026" onFinished={finishedWith} />,
      '/regular-overview',
      RIGHTS,
    );

    fireEvent.click(screen.getByTestId('inward-bulk-open'));
    // The chosen GSTIN shows once the user's locations are loaded.
    expect((await screen.findAllByText('27AAPFU0939F1ZV · Mumbai')).length).toBeGreaterThan(0);
    await pick(screen.getByTestId('inward-bulk-gstins'), '33AAPFU0939F1ZR · Chennai');
    await pick(screen.getByTestId('inward-bulk-from'), 'Sep 2026');
    expect(screen.getByTestId('inward-bulk-count').textContent).toBe(
      '8 downloads (2 GSTINs × 2 periods × 2 sources). They run in the background: you can go on working meanwhile.',
    );
    await pick(screen.getByTestId('inward-bulk-from'), 'Oct 2026');
    fireEvent.click(screen.getByTestId('inward-bulk-start'));

    await waitFor(() => expect(screen.queryByTestId('inward-bulk-form')).toBeNull());
    expect(calls.find((call) => call.url.includes('/bulk/download'))?.body).toEqual({
      entityIds: [5, 6],
      fromPeriod: '102026',
      toPeriod: '102026',
      sources: ['GSTR2A', 'GSTR2B'],
    });
    expect(JSON.parse(sessionStorage.getItem('opengst.inwardBulk') ?? 'null')).toEqual([11, 12, 13, 14]);
    await waitFor(() => expect(screen.getByTestId('inward-bulk-stage').textContent).toBe('Downloading GSTR-2A/2B: 1 of 4 done'));
    expect(screen.getByTestId('inward-bulk-counts').textContent).toBe(
      '1 downloaded (7 documents) · 0 not generated yet · 0 failed · 3 waiting',
    );
    expect(screen.getByRole('progressbar', { name: 'Progress of the GSTR-2A/2B download' }).getAttribute('aria-valuenow')).toBe('25');

    await waitFor(() => expect(screen.getByTestId('inward-bulk-stage').textContent).toBe('GSTR-2A/2B download finished: 4 of 4 done'), {
      timeout: 5000,
    });
    expect(screen.getByTestId('inward-bulk-counts').textContent).toBe(
      '1 downloaded (7 documents) · 1 not generated yet · 2 failed · 0 waiting',
    );
    expect(screen.getByTestId('inward-bulk-elapsed').textContent).toBe('Elapsed 9 s');
    expect([...screen.getByTestId('inward-bulk-failures').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      `33AAPFU0939F1ZR · Oct 2026 · GSTR-2A: ${NO_SESSION}`,
      `33AAPFU0939F1ZR · Oct 2026 · GSTR-2B: ${NO_SESSION}`,
    ]);
    expect(screen.getByTestId('inward-bulk-not-generated').textContent).toBe(`27AAPFU0939F1ZV · Oct 2026 · GSTR-2B: ${NOT_GENERATED}`);
    expect(finishedWith).toHaveBeenCalledTimes(1);
    expect(finishedWith.mock.calls[0]?.[0]).toMatchObject({ done: 4, failed: 2 });

    fireEvent.click(screen.getByTestId('inward-bulk-dismiss'));
    expect(screen.queryByTestId('inward-bulk-progress')).toBeNull();
    expect(sessionStorage.getItem('opengst.inwardBulk')).toBeNull();
  }, 20_000);

  it("shows the server's refusal on its field and keeps the dialog open", async () => {
    stubApi((url) => {
      if (url.includes('/user/entities')) return json(ENTITIES);
      if (url.includes('/returns/inward/bulk/download'))
        return json(
          {
            errors: [
              {
                code: 'GEN0009',
                message: 'The portal holds no GSTR-2A/2B of a period that has not begun.',
                propertyName: 'ToPeriod',
                type: 'Error',
              },
            ],
          },
          422,
        );
      return json([]);
    });
    renderAt(<BulkInwardDownload entityIds={[5]} />, '/regular-overview', RIGHTS);
    fireEvent.click(screen.getByTestId('inward-bulk-open'));
    fireEvent.click(screen.getByTestId('inward-bulk-source-GSTR2A'));
    fireEvent.click(screen.getByTestId('inward-bulk-source-GSTR2B'));
    fireEvent.click(screen.getByTestId('inward-bulk-start'));
    expect(await screen.findByText('Choose GSTR-2A, GSTR-2B or both.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('inward-bulk-source-GSTR2B'));
    fireEvent.click(screen.getByTestId('inward-bulk-start'));
    expect(await screen.findByText('The portal holds no GSTR-2A/2B of a period that has not begun.')).toBeTruthy();
    expect(screen.getByTestId('inward-bulk-form')).toBeTruthy();
  }, 20_000);

  it('keeps showing the run this tab started, forgets one that is gone, and needs the download right', async () => {
    sessionStorage.setItem('opengst.inwardBulk', JSON.stringify([11, 12, 13, 14]));
    stubApi((url) => (url.includes('/bulk/status') ? json(progressOf(finished, '2026-11-26T08:00:09Z')) : json([])));
    renderAt(<BulkInwardDownload />, '/gstr-2a-reconciliation', RIGHTS);
    expect((await screen.findByTestId('inward-bulk-stage')).textContent).toBe('GSTR-2A/2B download finished: 4 of 4 done');
    cleanup();

    stubApi((url) => (url.includes('/bulk/status') ? refusal('GEN0003', 'One of these downloads does not exist.') : json([])));
    renderAt(<BulkInwardDownload />, '/gstr-2a-reconciliation', RIGHTS);
    await waitFor(() => expect(sessionStorage.getItem('opengst.inwardBulk')).toBeNull());
    expect(screen.queryByTestId('inward-bulk-progress')).toBeNull();
    cleanup();

    renderAt(<BulkInwardDownload />, '/regular-overview', ['ReturnsView']);
    expect(screen.getByTestId('inward-bulk-open').hasAttribute('disabled')).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { DataActivity, InwardCount, InwardDocument, InwardDownload, ReturnOverview } from '@opengst/contracts';
import { InwardPanel } from './InwardPanel';
import { returnOverviewQuery } from '../returnsApi';
import { formatDateTime } from '../../../shared/format';
import { json, renderAt, stubApi } from '../../../test/screenTestSupport';

// The inward panel of October 2026 (issue 17, item 5): a GSTR-2B download of no documents shows as downloaded, with
// the same time and count as its toast, and says why a 2B can be empty; the 2B's cut-off window and whether it is
// generated yet; a failed download in words; and where each GSTR-2A document goes (this 2B, next month's, none yet).

const PERIOD = '102026';
const DOWNLOADED_AT = '2026-11-26T08:35:00Z';

const never = (source: InwardCount['source']): InwardCount => ({
  source,
  documents: 0,
  syncedAt: null,
  lastDownload: null,
  lastCompleted: null,
});

const overviewOf = (inward: InwardCount[]): ReturnOverview => ({
  entityId: 5,
  entityName: 'Mumbai',
  gstin: '27AAPFU0939F1ZV',
  returnPeriod: PERIOD,
  returns: [],
  inward,
  portalSession: { entityId: 5, gstin: '27AAPFU0939F1ZV', hasCredentials: true, active: true, expiresAt: null, sandbox: true },
});

const activity: DataActivity = {
  id: 41,
  entityId: 5,
  entityName: 'Mumbai',
  gstin: '27AAPFU0939F1ZV',
  kind: 'Sync',
  action: 'GSTR2B',
  returnType: 'GSTR2B',
  returnPeriod: PERIOD,
  returnId: null,
  status: 'Completed',
  portalReferenceId: null,
  documentCount: 0,
  errorCount: 0,
  message: null,
  userName: 'Asha Rao',
  createdAt: '2026-11-26T08:34:58Z',
  completedAt: DOWNLOADED_AT,
};

const download = (patch: Partial<InwardDownload> = {}): InwardDownload => ({
  activityId: 41,
  status: 'Completed',
  outcome: 'Downloaded',
  startedAt: '2026-11-26T08:34:58Z',
  completedAt: DOWNLOADED_AT,
  documentCount: 0,
  userName: 'Asha Rao',
  message: null,
  ...patch,
});

const twoA = (documentNumber: string, patch: Partial<InwardDocument>): InwardDocument => ({
  id: documentNumber.length,
  section: 'b2b',
  supplierGstin: '29AAGCB1286Q1Z4',
  supplierName: 'Bharat Steel',
  documentType: 'INV',
  documentNumber,
  documentDate: '2026-10-20',
  placeOfSupply: '27',
  isReverseCharge: false,
  taxable: 1_00_000_00,
  igst: 18_000_00,
  cgst: 0,
  sgst: 0,
  cess: 0,
  documentValue: 1_18_000_00,
  supplierFiled: true,
  supplierFilingDate: '2026-11-05',
  itcAvailability: null,
  listing: null,
  ...patch,
});

/** The panel as the overview screen holds it: on the overview query, which a download invalidates. */
const Overview = () => {
  const { data } = useQuery(returnOverviewQuery(5, PERIOD));
  return data ? <InwardPanel overview={data} /> : null;
};

const RIGHTS = ['ReturnsView', 'Gstr1File'] as const;

describe('InwardPanel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows a GSTR-2B download of 0 documents as downloaded, as its toast says, and why a 2B can be empty', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    const toast = vi.spyOn(notifications, 'show');
    let overview = overviewOf([never('GSTR2A'), never('GSTR2B')]);
    const calls = stubApi((url) => {
      if (url.includes('/returns/overview')) return json(overview);
      if (url.includes('/returns/portal/session')) return json(overview.portalSession);
      if (url.includes('/returns/inward/download')) {
        overview = overviewOf([
          never('GSTR2A'),
          { ...never('GSTR2B'), syncedAt: DOWNLOADED_AT, lastDownload: download(), lastCompleted: download() },
        ]);
        return json(activity);
      }
      if (url.includes('/returns/inward/search')) return json({ items: [], totalRecords: 0, syncedAt: null });
      return json([]);
    });
    renderAt(<Overview />, '/regular-overview', RIGHTS);

    expect((await screen.findByTestId('inward-synced-GSTR2B')).textContent).toBe('Not downloaded yet');
    expect(screen.getByTestId('inward-2b-window').textContent).toBe(
      'GSTR-2B of Oct 2026 holds the documents your suppliers filed from 12-10-2026 to 11-11-2026 in a monthly GSTR-1, or from ' +
        '14-10-2026 to 13-11-2026 in IFF, a quarterly GSTR-1, GSTR-5 or GSTR-6. It is generated on 14-11-2026; a document filed ' +
        'later is in the next GSTR-2B, whatever its date.',
    );
    expect(screen.queryByTestId('inward-2b-not-generated')).toBeNull();

    await waitFor(() => expect(screen.getByTestId('inward-download-GSTR2B').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('inward-download-GSTR2B'));
    const time = formatDateTime(DOWNLOADED_AT);
    expect(time).toMatch(/^26-11-2026 /);
    await waitFor(() => expect(screen.getByTestId('inward-synced-GSTR2B').textContent).toBe(`Downloaded ${time} by Asha Rao: 0 documents`));
    expect(calls.find((call) => call.url.includes('/inward/download'))?.body).toEqual({
      entityId: 5,
      returnPeriod: PERIOD,
      source: 'GSTR2B',
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: `GSTR-2B downloaded ${time}: 0 documents.` }));
    expect(screen.getByTestId('inward-synced-GSTR2B').getAttribute('data-state')).toBe('completed');
    expect(screen.getByTestId('inward-synced-GSTR2A').textContent).toBe('Not downloaded yet');
    expect(
      await screen.findByText(
        `The GSTR-2B of Oct 2026 downloaded ${time} has no documents: no supplier filed a document naming your GSTIN from ` +
          '12-10-2026 to 11-11-2026 in a monthly GSTR-1, or from 14-10-2026 to 13-11-2026 in IFF or a quarterly return. A ' +
          'document filed after that is in a later GSTR-2B, whatever its date: download GSTR-2A to see what your suppliers ' +
          'filed for Oct 2026, when, and in which GSTR-2B each document falls.',
      ),
    ).toBeTruthy();
  });

  it('says the GSTR-2B is not generated before the 14th, and the download that found none so, not as failed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-13T12:00:00Z'));
    const notGenerated =
      'GSTR-2B of Oct 2026 is not generated yet. The GST portal answered: GSTR-2B for the return period is generated on ' +
      '14-11-2026: it cannot be requested before then (RET2B1018)';
    const failed = download({
      activityId: 42,
      status: 'Unprocessable',
      outcome: 'NotGenerated',
      completedAt: '2026-11-13T11:00:00Z',
      message: notGenerated,
    });
    const overview = overviewOf([never('GSTR2A'), { ...never('GSTR2B'), lastDownload: failed }]);
    stubApi((url) => {
      if (url.includes('/returns/overview')) return json(overview);
      if (url.includes('/returns/portal/session')) return json(overview.portalSession);
      if (url.includes('/returns/inward/search')) return json({ items: [], totalRecords: 0, syncedAt: null });
      return json([]);
    });
    renderAt(<Overview />, '/regular-overview', RIGHTS);

    expect((await screen.findByTestId('inward-2b-not-generated')).textContent).toBe(
      'Not generated yet: the portal generates the GSTR-2B of Oct 2026 on 14-11-2026; a download before then finds none.',
    );
    const line = screen.getByTestId('inward-synced-GSTR2B');
    expect(line.textContent).toBe(`Not generated yet when asked (${formatDateTime('2026-11-13T11:00:00Z')}): ${notGenerated}`);
    expect(line.getAttribute('data-state')).toBe('notGenerated');
    expect(screen.queryByTestId('inward-listed-GSTR2B')).toBeNull();
  });

  it('marks each GSTR-2A document with the GSTR-2B it falls into, and a failed download beside the listed one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    const completed = download({ activityId: 40, documentCount: 4, userName: null });
    const failed = download({ activityId: 43, status: 'Unhandled', outcome: 'Failed', message: null, completedAt: '2026-11-26T08:50:00Z' });
    const overview = overviewOf([
      { source: 'GSTR2A', documents: 4, syncedAt: DOWNLOADED_AT, lastDownload: failed, lastCompleted: completed },
      never('GSTR2B'),
    ]);
    const rows = [
      twoA('IN/1', { supplierFilingDate: '2026-11-05' }),
      twoA('IN/22', { supplierFilingDate: '2026-11-15' }),
      twoA('IN/333', { supplierFilingDate: '2026-11-12' }),
      twoA('IN/4444', { supplierFiled: false, supplierFilingDate: null }),
    ];
    stubApi((url, call) => {
      if (url.includes('/returns/overview')) return json(overview);
      if (url.includes('/returns/portal/session')) return json(overview.portalSession);
      if (url.includes('/returns/inward/search')) {
        const isTwoA = (call.body as { source: string }).source === 'GSTR2A';
        return json({ items: isTwoA ? rows : [], totalRecords: isTwoA ? rows.length : 0, syncedAt: DOWNLOADED_AT });
      }
      return json([]);
    });
    renderAt(<Overview />, '/regular-overview', RIGHTS);

    // A loaded machine (the full suite on two cores) renders the list later than findBy's default second.
    expect((await screen.findByTestId('inward-2b-IN/1', {}, { timeout: 5000 })).textContent).toBe('In this GSTR-2B (Oct 2026)');
    expect(screen.getByTestId('inward-2b-IN/22').textContent).toBe(
      'In GSTR-2B of Nov 2026: filed 15-11-2026, after the 11-11-2026 cut-off (13-11-2026 for IFF and quarterly filers)',
    );
    expect(screen.getByTestId('inward-2b-IN/333').textContent).toBe(
      'Filed 12-11-2026: in GSTR-2B of Nov 2026 if the supplier files GSTR-1 monthly, of Oct 2026 if quarterly (IFF)',
    );
    expect(screen.getByTestId('inward-2b-IN/4444').textContent).toBe('Not filed by the supplier yet: in no GSTR-2B until it is filed');

    expect(screen.getByTestId('inward-synced-GSTR2A').textContent).toBe(
      `The last download (${formatDateTime('2026-11-26T08:50:00Z')}) failed: the portal gave no reason.`,
    );
    expect(screen.getByTestId('inward-listed-GSTR2A').textContent).toBe(
      `Listed below: the download of ${formatDateTime(DOWNLOADED_AT)}, 4 documents.`,
    );

    fireEvent.click(screen.getByRole('radio', { name: 'GSTR-2B' }));
    expect(
      await screen.findByText('No GSTR-2B documents. Download GSTR-2B to see what your suppliers filed for this period.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('inward-2b-IN/1')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RightId } from '@opengst/contracts';
import { json, pick, refusal, renderAt, type Call } from '../../../test/screenTestSupport';
import { LOADED } from '../reconciliationTestSupport';
import { activity, imsRow, isWaitingCount, stubIms } from './imsTestSupport';
import { InvoiceManagementSystemScreen } from './InvoiceManagementSystemScreen';
import type { PortalSessionSlot } from './ImsToolbar';

// /invoice-management-system against a stubbed API: the empty state and Download IMS per GSTIN in words, an IMS run
// started from the form with its source fixed, the IMS columns, Apply recommended (one action call per recommended
// action), Push to portal with its waiting count followed until the portal has answered, the data download status
// lists, Recompute GSTR-2B, and what the screen does itself when a right is missing.

const ALL_RIGHTS: RightId[] = ['InvoiceManagementSystem', 'DataActivitiesSync', 'DataActivitiesPush'];
const FakeSession: PortalSessionSlot = ({ entityId }) => <div data-testid="fake-session">{`session of ${entityId}`}</div>;

const renderScreen = (address = '/invoice-management-system?runId=7', rights: RightId[] = ALL_RIGHTS, portalSession?: PortalSessionSlot) =>
  renderAt(<InvoiceManagementSystemScreen portalSession={portalSession} />, address, rights);

const callsTo = (calls: Call[], fragment: string) => calls.filter((call) => call.url.includes(fragment));

describe('InvoiceManagementSystemScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  }, 20_000);

  it('says what to do without an IMS run, downloads IMS for every GSTIN and says each outcome in words', async () => {
    const calls = stubIms({
      runs: [],
      download: () =>
        json([
          activity({ id: 41, documentCount: 12 }),
          activity({
            id: 42,
            entityId: 6,
            gstin: '29AAPFU0939F1ZT',
            status: 'Unprocessable',
            documentCount: 0,
            message: 'No active GST portal session for this GSTIN.',
          }),
        ]),
    });
    renderScreen('/invoice-management-system', ALL_RIGHTS);
    expect((await screen.findByTestId('ims-empty', {}, LOADED)).textContent).toBe(
      'No IMS records yet. Sign in to the GST portal for your GSTINs, then Download IMS.',
    );
    expect(callsTo(calls, '/runs/search')[0]?.body).toEqual({ start: 0, size: 1, filters: { portalSources: ['IMS'] } });

    // No GSTIN chosen: every location is downloaded.
    await waitFor(() => expect(screen.getByTestId('ims-download').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('ims-download'));
    expect((await screen.findByTestId('ims-download-27AAPFU0939F1ZV', {}, LOADED)).textContent).toBe(
      '27AAPFU0939F1ZV: 12 records downloaded.',
    );
    expect(screen.getByTestId('ims-download-29AAPFU0939F1ZT').textContent).toBe(
      '29AAPFU0939F1ZT: not downloaded. No active GST portal session for this GSTIN.',
    );
    expect(screen.getByTestId('ims-download-29AAPFU0939F1ZT').getAttribute('data-tone')).toBe('failed');
    expect(callsTo(calls, '/ims/download')[0]?.body).toEqual({ entityIds: [5, 6] });
    expect(screen.getByTestId('ims-download-next').textContent).toBe(
      'Now reconcile with books to see these records against your purchase register.',
    );
    expect(screen.getByTestId('ims-empty').textContent).toBe(
      'IMS downloaded. Now Reconcile with books to match each record with your purchase register.',
    );
  }, 30_000);

  it('downloads only the GSTINs chosen and says a refusal in the portal’s words', async () => {
    const calls = stubIms({
      runs: [],
      download: () => refusal('RET0008', 'No active GST portal session for this GSTIN: request an OTP and sign in to the portal first.'),
    });
    renderScreen('/invoice-management-system', [...ALL_RIGHTS, 'ReturnsView'], FakeSession);
    await pick(await screen.findByTestId('ims-gstins', {}, LOADED), '29AAPFU0939F1ZT · Bengaluru');
    // The portal session of the GSTIN chosen: the returns feature's card, handed in.
    expect((await screen.findByTestId('fake-session')).textContent).toBe('session of 6');
    fireEvent.click(screen.getByTestId('ims-download'));
    expect((await screen.findByTestId('ims-download-refusal', {}, LOADED)).textContent).toBe(
      'IMS was not downloaded: No active GST portal session for this GSTIN: request an OTP and sign in to the portal first.',
    );
    expect(callsTo(calls, '/ims/download')[0]?.body).toEqual({ entityIds: [6] });
  }, 30_000);

  it('starts a reconciliation of IMS with the books from the form, its source fixed, and opens it', async () => {
    const calls = stubIms({ runs: [] });
    renderScreen('/invoice-management-system');
    fireEvent.click(await screen.findByTestId('ims-run-new', {}, LOADED));
    expect((await screen.findByTestId('new-run-source-fixed')).textContent).toBe('IMS');
    expect(screen.queryByTestId('new-run-source')).toBeNull();
    expect(screen.getByText('Reconcile IMS with your books')).toBeTruthy();
    await pick(screen.getByTestId('new-run-gstins'), '27AAPFU0939F1ZV · Mumbai');
    fireEvent.click(screen.getByTestId('new-run-start'));
    await screen.findByTestId('run-header', {}, LOADED);
    const start = calls.find((call) => call.url.endsWith('/reconciliation/runs'));
    expect(start?.body).toMatchObject({ entityIds: [5], portalSource: 'IMS' });
    expect(callsTo(calls, '/reconciliation/run?runId=8').length).toBeGreaterThan(0);
  }, 30_000);

  it('lists the four lists with their counts and the IMS columns: at the portal, recommended and why, your action, sent', async () => {
    stubIms({
      rows: [
        imsRow({ id: 101 }),
        imsRow({ id: 102, imsAction: 'Pending', action: 'Reject', recommendedAction: 'Reject', pushStatus: null }),
        imsRow({ id: 103, imsAction: 'Accepted', action: 'Accept', pushStatus: 'Pushed' }),
        imsRow({ id: 104, action: 'Pending', pushStatus: 'Refused: Pending is not allowed for this record (RT-IMS-12)' }),
        imsRow({ id: 105, action: 'Accept', pushStatus: 'Sending' }),
      ],
      activities: (call) => ((call.body as { kind: string }).kind === 'Sync' ? [activity()] : []),
    });
    renderScreen();
    await screen.findByTestId('row-101', {}, LOADED);
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('data-testid'))).toEqual([
      'ims-tab-reconciliation',
      'ims-tab-vendors',
      'ims-tab-summary',
      'ims-tab-downloadStatus',
    ]);
    await waitFor(() => expect(screen.getByTestId('ims-tab-reconciliation-count').textContent).toBe('5'));
    expect(screen.getByTestId('ims-tab-summary-count').textContent).toBe('3');
    await waitFor(() => expect(screen.getByTestId('ims-tab-downloadStatus-count').textContent).toBe('1'));
    expect(screen.getByTestId('run-source').textContent).toBe('IMS');

    const headers = within(screen.getByTestId('rows-tab'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['At the portal', 'Recommended', 'Your action', 'Sent to portal']));
    expect(screen.getByTestId('ims-portal-101').textContent).toBe('No action');
    expect(screen.getByTestId('ims-portal-102').textContent).toBe('Pending');
    expect(screen.getByTestId('ims-recommended-101').textContent).toBe('Accept');
    expect(screen.getByTestId('ims-recommended-101').getAttribute('title')).toBe(
      'Matched with your books: accept it so its ITC reaches GSTR-2B.',
    );
    expect(screen.getByTestId('ims-push-status-101').textContent).toBe('—');
    expect(screen.getByTestId('ims-push-status-102').textContent).toBe('Waiting to push');
    expect(screen.getByTestId('ims-push-status-103').textContent).toBe('Pushed');
    expect(screen.getByTestId('ims-push-status-104').textContent).toBe('Refused: Pending is not allowed for this record (RT-IMS-12)');
    expect(screen.getByTestId('ims-push-status-105').textContent).toBe('Sending…');
    // What a push would send: the one never sent and the refused one, not the one being sent.
    await waitFor(() => expect(screen.getByTestId('ims-push-waiting').textContent).toBe('2'));
    expect(screen.getByTestId('ims-rules-note').textContent).toContain('deemed accepted when the GSTR-2B is generated on the 14th');

    // The pair view says the same, with the reason in full.
    fireEvent.click(screen.getByTestId('row-101'));
    const ims = await screen.findByTestId('pair-ims', {}, LOADED);
    expect(within(ims).getByTestId('pair-ims-action').textContent).toBe('At the portal: No action');
    expect(within(ims).getByTestId('pair-recommended').textContent).toBe(
      'Recommended: Accept. Matched with your books: accept it so its ITC reaches GSTR-2B.',
    );
    expect(within(ims).queryByTestId('pair-push-status')).toBeNull();
  }, 30_000);

  it('applies the recommended actions to the selection: one call per recommended action, the others left', async () => {
    const calls = stubIms();
    renderScreen();
    await screen.findByTestId('row-101', {}, LOADED);
    fireEvent.click(within(screen.getByTestId('rows-tab')).getByLabelText('Select all rows'));
    // Only the IMS actions are offered.
    expect(screen.getByTestId('bulk-Accept')).toBeTruthy();
    expect(screen.getByTestId('bulk-Pending')).toBeTruthy();
    expect(screen.queryByTestId('bulk-more')).toBeNull();
    fireEvent.click(screen.getByTestId('ims-apply-recommended'));
    const dialog = await screen.findByTestId('ims-apply-dialog');
    expect(within(dialog).getByTestId('ims-apply-group-Accept').textContent).toBe('Accept: 2 rows');
    expect(within(dialog).getByTestId('ims-apply-group-Reject').textContent).toBe('Reject: 1 rows');
    expect(within(dialog).getByTestId('ims-apply-without').textContent).toBe('1 rows have no recommendation and stay as they are.');
    fireEvent.click(within(dialog).getByTestId('ims-apply-confirm'));
    await waitFor(() => expect(screen.queryByTestId('ims-apply-dialog')).toBeNull());
    expect(callsTo(calls, '/reconciliation/action').map((call) => call.body)).toEqual([
      { runId: 7, action: 'Accept', selection: { rowIds: [101, 103] } },
      { runId: 7, action: 'Reject', selection: { rowIds: [102] } },
    ]);
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).toBeNull());
  }, 30_000);

  it('sends Accept, Reject or Pending with remarks, saying which records the portal takes remarks on', async () => {
    const calls = stubIms();
    renderScreen();
    await screen.findByTestId('row-101', {}, LOADED);
    fireEvent.click(within(screen.getByTestId('row-102')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('bulk-Reject'));
    const dialog = await screen.findByTestId('row-action-dialog');
    expect(dialog.textContent).toContain('The portal takes remarks with Reject and Pending on records of the October 2025 period onward');
    fireEvent.change(within(dialog).getByTestId('action-remarks'), { target: { value: 'Not ours' } });
    fireEvent.click(within(dialog).getByTestId('action-apply'));
    await waitFor(() =>
      expect(callsTo(calls, '/reconciliation/action')[0]?.body).toEqual({
        runId: 7,
        action: 'Reject',
        selection: { rowIds: [102] },
        remarks: 'Not ours',
      }),
    );
  }, 30_000);

  it('pushes the waiting actions, then follows the rows until the portal has answered for each', async () => {
    const pushed = imsRow({ id: 103, imsAction: 'Accepted', action: 'Accept', pushStatus: 'Pushed' });
    const waiting = [imsRow({ id: 101, action: 'Accept' }), imsRow({ id: 102, imsAction: 'Pending', action: 'Reject' }), pushed];
    // The job claims both (Sending), then the portal accepts one and refuses the other.
    const sending = [
      imsRow({ id: 101, action: 'Accept', pushStatus: 'Sending' }),
      imsRow({ id: 102, action: 'Reject', pushStatus: 'Sending' }),
      pushed,
    ];
    const answered = [
      imsRow({ id: 101, action: 'Accept', imsAction: 'Accepted', pushStatus: 'Pushed' }),
      imsRow({ id: 102, imsAction: 'Pending', action: 'Reject', pushStatus: 'Refused: The record was amended by the supplier (RT-IMS-5)' }),
      pushed,
    ];
    const shown = [...waiting];
    let countsSincePush: number | null = null;
    const calls = stubIms({
      rows: shown,
      actionRows: () => {
        if (countsSincePush === null) return waiting;
        countsSincePush += 1;
        const now = countsSincePush === 1 ? sending : answered;
        shown.splice(0, shown.length, ...now);
        return now;
      },
      push: () => {
        countsSincePush = 0;
        return json({ records: 2, gstins: ['27AAPFU0939F1ZV'] });
      },
    });
    renderScreen();
    await screen.findByTestId('row-101', {}, LOADED);
    await waitFor(() => expect(screen.getByTestId('ims-push-waiting').textContent).toBe('2'), LOADED);
    expect(calls.find(isWaitingCount)?.url).toContain('runId=7');

    fireEvent.click(screen.getByTestId('ims-push'));
    expect((await screen.findByTestId('ims-push-progress', {}, LOADED)).textContent).toContain(
      'Sending 2 actions for 27AAPFU0939F1ZV. Each row’s Sent to portal shows the outcome.',
    );
    expect(callsTo(calls, '/ims/push').find((call) => !isWaitingCount(call))?.body).toEqual({ runId: 7 });
    expect(screen.getByTestId('ims-push').hasAttribute('disabled')).toBe(true);

    // Polled at poolingTime (1 s) until no action is unanswered: the refused one still waits for another push.
    const outcome = await screen.findByTestId('ims-push-outcome', {}, { timeout: 8000 });
    expect(outcome.textContent).toBe(
      'The portal has answered for the actions sent. 1 actions are not at the portal: see Sent to portal for why, then push again.',
    );
    expect(screen.getByTestId('ims-push-waiting').textContent).toBe('1');
    expect(screen.queryByTestId('ims-push-progress')).toBeNull();
    expect(calls.filter(isWaitingCount).length).toBeGreaterThanOrEqual(3);
    // The rows loaded again with each one's outcome.
    await waitFor(() => expect(screen.getByTestId('ims-push-status-101').textContent).toBe('Pushed'));
    expect(screen.getByTestId('ims-push-status-102').textContent).toBe('Refused: The record was amended by the supplier (RT-IMS-5)');
    expect(screen.getByTestId('ims-portal-101').textContent).toBe('Accepted');
  }, 30_000);

  it('says why nothing was pushed when the portal has every action already', async () => {
    stubIms({
      rows: [imsRow({ id: 101, action: 'Accept' })],
      push: () => refusal('REC0009', 'Every action of this reconciliation is at the portal already: nothing to push.'),
    });
    renderScreen();
    await waitFor(() => expect(screen.getByTestId('ims-push-waiting').textContent).toBe('1'), LOADED);
    fireEvent.click(screen.getByTestId('ims-push'));
    expect((await screen.findByTestId('ims-push-refusal', {}, LOADED)).textContent).toBe(
      'Nothing was sent: Every action of this reconciliation is at the portal already: nothing to push.',
    );
  }, 30_000);

  it('lists the downloads, pushes and recomputations of the run’s GSTINs: when, who, what, status, count, message', async () => {
    const calls = stubIms({
      activities: (call) =>
        (call.body as { kind: string }).kind === 'Sync'
          ? [activity({ id: 41 }), activity({ id: 40, action: 'GSTR2B', returnType: 'GSTR2B', returnPeriod: '062025', documentCount: 30 })]
          : [
              activity({
                id: 43,
                kind: 'Push',
                action: 'IMS',
                status: 'Unprocessable',
                documentCount: 2,
                errorCount: 1,
                message: '1 record(s) refused.',
              }),
            ],
    });
    renderScreen();
    fireEvent.click(await screen.findByTestId('ims-tab-downloadStatus', {}, LOADED));
    const downloads = await screen.findByTestId('ims-activity-41', {}, LOADED);
    expect(downloads.textContent).toContain('IMS downloaded');
    expect(downloads.textContent).toContain('Asha Rao');
    expect(downloads.textContent).toContain('Completed');
    expect(downloads.textContent).toContain('12');
    expect(screen.getByTestId('ims-activity-40').textContent).toContain('GSTR-2B downloaded');
    expect(screen.getByTestId('ims-activity-40').textContent).toContain('Jun 2025');
    const push = screen.getByTestId('ims-activity-43');
    expect(push.textContent).toContain('IMS actions pushed');
    expect(push.textContent).toContain('Unprocessable');
    expect(push.textContent).toContain('1 refused');
    expect(push.textContent).toContain('1 record(s) refused.');
    const searches = callsTo(calls, '/dataActivity/search').map((call) => call.body as Record<string, unknown>);
    expect(searches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'Sync', actions: ['IMS', 'GSTR2B'], entityIds: [5, 6], start: 0 }),
        expect.objectContaining({ kind: 'Push', actions: ['IMS', 'GEN2B'], entityIds: [5, 6], start: 0 }),
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('ims-tab-downloadStatus-count').textContent).toBe('3'));
  }, 30_000);

  it('recomputes the GSTR-2B of a GSTIN and period of the run and says the outcome, with the next step', async () => {
    let answers = 0;
    const calls = stubIms({
      regenerate: () =>
        answers++ === 0
          ? json({ status: 'P', message: null })
          : json({ status: 'ER', message: 'The GSTR-3B of this period is filed: GSTR-2B cannot be generated again.' }),
    });
    renderScreen();
    fireEvent.click(await screen.findByTestId('ims-tab-downloadStatus', {}, LOADED));
    // One button per GSTIN and period of the run (Apr to Jun 2025, two GSTINs).
    await screen.findByTestId('ims-regenerate-2b-29AAPFU0939F1ZT-062025', {}, LOADED);
    fireEvent.click(screen.getByTestId('ims-regenerate-2b-27AAPFU0939F1ZV-042025'));
    expect((await screen.findByTestId('ims-regenerate-2b-outcome-27AAPFU0939F1ZV-042025', {}, LOADED)).textContent).toBe(
      'GSTR-2B of Apr 2025 for 27AAPFU0939F1ZV generated again from your IMS actions. Download that GSTR-2B again to see it.',
    );
    expect(callsTo(calls, '/ims/regenerate-2b')[0]?.body).toEqual({ entityId: 5, returnPeriod: '042025' });
    await waitFor(() => expect(screen.getByTestId('ims-regenerate-2b-29AAPFU0939F1ZT-052025').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('ims-regenerate-2b-29AAPFU0939F1ZT-052025'));
    expect((await screen.findByTestId('ims-regenerate-2b-outcome-29AAPFU0939F1ZT-052025', {}, LOADED)).textContent).toBe(
      'The portal refused to recompute the GSTR-2B of May 2025 for 29AAPFU0939F1ZT: The GSTR-3B of this period is filed: GSTR-2B cannot be generated again.',
    );
    expect(callsTo(calls, '/ims/regenerate-2b')[1]?.body).toEqual({ entityId: 6, returnPeriod: '052025' });
  }, 30_000);

  it('without the data-activities rights says so instead of listing; the IMS right alone shows the portal session to sign in', async () => {
    const calls = stubIms();
    renderScreen('/invoice-management-system?runId=7', ['InvoiceManagementSystem'], FakeSession);
    fireEvent.click(await screen.findByTestId('ims-tab-downloadStatus', {}, LOADED));
    expect((await screen.findByTestId('ims-status-no-sync-right')).textContent).toBe(
      'Seeing the downloads needs the Data activities right for data synced from the tax portal.',
    );
    expect(screen.getByTestId('ims-status-no-push-right')).toBeTruthy();
    expect(screen.queryByTestId('ims-tab-downloadStatus-count')).toBeNull();
    expect(callsTo(calls, '/dataActivity/search')).toEqual([]);
    expect(screen.getByTestId('fake-session')).toBeTruthy();
    // Recomputing needs only the IMS right.
    expect(screen.getByTestId('ims-regenerate-2b-27AAPFU0939F1ZV-042025').hasAttribute('disabled')).toBe(false);
  }, 30_000);

  it('without the IMS right keeps its calls to the portal shut and says why', async () => {
    const calls = stubIms({ rows: [imsRow({ id: 101, action: 'Accept' })] });
    renderScreen('/invoice-management-system?runId=7', ['Gstr2aReconciliation', 'DataActivitiesSync', 'DataActivitiesPush']);
    await screen.findByTestId('row-101', {}, LOADED);
    expect(screen.getByTestId('ims-no-right').textContent).toBe(
      'Downloading IMS, pushing actions and recomputing GSTR-2B need the Invoice management system (IMS) right.',
    );
    expect(screen.getByTestId('ims-download').hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('ims-push-waiting').textContent).toBe('1'), LOADED);
    expect(screen.getByTestId('ims-push').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('ims-tab-downloadStatus'));
    expect((await screen.findByTestId('ims-regenerate-no-right', {}, LOADED)).textContent).toContain('need the Invoice management system');
    expect(screen.getByTestId('ims-regenerate-2b-27AAPFU0939F1ZV-042025').hasAttribute('disabled')).toBe(true);
    // Only the count of the waiting actions, which reading a run's rows allows.
    expect(callsTo(calls, '/reconciliation/ims/').filter((call) => !isWaitingCount(call))).toEqual([]);
  }, 30_000);
});

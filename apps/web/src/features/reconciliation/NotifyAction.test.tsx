import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { Notifications } from '@mantine/notifications';
import { json, refusal, renderAt, stubApi } from '../../test/screenTestSupport';
import { NotifyAction } from './NotifyAction';

// "Notify vendor": offered with NotificationsSend only; makes the vendor's notification from the run and opens
// /notifications; rows that need nothing are refused with the server's reason, shown in place.

const at = (ui: React.ReactElement, rights: Parameters<typeof renderAt>[2]) =>
  renderAt(
    <>
      <Notifications />
      <Routes>
        <Route path="/recon" element={ui} />
        <Route path="/notifications" element={<p data-testid="notifications-page">Notifications</p>} />
      </Routes>
    </>,
    '/recon',
    rights,
  );

describe('NotifyAction', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is not offered without NotificationsSend', () => {
    stubApi(() => json({}));
    at(<NotifyAction from={{ kind: 'vendors', runId: 7, supplierGstins: ['27AAACA1111A1Z1'] }} variant="link" />, ['Notifications']);
    expect(screen.queryByTestId('vendor-notify-27AAACA1111A1Z1')).toBeNull();
  });

  it("makes the vendor's notification and opens /notifications", async () => {
    const calls = stubApi(() => json({ ids: [41] }));
    at(<NotifyAction from={{ kind: 'vendors', runId: 7, supplierGstins: ['27AAACA1111A1Z1'] }} variant="link" />, ['NotificationsSend']);
    fireEvent.click(screen.getByTestId('vendor-notify-27AAACA1111A1Z1'));
    await screen.findByTestId('notifications-page', {}, { timeout: 5000 });
    expect(calls[0]?.url).toContain('/gst/notification/save');
    expect(calls[0]?.body).toEqual({ from: { kind: 'vendors', runId: 7, supplierGstins: ['27AAACA1111A1Z1'] } });
  });

  it('shows the reason when the chosen rows need nothing of the supplier', async () => {
    stubApi(() => refusal('GEN0009', 'No document needs the counterparty’s action.'));
    at(<NotifyAction from={{ kind: 'pairs', runId: 7, rowIds: [101] }} variant="button" />, ['NotificationsSend']);
    fireEvent.click(screen.getByTestId('rows-notify'));
    expect(await screen.findByText('No document needs the counterparty’s action.', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('notifications-page')).toBeNull());
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { BUSINESS, MUMBAI } from '../../../test/entityFixtures';
import { json, pick, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { challan } from '../../../test/paymentFixtures';
import { GstChallansScreen } from './GstChallansScreen';

// /gst-challans against a stubbed API: the challans newest first (id DESC), their status, validity and CIN; the
// filters reach the API; a CPIN opens its payment step; only a generated challan at the sandbox offers the payment.

const LOADED = { timeout: 8000 };
const Where = () => {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
};
const challanApi = (answer: (url: string, call: Call) => Response) =>
  stubApi((url, call) => (url.includes('/user/entities') ? json([BUSINESS, MUMBAI]) : answer(url, call)));

/** The list at /gst-challans, with where a click leads shown beside it. */
const renderChallans = () =>
  renderAt(
    <>
      <Routes>
        <Route path="/gst-challans" element={<GstChallansScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    '/gst-challans',
    ['GstChallan'],
  );

describe('GstChallansScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists challans id DESC with status and CIN; filters reach the API; a CPIN opens its payment step', async () => {
    const paid = challan({ id: 8, cpin: '25082700000002', status: 'Paid', cin: '25082700000002HDFC', paidOn: '2025-08-06' });
    const calls = challanApi(() => json({ items: [paid, challan()], totalRecords: 2 }));
    const searches = () => calls.filter((c) => c.url.includes('/gstChallan/search'));
    renderChallans();
    const generated = await screen.findByTestId('challan-25082700000001', {}, LOADED);
    expect(searches()[0]?.body).toMatchObject({ start: 0, sortExpression: 'id DESC', filters: {} });
    expect(within(generated).getByText('Generated')).toBeTruthy();
    expect(within(generated).getByText('7,200.00')).toBeTruthy();
    expect(within(generated).getByText('20-08-2025')).toBeTruthy();
    expect(within(screen.getByTestId('challan-25082700000002')).getByText('25082700000002HDFC')).toBeTruthy();
    expect(screen.getByTestId('pay-25082700000001')).toBeTruthy();
    expect(screen.queryByTestId('pay-25082700000002')).toBeNull();

    await pick(screen.getByTestId('filter-status'), 'Expired');
    await waitFor(() => expect(searches().at(-1)?.body).toMatchObject({ filters: { statuses: ['Expired'] } }), LOADED);
    await pick(screen.getByTestId('filter-locations'), '27AAPFU0939F1ZV · Mumbai');
    await waitFor(() => expect(searches().at(-1)?.body).toMatchObject({ filters: { entityIds: [5], statuses: ['Expired'] } }), LOADED);

    fireEvent.click(await screen.findByTestId('open-25082700000001', {}, LOADED));
    expect(screen.getByTestId('where').textContent).toBe('/gst-challan-pay?id=7');
  }, 20_000);

  it('says what to do when there are no challans, and creates one', async () => {
    challanApi(() => json({ items: [], totalRecords: 0 }));
    renderChallans();
    expect(await screen.findByText('No challans match. Create one from the amounts to deposit.', {}, LOADED)).toBeTruthy();
    fireEvent.click(screen.getByTestId('challan-create'));
    expect(screen.getByTestId('where').textContent).toBe('/gst-challan-payment-process');
  }, 20_000);
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { BUSINESS, MUMBAI } from '../../../test/entityFixtures';
import { json, pick, refusal, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { Drc01bScreen, Drc01cScreen } from './Drc01ListScreen';
import { intimation } from './drc01TestFixtures';

// /drc-01b and /drc-01c against a stubbed API: the intimations of the form, their period, excess, reply-by date and
// status (overdue marked); the filters reach the API; "Get from portal" syncs the chosen GSTINs and reloads, or says
// the portal session is missing; a reference opens its view.

const LOADED = { timeout: 8000 };
const Where = () => {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
};
const drcApi = (answer: (url: string, call: Call) => Response) =>
  stubApi((url, call) => (url.includes('/user/entities') ? json([BUSINESS, MUMBAI]) : answer(url, call)));
const renderList = (path: '/drc-01b' | '/drc-01c') =>
  renderAt(
    <>
      <Routes>
        <Route path="/drc-01b" element={<Drc01bScreen />} />
        <Route path="/drc-01c" element={<Drc01cScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    path,
    ['Drc01'],
  );

describe('Drc01ListScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists DRC-01B intimations; filters reach the API; a reference opens its view', async () => {
    const overdue = intimation({ id: 12, referenceNumber: 'ZB270525ZZ99999', isOverdue: true, dueOn: '2025-04-12', period: '032025' });
    const calls = drcApi(() => json({ items: [intimation(), overdue], totalRecords: 2 }));
    const searches = () => calls.filter((c) => c.url.includes('/drc01/search'));
    renderList('/drc-01b');
    const row = await screen.findByTestId('drc-row-ZB270525AB12C34', {}, LOADED);
    expect(searches()[0]?.body).toMatchObject({ form: 'DRC01B', start: 0, sortExpression: 'issuedOn DESC', filters: {} });
    expect(within(row).getByText('8,000.00')).toBeTruthy();
    expect(within(row).getByText('12-05-2025')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(within(row).queryByTestId('drc-overdue')).toBeNull();
    expect(within(screen.getByTestId('drc-row-ZB270525ZZ99999')).getByTestId('drc-overdue')).toBeTruthy();

    await pick(screen.getByTestId('drc-filter-status'), 'Replied');
    await waitFor(() => expect(searches().at(-1)?.body).toMatchObject({ filters: { statuses: ['Replied'] } }), LOADED);
    fireEvent.change(screen.getByTestId('drc-filter-period'), { target: { value: '042025' } });
    await waitFor(() => expect(searches().at(-1)?.body).toMatchObject({ filters: { periods: ['042025'], statuses: ['Replied'] } }), LOADED);

    fireEvent.click(screen.getByTestId('drc-open-ZB270525AB12C34'));
    expect(screen.getByTestId('where').textContent).toBe('/drc-01b-view?id=11');
  }, 20_000);

  it('syncs the chosen GSTIN from the portal for DRC-01C, and says when its portal session is missing', async () => {
    let refuse = false;
    const calls = drcApi((url) =>
      url.includes('/drc01/sync')
        ? refuse
          ? refusal('RET0008', 'No active GST portal session for this GSTIN')
          : json({ received: 1, added: 1, updated: 0 })
        : json({ items: [], totalRecords: 0 }),
    );
    renderList('/drc-01c');
    expect(await screen.findByText('No intimations. Get them from the portal after a GSTR-3B is filed.', {}, LOADED)).toBeTruthy();
    expect(screen.getByTestId('drc-rule').textContent).toContain('Rule 88D');
    const sync = screen.getByTestId('drc-sync') as HTMLButtonElement;
    expect(sync.disabled).toBe(true);
    await pick(screen.getByTestId('drc-filter-locations'), '27AAPFU0939F1ZV · Mumbai');
    await waitFor(() => expect(sync.disabled).toBe(false), LOADED);
    fireEvent.click(sync);
    await waitFor(() => expect(calls.find((c) => c.url.includes('/drc01/sync'))?.body).toEqual({ entityId: 5, form: 'DRC01C' }), LOADED);
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/drc01/search')).length).toBeGreaterThan(2), LOADED);
    refuse = true;
    fireEvent.click(sync);
    expect((await screen.findByTestId('drc-sync-refused', {}, LOADED)).textContent).toContain('Sign in to the GST portal');
  }, 20_000);
});

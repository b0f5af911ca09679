import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { challanValidUntil, indiaDateOf } from '@opengst/domain';
import { BUSINESS, MUMBAI } from '../../../test/entityFixtures';
import { json, pick, renderAt, stubApi } from '../../../test/screenTestSupport';
import { challan } from '../../../test/paymentFixtures';
import { ChallanCreateScreen } from './ChallanCreateScreen';
import type { PortalSessionSlot } from '../../../shared/payments/portalSessionStep';

// /gst-challan-payment-process against a stubbed API: the amounts grid with its totals, the validity of 15 days
// (Rule 87(2)), the OTC limit (Rule 87(3)(iv)) refusing before the server is asked, the portal session card of the
// chosen GSTIN, and a challan created in paise that opens its payment step.

const LOADED = { timeout: 8000 };
const FakeSession: PortalSessionSlot = ({ entityId }) => <div data-testid="fake-session">{`session of ${entityId}`}</div>;
const Where = () => {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
};
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('ChallanCreateScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('totals the grid, shows the validity, refuses OTC above ₹10,000, and creates the challan in paise', async () => {
    // jsdom has no layout: the open select scrolls to its chosen option.
    Element.prototype.scrollIntoView ??= () => {};
    const calls = stubApi((url) => (url.includes('/user/entities') ? json([BUSINESS, MUMBAI]) : json(challan({ id: 9 }))));
    renderAt(
      <>
        <Routes>
          <Route path="/gst-challan-payment-process" element={<ChallanCreateScreen portalSession={FakeSession} />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </>,
      '/gst-challan-payment-process',
      ['GstChallan'],
    );
    await waitFor(() => expect(calls.some((c) => c.url.includes('/user/entities'))).toBe(true), LOADED);
    await pick(screen.getByTestId('challan-gstin'), '27AAPFU0939F1ZV · Mumbai');
    expect(screen.getByTestId('fake-session').textContent).toBe('session of 5');
    type('cell-igst-tax', '9000');
    type('cell-cgst-tax', '580');
    type('cell-cgst-interest', '20');
    type('cell-sgst-tax', '600');
    expect(screen.getByTestId('total-cgst').textContent).toBe('600.00');
    expect(screen.getByTestId('challan-total').textContent).toBe('10,200.00');
    const until = challanValidUntil(indiaDateOf(new Date())).split('-').reverse().join('-');
    expect(screen.getByTestId('challan-validity').textContent).toContain(until);

    await pick(screen.getByTestId('challan-mode'), 'Over the counter');
    expect(screen.getByTestId('challan-problems').textContent).toContain('Rule 87(3)(iv)');
    expect(screen.getByTestId('challan-submit').hasAttribute('disabled')).toBe(true);

    await pick(screen.getByTestId('challan-mode'), 'Net banking');
    expect(screen.queryByTestId('challan-problems')).toBeNull();
    await pick(screen.getByTestId('challan-bank'), 'HDFC Bank');
    fireEvent.click(screen.getByTestId('challan-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/gst-challan-pay?id=9'), LOADED);
    expect(calls.find((c) => c.url.includes('/gstChallan/create'))?.body).toEqual({
      entityId: 5,
      mode: 'netBanking',
      bankCode: 'HDFC',
      amounts: { igst: { tax: 9_000_00 }, cgst: { tax: 580_00, interest: 20_00 }, sgst: { tax: 600_00 } },
    });
  }, 20_000);

  it('takes the GSTIN and the amounts to deposit from its link, in paise', async () => {
    stubApi((url) => (url.includes('/user/entities') ? json([BUSINESS, MUMBAI]) : json(challan())));
    renderAt(
      <Routes>
        <Route path="/gst-challan-payment-process" element={<ChallanCreateScreen portalSession={FakeSession} />} />
      </Routes>,
      '/gst-challan-payment-process?entityId=5&igst.tax=600000&cess.interest=1000',
      ['GstChallan'],
    );
    expect(screen.getByTestId('fake-session').textContent).toBe('session of 5');
    expect(screen.getByTestId('challan-total').textContent).toBe('6,010.00');
    expect(screen.getByTestId('total-cess').textContent).toBe('10.00');
    await waitFor(() => expect((screen.getByTestId('challan-gstin') as HTMLInputElement).value).toBe('27AAPFU0939F1ZV · Mumbai'), LOADED);
  }, 20_000);
});

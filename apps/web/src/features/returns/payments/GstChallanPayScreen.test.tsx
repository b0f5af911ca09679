import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { json, refusal, renderAt, stubApi } from '../../../test/screenTestSupport';
import { challan } from '../../../test/paymentFixtures';
import { GstChallanPayScreen } from './GstChallanPayScreen';

// /gst-challan-pay against a stubbed API: one challan with its PMT-06 table; at the portal sandbox the payment is
// made at its simulated bank and the screen says so; paid, the CIN shows; a refusal is said in the server's words.

const LOADED = { timeout: 8000 };
const at = (address: string) =>
  renderAt(
    <Routes>
      <Route path="/gst-challan-pay" element={<GstChallanPayScreen />} />
    </Routes>,
    address,
    ['GstChallan'],
  );

describe('GstChallanPayScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("pays at the sandbox's simulated bank, says so, and shows the CIN", async () => {
    const calls = stubApi((url) =>
      url.includes('/gstChallan/paySandbox')
        ? json(challan({ status: 'Paid', cin: '25082700000001HDFC', brn: '1234567890', paidOn: '2025-08-06' }))
        : json(challan()),
    );
    at('/gst-challan-pay?id=7');
    expect((await screen.findByTestId('pay-cpin', {}, LOADED)).textContent).toBe('25082700000001');
    expect(screen.getByTestId('pay-amounts-cgst').textContent).toBe('600.00');
    expect(screen.getByTestId('pay-amounts-total').textContent).toBe('7,200.00');
    expect(screen.getByTestId('pay-bank-notice').textContent).toContain("sandbox's simulated bank");
    fireEvent.click(screen.getByTestId('pay-sandbox'));
    await waitFor(() => expect(screen.getByTestId('pay-cin').textContent).toBe('25082700000001HDFC'), LOADED);
    expect(calls.find((c) => c.url.includes('/gstChallan/paySandbox'))?.body).toEqual({ id: 7 });
    expect(screen.queryByTestId('pay-sandbox')).toBeNull();
  }, 20_000);

  it('offers no payment for an expired challan, nor outside the sandbox, and says a refusal', async () => {
    stubApi((url) =>
      url.includes('/gstChallan/refresh')
        ? refusal('RET0012', 'The GST portal refused the request: unknown CPIN (PMT1001)')
        : json(challan({ status: 'Expired' })),
    );
    at('/gst-challan-pay?id=7');
    expect(await screen.findByTestId('pay-expired', {}, LOADED)).toBeTruthy();
    expect(screen.queryByTestId('pay-sandbox')).toBeNull();
    fireEvent.click(screen.getByTestId('pay-refresh'));
    expect((await screen.findByTestId('pay-refused', {}, LOADED)).textContent).toContain('PMT1001');
    cleanup();
    stubApi(() => json(challan({ sandbox: false })));
    at('/gst-challan-pay?id=7');
    expect((await screen.findByTestId('pay-bank-notice', {}, LOADED)).textContent).toContain('take its CPIN to the bank');
    expect(screen.queryByTestId('pay-sandbox')).toBeNull();
  }, 20_000);
});

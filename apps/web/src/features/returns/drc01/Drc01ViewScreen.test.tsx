import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { json, pick, refusal, renderAt, stubApi } from '../../../test/screenTestSupport';
import { Drc01bViewScreen } from './Drc01ViewScreen';
import { detail } from './drc01TestFixtures';

// /drc-01b-view against a stubbed API: the figures by head with the portal's excess and the product's precheck beside
// it; Part B with a reason: the EVC OTP asked for, the modal takes it, the reply filed and its acknowledgement shown;
// a DRC-03 payment sent in paise; the server's refusal said in its words.

const LOADED = { timeout: 8000 };
const at = (address: string) =>
  renderAt(
    <Routes>
      <Route path="/drc-01b-view" element={<Drc01bViewScreen />} />
    </Routes>,
    address,
    ['Drc01'],
  );
const replied = detail({
  status: 'Replied',
  reply: {
    ackNumber: 'ZA270525A1B2C3D',
    repliedOn: '2025-05-06',
    reasonCode: 'paidInLaterReturn',
    reasonText: 'Liability paid in the GSTR-3B of a later tax period',
    explanation: 'Paid in May',
    drc03: null,
  },
});

describe('Drc01ViewScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the figures beside the precheck, and replies with a reason signed by the EVC OTP', async () => {
    const calls = stubApi((url) =>
      url.includes('/drc01/requestOtp')
        ? json({ sentTo: 'the authorised signatory (PAN AAPFU0939F)' })
        : url.includes('/drc01/reply')
          ? json(replied)
          : json(detail({}, 7_500_00)),
    );
    at('/drc-01b-view?id=11');
    expect((await screen.findByTestId('drc-excess-igst', {}, LOADED)).textContent).toBe('8,000.00');
    expect(screen.getByTestId('drc-precheck-igst').textContent).toBe('7,500.00');
    expect(screen.getByTestId('drc-excess-total').textContent).toBe('8,000.00');
    expect(screen.getByTestId('drc-due').textContent).toBe('12-05-2025');
    expect(screen.getByTestId('drc-sandbox')).toBeTruthy();
    expect((screen.getByTestId('drc-reply') as HTMLButtonElement).disabled).toBe(true);

    await pick(screen.getByTestId('drc-reason'), 'Liability paid in the GSTR-3B of a later tax period');
    fireEvent.change(screen.getByTestId('drc-explanation'), { target: { value: 'Paid in May' } });
    fireEvent.click(screen.getByTestId('drc-reply'));
    const otp = await screen.findByTestId('drc-otp-input', {}, LOADED);
    expect(calls.find((c) => c.url.includes('/drc01/requestOtp'))?.body).toEqual({ id: 11 });
    expect(screen.getByText('EVC OTP sent to the authorised signatory (PAN AAPFU0939F).')).toBeTruthy();
    fireEvent.change(otp, { target: { value: '575757' } });
    fireEvent.click(screen.getByTestId('drc-reply-submit'));
    expect((await screen.findByTestId('drc-ack', {}, LOADED)).textContent).toBe('ZA270525A1B2C3D');
    expect(calls.find((c) => c.url.includes('/drc01/reply'))?.body).toEqual({
      id: 11,
      otp: '575757',
      reason: { code: 'paidInLaterReturn', explanation: 'Paid in May' },
    });
    expect(screen.queryByTestId('drc-reply-form')).toBeNull();
  }, 20_000);

  it('sends a DRC-03 payment in paise and says the refusal in the server’s words', async () => {
    const calls = stubApi((url) =>
      url.includes('/drc01/requestOtp')
        ? json({ sentTo: 'the authorised signatory' })
        : url.includes('/drc01/reply')
          ? refusal('RET0012', 'The GST portal refused the request: Insufficient balance (RET191126)')
          : json(detail()),
    );
    at('/drc-01b-view?id=11');
    fireEvent.click(await screen.findByTestId('drc-pay-drc03', {}, LOADED));
    fireEvent.change(screen.getByTestId('drc-interest-igst'), { target: { value: '45.50' } });
    fireEvent.click(screen.getByTestId('drc-reply'));
    fireEvent.change(await screen.findByTestId('drc-otp-input', {}, LOADED), { target: { value: '575757' } });
    fireEvent.click(screen.getByTestId('drc-reply-submit'));
    expect((await screen.findByTestId('drc-reply-refused', {}, LOADED)).textContent).toContain('RET191126');
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/drc01/reply'))?.body).toEqual({
        id: 11,
        otp: '575757',
        drc03: { tax: { igst: 8_000_00, cgst: 0, sgst: 0, cess: 0 }, interest: { igst: 45_50, cgst: 0, sgst: 0, cess: 0 } },
      }),
    );
  }, 20_000);
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, refusal, renderAt, stubApi } from '../../test/screenTestSupport';
import { OtpStep } from './OtpStep';

// Issue 16: wrong OTPs are counted per account; when they lock the account's OTPs, the step says so in words, with
// the time the lock ends (the server's message), and nothing can be verified or resent any more.

const LOCKED =
  'Too many wrong one-time passwords (OTP) for this account: OTPs are locked until 14:35 on 12 Jan 2026 (India time), in about 15 minutes. Try again then, or reset your password by the e-mailed link instead.';
const KEY = btoa(String.fromCharCode(...new Array<number>(32).fill(7)));
const IV = btoa(String.fromCharCode(...new Array<number>(16).fill(9)));

const renderStep = () =>
  renderAt(
    <OtpStep publicToken="step" resendsLeft={3} sentTo="a***@example.test" testIdPrefix="forgot" onVerified={vi.fn()} onBack={vi.fn()} />,
    '/forgot-password',
    [],
  );

describe('OtpStep', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a wrong code shows the attempts left and keeps the step open', async () => {
    stubApi((url) => {
      if (url.includes('/encryptor/')) return json({ key: KEY, iv: IV, identifier: 'enc-1' });
      if (url.includes('/validateOtp'))
        return json({ errors: [{ code: 'AUTH0005', message: 'Invalid OTP. 2 attempts left.', propertyName: 'Otp', type: 'Error' }] }, 422);
      return json({});
    });
    renderStep();
    fireEvent.change(screen.getByTestId('forgot-otp'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('forgot-otp-verify'));
    expect(await screen.findByText('Invalid OTP. 2 attempts left.')).toBeTruthy();
    expect(screen.queryByTestId('forgot-otp-locked')).toBeNull();
    expect(screen.getByTestId('forgot-otp-verify').hasAttribute('disabled')).toBe(false);
  });

  it('the lock says until when, and verify and resend are disabled', async () => {
    const calls = stubApi((url) => {
      if (url.includes('/encryptor/')) return json({ key: KEY, iv: IV, identifier: 'enc-1' });
      if (url.includes('/validateOtp')) return refusal('AUTH0019', LOCKED);
      return json({});
    });
    renderStep();
    fireEvent.change(screen.getByTestId('forgot-otp'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('forgot-otp-verify'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('locked until 14:35 on 12 Jan 2026'));
    expect(screen.getByTestId('forgot-otp-locked').textContent).toMatch(/reset your password by an e-mailed link/);
    await waitFor(() => expect(screen.getByTestId('forgot-otp-verify').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('forgot-otp-resend').hasAttribute('disabled')).toBe(true);
    expect(calls.filter((c) => c.url.includes('/validateOtp'))).toHaveLength(1);
  });

  it('a resend refused by the lock locks the step too', async () => {
    stubApi((url) => (url.includes('/regenerateOtp') ? refusal('AUTH0019', LOCKED) : json({})));
    renderStep();
    fireEvent.click(screen.getByTestId('forgot-otp-resend'));
    expect(await screen.findByText(LOCKED)).toBeTruthy();
    expect(screen.getByTestId('forgot-otp-resend').hasAttribute('disabled')).toBe(true);
  });
});

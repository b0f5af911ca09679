import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PortalSession } from '@opengst/contracts';
import { PortalSessionCard } from './PortalSessionCard';
import { json, refusal, renderAt, stubApi } from '../../test/screenTestSupport';

// The GST portal session: the sandbox said plainly, OTP requested, a wrong OTP refused in place, the right one connects.

const session = (patch: Partial<PortalSession> = {}): PortalSession => ({
  entityId: 5,
  gstin: '27AAPFU0939F1ZV',
  hasCredentials: true,
  active: false,
  expiresAt: null,
  sandbox: true,
  ...patch,
});

describe('PortalSessionCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('requests an OTP, shows the refusal of a wrong one, and connects with the right one', async () => {
    const calls = stubApi((url, call) => {
      if (url.includes('/returns/portal/session')) return json(session());
      if (url.includes('/returns/portal/otp')) return json(session());
      if (url.includes('/returns/portal/authenticate')) {
        return (call.body as { otp: string }).otp === '575757'
          ? json(session({ active: true, expiresAt: '2026-11-21T10:30:00Z' }))
          : refusal('RET0012', 'The GST portal refused the request: invalid OTP.');
      }
      return json([]);
    });
    renderAt(<PortalSessionCard entityId={5} />, '/regular-overview', ['ReturnsView', 'Gstr1File']);
    expect((await screen.findByTestId('sandbox-notice')).textContent).toContain('not the GST portal');
    expect(screen.getByTestId('sandbox-notice').textContent).toContain('575757');

    fireEvent.click(screen.getByTestId('portal-request-otp'));
    const otp = await screen.findByTestId('portal-otp');
    expect(calls.find((call) => call.url.includes('/portal/otp'))?.body).toEqual({ entityId: 5 });
    expect(screen.getByTestId('portal-connect').hasAttribute('disabled')).toBe(true);

    fireEvent.change(otp, { target: { value: '12a34-56' } });
    expect((otp as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('portal-connect'));
    expect((await screen.findByTestId('portal-error')).textContent).toBe('The GST portal refused the request: invalid OTP.');

    fireEvent.change(otp, { target: { value: '575757' } });
    fireEvent.click(screen.getByTestId('portal-connect'));
    await waitFor(() => expect(screen.getByTestId('portal-session').getAttribute('data-active')).toBe('true'));
    expect(screen.getByTestId('portal-state').textContent).toMatch(/^Connected until 21-11-2026/);
    expect(screen.queryByTestId('portal-otp')).toBeNull();
    expect(calls.filter((call) => call.url.includes('/portal/authenticate')).map((call) => call.body)).toEqual([
      { entityId: 5, otp: '123456' },
      { entityId: 5, otp: '575757' },
    ]);
  });

  it('shows a user without the filing right the state only, without the OTP step', async () => {
    stubApi(() => json(session()));
    renderAt(<PortalSessionCard entityId={5} />, '/regular-overview', ['ReturnsView']);
    expect((await screen.findByTestId('portal-state')).textContent).toBe('Not connected');
    expect(screen.getByText('Connecting to the portal needs the right to file GSTR-1.')).toBeTruthy();
    expect(screen.queryByTestId('portal-request-otp')).toBeNull();
  });

  it('points to the entities screen when the GSTIN has no portal user name', async () => {
    stubApi(() => json(session({ hasCredentials: false, sandbox: false })));
    renderAt(<PortalSessionCard entityId={5} />, '/regular-overview', ['ReturnsView', 'Gstr1File']);
    expect((await screen.findByTestId('portal-no-credentials')).querySelector('a')?.getAttribute('href')).toBe('/entities');
    expect(screen.queryByTestId('sandbox-notice')).toBeNull();
    expect(screen.queryByTestId('portal-request-otp')).toBeNull();
  });
});

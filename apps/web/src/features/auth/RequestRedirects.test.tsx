import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { readAuthToken } from '../../api/storage';
import { InitializeScreen } from './InitializeScreen';
import { PortalRedirectScreen } from './PortalRedirectScreen';

// /initialize and /portal-redirect: the request token of the address swapped once for a session (the product's, kept as
// a sign-in keeps it; the e-invoicing portal's, kept apart), then the next page; a refusal is Unauthorized Access.

const at = (path: string, element: React.ReactElement, address: string) =>
  renderAt(
    <Routes>
      <Route path={path} element={element} />
      <Route path="/redirect" element={<div data-testid="page-redirect" />} />
      <Route path="/irp-portal" element={<div data-testid="page-irp-portal" />} />
      <Route path="/unauthorized-access" element={<div data-testid="page-unauthorized" />} />
    </Routes>,
    address,
    [],
  );

const refused = () => json({ errors: [{ code: 'IRP0003', message: 'used', type: 'Error' }] }, 401);

describe('request-token pages', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('/initialize stores the session of the request and goes on to /redirect', async () => {
    const calls = stubApi(() => json({ type: 'Success', token: 'session-token', expiresAt: '2026-11-28T00:00:00Z', parameters: {} }));
    at('/initialize', <InitializeScreen />, '/initialize?request=abc.def.ghi');
    expect(await screen.findByTestId('page-redirect', {}, { timeout: 5000 })).toBeTruthy();
    expect(readAuthToken()).toBe('session-token');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v0.1/authenticate/userToken?request=abc.def.ghi');
  });

  it('/initialize shows Unauthorized Access for a refused or missing request', async () => {
    stubApi(refused);
    at('/initialize', <InitializeScreen />, '/initialize?request=used');
    expect(await screen.findByTestId('page-unauthorized', {}, { timeout: 5000 })).toBeTruthy();
    expect(readAuthToken()).toBeNull();
    cleanup();
    const calls = stubApi(refused);
    at('/initialize', <InitializeScreen />, '/initialize');
    expect(await screen.findByTestId('page-unauthorized')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("/portal-redirect keeps the portal's session apart from the product's and lands on the portal", async () => {
    const calls = stubApi(() =>
      json({ token: 'portal-session', gstin: '29AAGCB7383J1Z4', userName: 'API_x', expiresAt: '2026-11-28T00:00:00Z' }),
    );
    at('/portal-redirect', <PortalRedirectScreen />, '/portal-redirect?request=r1');
    expect(await screen.findByTestId('page-irp-portal', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v0.1/irp/authenticate/userToken?request=r1');
    expect(sessionStorage.getItem('opengst.irp-auth-token')).toBe('portal-session');
    expect(readAuthToken()).toBeNull();
  });

  it('/portal-redirect shows Unauthorized Access for an expired, replayed or tampered request', async () => {
    stubApi(refused);
    at('/portal-redirect', <PortalRedirectScreen />, '/portal-redirect?request=r1');
    await waitFor(() => expect(screen.getByTestId('page-unauthorized')).toBeTruthy(), { timeout: 5000 });
    expect(sessionStorage.getItem('opengst.irp-auth-token')).toBeNull();
  });
});

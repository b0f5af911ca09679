import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { DataMapperRedirectScreen } from './DataMapperRedirectScreen';

// /ap/redirect?provider=…: signed in, to the data mapper (the provider kept); signed out, to Login with the data
// mapper to return to after sign-in.

const ensureSessionData = vi.hoisted(() => vi.fn(async () => ({})));
vi.mock('../../api/sessionData', () => ({ ensureSessionData }));
let token: string | null = null;
vi.mock('../../api/storage', () => ({ readAuthToken: () => token }));

const Where = () => {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
};

const open = (address: string) => {
  window.matchMedia ??= (() => ({
    matches: false,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  const router = createMemoryRouter(
    [
      { path: '/ap/redirect', element: <DataMapperRedirectScreen /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [address] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
};

describe('DataMapperRedirectScreen', () => {
  afterEach(() => {
    cleanup();
    token = null;
    ensureSessionData.mockClear();
  });

  it('goes to the data mapper when signed in, with the provider', async () => {
    token = 'a-session';
    open('/ap/redirect?provider=tally');
    expect((await screen.findByTestId('where', {}, { timeout: 5000 })).textContent).toBe('/data-mapper?provider=tally');
    expect(ensureSessionData).toHaveBeenCalledTimes(1);
  });

  it('goes to Login when signed out, returning to the data mapper after sign-in', async () => {
    open('/ap/redirect?provider=tally');
    expect((await screen.findByTestId('where', {}, { timeout: 5000 })).textContent).toBe('/login?redirect=DataMapper');
    expect(ensureSessionData).not.toHaveBeenCalled();
  });
});

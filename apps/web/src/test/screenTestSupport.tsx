import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within, type RenderResult } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { LoadSettings, RightId } from '@opengst/contracts';

// Test support of the screens: the screen under a router at a given address, with the signed-in user's
// rights and settings in the query cache (as the navigation guard leaves them), and a stubbed API.

export const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(status < 400 ? { data } : data), { status, headers: { 'content-type': 'application/json' } });

export const refusal = (code: string, message: string) => json({ errors: [{ code, message, type: 'Error' }] }, 422);

export type Call = { url: string; method: string; body: unknown };

/** Answers each request with the first route whose path fragment the URL contains; records every call. */
export const stubApi = (answer: (url: string, call: Call) => Response) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      return answer(url, call);
    }),
  );
  return calls;
};

export const renderAt = (
  ui: ReactElement,
  address: string,
  rights: readonly RightId[],
  /** Data the session already holds (the pre-login metadata, say), set before the first render. */
  seed?: (client: QueryClient) => void,
): RenderResult => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  } as unknown as typeof ResizeObserver;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const items = rights.map((rightId) => ({
    rightId,
    hasAccess: true,
    trialExpiry: null,
    isBlocked: false,
    isPremium: false,
    isHidden: false,
  }));
  client.setQueryData(['loadSettings'], { rights: items, settings: { poolingTime: 1, pageSize: 50 } } as unknown as LoadSettings);
  seed?.(client);
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[address]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
};

/** Opens a Mantine select and clicks one of its options. */
export const pick = async (input: HTMLElement, option: string) => {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = window.document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('The options did not open.');
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
};

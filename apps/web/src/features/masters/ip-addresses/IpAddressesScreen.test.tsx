import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IpAddress } from '@opengst/contracts';
import { json, refusal, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { IpAddressesScreen } from './IpAddressesScreen';

// /ip-addresses: the address signed in from and whether the list allows it; the list sorted id DESC; the form's own
// check of the entry (the domain's parser) before anything is sent and the canonical form it sends; the lock-out
// guard's refusal shown in place.

const row = (id: number, address: string, extra: Partial<IpAddress> = {}): IpAddress => ({
  id,
  address,
  version: address.includes(':') ? 6 : 4,
  size: '256',
  description: `Entry ${id}`,
  status: 'Active',
  updatedByName: 'Admin',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const answer =
  (
    current: { address: string; activeEntries: number; isAllowed: boolean },
    items: IpAddress[],
    more?: (url: string, call: Call) => Response | undefined,
  ) =>
  (url: string, call: Call) =>
    more?.(url, call) ?? (url.includes('/ipAddress/current') ? json(current) : json({ items, totalRecords: items.length }));

describe('IpAddressesScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the address signed in from, whether the active list allows it, and lists entries by id DESC', async () => {
    const calls = stubApi(
      answer({ address: '127.0.0.1', activeEntries: 2, isAllowed: true }, [row(2, '127.0.0.0/8'), row(1, '10.0.0.0/8')]),
    );
    renderAt(<IpAddressesScreen />, '/ip-addresses', ['MasterIpAddresses']);
    const current = await screen.findByTestId('ip-current', {}, { timeout: 5000 });
    expect(current.textContent).toContain('You are signing in from 127.0.0.1.');
    expect(screen.getByTestId('ip-current-state').textContent).toBe(
      'Sign-in is limited to the 2 active entries below. The active list allows it.',
    );
    expect(screen.queryByTestId('ip-add-current')).toBeNull();
    expect((await screen.findByTestId('ip-value-2', {}, { timeout: 5000 })).textContent).toBe('127.0.0.0/8');
    expect(calls.find((c) => c.url.includes('/ipAddress/search'))?.body).toMatchObject({ start: 0, sortExpression: 'id DESC' });
    // The toolbar's Import opens /import with the IP addresses' import chosen.
    expect(screen.getByTestId('ip-import').getAttribute('href')).toBe('/import?type=IpAddresses');
  });

  it('warns when the list does not allow the current address and offers to add it', async () => {
    const calls = stubApi(
      answer({ address: '203.0.113.9', activeEntries: 1, isAllowed: false }, [row(1, '10.0.0.0/8')], (url) =>
        url.includes('/ipAddress/save') ? json(row(3, '203.0.113.9')) : undefined,
      ),
    );
    renderAt(<IpAddressesScreen />, '/ip-addresses', ['MasterIpAddresses']);
    expect((await screen.findByTestId('ip-current-state', {}, { timeout: 5000 })).textContent).toContain(
      'does not allow it: keep or add an entry for it',
    );
    fireEvent.click(screen.getByTestId('ip-add-current'));
    expect(((await screen.findByTestId('ip-address', {}, { timeout: 5000 })) as HTMLInputElement).value).toBe('203.0.113.9');
    fireEvent.click(screen.getByTestId('ip-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/ipAddress/save'))?.body).toMatchObject({ address: '203.0.113.9', status: 'Active' }),
    );
  });

  it('checks the entry before sending, and sends it in canonical form', async () => {
    const calls = stubApi(
      answer({ address: '127.0.0.1', activeEntries: 0, isAllowed: true }, [], (url) =>
        url.includes('/ipAddress/save') ? json(row(5, '2001:db8::/32')) : undefined,
      ),
    );
    renderAt(<IpAddressesScreen />, '/ip-addresses', ['MasterIpAddresses']);
    expect((await screen.findByTestId('ip-current-state', {}, { timeout: 5000 })).textContent).toBe(
      'No active entry: sign-in is not limited by address.',
    );
    fireEvent.click(screen.getByTestId('ip-add'));
    const address = await screen.findByTestId('ip-address', {}, { timeout: 5000 });
    fireEvent.change(address, { target: { value: '10.0.0.1/8' } });
    fireEvent.click(screen.getByTestId('ip-save'));
    expect(await screen.findByText(/a \/8 range starts at 10.0.0.0\/8/, {}, { timeout: 5000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.url.includes('/ipAddress/save'))).toBe(false);

    fireEvent.change(address, { target: { value: '2001:0DB8:0::/32' } });
    expect(screen.getByTestId('ip-canonical').textContent).toBe('Saved as 2001:db8::/32.');
    fireEvent.change(screen.getByTestId('ip-description'), { target: { value: ' Branch ' } });
    fireEvent.click(screen.getByTestId('ip-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/ipAddress/save'))?.body).toEqual({
        address: '2001:db8::/32',
        description: 'Branch',
        status: 'Active',
      }),
    );
  });

  it("shows the lock-out guard's refusal when deactivating the entry that allows the current address", async () => {
    const message = 'This change would lock you out: you are signed in from 127.0.0.1, and no active entry would allow it.';
    stubApi(
      answer({ address: '127.0.0.1', activeEntries: 1, isAllowed: true }, [row(1, '127.0.0.0/8')], (url) =>
        url.includes('/ipAddress/updateStatus') ? refusal('AUTH0021', message) : undefined,
      ),
    );
    renderAt(<IpAddressesScreen />, '/ip-addresses', ['MasterIpAddresses']);
    const line = await screen.findByTestId('ip-row-127.0.0.0/8', {}, { timeout: 5000 });
    fireEvent.click(within(line).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('ip-deactivate'));
    fireEvent.click(await screen.findByTestId('ip-deactivate-confirm', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('action-refusal', {}, { timeout: 5000 })).textContent).toContain('you are signed in from 127.0.0.1');
  });
});

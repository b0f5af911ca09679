import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderAt, stubApi, json } from '../../test/screenTestSupport';
import { MastersScreen } from './MastersScreen';

// /masters: a tile per master whose screen exists and whose right the user holds; none for masters not built yet.

describe('MastersScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the series tiles to a holder of the series right, linking to their screens', async () => {
    stubApi(() => json({}));
    renderAt(<MastersScreen />, '/masters', ['MasterSeries', 'MastersView']);
    expect((await screen.findByTestId('masters-tile-Series', {}, { timeout: 5000 })).getAttribute('href')).toBe('/series');
    expect(screen.getByTestId('masters-tile-AllocateSeries').getAttribute('href')).toBe('/allocate-series');
    // Manage Consultants is read with the masters' own right.
    expect(screen.getByTestId('masters-tile-ManageConsultants').getAttribute('href')).toBe('/manage-consultants');
    // IP Addresses has a screen but the user lacks its right.
    expect(screen.queryByTestId('masters-tile-IpAddresses')).toBeNull();
  });

  it('shows the IP addresses tile to a holder of its right', async () => {
    stubApi(() => json({}));
    renderAt(<MastersScreen />, '/masters', ['MasterIpAddresses']);
    const tile = await screen.findByTestId('masters-tile-IpAddresses', {}, { timeout: 5000 });
    expect(tile.getAttribute('href')).toBe('/ip-addresses');
    expect(tile.textContent).toContain('The addresses and ranges your users may sign in from');
    expect(screen.queryByTestId('masters-tile-Series')).toBeNull();
  });

  it('shows no tile without a master right, and says why', async () => {
    stubApi(() => json({}));
    // The e-mail templates' right opens the hub, but their screen is not built: no tile, no dead link.
    renderAt(<MastersScreen />, '/masters', ['MasterEmailTemplates']);
    expect(await screen.findByText(/No master is open to you yet/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('masters-tile-Series')).toBeNull();
  });
});

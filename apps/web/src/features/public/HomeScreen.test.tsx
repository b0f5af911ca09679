import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { LoginMetadata } from '@opengst/contracts';
import { sessionKeys } from '../../api/sessionData';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { HomeMenu } from './HomeMenu';
import { HomeScreen } from './HomeScreen';

// Modules §2.7: /home's header menu (Home, the sections as anchors, Why us only with showWhyUsSection, the HSN/SAC
// search only with showHsnSearch) and its sections, each with the product's own screenshots.

const metadata = (patch: Partial<LoginMetadata>): LoginMetadata => ({
  siteKey: '',
  applicationTitle: 'OpenGST',
  applicationSubTitle: '',
  isEnabled: false,
  ssoEnabled: false,
  hideForgetPassword: false,
  folderName: '',
  pageSize: 50,
  buildVersion: 'test',
  environment: 'test',
  showHsnSearch: true,
  showWhyUsSection: false,
  ...patch,
});

const renderHome = (patch: Partial<LoginMetadata>) => {
  stubApi((url) => (url.includes('/public/announcement/count') ? json(0) : json({ items: [], totalRecords: 0 })));
  renderAt(
    <>
      <HomeMenu />
      <HomeScreen />
    </>,
    '/home',
    [],
    (client) => client.setQueryData(sessionKeys.preLoadSettings, metadata(patch)),
  );
};

describe('HomeScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the sections the menu links, each offering with a screenshot of the product', () => {
    renderHome({});
    const menu = screen.getByTestId('home-menu');
    const links = within(menu)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '#top'],
      ['Key offerings', '#key-offerings'],
      ['Features', '#features'],
      ['Integrations', '#integrations'],
      ['HSN/SAC search', '/hsn-codes-master'],
    ]);
    for (const [, href] of links.slice(1, 4)) expect(document.getElementById(String(href).slice(1))).toBeTruthy();
    const images = within(screen.getByTestId('home-offerings')).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/home/returns.jpg',
      '/home/set-off.jpg',
      '/home/reconciliation.jpg',
      '/home/imports.jpg',
    ]);
    expect(images.every((img) => (img.getAttribute('alt') ?? '').length > 20)).toBe(true);
    expect(screen.queryByTestId('home-why-us')).toBeNull();
    expect(screen.getByTestId('home-hsn-search')).toBeTruthy();
  });

  it('adds Why us when showWhyUsSection is on, and leaves out the HSN/SAC search when showHsnSearch is off', () => {
    renderHome({ showWhyUsSection: true, showHsnSearch: false });
    const menu = screen.getByTestId('home-menu');
    expect(within(menu).getByText('Why us').getAttribute('href')).toBe('#why-us');
    expect(screen.getByTestId('home-why-us').textContent).toContain('5,00,000 sales');
    expect(screen.queryByTestId('home-menu-hsn')).toBeNull();
    expect(screen.queryByTestId('home-hsn-search')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, renderAt, stubApi } from '../../../test/screenTestSupport';
import { LatestUpdatesScreen } from './LatestUpdatesScreen';

// /public-latest-updates (modules §2.7): breadcrumb Home > Notifications, public announcements newest first with load
// more, each opening its detail (the server's sanitised HTML) in the drawer.

const item = (id: number, title: string) => ({
  id,
  title,
  body: `<p>${title} <b>body</b></p>`,
  publishAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
});

describe('LatestUpdatesScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the public announcements, loads more, and opens one in the drawer', async () => {
    const calls = stubApi((url, call) => {
      if (url.includes('/public/announcement/get')) return json(item(2, 'Second'));
      const start = (call.body as { start: number }).start;
      return json(
        start === 0 ? { items: [item(3, 'Third'), item(2, 'Second')], totalRecords: 3 } : { items: [item(1, 'First')], totalRecords: 3 },
      );
    });
    renderAt(<LatestUpdatesScreen />, '/public-latest-updates', []);
    expect(screen.getByText('Home').closest('a')?.getAttribute('href')).toBe('/home');
    expect(screen.getByText('Notifications')).toBeTruthy();
    await screen.findByTestId('announcement-row-3');
    expect(screen.getByText('2 of 3 announcements')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByTestId('announcement-row-1');
    expect(calls.filter((c) => c.url.includes('/public/announcement/search')).map((c) => (c.body as { start: number }).start)).toEqual([
      0, 2,
    ]);
    fireEvent.click(screen.getByTestId('announcement-row-2'));
    const body = await screen.findByTestId('announcement-body');
    expect(body.innerHTML).toContain('<b>body</b>');
    expect(within(screen.getByTestId('announcement-drawer')).getByRole('heading', { name: 'Second' })).toBeTruthy();
  });

  it('opens the announcement named in the address, as the home bell links it', async () => {
    stubApi((url) => (url.includes('/public/announcement/get') ? json(item(9, 'Linked')) : json({ items: [], totalRecords: 0 })));
    renderAt(<LatestUpdatesScreen />, '/public-latest-updates?id=9', []);
    expect(await screen.findByRole('heading', { name: 'Linked' })).toBeTruthy();
    expect(await screen.findByTestId('announcements-empty')).toBeTruthy();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? json({ errors: [{ code: 'GEN0005', message: 'Down', type: 'Error' }] }, 500)
        : json({ items: [item(1, 'Back')], totalRecords: 1 }),
    );
    renderAt(<LatestUpdatesScreen />, '/public-latest-updates', []);
    await screen.findByTestId('announcements-error');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('announcement-row-1')).toBeTruthy());
  });
});

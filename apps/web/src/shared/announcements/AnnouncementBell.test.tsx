import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { PublicAnnouncementBell, UserAnnouncementBell } from './AnnouncementBell';

// The bells of the /home header (public count, the newest few, view all at /public-latest-updates) and of the
// application header (the user's unread count, view all at /announcements).

const ITEM = { id: 7, title: 'GSTR-1 due date extended', body: '<p>x</p>', publishAt: '2026-11-20T10:00:00.000Z', expiresAt: null };

describe('announcement bells', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the public count and, when opened, the newest public announcements with a view-all link', async () => {
    const calls = stubApi((url) => (url.includes('/public/announcement/count') ? json(3) : json({ items: [ITEM], totalRecords: 3 })));
    renderAt(<PublicAnnouncementBell />, '/home', []);
    await waitFor(() => expect(screen.getByTestId('announcement-count').textContent).toBe('3'));
    expect(
      calls.some((c) => c.url.includes('/public/announcement/search')),
      'the list waits for the dropdown',
    ).toBe(false);
    fireEvent.click(screen.getByTestId('announcement-bell'));
    const item = await screen.findByTestId('announcement-bell-item-7');
    expect(item.textContent).toContain('GSTR-1 due date extended');
    expect(item.getAttribute('href')).toBe('/public-latest-updates?id=7');
    expect(screen.getByTestId('announcement-view-all').getAttribute('href')).toBe('/public-latest-updates');
  });

  it("shows the signed-in user's unread count, unread items marked, and links to /announcements", async () => {
    stubApi((url) =>
      url.includes('/announcement/unreadCount')
        ? json({ count: 2 })
        : json({ items: [{ ...ITEM, audience: 'Public', isRead: false }], totalRecords: 1 }),
    );
    renderAt(<UserAnnouncementBell />, '/gstr-1', []);
    await waitFor(() => expect(screen.getByTestId('announcement-count').textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('announcement-bell'));
    const item = await screen.findByTestId('announcement-bell-item-7');
    expect(item.textContent).toContain('Unread');
    expect(item.getAttribute('href')).toBe('/announcements?id=7');
    expect(screen.getByTestId('announcement-view-all').getAttribute('href')).toBe('/announcements');
  });

  it('hides the badge when nothing is unread', async () => {
    const calls = stubApi(() => json({ count: 0 }));
    renderAt(<UserAnnouncementBell />, '/gstr-1', []);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByTestId('announcement-count')).toBeNull());
  });
});

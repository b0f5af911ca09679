import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserAnnouncement } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { AnnouncementsScreen } from './AnnouncementsScreen';

// /announcements (spec core §2): the user's list with unread ones marked; the detail in the right slide-in, marked read
// when shown; mark all read.

const item = (id: number, isRead: boolean): UserAnnouncement => ({
  id,
  title: `Notice ${id}`,
  body: `<p>Notice ${id} text</p>`,
  publishAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  audience: 'AllSubscribers',
  isRead,
});

describe('AnnouncementsScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('marks unread rows, opens one in the drawer and marks it read', async () => {
    let read = false;
    const calls = stubApi((url) => {
      if (url.includes('/announcement/markRead')) {
        read = true;
        return json({ count: 0 });
      }
      if (url.includes('/announcement/get')) return json(item(5, read));
      return json({ items: [item(5, read), item(4, true)], totalRecords: 2 });
    });
    renderAt(<AnnouncementsScreen />, '/announcements', []);
    const unread = await screen.findByTestId('announcement-row-5');
    expect(unread.getAttribute('data-unread')).toBe('true');
    expect(unread.textContent).toContain('Unread');
    expect(screen.getByTestId('announcement-row-4').getAttribute('data-unread')).toBe('false');
    fireEvent.click(unread);
    expect((await screen.findByTestId('announcement-body')).textContent).toBe('Notice 5 text');
    await waitFor(() => expect(calls.find((c) => c.url.includes('/announcement/markRead'))?.body).toEqual({ ids: [5] }));
    await waitFor(() => expect(screen.getByTestId('announcement-row-5').getAttribute('data-unread')).toBe('false'));
  });

  it('does not mark an already read announcement again', async () => {
    const calls = stubApi((url) =>
      url.includes('/announcement/get') ? json(item(4, true)) : json({ items: [item(4, true)], totalRecords: 1 }),
    );
    renderAt(<AnnouncementsScreen />, '/announcements?id=4', []);
    await screen.findByTestId('announcement-body');
    expect(calls.some((c) => c.url.includes('markRead'))).toBe(false);
  });

  it('marks every unread one read at once, and says when none is left', async () => {
    const calls = stubApi((url, call) => {
      if (url.includes('/announcement/markRead')) return json({ count: 0 });
      const unreadOnly = (call.body as { filters?: { unreadOnly?: boolean } }).filters?.unreadOnly;
      return json(unreadOnly ? { items: [], totalRecords: 0 } : { items: [item(2, false), item(1, false)], totalRecords: 2 });
    });
    renderAt(<AnnouncementsScreen />, '/announcements', []);
    await screen.findByTestId('announcement-row-2');
    fireEvent.click(screen.getByTestId('announcements-mark-all'));
    await waitFor(() => expect(calls.find((c) => c.url.includes('markRead'))?.body).toEqual({ ids: [2, 1] }));
    fireEvent.click(screen.getByText('Unread only'));
    expect((await screen.findByTestId('announcements-empty')).textContent).toBe('You have read every announcement.');
  });
});

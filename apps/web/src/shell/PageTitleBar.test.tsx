import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { json, renderAt, stubApi } from '../test/screenTestSupport';
import { PageTitleBar } from './PageTitleBar';

// UI.md "Layout": the title bar carries the announcements bell, with the signed-in user's unread count, beside the user menu.

describe('PageTitleBar', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the user's unread announcements on the bell", async () => {
    stubApi((url) => (url.includes('/announcement/unreadCount') ? json({ count: 12 }) : json({})));
    renderAt(
      <PageTitleBar
        title="GSTR-1"
        isSidebarOpen
        onToggleSidebar={() => {}}
        isPremium={false}
        financialYear={null}
        isFixed={false}
        onOpenProfile={() => {}}
      />,
      '/gstr-1',
      [],
    );
    await waitFor(() => expect(screen.getByTestId('announcement-count').textContent).toBe('12'));
    expect(screen.getByTestId('user-menu')).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { HomeLayout } from './HomeLayout';

// Modules §2.7: the /home header carries a bell with the public announcement count beside the login button.

describe('HomeLayout', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the announcement bell with the public count', async () => {
    const calls = stubApi((url) => (url.includes('/public/announcement/count') ? json(4) : json({})));
    renderAt(<HomeLayout />, '/home', []);
    await waitFor(() => expect(screen.getByTestId('announcement-count').textContent).toBe('4'));
    expect(screen.getByTestId('announcement-bell')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/public/announcement/count'))).toBe(true);
  });
});

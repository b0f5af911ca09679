import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminAnnouncement } from '@opengst/contracts';
import { json, renderAt, stubApi, type Call } from '../../test/screenTestSupport';
import { ManageAnnouncementsScreen } from './ManageAnnouncementsScreen';

// /manage-announcements: the list with statuses; writing (a draft, published now, for one subscriber), withdrawing,
// and the server's refusals shown on their fields.

const row = (id: number, status: AdminAnnouncement['status'], extra: Partial<AdminAnnouncement> = {}): AdminAnnouncement => ({
  id,
  title: `Notice ${id}`,
  body: '<p>Text</p>',
  audience: 'Public',
  subscriberId: null,
  publishAt: status === 'Draft' ? null : '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  withdrawnAt: status === 'Withdrawn' ? '2026-11-21T10:00:00.000Z' : null,
  status,
  createdBy: 'Installation Admin',
  updatedBy: 'Installation Admin',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const answer = (saveAnswer: (call: Call) => Response) => (url: string, call: Call) => {
  if (url.includes('/admin/announcement/save')) return saveAnswer(call);
  if (url.includes('/admin/announcement/withdraw')) return json(row(1, 'Withdrawn'));
  return json({ items: [row(2, 'Draft'), row(1, 'Published')], totalRecords: 2 });
};

describe('ManageAnnouncementsScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists announcements with their status and withdraws one after asking', async () => {
    const calls = stubApi(answer(() => json(row(3, 'Draft'))));
    renderAt(<ManageAnnouncementsScreen />, '/manage-announcements', ['AdminMaintenance']);
    expect((await screen.findByTestId('announcement-status-2')).textContent).toBe('Draft');
    expect(screen.getByTestId('announcement-status-1').textContent).toBe('Published');
    fireEvent.click(screen.getByTestId('announcement-withdraw-1'));
    fireEvent.click(await screen.findByTestId('announcement-withdraw-1-confirm'));
    await waitFor(() => expect(calls.find((c) => c.url.includes('withdraw'))?.body).toEqual({ id: 1 }));
  });

  it('writes an announcement for one subscriber, published now', async () => {
    // jsdom has no scrollIntoView; Mantine's Select calls it on its options.
    Element.prototype.scrollIntoView ??= () => {};
    const calls = stubApi(answer(() => json(row(3, 'Published'))));
    renderAt(<ManageAnnouncementsScreen />, '/manage-announcements', ['AdminMaintenance']);
    fireEvent.click(await screen.findByTestId('announcement-new'));
    const drawer = await screen.findByTestId('announcement-form-drawer');
    // The drawer's root comes first, its form once its opening transition has run (late on a loaded machine).
    fireEvent.change(await within(drawer).findByTestId('announcement-title', {}, { timeout: 5000 }), {
      target: { value: 'Portal down on Sunday' },
    });
    fireEvent.change(within(drawer).getByTestId('announcement-body-input'), { target: { value: '<p>From 2 am to 6 am.</p>' } });
    fireEvent.click(within(drawer).getByTestId('announcement-audience'));
    fireEvent.click(await screen.findByRole('option', { name: 'One subscriber', hidden: true }));
    fireEvent.change(await within(drawer).findByTestId('announcement-subscriber'), { target: { value: '42' } });
    fireEvent.click(within(drawer).getByTestId('announcement-publish-now'));
    const before = Date.now();
    fireEvent.click(within(drawer).getByTestId('announcement-save'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/save'))).toBe(true));
    const sent = calls.find((c) => c.url.includes('/save'))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      title: 'Portal down on Sunday',
      body: '<p>From 2 am to 6 am.</p>',
      audience: 'Subscriber',
      subscriberId: 42,
      expiresAt: null,
    });
    // Published now: the minute the button was pressed, sent as an instant.
    expect(Math.abs(Date.parse(String(sent.publishAt)) - before)).toBeLessThan(61_000);
    await waitFor(() => expect(screen.queryByTestId('announcement-title'), 'the form closes once saved').toBeNull());
  });

  it("shows the server's refusal on its field and keeps the draft open", async () => {
    stubApi(
      answer(() =>
        json(
          {
            errors: [{ code: 'GEN0009', propertyName: 'expiresAt', message: 'The expiry must be after the publish date.', type: 'Error' }],
          },
          422,
        ),
      ),
    );
    renderAt(<ManageAnnouncementsScreen />, '/manage-announcements', ['AdminMaintenance']);
    fireEvent.click(await screen.findByTestId('announcement-new'));
    fireEvent.change(await screen.findByTestId('announcement-title'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('announcement-save'));
    expect(await screen.findByText('The expiry must be after the publish date.')).toBeTruthy();
    expect(screen.getByTestId('announcement-title'), 'the form stays open').toBeTruthy();
  });

  it('says what to do when there is none yet', async () => {
    stubApi(() => json({ items: [], totalRecords: 0 }));
    renderAt(<ManageAnnouncementsScreen />, '/manage-announcements', ['AdminMaintenance']);
    expect((await screen.findByTestId('announcements-empty')).textContent).toContain('New announcement');
  });
});

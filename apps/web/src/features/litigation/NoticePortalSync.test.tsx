import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { LoadSettings } from '@opengst/contracts';
import { json, pick, refusal, renderAt, stubApi } from '../../test/screenTestSupport';
import { NoticePortalSyncAction, NoticeSourceBadge } from './NoticePortalSync';

// "Sync from GST portal" on /litigation-management: shown only with the litigationSync setting on and LitigationEdit;
// the chosen GSTINs synced one after another, each one's outcome shown (a GSTIN without a portal session says so and
// does not stop the other), the register reloaded at the end. The register's source badge.

const DELHI = {
  entityId: 2,
  parentEntityId: 1,
  gstin: '07AAACT1234F1Z5',
  entityName: 'Delhi',
  entityType: 'Location',
  status: 'Active',
  stateCode: '07',
  hasAccess: true,
};
const CHENNAI = { ...DELHI, entityId: 3, gstin: '33AAACT1234F1Z1', entityName: 'Chennai', stateCode: '33' };
const BUSINESS = { ...DELHI, entityId: 1, parentEntityId: null, gstin: null, entityName: 'Business', entityType: 'Business' };

const withSetting = (litigationSync: boolean) => (client: import('@tanstack/react-query').QueryClient) => {
  const loaded = client.getQueryData<LoadSettings>(['loadSettings']);
  client.setQueryData(['loadSettings'], {
    ...loaded,
    settings: { ...loaded?.settings, subscriberSettings: { litigationSync } },
  } as unknown as LoadSettings);
};

describe('NoticePortalSyncAction', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const answer = (url: string, call: { body: unknown }) => {
    if (url.includes('/user/entities')) return json([BUSINESS, DELHI, CHENNAI]);
    if (url.includes('/litigation/portal-sync')) {
      const { entityId } = call.body as { entityId: number };
      return entityId === DELHI.entityId
        ? json({ entityId, gstin: DELHI.gstin, received: 2, created: 1, updated: 1, unchanged: 0, activityId: 9 })
        : refusal('RET0008', 'No active GST portal session for this GSTIN: request an OTP and sign in to the portal first.');
    }
    return json([]);
  };

  it('syncs the chosen GSTINs one after another and shows each outcome, then reloads the register', async () => {
    const calls = stubApi(answer);
    const onSynced = vi.fn();
    renderAt(
      <NoticePortalSyncAction financialYear="2025-26" onSynced={onSynced} />,
      '/litigation-management',
      ['LitigationEdit'],
      withSetting(true),
    );
    fireEvent.click(await screen.findByTestId('notice-portal-sync'));
    const select =
      within(await screen.findByTestId('notice-sync-gstins')).queryByRole('textbox') ?? screen.getByTestId('notice-sync-gstins');
    await pick(select, `${DELHI.gstin} · Delhi`);
    await pick(select, `${CHENNAI.gstin} · Chennai`);
    fireEvent.click(screen.getByTestId('notice-sync-start'));

    await screen.findByTestId('notice-sync-done', {}, { timeout: 5000 });
    const syncs = calls.filter((c) => c.url.includes('/litigation/portal-sync'));
    expect(syncs.map((c) => c.body)).toEqual([{ entityId: DELHI.entityId }, { entityId: CHENNAI.entityId }]);
    expect(screen.getByTestId(`notice-sync-result-${DELHI.entityId}`).textContent).toContain('2 read: 1 new, 1 updated, 0 unchanged');
    expect(screen.getByTestId(`notice-sync-result-${CHENNAI.entityId}`).textContent).toContain(
      'Not synced: No active GST portal session for this GSTIN',
    );
    await waitFor(() => expect(onSynced).toHaveBeenCalledTimes(1));
  });

  it('is not offered while the litigationSync setting is off, nor without LitigationEdit', async () => {
    stubApi(answer);
    renderAt(
      <NoticePortalSyncAction financialYear="2025-26" onSynced={() => {}} />,
      '/litigation-management',
      ['LitigationEdit'],
      withSetting(false),
    );
    renderAt(
      <NoticePortalSyncAction financialYear="2025-26" onSynced={() => {}} />,
      '/litigation-management',
      ['LitigationManagement'],
      withSetting(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('notice-portal-sync')).toBeNull();
  });

  it('marks a notice from the portal or an import, not one entered by hand', () => {
    render(
      <MantineProvider>
        <NoticeSourceBadge source="Portal" />
        <NoticeSourceBadge source="Manual" />
      </MantineProvider>,
    );
    expect(screen.getAllByTestId('notice-source').map((b) => b.textContent)).toEqual(['Portal']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { DataActivity } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { DataActivitiesScreen } from './DataActivitiesScreen';

// /data-activities: only the lists the user holds the right of, each asked for by kind and sorted id DESC.

const activity = (id: number, patch: Partial<DataActivity> = {}): DataActivity => ({
  id,
  entityId: 5,
  entityName: 'Mumbai',
  gstin: '27AAPFU0939F1ZV',
  kind: 'Push',
  action: 'Save',
  returnType: 'GSTR1',
  returnPeriod: '102026',
  returnId: 12,
  status: 'Completed',
  portalReferenceId: 'REF1',
  documentCount: 3,
  errorCount: 0,
  message: null,
  userName: 'Asha',
  createdAt: '2026-11-02T10:00:00Z',
  completedAt: null,
  ...patch,
});

describe('DataActivitiesScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the push and callback lists of a user without the sync right, each with its count', async () => {
    const calls = stubApi((_url, call) => {
      const kind = (call.body as { kind: string }).kind;
      return json(
        kind === 'Push'
          ? { items: [activity(2, { action: 'File', errorCount: 1 }), activity(1)], totalRecords: 2 }
          : { items: [], totalRecords: 0 },
      );
    });
    renderAt(<DataActivitiesScreen />, '/data-activities', ['DataActivitiesPush', 'DataActivitiesCallbacks']);
    expect((await screen.findByTestId('activity-2')).textContent).toContain('File');
    expect(screen.getByTestId('activity-2').textContent).toContain('1 with errors');
    expect(screen.getByTestId('activity-2').textContent).toContain('GSTR-1');
    expect(screen.queryByTestId('tab-Sync')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('tab-count-Push').textContent).toBe('2'));
    await waitFor(() => expect(screen.getByTestId('tab-count-Callback').textContent).toBe('0'));
    expect(calls.map((call) => call.body)).toEqual(
      expect.arrayContaining([
        { kind: 'Push', sortExpression: 'id DESC', start: 0, size: 50 },
        { kind: 'Callback', sortExpression: 'id DESC', start: 0, size: 50 },
      ]),
    );
    expect(calls.some((call) => (call.body as { kind: string }).kind === 'Sync')).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Level, NoticeTag } from '@opengst/contracts';
import { json, pick, refusal, renderAt, stubApi } from '../../../test/screenTestSupport';
import { LevelMasterScreen, NoticeTagScreen } from './NamedMasterScreens';

// The named-master screen on /level-master: the list by rank with the Users column, the form's rank sent as a number
// with the name and description trimmed, the server's field refusal (a rank another level holds) on the rank field,
// and a delete refused while users hold the level, with the server's reason. On /notice-tag: the colour picked is
// sent and drawn as the tag's Badge in the preview and the list.

const level = (id: number, name: string, rank: number, extra: Partial<Level> = {}): Level => ({
  id,
  name,
  rank,
  description: '',
  status: 'Active',
  inUse: 0,
  updatedByName: 'Admin',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

describe('NamedMasterScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists levels by rank with how many users hold each', async () => {
    const calls = stubApi(() => json({ items: [level(2, 'Executive', 1), level(1, 'Manager', 2, { inUse: 3 })], totalRecords: 2 }));
    renderAt(<LevelMasterScreen />, '/level-master', ['MasterChartOfAccounts']);
    const manager = await screen.findByTestId('level-row-Manager', {}, { timeout: 5000 });
    expect(manager.textContent).toContain('Manager');
    expect(manager.textContent).toContain('3');
    expect(calls.find((c) => c.url.includes('/level/search'))?.body).toMatchObject({ start: 0, sortExpression: 'rank ASC' });
    // The toolbar's Import opens /import with the levels' import chosen.
    expect(screen.getByTestId('level-import').getAttribute('href')).toBe('/import?type=Levels');
    fireEvent.change(screen.getByTestId('level-search'), { target: { value: 'man' } });
    await waitFor(
      () => expect(calls.filter((c) => c.url.includes('/level/search')).at(-1)?.body).toMatchObject({ filters: { text: 'man' } }),
      {
        timeout: 5000,
      },
    );
  });

  it('sends a new level with its rank as a number, and shows a rank clash on the rank field', async () => {
    let refuse = true;
    const calls = stubApi((url) => {
      if (url.includes('/level/save')) {
        if (refuse) {
          refuse = false;
          return json({ errors: [{ code: 'ORG0006', propertyName: 'Rank', message: 'Rank 2 is already Manager.', type: 'Error' }] }, 422);
        }
        return json(level(5, 'Deputy', 3));
      }
      return json({ items: [level(1, 'Manager', 2)], totalRecords: 1 });
    });
    renderAt(<LevelMasterScreen />, '/level-master', ['MasterChartOfAccounts']);
    fireEvent.click(await screen.findByTestId('level-add', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('level-name', {}, { timeout: 5000 }), { target: { value: ' Deputy ' } });
    fireEvent.change(screen.getByTestId('level-rank'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('level-description'), { target: { value: ' Second line ' } });
    fireEvent.click(screen.getByTestId('level-save'));
    expect(await screen.findByText('Rank 2 is already Manager.', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/level/save'))?.body).toEqual({
      name: 'Deputy',
      rank: 2,
      description: 'Second line',
      status: 'Active',
    });

    fireEvent.change(screen.getByTestId('level-rank'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('level-save'));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/level/save')).at(-1)?.body).toMatchObject({ rank: 3 }));
    await waitFor(() => expect(screen.queryByTestId('level-name')).toBeNull(), { timeout: 5000 });
  });

  it("shows the server's reason when a level users hold cannot be deleted", async () => {
    const message = 'Manager is held by 3 users; deactivate it instead.';
    const calls = stubApi((url) =>
      url.includes('/level/delete')
        ? refusal('ORG0007', message)
        : json({ items: [level(1, 'Manager', 2, { inUse: 3 })], totalRecords: 1 }),
    );
    renderAt(<LevelMasterScreen />, '/level-master', ['MasterChartOfAccounts']);
    const row = await screen.findByTestId('level-row-Manager', {}, { timeout: 5000 });
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('level-delete'));
    fireEvent.click(await screen.findByTestId('level-delete-confirm', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('action-refusal', {}, { timeout: 5000 })).textContent).toContain(message);
    expect(calls.find((c) => c.url.includes('/level/delete'))?.body).toEqual({ ids: [1] });
  });

  it('draws a tag as a Badge of its colour and sends the colour picked', async () => {
    // jsdom has no scrollIntoView; Mantine's Select calls it on its options.
    Element.prototype.scrollIntoView ??= () => {};
    const tag: NoticeTag = {
      id: 4,
      name: 'Urgent',
      color: 'red',
      description: '',
      status: 'Active',
      inUse: 0,
      updatedByName: null,
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    const calls = stubApi((url) =>
      url.includes('/noticeTag/save') ? json({ ...tag, id: 5, name: 'Appeal', color: 'teal' }) : json({ items: [tag], totalRecords: 1 }),
    );
    renderAt(<NoticeTagScreen />, '/notice-tag', ['MasterChartOfAccounts']);
    const badge = await screen.findByTestId('tag-badge-4', {}, { timeout: 5000 });
    expect(badge.querySelector('[data-color="red"]')?.textContent).toBe('Urgent');

    fireEvent.click(screen.getByTestId('tag-add'));
    fireEvent.change(await screen.findByTestId('tag-name', {}, { timeout: 5000 }), { target: { value: 'Appeal' } });
    expect(screen.getByTestId('tag-preview').querySelector('[data-color]')?.getAttribute('data-color')).toBe('blue');
    await pick(screen.getByTestId('tag-color'), 'Teal');
    expect(screen.getByTestId('tag-preview').querySelector('[data-color]')?.getAttribute('data-color')).toBe('teal');
    fireEvent.click(screen.getByTestId('tag-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/noticeTag/save'))?.body).toEqual({
        name: 'Appeal',
        color: 'teal',
        description: '',
        status: 'Active',
      }),
    );
  });
});

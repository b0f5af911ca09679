import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserDetail } from '@opengst/contracts';
import { json, pick, renderAt, stubApi } from '../../test/screenTestSupport';
import { UserForm } from './UserForm';

// The user form's level picker (/level-master): the subscriber's active levels by rank, the level chosen sent as
// levelId, and the level a user already holds kept on the form after it was deactivated (the lookup leaves it out).

const stub = () =>
  stubApi((url) => {
    if (url.includes('/user/save')) return json({ userId: 12 });
    if (url.includes('/role/search')) return json({ items: [{ roleId: 3, name: 'Accountant' }], totalRecords: 1 });
    if (url.includes('/subscriber/levels'))
      return json([
        { id: 7, name: 'Executive', rank: 1 },
        { id: 8, name: 'Manager', rank: 2 },
      ]);
    return json([]);
  });
const saves = (calls: ReturnType<typeof stub>) => calls.filter((call) => call.url.includes('/user/save'));

describe('UserForm level', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the active levels by rank and sends the one picked', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const calls = stub();
    const onSaved = vi.fn();
    renderAt(<UserForm detail={null} onSaved={onSaved} />, '/users', ['UserManage']);
    fireEvent.change(screen.getByTestId('user-username'), { target: { value: 'priya' } });
    fireEvent.change(screen.getByTestId('user-name'), { target: { value: 'Priya' } });
    fireEvent.change(screen.getByTestId('user-email'), { target: { value: 'priya@example.test' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/role/search'))).toBe(true));
    await pick(screen.getByTestId('user-role'), 'Accountant');
    await waitFor(() => expect(calls.some((c) => c.url.includes('/subscriber/levels'))).toBe(true));
    await pick(screen.getByTestId('user-level'), '2. Manager');
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(12));
    expect(saves(calls)[0]?.body).toMatchObject({ userName: 'priya', roleId: 3, levelId: 8 });
  });

  it('keeps the level a user holds after it was deactivated (the lookup leaves it out)', async () => {
    const calls = stub();
    const detail: UserDetail = {
      userId: 12,
      userName: 'priya',
      displayName: 'Priya',
      email: 'priya@example.test',
      mobile: null,
      roleId: 3,
      roleName: 'Accountant',
      branchId: null,
      branchName: null,
      departmentId: null,
      departmentName: null,
      levelId: 5,
      levelName: 'Retired level',
      status: 'Active',
      lastLoginAt: null,
      createdAt: '2026-11-01T10:00:00Z',
      entityIds: [],
      hasApiAccess: false,
    };
    const onSaved = vi.fn();
    renderAt(<UserForm detail={detail} onSaved={onSaved} />, '/users', ['UserManage']);
    await waitFor(() => expect((screen.getByTestId('user-level') as HTMLInputElement).value).toBe('Retired level'));
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toMatchObject({ userId: 12, levelId: 5 });
  });
});

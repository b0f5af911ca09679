import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Consultant } from '@opengst/contracts';
import { json, pick, refusal, renderAt, stubApi } from '../../../test/screenTestSupport';
import { ConsultantsScreen } from './ConsultantsScreen';

// /manage-consultants: the list with firm, capacity and open notices; a new consultant sent with its user's fields,
// the role picked among the non-administrator roles only, the PAN and trimmed texts; a server refusal on its field;
// a delete refused while notices are open, with the server's reason.

const consultant = (id: number, name: string, extra: Partial<Consultant> = {}): Consultant => ({
  id,
  userId: 40 + id,
  userName: name.toLowerCase().replace(/ /g, '-'),
  displayName: name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.test`,
  mobile: null,
  firmName: 'Mehta & Co',
  profession: 'CharteredAccountant',
  membershipNumber: '123456',
  pan: null,
  roleId: 7,
  roleName: 'Notice consultant',
  entityIds: [3],
  gstins: ['27AABCD1234E1Z8'],
  openNotices: 0,
  status: 'Active',
  lastLoginAt: null,
  updatedByName: 'Admin',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const ROLES = {
  items: [
    { roleId: 1, name: 'Admin', description: null, isSystem: true, userCount: 1, rightCount: 100, updatedAt: '2026-11-01T00:00:00.000Z' },
    {
      roleId: 7,
      name: 'Notice consultant',
      description: null,
      isSystem: false,
      userCount: 0,
      rightCount: 3,
      updatedAt: '2026-11-01T00:00:00.000Z',
    },
  ],
  totalRecords: 2,
};

describe('ConsultantsScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists consultants with their firm, capacity and open notices, filtered by capacity', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const calls = stubApi(() => json({ items: [consultant(1, 'Asha Mehta', { openNotices: 2 })], totalRecords: 1 }));
    renderAt(<ConsultantsScreen />, '/manage-consultants', ['MastersView']);
    const row = await screen.findByTestId('consultant-row-asha-mehta', {}, { timeout: 5000 });
    expect(row.textContent).toContain('Mehta & Co');
    expect(row.textContent).toContain('Chartered accountant');
    expect(row.textContent).toContain('2');
    expect(calls.find((c) => c.url.includes('/consultant/search'))?.body).toMatchObject({ start: 0, sortExpression: 'id DESC' });
    await pick(screen.getByTestId('consultant-filter-profession'), 'Advocate');
    await waitFor(
      () =>
        expect(calls.filter((c) => c.url.includes('/consultant/search')).at(-1)?.body).toMatchObject({
          filters: { profession: 'Advocate' },
        }),
      { timeout: 5000 },
    );
  });

  it('sends a new consultant with its sign-in, offers no administrator role, and shows a refusal on its field', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    let refuse = true;
    const calls = stubApi((url) => {
      if (url.includes('/role/search')) return json(ROLES);
      if (url.includes('/user/entities')) return json([]);
      if (url.includes('/consultant/save')) {
        if (refuse) {
          refuse = false;
          return json({ errors: [{ code: 'ADM0001', propertyName: 'UserName', message: 'This user name is taken.', type: 'Error' }] }, 422);
        }
        return json(consultant(9, 'Ravi Iyer'));
      }
      return json({ items: [], totalRecords: 0 });
    });
    renderAt(<ConsultantsScreen />, '/manage-consultants', ['MastersView', 'UserManage']);
    fireEvent.click(await screen.findByTestId('consultant-add', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('consultant-displayName', {}, { timeout: 5000 }), { target: { value: ' Ravi Iyer ' } });
    fireEvent.change(screen.getByTestId('consultant-userName'), { target: { value: 'ravi' } });
    fireEvent.change(screen.getByTestId('consultant-email'), { target: { value: 'ravi@example.test' } });
    fireEvent.change(screen.getByTestId('consultant-firmName'), { target: { value: 'Iyer Law Chambers' } });
    fireEvent.change(screen.getByTestId('consultant-pan'), { target: { value: 'ABCPI1234F' } });
    await pick(screen.getByTestId('consultant-profession'), 'Advocate');
    const roleInput = screen.getByTestId('consultant-role');
    fireEvent.click(roleInput);
    await waitFor(() => expect(roleInput.getAttribute('aria-controls')).toBeTruthy(), { timeout: 5000 });
    const listbox = document.getElementById(roleInput.getAttribute('aria-controls') ?? '')!;
    await waitFor(() => expect(within(listbox).queryByRole('option', { name: 'Notice consultant', hidden: true })).toBeTruthy(), {
      timeout: 5000,
    });
    expect(within(listbox).queryByRole('option', { name: 'Admin', hidden: true })).toBeNull();
    fireEvent.click(within(listbox).getByRole('option', { name: 'Notice consultant', hidden: true }));
    fireEvent.click(screen.getByTestId('consultant-save'));
    expect(await screen.findByText('This user name is taken.', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/consultant/save'))?.body).toEqual({
      userName: 'ravi',
      displayName: 'Ravi Iyer',
      email: 'ravi@example.test',
      mobile: null,
      roleId: 7,
      entityIds: [],
      firmName: 'Iyer Law Chambers',
      profession: 'Advocate',
      membershipNumber: '',
      pan: 'ABCPI1234F',
    });
    fireEvent.change(screen.getByTestId('consultant-userName'), { target: { value: 'ravi.iyer' } });
    fireEvent.click(screen.getByTestId('consultant-save'));
    await waitFor(() => expect(screen.queryByTestId('consultant-displayName')).toBeNull(), { timeout: 5000 });
  });

  it("shows the server's reason when a consultant with open notices cannot be deleted", async () => {
    const message = 'Asha Mehta has 2 open notices assigned: assign them to someone else first, or deactivate the consultant.';
    const calls = stubApi((url) =>
      url.includes('/consultant/delete')
        ? refusal('GEN0009', message)
        : json({ items: [consultant(1, 'Asha Mehta', { openNotices: 2 })], totalRecords: 1 }),
    );
    renderAt(<ConsultantsScreen />, '/manage-consultants', ['MastersView', 'UserDelete']);
    const row = await screen.findByTestId('consultant-row-asha-mehta', {}, { timeout: 5000 });
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('consultant-delete'));
    fireEvent.click(await screen.findByTestId('consultant-delete-confirm', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('action-refusal', {}, { timeout: 5000 })).textContent).toContain(message);
    expect(calls.find((c) => c.url.includes('/consultant/delete'))?.body).toEqual({ ids: [1] });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Profile } from '@opengst/contracts';
import { json, refusal, renderAt, stubApi, type Call } from '../../test/screenTestSupport';
import { ProfileDrawer } from './ProfileDrawer';

// The profile drawer (issue 16, e-mail change): a new e-mail asks for the current password, sent encrypted with a
// one-time key; the address changes only when the code mailed to it is entered, and the drawer says so.

const PROFILE: Profile = {
  userId: 7,
  userName: 'asha',
  displayName: 'Asha',
  email: 'asha@example.test',
  mobile: null,
  roleName: 'Admin',
  branchName: null,
  departmentName: null,
  lastLoginAt: null,
  pendingEmail: null,
  usesGeneratedSecret: false,
  entities: [],
};
const ENCRYPTOR = { key: btoa('k'.repeat(32)), iv: btoa('i'.repeat(16)), identifier: 'enc-1' };

const open = (answer: (url: string, call: Call) => Response) => {
  const calls = stubApi(answer);
  renderAt(<ProfileDrawer opened onClose={() => {}} />, '/', []);
  return calls;
};

describe('ProfileDrawer', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves the name alone without asking for the password', async () => {
    const calls = open((url, call) => {
      if (url.includes('/profile/detail')) return json(PROFILE);
      if (url.includes('/profile/save')) return json({ ...PROFILE, ...(call.body as object) });
      return json({});
    });
    fireEvent.change(await screen.findByTestId('profile-name'), { target: { value: 'Asha R' } });
    expect(screen.queryByTestId('profile-email-password')).toBeNull();
    fireEvent.click(screen.getByTestId('profile-save'));
    await screen.findByTestId('profile-saved');
    const save = calls.find((c) => c.url.includes('/profile/save'));
    expect(save?.body).toEqual({ displayName: 'Asha R', email: 'asha@example.test', mobile: null });
    expect(calls.some((c) => c.url.includes('/encryptor'))).toBe(false);
  });

  it('asks for the current password when the e-mail changes, says a code was sent, and confirms with it', async () => {
    const calls = open((url, call) => {
      if (url.includes('/profile/detail')) return json(PROFILE);
      if (url.includes('/public/encryptor/get')) return json(ENCRYPTOR);
      if (url.includes('/profile/save')) return json({ ...PROFILE, pendingEmail: 'new@example.test' });
      if (url.includes('/profile/confirmEmail')) {
        return (call.body as { code: string }).code === '123456'
          ? json({ ...PROFILE, email: 'new@example.test' })
          : refusal('ADM0014', 'The confirmation code is not correct.');
      }
      return json({});
    });
    fireEvent.change(await screen.findByTestId('profile-email'), { target: { value: 'new@example.test' } });
    const password = await screen.findByTestId('profile-email-password');
    expect((screen.getByTestId('profile-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(password, { target: { value: 'My#Secret2026' } });
    fireEvent.click(screen.getByTestId('profile-save'));

    const pending = await screen.findByTestId('profile-email-pending');
    expect(pending.textContent).toContain('new@example.test');
    expect(pending.textContent).toContain('asha@example.test');
    const save = calls.find((c) => c.url.includes('/profile/save'));
    const body = save?.body as { email: string; currentPassword: string };
    expect(body.email).toBe('new@example.test');
    // The password never travels in clear.
    expect(body.currentPassword).toBeTruthy();
    expect(body.currentPassword).not.toContain('My#Secret2026');
    // The form is back on the current address: a later save does not ask again.
    expect((screen.getByTestId('profile-email') as HTMLInputElement).value).toBe('asha@example.test');
    expect(screen.queryByTestId('profile-email-password')).toBeNull();

    fireEvent.change(screen.getByTestId('profile-email-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('profile-email-confirm'));
    expect(await screen.findByText('The confirmation code is not correct.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('profile-email-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('profile-email-confirm'));
    await waitFor(() => expect(screen.queryByTestId('profile-email-pending')).toBeNull());
    expect(screen.getByTestId('profile-saved').textContent).toContain('new@example.test');
    expect((screen.getByTestId('profile-email') as HTMLInputElement).value).toBe('new@example.test');
  });
});

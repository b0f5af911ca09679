import { queryOptions } from '@tanstack/react-query';
import { AUTH_ENDPOINTS, HEADERS, PROFILE_ENDPOINTS as PROFILE, type ProfileSave } from '@opengst/contracts';
import { encryptSecrets } from '../../api/crypto';
import { call } from '../../api/call';
import { FORM_SILENT } from '../../shared/forms';

// Spec core §7 "Profile" (contracts organization/profile.endpoints.ts): profile/detail (v0.2), profile/save,
// profile/confirmEmail, changePassword.

/** Query keys of the profile. */
export const profileKeys = { all: ['profile'] as const };

export const profileQuery = queryOptions({ queryKey: profileKeys.all, queryFn: () => call(PROFILE.profileDetail) });

/**
 * A changed e-mail travels with the current password, encrypted with a one-time key; the server then mails a code to
 * the new address and answers the profile with `pendingEmail` until it is confirmed.
 */
export const saveProfile = async (body: Omit<ProfileSave, 'currentPassword'>, currentPassword?: string) => {
  if (currentPassword === undefined) return call(PROFILE.profileSave, { body }, { silent: FORM_SILENT });
  const encryptor = await call(AUTH_ENDPOINTS.encryptor);
  const [current = ''] = await encryptSecrets(encryptor, [currentPassword]);
  return call(
    PROFILE.profileSave,
    { body: { ...body, currentPassword: current } },
    { headers: { [HEADERS.encId]: encryptor.identifier }, silent: FORM_SILENT },
  );
};

/** The code mailed to the new address applies the pending e-mail change. */
export const confirmEmail = (code: string) => call(PROFILE.profileConfirmEmail, { body: { code } }, { silent: FORM_SILENT });

/** The three passwords travel encrypted with one one-time key, as in resetPassword. */
export const changePassword = async (currentPassword: string, password: string, confirmPassword: string) => {
  const encryptor = await call(AUTH_ENDPOINTS.encryptor);
  // One encrypted value per secret, in order.
  const [current, next, confirm] = (await encryptSecrets(encryptor, [currentPassword, password, confirmPassword])) as [
    string,
    string,
    string,
  ];
  return call(
    PROFILE.changePassword,
    { body: { currentPassword: current, password: next, confirmPassword: confirm } },
    { headers: { [HEADERS.encId]: encryptor.identifier }, silent: FORM_SILENT },
  );
};

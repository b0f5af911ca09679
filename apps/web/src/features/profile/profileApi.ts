import { queryOptions } from '@tanstack/react-query';
import { ADMINISTRATION_API, API, HEADERS, type Encryptor, type Profile, type ProfileSave } from '@opengst/contracts';
import { encryptSecrets } from '../../api/crypto';
import { apiRequest } from '../../api/http';
import { FORM_SILENT } from '../../shared/forms';

// Spec core §7 "Profile": profile/detail (v0.2), profile/save, changePassword.

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => apiRequest<Profile>(ADMINISTRATION_API.profileDetail),
});

export const saveProfile = (body: ProfileSave) => apiRequest<unknown>(ADMINISTRATION_API.profileSave, { method: 'POST', body, silent: FORM_SILENT });

/** The three passwords travel encrypted with one one-time key, as in resetPassword. */
export const changePassword = async (currentPassword: string, password: string, confirmPassword: string) => {
  const encryptor = await apiRequest<Encryptor>(API.encryptor);
  const [current, next, confirm] = await encryptSecrets(encryptor, [currentPassword, password, confirmPassword]);
  return apiRequest<{ message: string }>(ADMINISTRATION_API.changePassword, {
    method: 'POST',
    body: { currentPassword: current, password: next, confirmPassword: confirm },
    headers: { [HEADERS.encId]: encryptor.identifier },
    silent: FORM_SILENT,
  });
};

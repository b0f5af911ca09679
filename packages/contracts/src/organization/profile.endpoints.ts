import { API_ROOT, API_ROOT_V2 } from '../api';
import { MessageSchema } from '../auth/auth.schemas';
import { defineEndpoint, pathsOf } from '../endpoint';
import { ChangePasswordSchema, ConfirmEmailSchema, ProfileSaveSchema, ProfileSchema } from './profile.schemas';

// The endpoints of the signed-in user's own profile and password (spec core §7 "Profile"): no right beyond being signed in.
export const PROFILE_ENDPOINTS = {
  profileDetail: defineEndpoint({ method: 'GET', path: `${API_ROOT_V2}/profile/detail`, response: ProfileSchema }),
  /** Answers the profile as saved. */
  profileSave: defineEndpoint({ method: 'POST', path: `${API_ROOT}/profile/save`, body: ProfileSaveSchema, response: ProfileSchema }),
  /** Applies the pending e-mail change with the code mailed to the new address; answers the profile. */
  profileConfirmEmail: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/profile/confirmEmail`,
    body: ConfirmEmailSchema,
    response: ProfileSchema,
  }),
  /** The three passwords encrypted with a one-time key of public/encryptor/get, its identifier in the enc-id header. */
  changePassword: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/changePassword`,
    body: ChangePasswordSchema,
    response: MessageSchema,
  }),
};
export const PROFILE_API = pathsOf(PROFILE_ENDPOINTS);

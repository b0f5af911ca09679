import { REGISTRATION_ENDPOINTS } from './auth/registration.endpoints';
import { pathsOf } from './endpoint';
import { PROFILE_ENDPOINTS } from './organization/profile.endpoints';
import { ROLE_ENDPOINTS } from './organization/roles.endpoints';
import { USER_ENDPOINTS } from './organization/users.endpoints';
import { SUBSCRIBER_SETTINGS_ENDPOINTS } from './settings/subscriber-settings.endpoints';

// The paths of the users, roles, profile, subscriber settings and registration endpoints in one table, for the tests
// and journeys that call the API directly.
export const ADMINISTRATION_API = {
  ...pathsOf(USER_ENDPOINTS),
  ...pathsOf(ROLE_ENDPOINTS),
  ...pathsOf(PROFILE_ENDPOINTS),
  ...pathsOf(SUBSCRIBER_SETTINGS_ENDPOINTS),
  ...pathsOf(REGISTRATION_ENDPOINTS),
};

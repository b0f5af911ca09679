import { ADMIN_ENDPOINTS } from './administration/administration.endpoints';
import { AUTH_ENDPOINTS } from './auth/auth.endpoints';
import { DASHBOARD_ENDPOINTS } from './dashboard/dashboard.endpoints';
import { pathsOf } from './endpoint';
import { MASTERS_ENDPOINTS } from './masters/masters.endpoints';
import { USER_ENDPOINTS } from './organization/users.endpoints';
import { SETTINGS_ENDPOINTS } from './settings/settings.endpoints';

// The paths of the session, sign-in, master, dashboard and administration endpoints in one table, for the tests and
// journeys that call the API directly. Kept apart from api.ts, which every endpoints file imports for API_ROOT.
export const API = {
  ...pathsOf(AUTH_ENDPOINTS),
  ...pathsOf(SETTINGS_ENDPOINTS),
  ...pathsOf(MASTERS_ENDPOINTS),
  ...pathsOf(DASHBOARD_ENDPOINTS),
  ...pathsOf(ADMIN_ENDPOINTS),
  userEntities: USER_ENDPOINTS.userEntities.path,
};

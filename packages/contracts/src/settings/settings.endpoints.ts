import { API_ROOT } from '../api';
import { LoadSettingsSchema, LoginMetadataSchema } from '../auth/auth.schemas';
import { defineEndpoint, pathsOf } from '../endpoint';
import { ResourcesSchema } from '../masters/masters.schemas';

// The endpoints of what the navigation guard loads (spec core §2 and §3 "Settings"): the login metadata and texts
// before sign-in, the settings, rights and texts after it, and the maintenance check.
export const SETTINGS_ENDPOINTS = {
  /** The login page's metadata, before anyone is known. */
  preLoadSettings: defineEndpoint({ method: 'GET', path: `${API_ROOT}/preLoadSettings`, response: LoginMetadataSchema }),
  /** The texts of the public pages. */
  preResources: defineEndpoint({ method: 'GET', path: `${API_ROOT}/master/preResources`, response: ResourcesSchema }),
  /** Every text, after sign-in. */
  resources: defineEndpoint({ method: 'GET', path: `${API_ROOT}/master/resources`, response: ResourcesSchema }),
  /** Settings, rights, the side menu and the signed-in user. */
  loadSettings: defineEndpoint({ method: 'GET', path: `${API_ROOT}/loadsettings`, response: LoadSettingsSchema }),
  /** Spec core §7: 204 when the application is up, 503 while under maintenance. */
  ping: defineEndpoint({ method: 'GET', path: `${API_ROOT}/ping`, response: 'empty' }),
};
export const SETTINGS_API = pathsOf(SETTINGS_ENDPOINTS);

import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf, type Endpoint } from '../endpoint';
import { SETTINGS_GROUP_SCHEMAS, settingsGroupPath, SettingsScreenSchema, type SettingsGroup } from './subscriber-settings.schemas';

// The endpoints of the /settings screen: the subscriber settings by group, each group saved on its own path behind
// its own right (SETTINGS_GROUP_RIGHTS).
export const SUBSCRIBER_SETTINGS_ENDPOINTS = {
  /** Every group with its values and whether the user may edit it. */
  subscriberSettings: defineEndpoint({ method: 'GET', path: `${API_ROOT}/settings/subscriber`, response: SettingsScreenSchema }),
};
export const SUBSCRIBER_SETTINGS_API = pathsOf(SUBSCRIBER_SETTINGS_ENDPOINTS);

/** The whole group is sent (zod fills what is missing with defaults); the answer is the group as saved. */
const saveGroup = <G extends SettingsGroup>(group: G) =>
  defineEndpoint({
    method: 'POST',
    path: settingsGroupPath(group),
    body: SETTINGS_GROUP_SCHEMAS[group],
    response: SettingsScreenSchema.shape.groups.element,
  });

/** POST settings/subscriber/{group}, one endpoint per group. */
export const SAVE_SETTINGS_GROUP_ENDPOINTS = {
  security: saveGroup('security'),
  passwordPolicy: saveGroup('passwordPolicy'),
  reconciliation: saveGroup('reconciliation'),
  inwardAutoDownload: saveGroup('inwardAutoDownload'),
  importValidation: saveGroup('importValidation'),
  autoCompute: saveGroup('autoCompute'),
  notifications: saveGroup('notifications'),
  modules: saveGroup('modules'),
  drc01: saveGroup('drc01'),
} satisfies Record<SettingsGroup, Endpoint>;

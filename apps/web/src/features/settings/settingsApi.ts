import { queryOptions } from '@tanstack/react-query';
import { SAVE_SETTINGS_GROUP_ENDPOINTS, SUBSCRIBER_SETTINGS_ENDPOINTS, type SettingsGroup } from '@opengst/contracts';
import { call } from '../../api/call';
import { FORM_SILENT } from '../../shared/forms';

// The calls of /settings (contracts settings/subscriber-settings.endpoints.ts).

/** Query keys of the module. */
export const settingsScreenKeys = {
  all: ['settings'] as const,
  subscriber: () => [...settingsScreenKeys.all, 'subscriber'] as const,
};

export const settingsScreenQuery = queryOptions({
  queryKey: settingsScreenKeys.subscriber(),
  queryFn: () => call(SUBSCRIBER_SETTINGS_ENDPOINTS.subscriberSettings),
});

export const saveSettingsGroup = (group: SettingsGroup, values: Record<string, unknown>) =>
  call(SAVE_SETTINGS_GROUP_ENDPOINTS[group], { body: values }, { silent: FORM_SILENT });

import { queryOptions } from '@tanstack/react-query';
import { ADMINISTRATION_API, settingsGroupPath, type SettingsGroup, type SettingsScreen } from '@opengst/contracts';
import { apiRequest } from '../../api/http';
import { FORM_SILENT } from '../../shared/forms';

export const settingsScreenQuery = queryOptions({
  queryKey: ['settings', 'subscriber'],
  queryFn: () => apiRequest<SettingsScreen>(ADMINISTRATION_API.subscriberSettings),
});

export const saveSettingsGroup = (group: SettingsGroup, values: Record<string, unknown>) =>
  apiRequest<unknown>(settingsGroupPath(group), { method: 'POST', body: values, silent: FORM_SILENT });

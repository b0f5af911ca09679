import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { InstallationSettingsSchema } from '../settings/settings.schemas';
import { MaintenanceSwitchSchema, OutboxPageSchema, OutboxQuerySchema } from './administration.schemas';

const installationSettingsPath = `${API_ROOT}/admin/installationSettings`;

// The endpoints of the installation's administration: the mail outbox, maintenance mode and installation settings.
export const ADMIN_ENDPOINTS = {
  /** The subscriber's own mail, newest first. */
  outbox: defineEndpoint({ method: 'GET', path: `${API_ROOT}/admin/outbox`, query: OutboxQuerySchema, response: OutboxPageSchema }),
  /** Switches maintenance mode on or off (allowed during maintenance, so it can be switched off). */
  maintenance: defineEndpoint({ method: 'POST', path: `${API_ROOT}/admin/maintenance`, body: MaintenanceSwitchSchema, response: 'empty' }),
  installationSettings: defineEndpoint({ method: 'GET', path: installationSettingsPath, response: InstallationSettingsSchema }),
  /** Saves the settings given (the others keep their values); answers them all. */
  installationSettingsSave: defineEndpoint({
    method: 'POST',
    path: installationSettingsPath,
    body: InstallationSettingsSchema.partial(),
    response: InstallationSettingsSchema,
  }),
};
export const ADMIN_API = pathsOf(ADMIN_ENDPOINTS);

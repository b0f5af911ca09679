import { z } from 'zod';
import { API_ROOT } from '../api';
import {
  InwardAutoDownloadSettingsSchema,
  PasswordPolicySchema,
  ReconciliationSettingsSchema,
  SecuritySettingsSchema,
  SubscriberSettingsSchema,
} from './settings.schemas';

// The settings screen (/settings): the subscriber settings by area, each behind its own right.
export const SETTINGS_GROUPS = [
  'security',
  'passwordPolicy',
  'reconciliation',
  'inwardAutoDownload',
  'importValidation',
  'autoCompute',
  'notifications',
  'modules',
  'drc01',
] as const;
export const SettingsGroupSchema = z.enum(SETTINGS_GROUPS);
export type SettingsGroup = z.infer<typeof SettingsGroupSchema>;
const settingsShape = SubscriberSettingsSchema.shape;
/** The schema of each group's value (what POST settings/subscriber/{group} takes and the GET answer holds). */
export const SETTINGS_GROUP_SCHEMAS = {
  security: SecuritySettingsSchema,
  passwordPolicy: PasswordPolicySchema,
  reconciliation: ReconciliationSettingsSchema,
  inwardAutoDownload: InwardAutoDownloadSettingsSchema,
  importValidation: settingsShape.importValidation.unwrap(),
  autoCompute: settingsShape.autoCompute.unwrap(),
  notifications: settingsShape.notifications.unwrap(),
  modules: z.object({ showIMS: z.boolean().default(true), litigationSync: z.boolean().default(false) }),
  drc01: settingsShape.drc01.unwrap(),
} as const satisfies Record<SettingsGroup, z.ZodType>;
/** The right that lets a user edit each group (any user who can open /settings may read them all). */
export const SETTINGS_GROUP_RIGHTS = {
  security: 'SettingsSecurity',
  passwordPolicy: 'SettingsSecurity',
  reconciliation: 'SettingsReconciliation',
  inwardAutoDownload: 'SettingsReconciliation',
  importValidation: 'SettingsImport',
  autoCompute: 'SettingsDocuments',
  notifications: 'SettingsNotifications',
  modules: 'SettingsGeneral',
  drc01: 'SettingsGeneral',
} as const satisfies Record<SettingsGroup, string>;
export const settingsGroupPath = (group: SettingsGroup): string => `${API_ROOT}/settings/subscriber/${group}`;
export const SettingsScreenSchema = z.object({
  groups: z.array(
    z.object({ group: SettingsGroupSchema, rightId: z.string(), canEdit: z.boolean(), values: z.record(z.string(), z.unknown()) }),
  ),
});
export type SettingsScreen = z.infer<typeof SettingsScreenSchema>;

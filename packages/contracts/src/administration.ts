// Administration contracts: users, roles and rights, settings, profile, registration, API access (issue 5).
import { z } from 'zod';
import { API_ROOT, API_ROOT_V2 } from './api';
import { RIGHT_MODULES } from './rights';
import {
  PasswordPolicySchema,
  ReconciliationSettingsSchema,
  SecuritySettingsSchema,
  SubscriberSettingsSchema,
} from './settings';

export const ADMINISTRATION_API = {
  userSearch: `${API_ROOT}/user/search`,
  /** Binary xlsx of the users matching the same filters as search. */
  userExport: `${API_ROOT}/user/export`,
  userSave: `${API_ROOT}/user/save`,
  /** GET ?userId= */
  userDetail: `${API_ROOT}/user/detail`,
  userUpdateStatus: `${API_ROOT}/user/updateStatus`,
  userResetPassword: `${API_ROOT}/user/resetPassword`,
  userDelete: `${API_ROOT}/user/delete`,
  userApiAccess: `${API_ROOT}/user/apiAccess`,
  /** GET ?userId= */
  userGetApiAccess: `${API_ROOT}/user/getApiAccess`,
  /** GET ?userId=: the secret is in this answer once, never again. */
  userGenerateLifetimeAuthToken: `${API_ROOT}/user/generateLifetimeAuthToken`,
  /** GET ?userId=: the secret is in this answer once, never again. */
  userGenerateAuthKey: `${API_ROOT}/user/generateAuthKey`,
  userRevokeApiKey: `${API_ROOT}/user/revokeApiKey`,

  roleSearch: `${API_ROOT}/role/search`,
  roleSave: `${API_ROOT}/role/save`,
  /** GET ?roleId= */
  roleDetail: `${API_ROOT}/role/detail`,
  roleDelete: `${API_ROOT}/role/delete`,
  roleRightsTree: `${API_ROOT}/role/rightsTree`,

  /** GET: every group of the subscriber settings with whether the user may edit it. */
  subscriberSettings: `${API_ROOT}/settings/subscriber`,
  /** POST one group: `${subscriberSettingsGroup}/${group}` (see settingsGroupPath). */
  subscriberSettingsGroup: `${API_ROOT}/settings/subscriber/:group`,

  profileDetail: `${API_ROOT_V2}/profile/detail`,
  profileSave: `${API_ROOT}/profile/save`,
  changePassword: `${API_ROOT}/changePassword`,

  registrationValidateGstinOrPan: `${API_ROOT}/registration/validateGstinOrPan`,
  registrationRegister: `${API_ROOT}/registration/registerGstinOrPan`,
  registrationValidateOtp: `${API_ROOT}/registration/validateOtp`,
  /** GET ?token= */
  registrationRegenerateOtp: `${API_ROOT}/registration/regenerateOtp`,
} as const;

const id = z.number().int().positive();
const pagingFields = {
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).default(50),
  /** "{field} ASC|DESC"; the allowed fields are listed per endpoint. */
  sortExpression: z.string().max(100).nullish(),
};
const trimmed = (max: number) => z.string().trim().min(1).max(max);
// Spec core §5: an e-mail pattern exists; a phone allows 7 to 20 digits with an optional plus.
export const UserEmailSchema = z.string().trim().max(254).email();
export const UserMobileSchema = z.string().trim().regex(/^\+?\d{7,20}$/, 'Enter 7 to 20 digits, optionally starting with +.');
/** Sign-in is by user name alone, so user names are unique across the installation (case-insensitive). */
export const UserNameSchema = z.string().trim().min(3).max(100).regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits, dot, underscore, @ or hyphen.');

// ---- Users (spec core §7 "Users") ----
export const USER_STATUSES = ['Active', 'Inactive', 'Locked', 'Dormant', 'Delete'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;
/** What an administrator may set directly: Dormant is set by the dormancy job, Delete by user/delete. */
export const SettableUserStatusSchema = z.enum(['Active', 'Inactive', 'Locked']);

export const UserFiltersSchema = z.object({
  status: UserStatusSchema.optional(),
  roleId: id.optional(),
  branchId: id.optional(),
  departmentId: id.optional(),
  /** Part of the user name, display name or e-mail. */
  text: z.string().trim().max(100).optional(),
});
/** Sort fields: id, userName, displayName, email, status, lastLoginAt. No default sort (spec core §2): id ASC. */
export const UserSearchRequestSchema = z.object({ ...pagingFields, filters: UserFiltersSchema.optional() });
export type UserSearchRequest = z.infer<typeof UserSearchRequestSchema>;
/** Export takes the filters and sort of search, without paging. */
export const UserExportRequestSchema = z.object({ sortExpression: pagingFields.sortExpression, filters: UserFiltersSchema.optional() });

export const UserListItemSchema = z.object({
  userId: id,
  userName: z.string(),
  displayName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  roleId: id,
  roleName: z.string(),
  branchId: id.nullable(),
  branchName: z.string().nullable(),
  departmentId: id.nullable(),
  departmentName: z.string().nullable(),
  status: UserStatusSchema,
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;
export const UserListSchema = z.object({ items: z.array(UserListItemSchema), totalRecords: z.number().int() });

export const UserDetailSchema = UserListItemSchema.extend({
  /** Locations (and businesses) the user has access to (hasAccess in user/entities). */
  entityIds: z.array(id),
  hasApiAccess: z.boolean(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/**
 * Create (no userId) or edit. A user has exactly one role: the single-role restriction always holds.
 * A new user gets a mail with a single-use link to choose their own password; the administrator never sets it.
 */
export const UserSaveSchema = z.object({
  userId: id.optional(),
  userName: UserNameSchema,
  displayName: trimmed(100),
  email: UserEmailSchema,
  mobile: UserMobileSchema.nullish(),
  roleId: id,
  branchId: id.nullish(),
  departmentId: id.nullish(),
  entityIds: z.array(id).max(10_000).default([]),
});
export type UserSave = z.input<typeof UserSaveSchema>;
export const UserSavedSchema = z.object({ userId: id });

export const UserIdSchema = z.object({ userId: id });
export const UserIdQuerySchema = z.object({ userId: z.coerce.number().int().positive() });
export const UserUpdateStatusSchema = z.object({ userIds: z.array(id).min(1).max(1000), status: SettableUserStatusSchema });
export const UserDeleteSchema = z.object({ userIds: z.array(id).min(1).max(1000) });
export const UsersAffectedSchema = z.object({ affected: z.number().int(), message: z.string() });

// ---- API access ----
export const API_KEY_KINDS = ['LifetimeToken', 'AuthKey'] as const;
export const ApiKeySchema = z.object({
  id,
  kind: z.enum(API_KEY_KINDS),
  /** The last four characters, to tell keys apart; the secret itself is never returned after creation. */
  lastFour: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
/** Access is "enabled" while the user holds at least one live key; disabling revokes every key. */
export const ApiAccessSchema = z.object({ userId: id, isEnabled: z.boolean(), keys: z.array(ApiKeySchema) });
export type ApiAccess = z.infer<typeof ApiAccessSchema>;
export const ApiAccessRequestSchema = z.object({ userId: id, isEnabled: z.boolean() });
/** The one answer that carries the secret: send it as the auth-token header of an API client. */
export const GeneratedApiKeySchema = ApiKeySchema.extend({ secret: z.string() });
export type GeneratedApiKey = z.infer<typeof GeneratedApiKeySchema>;
export const RevokeApiKeySchema = z.object({ id });

// ---- Roles and rights ----
/** Sort fields: id, name. Default id DESC (spec core §2). */
export const RoleSearchRequestSchema = z.object({
  ...pagingFields,
  filters: z.object({ text: z.string().trim().max(100).optional() }).optional(),
});
export const RoleListItemSchema = z.object({
  roleId: id,
  name: z.string(),
  description: z.string().nullable(),
  isSystem: z.boolean(),
  userCount: z.number().int(),
  rightCount: z.number().int(),
  updatedAt: z.string(),
});
export type RoleListItem = z.infer<typeof RoleListItemSchema>;
export const RoleListSchema = z.object({ items: z.array(RoleListItemSchema), totalRecords: z.number().int() });
export const RoleDetailSchema = RoleListItemSchema.extend({ rightIds: z.array(z.string()) });
export type RoleDetail = z.infer<typeof RoleDetailSchema>;
export const RoleIdQuerySchema = z.object({ roleId: z.coerce.number().int().positive() });
/** Create (no roleId: right RoleAdd) or edit (roleId: right RoleEdit). The system role Admin cannot be edited. */
export const RoleSaveSchema = z.object({
  roleId: id.optional(),
  name: trimmed(100),
  description: z.string().trim().max(500).nullish(),
  rightIds: z.array(z.string()).max(1000),
});
export type RoleSave = z.input<typeof RoleSaveSchema>;
export const RoleSavedSchema = z.object({ roleId: id });
export const RoleDeleteSchema = z.object({ roleId: id });

export const RightsTreeSchema = z.array(
  z.object({
    module: z.enum(RIGHT_MODULES),
    rights: z.array(z.object({ rightId: z.string(), name: z.string(), isPremium: z.boolean(), subscribed: z.boolean() })),
  }),
);
export type RightsTree = z.infer<typeof RightsTreeSchema>;

// ---- Settings screen (/settings): the subscriber settings by area, each behind its own right ----
export const SETTINGS_GROUPS = ['security', 'passwordPolicy', 'reconciliation', 'importValidation', 'autoCompute', 'notifications', 'modules'] as const;
export const SettingsGroupSchema = z.enum(SETTINGS_GROUPS);
export type SettingsGroup = z.infer<typeof SettingsGroupSchema>;
const settingsShape = SubscriberSettingsSchema.shape;
/** The schema of each group's value (what POST settings/subscriber/{group} takes and the GET answer holds). */
export const SETTINGS_GROUP_SCHEMAS = {
  security: SecuritySettingsSchema,
  passwordPolicy: PasswordPolicySchema,
  reconciliation: ReconciliationSettingsSchema,
  importValidation: settingsShape.importValidation.unwrap(),
  autoCompute: settingsShape.autoCompute.unwrap(),
  notifications: settingsShape.notifications.unwrap(),
  modules: z.object({ showIMS: z.boolean().default(true), litigationSync: z.boolean().default(false) }),
} as const satisfies Record<SettingsGroup, z.ZodType>;
/** The right that lets a user edit each group (any user who can open /settings may read them all). */
export const SETTINGS_GROUP_RIGHTS = {
  security: 'SettingsSecurity',
  passwordPolicy: 'SettingsSecurity',
  reconciliation: 'SettingsReconciliation',
  importValidation: 'SettingsImport',
  autoCompute: 'SettingsDocuments',
  notifications: 'SettingsNotifications',
  modules: 'SettingsGeneral',
} as const satisfies Record<SettingsGroup, string>;
export const settingsGroupPath = (group: SettingsGroup): string => `${API_ROOT}/settings/subscriber/${group}`;
export const SettingsScreenSchema = z.object({
  groups: z.array(z.object({ group: SettingsGroupSchema, rightId: z.string(), canEdit: z.boolean(), values: z.record(z.string(), z.unknown()) })),
});
export type SettingsScreen = z.infer<typeof SettingsScreenSchema>;

// ---- Profile ----
export const ProfileSchema = z.object({
  userId: id,
  userName: z.string(),
  displayName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  roleName: z.string(),
  branchName: z.string().nullable(),
  departmentName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  entities: z.array(z.object({ entityId: id, entityName: z.string(), gstin: z.string().nullable(), entityType: z.string() })),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileSaveSchema = z.object({ displayName: trimmed(100), email: UserEmailSchema, mobile: UserMobileSchema.nullish() });
export type ProfileSave = z.infer<typeof ProfileSaveSchema>;
/** All three are encrypted with a one-time key from public/encryptor/get (header enc-id), as in resetPassword. */
export const ChangePasswordSchema = z.object({ currentPassword: z.string().min(1).max(1024), password: z.string().min(1).max(1024), confirmPassword: z.string().min(1).max(1024) });

// ---- Registration (public) ----
export const GstinOrPanSchema = z.string().trim().toUpperCase().min(10).max(15);
export const ValidateGstinOrPanSchema = z.object({ gstinOrPan: GstinOrPanSchema });
export const GstinOrPanCheckSchema = z.object({ kind: z.enum(['GSTIN', 'PAN']), gstinOrPan: z.string(), pan: z.string(), stateCode: z.string().nullable() });
export const RegisterGstinOrPanSchema = z.object({
  gstinOrPan: GstinOrPanSchema,
  organisationName: trimmed(200),
  userName: UserNameSchema,
  displayName: trimmed(100),
  email: UserEmailSchema,
  mobile: UserMobileSchema,
});
export type RegisterGstinOrPan = z.infer<typeof RegisterGstinOrPanSchema>;
/** The OTP went to the e-mail given; the token carries the next two steps. */
export const RegistrationStartedSchema = z.object({ token: z.string(), sentTo: z.string(), attemptsLeft: z.number().int(), resendsLeft: z.number().int() });
/** The OTP is sent in clear here: it proves the mailbox, it protects no existing account. */
export const RegistrationOtpSchema = z.object({ token: z.string().min(1).max(200), otp: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit OTP.') });
export const RegistrationCompletedSchema = z.object({ message: z.string(), userName: z.string() });
export const RegistrationResendSchema = z.object({ attemptsLeft: z.number().int(), resendsLeft: z.number().int(), message: z.string() });
export const RegistrationTokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

// Schemas of the users and their API access (spec core §7 "Users"). Endpoints: users.endpoints.ts.
import { PHONE_PATTERN, phoneDigits } from '@opengst/domain';
import { z } from 'zod';
import { listRequestSchema } from '../list';

const id = z.number().int().positive();

// Spec core §5: an e-mail pattern exists; a phone allows 7 to 20 digits with an optional plus.
export const UserEmailSchema = z.string().trim().max(254).email();
export const UserMobileSchema = z
  .string()
  .transform(phoneDigits)
  .pipe(z.string().regex(PHONE_PATTERN, 'Enter 7 to 20 digits, optionally starting with +.'));
/** Sign-in is by user name alone, so user names are unique across the installation (case-insensitive). */
export const UserNameSchema = z
  .string()
  .trim()
  .min(3)
  .max(100)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits, dot, underscore, @ or hyphen.');
export const DisplayNameSchema = z.string().trim().min(1).max(100);

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
export const UserSearchRequestSchema = listRequestSchema(UserFiltersSchema);
export type UserSearchRequest = z.infer<typeof UserSearchRequestSchema>;
/** Export takes the filters and sort of search, without paging. */
export const UserExportRequestSchema = UserSearchRequestSchema.omit({ start: true, size: true });

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
  /** The approval level the user holds (/level-master). */
  levelId: id.nullable(),
  levelName: z.string().nullable(),
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
  displayName: DisplayNameSchema,
  email: UserEmailSchema,
  mobile: UserMobileSchema.nullish(),
  roleId: id,
  branchId: id.nullish(),
  departmentId: id.nullish(),
  /** An active level of the subscriber (a level the user already holds may stay after it was deactivated). */
  levelId: id.nullish(),
  entityIds: z.array(id).max(10_000).default([]),
});
export type UserSave = z.input<typeof UserSaveSchema>;
export const UserSavedSchema = z.object({ userId: id });

export const UserIdSchema = z.object({ userId: id });
export const UserIdQuerySchema = z.object({ userId: z.coerce.number().int().positive() });
export const UserUpdateStatusSchema = z.object({ userIds: z.array(id).min(1).max(1000), status: SettableUserStatusSchema });
export const UserDeleteSchema = z.object({ userIds: z.array(id).min(1).max(1000) });
export const UsersAffectedSchema = z.object({ affected: z.number().int(), message: z.string() });

// API access ------------------------------------------------------------------------------------------------
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

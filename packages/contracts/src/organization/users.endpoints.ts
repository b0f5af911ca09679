import { z } from 'zod';
import { API_ROOT } from '../api';
import { MessageSchema } from '../auth/auth.schemas';
import { defineEndpoint, pathsOf } from '../endpoint';
import { UserEntitySchema } from '../masters/masters.schemas';
import {
  ApiAccessRequestSchema,
  ApiAccessSchema,
  GeneratedApiKeySchema,
  RevokeApiKeySchema,
  UserDeleteSchema,
  UserDetailSchema,
  UserExportRequestSchema,
  UserIdQuerySchema,
  UserIdSchema,
  UserListSchema,
  UsersAffectedSchema,
  UserSavedSchema,
  UserSaveSchema,
  UserSearchRequestSchema,
  UserUpdateStatusSchema,
} from './users.schemas';

// The endpoints of spec core §7 "Users": the users of the subscriber, their API access, and the signed-in user's entities.
export const USER_ENDPOINTS = {
  userSearch: defineEndpoint({ method: 'POST', path: `${API_ROOT}/user/search`, body: UserSearchRequestSchema, response: UserListSchema }),
  /** The xlsx of the users matching the same filters as search. */
  userExport: defineEndpoint({ method: 'POST', path: `${API_ROOT}/user/export`, body: UserExportRequestSchema, response: 'file' }),
  /** Create (a mail with a link to choose a password goes to the new user) or edit. */
  userSave: defineEndpoint({ method: 'POST', path: `${API_ROOT}/user/save`, body: UserSaveSchema, response: UserSavedSchema }),
  userDetail: defineEndpoint({ method: 'GET', path: `${API_ROOT}/user/detail`, query: UserIdQuerySchema, response: UserDetailSchema }),
  userUpdateStatus: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/user/updateStatus`,
    body: UserUpdateStatusSchema,
    response: UsersAffectedSchema,
  }),
  /** Mails the user a link to reset the password. */
  userResetPassword: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/user/resetPassword`,
    body: UserIdSchema,
    response: MessageSchema,
  }),
  userDelete: defineEndpoint({ method: 'POST', path: `${API_ROOT}/user/delete`, body: UserDeleteSchema, response: UsersAffectedSchema }),
  /** Disabling revokes every live key; enabling changes nothing until a key is generated. */
  userApiAccess: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/user/apiAccess`,
    body: ApiAccessRequestSchema,
    response: ApiAccessSchema,
  }),
  userGetApiAccess: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/user/getApiAccess`,
    query: UserIdQuerySchema,
    response: ApiAccessSchema,
  }),
  /** The secret is in this answer once, never again. */
  userGenerateLifetimeAuthToken: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/user/generateLifetimeAuthToken`,
    query: UserIdQuerySchema,
    response: GeneratedApiKeySchema,
  }),
  /** The secret is in this answer once, never again. */
  userGenerateAuthKey: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/user/generateAuthKey`,
    query: UserIdQuerySchema,
    response: GeneratedApiKeySchema,
  }),
  userRevokeApiKey: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/user/revokeApiKey`,
    body: RevokeApiKeySchema,
    response: ApiAccessSchema,
  }),
  /** The signed-in user's entity tree with hasAccess per entity; the financial year is accepted for the spec's call shape. */
  userEntities: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/user/entities`,
    query: z.object({ financialYear: z.string().optional() }),
    response: z.array(UserEntitySchema),
  }),
};
export const USER_API = pathsOf(USER_ENDPOINTS);

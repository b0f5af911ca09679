import { API_ROOT } from '../api';
import { MessageSchema } from '../auth/auth.schemas';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  RightsTreeSchema,
  RoleDeleteSchema,
  RoleDetailSchema,
  RoleIdQuerySchema,
  RoleListSchema,
  RoleSavedSchema,
  RoleSaveSchema,
  RoleSearchRequestSchema,
} from './roles.schemas';

// The endpoints of the roles and their rights (spec core §2: /roles, /add-role and /edit-role).
export const ROLE_ENDPOINTS = {
  roleSearch: defineEndpoint({ method: 'POST', path: `${API_ROOT}/role/search`, body: RoleSearchRequestSchema, response: RoleListSchema }),
  /** Create (no roleId: right RoleAdd) or edit (right RoleEdit). */
  roleSave: defineEndpoint({ method: 'POST', path: `${API_ROOT}/role/save`, body: RoleSaveSchema, response: RoleSavedSchema }),
  roleDetail: defineEndpoint({ method: 'GET', path: `${API_ROOT}/role/detail`, query: RoleIdQuerySchema, response: RoleDetailSchema }),
  roleDelete: defineEndpoint({ method: 'POST', path: `${API_ROOT}/role/delete`, body: RoleDeleteSchema, response: MessageSchema }),
  /** Every right by module, with whether the subscriber has bought it. */
  roleRightsTree: defineEndpoint({ method: 'GET', path: `${API_ROOT}/role/rightsTree`, response: RightsTreeSchema }),
};
export const ROLE_API = pathsOf(ROLE_ENDPOINTS);

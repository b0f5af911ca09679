// Schemas of the roles and their rights (spec core §2: /roles, /add-role, /edit-role). Endpoints: roles.endpoints.ts.
import { z } from 'zod';
import { listRequestSchema } from '../list';
import { RIGHT_MODULES } from '../rights';

const id = z.number().int().positive();

/** Sort fields: id, name. Default id DESC (spec core §2). */
export const RoleSearchRequestSchema = listRequestSchema(z.object({ text: z.string().trim().max(100).optional() }));
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
  name: z.string().trim().min(1).max(100),
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

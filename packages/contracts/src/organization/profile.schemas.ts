// Schemas of the signed-in user's own profile and password (spec core §7 "Profile"). Endpoints: profile.endpoints.ts.
import { z } from 'zod';
import { DisplayNameSchema, UserEmailSchema, UserMobileSchema } from './users.schemas';

const id = z.number().int().positive();

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
export const ProfileSaveSchema = z.object({ displayName: DisplayNameSchema, email: UserEmailSchema, mobile: UserMobileSchema.nullish() });
export type ProfileSave = z.infer<typeof ProfileSaveSchema>;
/** All three are encrypted with a one-time key from public/encryptor/get (header enc-id), as in resetPassword. */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  password: z.string().min(1).max(1024),
  confirmPassword: z.string().min(1).max(1024),
});

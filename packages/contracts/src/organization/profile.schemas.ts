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
  /** An e-mail change waiting for the new address to confirm with the code sent to it; until then `email` stays. */
  pendingEmail: z.string().nullable(),
  /**
   * The demo administrator still signs in with the secret generated at the first start (or by reset-admin-password,
   * printed once): the screens offer to change it.
   */
  usesGeneratedSecret: z.boolean(),
  entities: z.array(z.object({ entityId: id, entityName: z.string(), gstin: z.string().nullable(), entityType: z.string() })),
});
export type Profile = z.infer<typeof ProfileSchema>;
/**
 * A changed e-mail needs `currentPassword`, encrypted with a one-time key of public/encryptor/get (header enc-id); it
 * takes effect only once confirmed (profile/confirmEmail) with the code mailed to the new address. Never with an API key.
 */
export const ProfileSaveSchema = z.object({
  displayName: DisplayNameSchema,
  email: UserEmailSchema,
  mobile: UserMobileSchema.nullish(),
  currentPassword: z.string().min(1).max(1024).optional(),
});
export const ConfirmEmailSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the mail.'),
});
export type ProfileSave = z.infer<typeof ProfileSaveSchema>;
/** All three are encrypted with a one-time key from public/encryptor/get (header enc-id), as in resetPassword. */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  password: z.string().min(1).max(1024),
  confirmPassword: z.string().min(1).max(1024),
});

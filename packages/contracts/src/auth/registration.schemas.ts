import { z } from 'zod';
import { DisplayNameSchema, UserEmailSchema, UserMobileSchema, UserNameSchema } from '../organization/users.schemas';

// Self-registration of a new subscriber by GSTIN or PAN (public).
export const GstinOrPanSchema = z.string().trim().toUpperCase().min(10).max(15);
export const ValidateGstinOrPanSchema = z.object({ gstinOrPan: GstinOrPanSchema });
export const GstinOrPanCheckSchema = z.object({
  kind: z.enum(['GSTIN', 'PAN']),
  gstinOrPan: z.string(),
  pan: z.string(),
  stateCode: z.string().nullable(),
});
export const RegisterGstinOrPanSchema = z.object({
  gstinOrPan: GstinOrPanSchema,
  organisationName: z.string().trim().min(1).max(200),
  userName: UserNameSchema,
  displayName: DisplayNameSchema,
  email: UserEmailSchema,
  mobile: UserMobileSchema,
});
export type RegisterGstinOrPan = z.infer<typeof RegisterGstinOrPanSchema>;
/** The OTP went to the e-mail given; the token carries the next two steps. */
export const RegistrationStartedSchema = z.object({
  token: z.string(),
  sentTo: z.string(),
  attemptsLeft: z.number().int(),
  resendsLeft: z.number().int(),
});
/** The OTP is sent in clear here: it proves the mailbox, it protects no existing account. */
export const RegistrationOtpSchema = z.object({
  token: z.string().min(1).max(200),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit OTP.'),
});
export const RegistrationCompletedSchema = z.object({ message: z.string(), userName: z.string() });
export const RegistrationResendSchema = z.object({ attemptsLeft: z.number().int(), resendsLeft: z.number().int(), message: z.string() });
export const RegistrationTokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

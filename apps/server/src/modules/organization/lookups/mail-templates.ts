import type { z } from 'zod';
import type { TemplateNameSchema } from '@opengst/contracts';

/**
 * The mail templates the product sends today, the one list behind subscriber/templateNames: the reset link and the
 * sign-in and reset OTPs (modules/auth/auth.service.ts), the welcome mail of a new user and the reset link an
 * administrator sends (modules/user/password-link.ts). A module that adds a mail adds its template here.
 */
export const MAIL_TEMPLATES: readonly z.infer<typeof TemplateNameSchema>[] = [
  { id: 'ResetPasswordLink', name: 'Reset password link' },
  { id: 'SignInOtp', name: 'Sign-in one-time password' },
  { id: 'ResetPasswordOtp', name: 'Reset password one-time password' },
  { id: 'UserWelcome', name: 'New user welcome' },
];

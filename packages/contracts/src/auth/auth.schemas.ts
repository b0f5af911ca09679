import { z } from 'zod';
import { AppSettingsSchema } from '../settings/settings.schemas';

// Sign-in payloads of spec core §3 and §7. Secrets (password, OTP, new passwords) travel AES-encrypted with
// the one-time key of `public/encryptor/get`; its identifier goes in the `enc-id` header.

export const HEADERS = {
  authToken: 'auth-token',
  publicAuthToken: 'public-auth-token',
  encId: 'enc-id',
  captcha: 'captcha-response',
  recaptcha: 'g-recaptcha-response',
  requestId: 'request-id',
} as const;

export const EncryptorSchema = z.object({ key: z.string(), iv: z.string(), identifier: z.string() });
export type Encryptor = z.infer<typeof EncryptorSchema>;

export const LoginMetadataSchema = z.object({
  siteKey: z.string(),
  applicationTitle: z.string(),
  applicationSubTitle: z.string(),
  isEnabled: z.boolean(),
  ssoEnabled: z.boolean(),
  hideForgetPassword: z.boolean(),
  folderName: z.string(),
  pageSize: z.number().int(),
  buildVersion: z.string(),
  environment: z.string(),
  /** /home's header search and its why-us section (installation settings; modules §2.7). */
  showHsnSearch: z.boolean(),
  showWhyUsSection: z.boolean(),
});
export type LoginMetadata = z.infer<typeof LoginMetadataSchema>;

/** Self-hosted proof-of-work captcha: find a nonce so that SHA-256(salt + nonce) starts with `difficulty` zero bits. */
export const CaptchaChallengeSchema = z.object({ challengeId: z.string(), salt: z.string(), difficulty: z.number().int() });
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;
/** The site key is optional; when given it must be this installation's. */
export const CaptchaChallengeQuerySchema = z.object({ siteKey: z.string().optional() });

export const LoginRequestSchema = z.object({
  userName: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(1024),
  forceRefresh: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Spec core §3 "Two-factor response": type, request, token, parameters.attemptsLeft (isPasswordExpired on change). */
export const AuthResponseSchema = z.object({
  type: z.enum(['Success', 'TwoFactor', 'ResetPassword']),
  token: z.string(),
  request: z.string().optional(),
  expiresAt: z.string().optional(),
  parameters: z.object({
    attemptsLeft: z.number().int().optional(),
    resendsLeft: z.number().int().optional(),
    isPasswordExpired: z.boolean().optional(),
    sentTo: z.string().optional(),
  }),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const OtpRequestSchema = z.object({ otp: z.string().min(1).max(1024) });
export const RegenerateOtpResponseSchema = z.object({ attemptsLeft: z.number().int(), resendsLeft: z.number().int(), message: z.string() });

export const ForgotPasswordRequestSchema = z.object({
  userName: z.string().trim().min(1).max(100),
  isResetPasswordRequest: z.boolean(),
});
export const ForgotPasswordResponseSchema = z.object({
  token: z.string().nullable(),
  message: z.string(),
  attemptsLeft: z.number().int().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

/** The `request` value of a reset link. */
export const ResetLinkQuerySchema = z.object({ request: z.string().min(1).max(200) });
export const ResetPasswordRequestSchema = z.object({ password: z.string().min(1).max(1024), confirmPassword: z.string().min(1).max(1024) });
export const MessageSchema = z.object({ message: z.string() });
export const TokenSchema = z.object({ token: z.string() });
/** Spec core §7: `{sso}/getUrl?userName=` answers the SAML sign-in URL. */
export const SsoUrlQuerySchema = z.object({ userName: z.string() });

export const RightItemSchema = z.object({
  rightId: z.string(),
  hasAccess: z.boolean(),
  trialExpiry: z.string().nullable(),
  isBlocked: z.boolean(),
  isPremium: z.boolean(),
  isHidden: z.boolean(),
});
export type RightItem = z.infer<typeof RightItemSchema>;

export const SessionUserSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  displayName: z.string(),
  email: z.string(),
  roleName: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LoadSettingsSchema = z.object({
  settings: AppSettingsSchema,
  rights: z.array(RightItemSchema),
  sidemenuConfig: z.object({ hiddenKeys: z.array(z.string()) }),
  buildVersion: z.string(),
  environment: z.string(),
  user: SessionUserSchema,
});
export type LoadSettings = z.infer<typeof LoadSettingsSchema>;

import { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import {
  AuthResponseSchema,
  CaptchaChallengeQuerySchema,
  CaptchaChallengeSchema,
  EncryptorSchema,
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  LoginRequestSchema,
  MessageSchema,
  OtpRequestSchema,
  RegenerateOtpResponseSchema,
  ResetLinkQuerySchema,
  ResetPasswordRequestSchema,
  SsoUrlQuerySchema,
  TokenSchema,
} from './auth.schemas';

// The endpoints of sign-in, the OTP step, forgot and reset password, and logout (spec core §3 and §7). Secrets travel
// encrypted with the one-time key of `encryptor` (its identifier in the enc-id header); the steps after the first carry
// the public-auth-token header.
export const AUTH_ENDPOINTS = {
  /** A one-time AES key for the secrets of the next call. */
  encryptor: defineEndpoint({ method: 'GET', path: `${API_ROOT}/public/encryptor/get`, response: EncryptorSchema }),
  captchaChallenge: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/public/captcha/challenge`,
    query: CaptchaChallengeQuerySchema,
    response: CaptchaChallengeSchema,
  }),
  /** Sign-in: Success, or the TwoFactor / ResetPassword step with a public token. */
  token: defineEndpoint({ method: 'POST', path: `${API_ROOT}/authenticate/token`, body: LoginRequestSchema, response: AuthResponseSchema }),
  validateOtp: defineEndpoint({ method: 'POST', path: `${API_ROOT}/validateOtp`, body: OtpRequestSchema, response: AuthResponseSchema }),
  regenerateOtp: defineEndpoint({ method: 'GET', path: `${API_ROOT}/regenerateOtp`, response: RegenerateOtpResponseSchema }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/forgotPassword`,
    body: ForgotPasswordRequestSchema,
    response: ForgotPasswordResponseSchema,
  }),
  /** Checks a reset link; answers the public token of the reset. */
  validateResetLink: defineEndpoint({ method: 'GET', path: `${API_ROOT}/validate`, query: ResetLinkQuerySchema, response: TokenSchema }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: `${API_ROOT}/resetPassword`,
    body: ResetPasswordRequestSchema,
    response: MessageSchema,
  }),
  /** Revokes the session; allowed during maintenance. */
  logout: defineEndpoint({ method: 'GET', path: `${API_ROOT}/logout`, response: 'empty' }),
  /** The SAML sign-in URL for a user name. No server route yet: single sign-on needs an identity provider (ssoEnabled is off by default). */
  ssoUrl: defineEndpoint({ method: 'GET', path: `${API_ROOT}/sso/getUrl`, query: SsoUrlQuerySchema, response: z.string() }),
};
export const AUTH_API = pathsOf(AUTH_ENDPOINTS);

import {
  AUTH_ENDPOINTS,
  HEADERS,
  SETTINGS_ENDPOINTS,
  type AuthResponse,
  type CaptchaChallenge,
  type ForgotPasswordResponse,
} from '@opengst/contracts';
import { call } from './call';
import { encryptSecrets } from './crypto';

// Sign-in calls of spec core §7. Each call that carries a secret fetches a fresh one-time encryptor.

export type CaptchaProof = { header: string } | null;

/** Field-level errors are shown on the inputs, so 422 answers of sign-in calls do not toast. */
const silentValidation = [422] as const;

type Encrypted<T extends readonly string[]> = { values: { [K in keyof T]: string }; encId: string };

/** One encrypted value per secret, in order, and the identifier of the one-time key for the enc-id header. */
const encrypt = async <const T extends readonly string[]>(secrets: T): Promise<Encrypted<T>> => {
  const encryptor = await call(AUTH_ENDPOINTS.encryptor);
  return { values: (await encryptSecrets(encryptor, secrets)) as Encrypted<T>['values'], encId: encryptor.identifier };
};

export const fetchCaptchaChallenge = (siteKey: string): Promise<CaptchaChallenge> =>
  call(AUTH_ENDPOINTS.captchaChallenge, { query: { siteKey } });

/** `forceRefresh` ends the user's other session when the single-session setting is on (spec core §3 "Login request"). */
export const authenticate = async (
  userName: string,
  password: string,
  captcha: CaptchaProof,
  forceRefresh = false,
): Promise<AuthResponse> => {
  const { values, encId } = await encrypt([password]);
  return call(
    AUTH_ENDPOINTS.token,
    { body: { userName, password: values[0], forceRefresh } },
    { headers: { [HEADERS.encId]: encId, ...(captcha ? { [HEADERS.captcha]: captcha.header } : {}) }, silent: silentValidation },
  );
};

export const validateOtp = async (otp: string, publicToken: string): Promise<AuthResponse> => {
  const { values, encId } = await encrypt([otp]);
  return call(
    AUTH_ENDPOINTS.validateOtp,
    { body: { otp: values[0] } },
    { headers: { [HEADERS.encId]: encId, [HEADERS.publicAuthToken]: publicToken }, silent: silentValidation },
  );
};

export const regenerateOtp = (publicToken: string) =>
  call(AUTH_ENDPOINTS.regenerateOtp, {}, { headers: { [HEADERS.publicAuthToken]: publicToken }, silent: silentValidation });

export const requestPasswordReset = (userName: string, byOtp: boolean, captcha: CaptchaProof): Promise<ForgotPasswordResponse> =>
  call(
    AUTH_ENDPOINTS.forgotPassword,
    { body: { userName, isResetPasswordRequest: byOtp } },
    { headers: captcha ? { [HEADERS.recaptcha]: captcha.header } : {}, silent: silentValidation },
  );

/** The reset link's `request` value: a '+' in it may have become a space on the way through mail and URLs. */
export const validateResetLink = (request: string): Promise<{ token: string }> =>
  call(AUTH_ENDPOINTS.validateResetLink, { query: { request: request.replace(/ /g, '+') } }, { silent: [422] });

export const resetPassword = async (
  password: string,
  confirmPassword: string,
  publicToken: string,
  captcha: CaptchaProof,
): Promise<{ message: string }> => {
  const { values, encId } = await encrypt([password, confirmPassword]);
  return call(
    AUTH_ENDPOINTS.resetPassword,
    { body: { password: values[0], confirmPassword: values[1] } },
    {
      headers: {
        [HEADERS.encId]: encId,
        [HEADERS.publicAuthToken]: publicToken,
        ...(captcha ? { [HEADERS.captcha]: captcha.header } : {}),
      },
      silent: silentValidation,
    },
  );
};

/** Spec core §4 "Logout": a failed logout counts as done. */
export const logout = async (): Promise<void> => {
  try {
    await call(AUTH_ENDPOINTS.logout, {}, { silent: true });
  } catch {
    // The local session is cleared either way.
  }
};

/** Maintenance check: true when the server answers 204 (back online). */
export const ping = async (): Promise<boolean> => {
  try {
    await call(SETTINGS_ENDPOINTS.ping, {}, { silent: true });
    return true;
  } catch {
    return false;
  }
};

import type { ErrorBody } from '@opengst/contracts';

// /loginResponse?status=<code>&response=<encoded>: the answer of a sign-in made elsewhere (SSO), passed as
// URL-encoded JSON or as base64 of UTF-8 JSON.

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const fromBase64 = (text: string): string | undefined => {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/ /g, '+'));
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
};

export const decodeLoginResponse = (encoded: string): unknown => {
  const direct = parseJson(encoded);
  if (direct !== undefined) return direct;
  const decoded = fromBase64(encoded);
  return decoded === undefined ? undefined : parseJson(decoded);
};

/** The session token of a successful answer: `{ token }` or the envelope `{ data: { token } }`. */
export const tokenOf = (value: unknown): string | null => {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as { token?: unknown; data?: { token?: unknown } };
  const token = record.token ?? record.data?.token;
  return typeof token === 'string' && token !== '' ? token : null;
};

export const errorMessagesOf = (value: unknown): string[] => {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as ErrorBody).errors)) return [];
  return (value as ErrorBody).errors.map((item) => item.message).filter((message) => typeof message === 'string');
};

// One-time request tokens (spec core §7: "A user token is fetched by request on initialisation and on an IRP switch"):
// a compact JWS, HS256, signed with a key derived from the installation's secret key per purpose, lasting 2 minutes,
// with a jti that is accepted once. `/initialize?request=` swaps an 'initialize' token for a product session;
// `/portal-redirect?request=` an 'irp-switch' token for an e-invoicing portal session. No JWT library: HS256 is one HMAC.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export type RequestTokenPurpose = 'initialize' | 'irp-switch';
export type RequestTokenClaims = {
  aud: RequestTokenPurpose;
  /** The user (product) the token signs in, or the GSTIN's portal user for an IRP switch. */
  sub: string;
  /** The subscriber of the user who asked for the token. */
  sid: number;
  gstin?: string;
  jti: string;
  iat: number;
  exp: number;
};

/** A request token lasts 2 minutes: long enough to follow a redirect, too short to be passed around. */
export const REQUEST_TOKEN_SECONDS = 120;
const ISSUER = 'opengst';

const keyOf = (secretKey: Buffer, purpose: RequestTokenPurpose): Buffer =>
  createHmac('sha256', secretKey).update(`opengst request token:${purpose}`).digest();

const b64 = (json: unknown): string => Buffer.from(JSON.stringify(json)).toString('base64url');

export const issueRequestToken = (
  secretKey: Buffer,
  claims: { aud: RequestTokenPurpose; sub: string; sid: number; gstin?: string },
  now: Date,
): { token: string; claims: RequestTokenClaims } => {
  const iat = Math.floor(now.getTime() / 1000);
  const full: RequestTokenClaims = { ...claims, jti: randomUUID(), iat, exp: iat + REQUEST_TOKEN_SECONDS };
  const signingInput = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iss: ISSUER, ...full })}`;
  const signature = createHmac('sha256', keyOf(secretKey, claims.aud)).update(signingInput).digest('base64url');
  return { token: `${signingInput}.${signature}`, claims: full };
};

/**
 * The claims of a token of `purpose` signed by this installation and not expired; undefined for anything else (a
 * tampered payload, another purpose's key, alg other than HS256, expired). Replay is the caller's to refuse by jti.
 */
export const verifyRequestToken = (
  secretKey: Buffer,
  purpose: RequestTokenPurpose,
  token: string,
  now: Date,
): RequestTokenClaims | undefined => {
  // The reset-link rule of spec core §7 applies to request values too: spaces in a query value were plus signs.
  const parts = token.trim().replace(/ /g, '+').split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', keyOf(secretKey, purpose)).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<RequestTokenClaims> & { iss?: unknown };
    if (claims.iss !== ISSUER || claims.aud !== purpose) return undefined;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'number' || typeof claims.jti !== 'string') return undefined;
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return undefined;
    if (claims.exp * 1000 <= now.getTime()) return undefined;
    return {
      aud: purpose,
      sub: claims.sub,
      sid: claims.sid,
      jti: claims.jti,
      iat: claims.iat,
      exp: claims.exp,
      ...(typeof claims.gstin === 'string' ? { gstin: claims.gstin } : {}),
    };
  } catch {
    return undefined;
  }
};

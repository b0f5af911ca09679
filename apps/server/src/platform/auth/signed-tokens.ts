// Short-lived signed tokens of this installation: a compact JWS, HS256, signed with a key derived from the
// installation's secret key per purpose (a token of one purpose never verifies as another's), with iat and exp. Used for
// the one-time request tokens of /initialize and /portal-redirect (request-tokens.ts) and the public token of the
// notification-reply pages. No JWT library: HS256 is one HMAC.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'initialize' | 'irp-switch' | 'notification-reply';
type Stamped = { aud: TokenPurpose; iat: number; exp: number };

const ISSUER = 'opengst';

const keyOf = (secretKey: Buffer, purpose: TokenPurpose): Buffer =>
  createHmac('sha256', secretKey).update(`opengst request token:${purpose}`).digest();

const b64 = (json: unknown): string => Buffer.from(JSON.stringify(json)).toString('base64url');

/** A token of `purpose` carrying `claims`, valid `seconds` from `now`; the claims as stamped (aud, iat, exp added). */
export const signToken = <C extends object>(
  secretKey: Buffer,
  purpose: TokenPurpose,
  claims: C,
  seconds: number,
  now: Date,
): { token: string; claims: C & Stamped } => {
  const iat = Math.floor(now.getTime() / 1000);
  const stamped = { ...claims, aud: purpose, iat, exp: iat + seconds };
  const signingInput = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iss: ISSUER, ...stamped })}`;
  const signature = createHmac('sha256', keyOf(secretKey, purpose)).update(signingInput).digest('base64url');
  return { token: `${signingInput}.${signature}`, claims: stamped };
};

/**
 * The claims of a token of `purpose` signed by this installation and not expired; undefined for anything else (a
 * tampered payload, another purpose's key, alg other than HS256, expired). The caller checks the shape of its claims.
 */
export const verifyToken = (
  secretKey: Buffer,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): (Record<string, unknown> & Stamped) | undefined => {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', keyOf(secretKey, purpose)).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (!claims || typeof claims !== 'object' || claims.iss !== ISSUER || claims.aud !== purpose) return undefined;
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || claims.exp * 1000 <= now.getTime()) return undefined;
    return claims as Record<string, unknown> & Stamped;
  } catch {
    return undefined;
  }
};

// One-time request tokens (spec core §7: "A user token is fetched by request on initialisation and on an IRP switch"):
// signed tokens of the installation (signed-tokens.ts) lasting 2 minutes, with a jti that is accepted once.
// `/initialize?request=` swaps an 'initialize' token for a product session; `/portal-redirect?request=` an 'irp-switch'
// token for an e-invoicing portal session.
import { randomUUID } from 'node:crypto';
import { signToken, verifyToken, type TokenPurpose } from './signed-tokens';

export type RequestTokenPurpose = Extract<TokenPurpose, 'initialize' | 'irp-switch'>;
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

export const issueRequestToken = (
  secretKey: Buffer,
  { aud, ...claims }: { aud: RequestTokenPurpose; sub: string; sid: number; gstin?: string },
  now: Date,
): { token: string; claims: RequestTokenClaims } => {
  const signed = signToken(secretKey, aud, { ...claims, jti: randomUUID() }, REQUEST_TOKEN_SECONDS, now);
  return { token: signed.token, claims: { ...signed.claims, aud } };
};

/**
 * The claims of a token of `purpose` signed by this installation and not expired; undefined for anything else.
 * Replay is the caller's to refuse by jti.
 */
export const verifyRequestToken = (
  secretKey: Buffer,
  purpose: RequestTokenPurpose,
  token: string,
  now: Date,
): RequestTokenClaims | undefined => {
  // The reset-link rule of spec core §7 applies to request values too: spaces in a query value were plus signs.
  const claims = verifyToken(secretKey, purpose, token.trim().replace(/ /g, '+'), now);
  if (!claims || typeof claims.sub !== 'string' || typeof claims.sid !== 'number' || typeof claims.jti !== 'string') return undefined;
  return {
    aud: purpose,
    sub: claims.sub,
    sid: claims.sid,
    jti: claims.jti,
    iat: claims.iat,
    exp: claims.exp,
    ...(typeof claims.gstin === 'string' ? { gstin: claims.gstin } : {}),
  };
};

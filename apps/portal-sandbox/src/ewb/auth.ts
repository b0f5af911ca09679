// The NIC e-way bill API's authentication (docs.ewaybillgst.gov.in/apidocs/version1.03, "Authentication"): POST
// <URL>/auth/ with headers client-id, client-secret and Gstin, body {action: "ACCESSTOKEN", Data}: the credentials
// JSON {action, username, password, app_key}, base64-encoded, then RSA-encrypted with the e-way bill system's public
// key. The answer {status: "1", authtoken, sek}: the SEK a fresh AES-256 key, AES-256-ECB-encrypted with the app_key.
// The same scheme as the e-invoice API's (../irp/auth.ts); the cryptography is shared (../crypto.ts). Any valid GSTIN
// is a registered API user: its first authentication fixes its user name and password.
import { validateGstin } from '@opengst/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { aesDecrypt, aesEncrypt, jsonOfPlain, newKey, rsaDecryptPkcs1, sameText, sealResponse } from '../crypto';
import type { EwbSandbox } from './context';
import { ewbFault } from './faults';

/** A token lasts 360 minutes ("Access token will be configured to expire after 360 minutes"). */
export const EWB_TOKEN_MINUTES = 360;

export type EwbSession = { gstin: string; username: string; clientId: string; sek: Buffer };

const headerOf = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value.trim() : '';
};

const clientOf = (request: FastifyRequest): string => {
  const clientId = headerOf(request, 'client-id');
  if (!clientId || !headerOf(request, 'client-secret')) throw ewbFault('110');
  return clientId;
};

const gstinOf = (request: FastifyRequest): string => {
  const checked = validateGstin(headerOf(request, 'Gstin'));
  if (!checked.ok) throw ewbFault('108');
  return checked.gstin;
};

/** app_key: "any 32 character random unique id": 32 bytes, sent in base64 (44 characters) or as 32 characters. */
const appKeyOf = (value: unknown): Buffer | null => {
  if (typeof value !== 'string') return null;
  const decoded = Buffer.from(value, 'base64');
  if (decoded.length === 32 && /^[A-Za-z0-9+/]{43}=$/.test(value)) return decoded;
  const raw = Buffer.from(value, 'utf8');
  return raw.length === 32 ? raw : null;
};

/** The session of a call after authentication: headers client-id, client-secret, gstin, authtoken. */
export const ewbSessionOf = async (sandbox: EwbSandbox, request: FastifyRequest): Promise<EwbSession> => {
  const clientId = clientOf(request);
  const gstin = gstinOf(request);
  const token = headerOf(request, 'authtoken');
  if (!token) throw ewbFault('238');
  const [row] = await sandbox.sql.query<{ gstin: string; username: string; client_id: string; sek: string; expires_at: Date | string }>(
    'SELECT gstin, username, client_id, sek, expires_at FROM portal_sandbox.ewb_sessions WHERE auth_token = $1',
    [token],
  );
  if (!row || row.client_id !== clientId || row.gstin !== gstin) throw ewbFault('238');
  if (new Date(row.expires_at).getTime() <= sandbox.now().getTime()) throw ewbFault('106');
  return { gstin, username: row.username, clientId, sek: Buffer.from(row.sek, 'base64') };
};

/** A request's data: AES-256-ECB with the SEK of base64(JSON) (or of the JSON). */
export const openData = (session: EwbSession, data: unknown): unknown => {
  if (typeof data !== 'string' || data === '') throw ewbFault('115');
  let json: unknown;
  try {
    json = jsonOfPlain(aesDecrypt(session.sek, data));
  } catch {
    throw ewbFault('109');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw ewbFault('100');
  return json;
};

/** The answer of an action (POST ewayapi): data = Encrypt(Base64(response JSON), sek). */
export const sealAction = (session: EwbSession, json: unknown) => ({
  status: '1',
  data: aesEncrypt(session.sek, Buffer.from(Buffer.from(JSON.stringify(json), 'utf8').toString('base64'))),
});

/** The answer of a GET: data = Encrypt(Base64(JSON), rek), rek = Encrypt(rek, sek), hmac of the base64 with rek. */
export const sealGet = (session: EwbSession, json: unknown) => ({ status: '1', ...sealResponse(session.sek, json) });

export const ewbAuthRoutes = (app: FastifyInstance, sandbox: EwbSandbox, base: string): void => {
  const authenticate = async (request: FastifyRequest) => {
    const clientId = clientOf(request);
    const gstin = gstinOf(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const sealed = body['Data'] ?? body['data'];
    if (typeof sealed !== 'string' || sealed === '') throw ewbFault('115');
    let credentials: Record<string, unknown>;
    try {
      const parsed = jsonOfPlain(rsaDecryptPkcs1((await sandbox.authKeys()).private_pem, sealed));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      credentials = parsed as Record<string, unknown>;
    } catch {
      throw ewbFault('107');
    }
    const username = typeof credentials['username'] === 'string' ? credentials['username'].trim() : '';
    const password = typeof credentials['password'] === 'string' ? credentials['password'] : '';
    const appKey = appKeyOf(credentials['app_key']);
    if (credentials['action'] !== 'ACCESSTOKEN' || !username || !password || !appKey) throw ewbFault('108');
    const now = sandbox.now();
    await sandbox.sql.query(
      'INSERT INTO portal_sandbox.ewb_users (gstin, username, password, registered_at) VALUES ($1, $2, $3, $4) ON CONFLICT (gstin) DO NOTHING',
      [gstin, username, password, now.toISOString()],
    );
    const [user] = await sandbox.sql.query<{ username: string; password: string }>(
      'SELECT username, password FROM portal_sandbox.ewb_users WHERE gstin = $1',
      [gstin],
    );
    if (!user || user.username !== username || !sameText(user.password, password)) throw ewbFault('108');
    // Every authentication issues a new token and SEK (the v1.03 page describes no reuse of a live token).
    const token = randomUUID();
    const sek = newKey();
    await sandbox.sql.query(
      `INSERT INTO portal_sandbox.ewb_sessions (auth_token, gstin, username, client_id, sek, issued_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        token,
        gstin,
        username,
        clientId,
        sek.toString('base64'),
        now.toISOString(),
        new Date(now.getTime() + EWB_TOKEN_MINUTES * 60_000).toISOString(),
      ],
    );
    return { status: '1', authtoken: token, sek: aesEncrypt(appKey, sek) };
  };
  app.post(`${base}/auth`, authenticate);
  app.post(`${base}/auth/`, authenticate);
};

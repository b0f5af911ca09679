// The NIC e-invoice API's authentication (API sandbox, "Authentication", v1.04): POST <URL>/eivital/v1.04/auth with
// headers client_id, client_secret and Gstin, body {Data}: the credentials JSON {UserName, Password, AppKey,
// ForceRefreshAccessToken}, base64-encoded, then RSA-encrypted with the IRP's public key. The answer's Data carries
// the AuthToken, the SEK (a fresh AES-256 key, AES-256-ECB-encrypted with the AppKey) and the TokenExpiry.
// Any valid GSTIN is a registered e-invoice user: its first authentication fixes its user name and password.
import { validateGstin } from '@opengst/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { aesDecrypt, aesEncrypt, jsonOfPlain, newKey, rsaDecryptPkcs1, sameText } from '../crypto';
import { isRegisteredIrpClient } from './clients';
import { istStamp, type IrpSandbox } from './context';
import { IRP_FAULTS, IrpFault } from './faults';

/** A token lasts 360 minutes (the production IRP's; NIC's own sandbox gives 60 for testing). */
export const TOKEN_MINUTES = 360;
/** ForceRefreshAccessToken takes effect only in the last 10 minutes of a token. */
const FORCE_REFRESH_MINUTES = 10;

export type IrpSession = { gstin: string; username: string; clientId: string; sek: Buffer };

export const headerOf = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value.trim() : '';
};

const clientOf = (request: FastifyRequest): { clientId: string; clientSecret: string } => {
  const clientId = headerOf(request, 'client_id');
  if (!clientId) throw IRP_FAULTS.clientIdRequired();
  const clientSecret = headerOf(request, 'client_secret');
  if (!clientSecret) throw IRP_FAULTS.clientSecretRequired();
  return { clientId, clientSecret };
};

/** In IRP mode, the pair must be a live client system of the header GSTIN (checked at every call: a revocation bites at once). */
const checkClient = async (sandbox: IrpSandbox, client: { clientId: string; clientSecret: string }, gstin: string): Promise<void> => {
  if (!sandbox.requireRegisteredClients) return;
  if (!(await isRegisteredIrpClient(sandbox.sql, gstin, client.clientId, client.clientSecret))) throw IRP_FAULTS.invalidClient();
};

const gstinOf = (request: FastifyRequest): string => {
  const given = headerOf(request, 'Gstin');
  if (!given) throw IRP_FAULTS.gstinRequired();
  const checked = validateGstin(given);
  if (!checked.ok) throw new IrpFault([{ ErrorCode: '3028', ErrorMessage: 'GSTIN is invalid' }]);
  return checked.gstin;
};

type Credentials = { UserName: string; Password: string; appKey: Buffer; force: boolean };

const credentialsOf = async (sandbox: IrpSandbox, data: unknown): Promise<Credentials> => {
  if (typeof data !== 'string' || data === '') throw IRP_FAULTS.authenticationFailed();
  let json: Record<string, unknown>;
  try {
    const parsed = jsonOfPlain(rsaDecryptPkcs1((await sandbox.authKeys()).private_pem, data));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    json = parsed as Record<string, unknown>;
  } catch {
    throw IRP_FAULTS.authenticationFailed();
  }
  const userName = typeof json['UserName'] === 'string' ? json['UserName'].trim() : '';
  if (!userName) throw IRP_FAULTS.userNameRequired();
  const password = typeof json['Password'] === 'string' ? json['Password'] : '';
  if (!password) throw IRP_FAULTS.invalidCredentials();
  const appKey = typeof json['AppKey'] === 'string' ? Buffer.from(json['AppKey'], 'base64') : Buffer.alloc(0);
  if (appKey.length !== 32) throw IRP_FAULTS.appKeyDecryption();
  const force = json['ForceRefreshAccessToken'] === true || String(json['ForceRefreshAccessToken']).toLowerCase() === 'true';
  return { UserName: userName, Password: password, appKey, force };
};

/** The first authentication of a GSTIN registers its user name and password; later ones must give the same. */
const checkUser = async (sandbox: IrpSandbox, gstin: string, userName: string, password: string): Promise<void> => {
  await sandbox.sql.query(
    'INSERT INTO portal_sandbox.irp_users (gstin, username, password, registered_at) VALUES ($1, $2, $3, $4) ON CONFLICT (gstin) DO NOTHING',
    [gstin, userName, password, sandbox.now().toISOString()],
  );
  const [row] = await sandbox.sql.query<{ username: string; password: string }>(
    'SELECT username, password FROM portal_sandbox.irp_users WHERE gstin = $1',
    [gstin],
  );
  if (!row || row.username !== userName)
    throw new IrpFault([{ ErrorCode: '1017', ErrorMessage: 'Incorrect user id/User does not exists' }]);
  if (!sameText(row.password, password)) throw new IrpFault([{ ErrorCode: '1019', ErrorMessage: 'Incorrect Password' }]);
};

/** The session of a call after authentication: headers client_id, client_secret, Gstin, user_name, AuthToken. */
export const irpSessionOf = async (sandbox: IrpSandbox, request: FastifyRequest): Promise<IrpSession> => {
  const client = clientOf(request);
  const { clientId } = client;
  const gstin = gstinOf(request);
  await checkClient(sandbox, client, gstin);
  const username = headerOf(request, 'user_name');
  if (!username) throw IRP_FAULTS.userNameRequired();
  const token = headerOf(request, 'AuthToken');
  if (!token) throw IRP_FAULTS.invalidToken();
  const [row] = await sandbox.sql.query<{ gstin: string; username: string; client_id: string; sek: string; expires_at: Date | string }>(
    'SELECT gstin, username, client_id, sek, expires_at FROM portal_sandbox.irp_sessions WHERE auth_token = $1',
    [token],
  );
  if (!row || new Date(row.expires_at).getTime() <= sandbox.now().getTime() || row.username !== username || row.client_id !== clientId)
    throw IRP_FAULTS.invalidToken();
  if (row.gstin !== gstin) throw IRP_FAULTS.invalidGstinForUser();
  return { gstin, username, clientId, sek: Buffer.from(row.sek, 'base64') };
};

/** A request's Data: AES-256-ECB with the SEK of the JSON (or of its base64). */
export const openData = (session: IrpSession, data: unknown): unknown => {
  if (typeof data !== 'string' || data === '') throw IRP_FAULTS.incompleteRequest();
  try {
    return jsonOfPlain(aesDecrypt(session.sek, data));
  } catch {
    throw IRP_FAULTS.authenticationFailed();
  }
};

/** An answer's Data, AES-256-ECB-encrypted with the SEK, as the IRP answers (the JSON's UTF-8 bytes). */
export const sealData = (session: IrpSession, json: unknown): string => aesEncrypt(session.sek, Buffer.from(JSON.stringify(json), 'utf8'));

export const irpAuthRoutes = (app: FastifyInstance, sandbox: IrpSandbox): void => {
  app.post('/eivital/v1.04/auth', async (request) => {
    const client = clientOf(request);
    const { clientId } = client;
    const gstin = gstinOf(request);
    await checkClient(sandbox, client, gstin);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const credentials = await credentialsOf(sandbox, body['Data']);
    await checkUser(sandbox, gstin, credentials.UserName, credentials.Password);
    const now = sandbox.now();
    // Within its validity the same token is answered again, unless a forced refresh comes in its last 10 minutes.
    const [current] = await sandbox.sql.query<{ auth_token: string; sek: string; expires_at: Date | string }>(
      `SELECT auth_token, sek, expires_at FROM portal_sandbox.irp_sessions
       WHERE gstin = $1 AND username = $2 AND client_id = $3 AND expires_at > $4 ORDER BY expires_at DESC LIMIT 1`,
      [gstin, credentials.UserName, clientId, now.toISOString()],
    );
    const refresh =
      current !== undefined &&
      credentials.force &&
      new Date(current.expires_at).getTime() - now.getTime() <= FORCE_REFRESH_MINUTES * 60_000;
    let token: string;
    let sek: Buffer;
    let expiresAt: Date;
    if (current && !refresh) {
      token = current.auth_token;
      sek = Buffer.from(current.sek, 'base64');
      expiresAt = new Date(current.expires_at);
    } else {
      if (current) await sandbox.sql.query('DELETE FROM portal_sandbox.irp_sessions WHERE auth_token = $1', [current.auth_token]);
      token = randomBytes(24).toString('base64url');
      sek = newKey();
      expiresAt = new Date(now.getTime() + TOKEN_MINUTES * 60_000);
      await sandbox.sql.query(
        `INSERT INTO portal_sandbox.irp_sessions (auth_token, gstin, username, client_id, sek, issued_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [token, gstin, credentials.UserName, clientId, sek.toString('base64'), now.toISOString(), expiresAt.toISOString()],
      );
    }
    return {
      Status: 1,
      Data: {
        ClientId: clientId,
        UserName: credentials.UserName,
        AuthToken: token,
        Sek: aesEncrypt(credentials.appKey, sek),
        TokenExpiry: istStamp(expiresAt),
      },
      ErrorDetails: null,
      InfoDtls: null,
    };
  });
};

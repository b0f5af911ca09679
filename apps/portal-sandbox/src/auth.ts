// The taxpayer API's authentication: OTPREQUEST, AUTHTOKEN, REFRESHTOKEN, and the EVC OTP that signs a filing.
// Any GSTIN with a valid check character is a registered taxpayer; its username is fixed by its first OTP request.
import { validateGstin } from '@opengst/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { aesDecrypt, aesEncrypt, newKey, rsaDecryptAppKey } from './crypto';
import { FAULTS, PortalFault } from './faults';
import type { Sandbox } from './sandbox';

/** A session lasts 6 hours (the API's expiry, in minutes). */
export const SESSION_MINUTES = 360;
/** How long an OTP request stays usable. */
const OTP_MINUTES = 30;

export type Session = { gstin: string; username: string; ek: Buffer };

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

const stringField = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw FAULTS.badRequest(`${name} is required`);
  return value;
};

const gstinOf = (request: FastifyRequest): string => {
  const checked = validateGstin(header(request, 'gstin'));
  if (!checked.ok) throw FAULTS.invalidGstin();
  return checked.gstin;
};

/** The session a return call belongs to: its auth-token, for the same GSTIN and username, not expired. */
export const sessionOf = async (sandbox: Sandbox, request: FastifyRequest): Promise<Session> => {
  const token = header(request, 'auth-token');
  if (!token) throw FAULTS.invalidSession();
  const [row] = await sandbox.sql.query<{ gstin: string; username: string; ek: string; expires_at: Date | string }>(
    'SELECT gstin, username, ek, expires_at FROM portal_sandbox.sessions WHERE auth_token = $1',
    [token],
  );
  if (!row || new Date(row.expires_at).getTime() <= sandbox.now().getTime()) throw FAULTS.invalidSession();
  if (row.gstin !== header(request, 'gstin').toUpperCase() || row.username !== header(request, 'username')) throw FAULTS.invalidSession();
  return { gstin: row.gstin, username: row.username, ek: Buffer.from(row.ek, 'base64') };
};

const appKeyOf = async (sandbox: Sandbox, sealed: string): Promise<Buffer> => {
  const { private_pem: privatePem } = await sandbox.keys();
  try {
    return rsaDecryptAppKey(privatePem, sealed);
  } catch {
    throw FAULTS.invalidAppKey();
  }
};

/** First use registers the GSTIN with its username; later uses must give the same one. */
const registerTaxpayer = async (sandbox: Sandbox, gstin: string, username: string): Promise<void> => {
  await sandbox.sql.query(
    'INSERT INTO portal_sandbox.taxpayers (gstin, username, registered_at) VALUES ($1, $2, $3) ON CONFLICT (gstin) DO NOTHING',
    [gstin, username, sandbox.now().toISOString()],
  );
  const [row] = await sandbox.sql.query<{ username: string }>('SELECT username FROM portal_sandbox.taxpayers WHERE gstin = $1', [gstin]);
  if (row?.username !== username) throw FAULTS.invalidUsername();
};

export const recordOtpRequest = async (sandbox: Sandbox, gstin: string, purpose: string): Promise<void> => {
  await sandbox.sql.query(
    `INSERT INTO portal_sandbox.otp_requests (gstin, purpose, requested_at) VALUES ($1, $2, $3)
     ON CONFLICT (gstin, purpose) DO UPDATE SET requested_at = EXCLUDED.requested_at`,
    [gstin, purpose, sandbox.now().toISOString()],
  );
};

/** True when an OTP of this purpose was requested in the last OTP_MINUTES. */
export const otpRequested = async (sandbox: Sandbox, gstin: string, purpose: string): Promise<boolean> => {
  const [row] = await sandbox.sql.query<{ requested_at: Date | string }>(
    'SELECT requested_at FROM portal_sandbox.otp_requests WHERE gstin = $1 AND purpose = $2',
    [gstin, purpose],
  );
  return row !== undefined && sandbox.now().getTime() - new Date(row.requested_at).getTime() <= OTP_MINUTES * 60_000;
};

export const clearOtpRequest = async (sandbox: Sandbox, gstin: string, purpose: string): Promise<void> => {
  await sandbox.sql.query('DELETE FROM portal_sandbox.otp_requests WHERE gstin = $1 AND purpose = $2', [gstin, purpose]);
};

/** A new session: its token and EK stored, the EK answered sealed with the client's app key (sek). */
const openSession = async (sandbox: Sandbox, gstin: string, username: string, appKey: Buffer) => {
  const authToken = randomBytes(16).toString('hex');
  const ek = newKey();
  const expiresAt = new Date(sandbox.now().getTime() + SESSION_MINUTES * 60_000);
  await sandbox.sql.query('INSERT INTO portal_sandbox.sessions (auth_token, gstin, username, ek, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    authToken,
    gstin,
    username,
    ek.toString('base64'),
    expiresAt.toISOString(),
  ]);
  return { status_cd: '1', auth_token: authToken, expiry: SESSION_MINUTES, sek: aesEncrypt(appKey, ek) };
};

const decryptOtp = (appKey: Buffer, sealed: string): string => {
  try {
    return aesDecrypt(appKey, sealed).toString('utf8');
  } catch {
    return '';
  }
};

export const authRoutes = (app: FastifyInstance, sandbox: Sandbox): void => {
  app.post('/taxpayerapi/:version/authenticate', async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const action = typeof body['action'] === 'string' ? body['action'] : '';
    const gstin = gstinOf(request);
    const username = stringField(body, 'username');
    switch (action) {
      case 'OTPREQUEST': {
        await appKeyOf(sandbox, stringField(body, 'app_key'));
        await registerTaxpayer(sandbox, gstin, username);
        await recordOtpRequest(sandbox, gstin, 'LOGIN');
        return { status_cd: '1' };
      }
      case 'AUTHTOKEN': {
        const appKey = await appKeyOf(sandbox, stringField(body, 'app_key'));
        await registerTaxpayer(sandbox, gstin, username);
        if (!(await otpRequested(sandbox, gstin, 'LOGIN'))) throw FAULTS.otpNotRequested();
        if (decryptOtp(appKey, stringField(body, 'otp')) !== sandbox.otp) throw FAULTS.invalidOtp();
        await clearOtpRequest(sandbox, gstin, 'LOGIN');
        return openSession(sandbox, gstin, username, appKey);
      }
      case 'REFRESHTOKEN': {
        const authToken = stringField(body, 'auth_token');
        request.headers['auth-token'] = authToken;
        request.headers['username'] = username;
        const session = await sessionOf(sandbox, request);
        let appKey: Buffer;
        try {
          appKey = aesDecrypt(session.ek, stringField(body, 'app_key'));
        } catch {
          throw FAULTS.invalidAppKey();
        }
        if (appKey.length !== 32) throw FAULTS.invalidAppKey();
        await sandbox.sql.query('DELETE FROM portal_sandbox.sessions WHERE auth_token = $1', [authToken]);
        return openSession(sandbox, gstin, username, appKey);
      }
      default:
        throw FAULTS.invalidAction(action);
    }
  });

  // The EVC OTP goes to the authorised signatory whose PAN is given; here the PAN must be the GSTIN's own.
  app.get('/taxpayerapi/:version/authenticate', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    if (query['action'] !== 'EVCOTP') throw FAULTS.invalidAction(query['action'] ?? '');
    const session = await sessionOf(sandbox, request);
    const form = query['form_type'];
    // DRC01B / DRC01C: the EVC that signs a Part B reply (drc01.ts).
    if (form !== 'R1' && form !== 'R1A' && form !== 'R3B' && form !== 'DRC01B' && form !== 'DRC01C')
      throw FAULTS.badRequest('form_type must be R1, R1A, R3B, DRC01B or DRC01C');
    if ((query['pan'] ?? '').toUpperCase() !== session.gstin.slice(2, 12)) throw new PortalFault('RET191117', 'Invalid EVC OTP or PAN');
    await recordOtpRequest(sandbox, session.gstin, `EVC:${form}`);
    return { status_cd: '1' };
  });
};

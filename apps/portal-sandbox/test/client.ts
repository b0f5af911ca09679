// A raw client of the sandbox's protocol for the tests, written from the README (not the server's adapter), over
// app.inject: each call is a real HTTP request with its headers and JSON body.
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { constants, createCipheriv, createDecipheriv, createHmac, publicEncrypt, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { portalSandbox, type QueueSettings } from '../src/index';
import { sandboxSqlOfPglite } from '../src/sql';

export const SCHEMA_DIR = fileURLToPath(new URL('../../../official', import.meta.url));
export const OTP = '575757';

export type Clock = { at: Date };

export const startSandbox = async (
  clock: Clock,
  schemaDir = SCHEMA_DIR,
  queue?: Partial<QueueSettings>,
): Promise<{ app: FastifyInstance; pg: PGlite; close: () => Promise<void> }> => {
  const pg = new PGlite();
  await pg.waitReady;
  const app = Fastify({ logger: false });
  await app.register(portalSandbox, { sql: sandboxSqlOfPglite(pg), now: () => clock.at, otp: OTP, schemaDir, queue });
  await app.ready();
  return {
    app,
    pg,
    close: async () => {
      await app.close();
      await pg.close();
    },
  };
};

export const aesEncrypt = (key: Buffer, plain: Buffer): string => {
  const c = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(plain), c.final()]).toString('base64');
};
export const aesDecrypt = (key: Buffer, b64: string): Buffer => {
  const d = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]);
};
export const hmac = (key: Buffer | string, text: string): string => createHmac('sha256', key).update(text).digest('base64');

export type Answer = { statusCode: number; json: Record<string, unknown> };
export type Session = { gstin: string; username: string; authToken: string; ek: Buffer };

export class RawClient {
  private publicKey: string | null = null;
  constructor(private readonly app: FastifyInstance) {}

  async send(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
    const res = await this.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { statusCode: res.statusCode, json: res.json<Record<string, unknown>>() };
  }

  async sealedAppKey(appKey: Buffer): Promise<string> {
    if (!this.publicKey) this.publicKey = (await this.app.inject({ method: 'GET', url: '/taxpayerapi/v1.0/public-key' })).body;
    return publicEncrypt({ key: this.publicKey, padding: constants.RSA_PKCS1_PADDING }, appKey).toString('base64');
  }

  async requestOtp(gstin: string, username: string): Promise<Answer> {
    return this.send(
      'POST',
      '/taxpayerapi/v1.0/authenticate',
      { gstin },
      { action: 'OTPREQUEST', username, app_key: await this.sealedAppKey(randomBytes(32)) },
    );
  }

  async authToken(gstin: string, username: string, otp: string): Promise<Answer & { session?: Session }> {
    const appKey = randomBytes(32);
    const answer = await this.send(
      'POST',
      '/taxpayerapi/v1.0/authenticate',
      { gstin },
      { action: 'AUTHTOKEN', username, app_key: await this.sealedAppKey(appKey), otp: aesEncrypt(appKey, Buffer.from(otp)) },
    );
    if (answer.json['status_cd'] !== '1') return answer;
    const ek = aesDecrypt(appKey, String(answer.json['sek']));
    return { ...answer, session: { gstin, username, authToken: String(answer.json['auth_token']), ek } };
  }

  /** OTP request + AUTHTOKEN with the right OTP. */
  async login(gstin: string, username: string): Promise<Session> {
    await this.requestOtp(gstin, username);
    const answer = await this.authToken(gstin, username, OTP);
    if (!answer.session) throw new Error(`login failed: ${JSON.stringify(answer.json)}`);
    return answer.session;
  }

  headers(s: Session, period?: string): Record<string, string> {
    return {
      gstin: s.gstin,
      username: s.username,
      'auth-token': s.authToken,
      'state-cd': s.gstin.slice(0, 2),
      txn: randomBytes(8).toString('hex'),
      ...(period ? { ret_period: period } : {}),
    };
  }

  seal(s: Session, json: unknown): { data: string; hmac: string; inner: string } {
    const inner = Buffer.from(JSON.stringify(json)).toString('base64');
    return { data: aesEncrypt(s.ek, Buffer.from(inner)), hmac: hmac(s.ek, inner), inner };
  }

  open(s: Session, answer: Answer): unknown {
    if (answer.json['status_cd'] !== '1') throw new Error(`portal error ${JSON.stringify(answer.json)}`);
    const rek = aesDecrypt(s.ek, String(answer.json['rek']));
    const inner = aesDecrypt(rek, String(answer.json['data'])).toString('utf8');
    if (hmac(rek, inner) !== answer.json['hmac']) throw new Error('response HMAC mismatch');
    return JSON.parse(Buffer.from(inner, 'base64').toString('utf8'));
  }

  /** EVC's sign over the filed summary: HMAC-SHA256 keyed with the EVC OTP. */
  hmacSign(otp: string, inner: string): string {
    return hmac(Buffer.from(otp), inner);
  }

  async get(s: Session, path: string, query: Record<string, string>, period?: string): Promise<Answer> {
    return this.send('GET', `${path}?${new URLSearchParams(query).toString()}`, this.headers(s, period));
  }

  async write(
    s: Session,
    method: 'PUT' | 'POST',
    path: string,
    action: string,
    json: unknown,
    period: string,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const { data, hmac: mac } = this.seal(s, json);
    return this.send(method, path, this.headers(s, period), { action, data, hmac: mac, ...extra });
  }
}

export const errorOf = (answer: Answer): { code: string; message: string } | null => {
  if (answer.json['status_cd'] !== '0') return null;
  const e = answer.json['error'] as { error_cd: string; message: string };
  return { code: e.error_cd, message: e.message };
};

// A raw client of the e-way bill sandbox for the tests, written from NIC's API pages (docs.ewaybillgst.gov.in/apidocs/
// version1.03), over app.inject: each call a real HTTP request with its headers and JSON body, the crypto done here
// as a GSP does it (RSA for the credentials, AES-256-ECB with the SEK, rek and HMAC for the gets).
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { constants, createCipheriv, createDecipheriv, createHmac, publicEncrypt, randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { EWB_API_BASE, ewbSandbox } from '../src/ewb/index';
import { sandboxSqlOfPglite, sandboxSqlOfPostgres, type SandboxSql } from '../src/sql';

export const PREFIX = '/ewb-sandbox';
export type Clock = { at: Date };
export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The sandbox on a fresh database of the engine; `sql` lets a test age an e-way bill as time would. */
export const startEwb = async (
  clock: Clock,
  engine: Engine,
): Promise<{ app: FastifyInstance; sql: SandboxSql; close: () => Promise<void> }> => {
  let sql: SandboxSql;
  let closeDb: () => Promise<void>;
  if (engine === 'pglite') {
    const pg = new PGlite();
    await pg.waitReady;
    sql = sandboxSqlOfPglite(pg);
    closeDb = () => pg.close();
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const name = `ewb_sandbox_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const client = postgres(url.toString(), { max: 3, onnotice: () => {} });
    sql = sandboxSqlOfPostgres(client);
    closeDb = async () => {
      await client.end({ timeout: 5 });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end({ timeout: 5 });
    };
  }
  const app = Fastify({ logger: false });
  await app.register(ewbSandbox, { prefix: PREFIX, sql, now: () => clock.at, testingRoutes: true });
  await app.ready();
  return {
    app,
    sql,
    close: async () => {
      await app.close();
      await closeDb();
    },
  };
};

const aesEncrypt = (key: Buffer, plain: Buffer): string => {
  const c = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(plain), c.final()]).toString('base64');
};
const aesDecrypt = (key: Buffer, b64: string): Buffer => {
  const d = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]);
};

export type EwbSession = { gstin: string; authToken: string; sek: Buffer };
export type Answer = { statusCode: number; json: Record<string, unknown>; data?: unknown; codes?: string[] };

export class EwbClient {
  constructor(private readonly app: FastifyInstance) {}

  private async send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
    const res = await this.app.inject({
      method,
      url: `${PREFIX}${path}`,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const json = res.json<Record<string, unknown>>();
    const error = json['error'] as { errorCodes?: string } | undefined;
    return { statusCode: res.statusCode, json, ...(error ? { codes: String(error.errorCodes).split(',') } : {}) };
  }

  async authenticate(
    gstin: string,
    username = 'bharat_ewb',
    password = 'Secret@123',
    clientSecret = 'secret',
  ): Promise<Answer & { session?: EwbSession }> {
    const appKey = randomBytes(32);
    const publicKey = (await this.app.inject({ method: 'GET', url: `${PREFIX}/keys/public-key` })).body;
    const credentials = JSON.stringify({ action: 'ACCESSTOKEN', username, password, app_key: appKey.toString('base64') });
    const data = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(Buffer.from(credentials).toString('base64')),
    );
    const answer = await this.send(
      'POST',
      `${EWB_API_BASE}/auth/`,
      { 'client-id': 'EWBGSP29TEST', 'client-secret': clientSecret, Gstin: gstin },
      { action: 'ACCESSTOKEN', Data: data.toString('base64') },
    );
    if (answer.json['status'] !== '1') return answer;
    return {
      ...answer,
      session: { gstin, authToken: answer.json['authtoken'] as string, sek: aesDecrypt(appKey, answer.json['sek'] as string) },
    };
  }

  private headers(s: EwbSession): Record<string, string> {
    return { 'client-id': 'EWBGSP29TEST', 'client-secret': 'secret', gstin: s.gstin, authtoken: s.authToken };
  }

  /** POST ewayapi {action, data: Encrypt(Base64(JSON), sek)}; the answer's data decrypted with the SEK, then base64. */
  async act(s: EwbSession, action: string, json: unknown): Promise<Answer> {
    const data = aesEncrypt(s.sek, Buffer.from(Buffer.from(JSON.stringify(json)).toString('base64')));
    const answer = await this.send('POST', `${EWB_API_BASE}/ewayapi/`, this.headers(s), { action, data });
    if (answer.json['status'] !== '1') return answer;
    const plain = aesDecrypt(s.sek, answer.json['data'] as string).toString('utf8');
    return { ...answer, data: JSON.parse(Buffer.from(plain, 'base64').toString('utf8')) as unknown };
  }

  /** The test control: an officer verifies the e-way bill in movement. */
  async verify(ewbNo: unknown): Promise<number> {
    return (await this.app.inject({ method: 'POST', url: `${PREFIX}/testing/verify`, payload: { ewbNo } })).statusCode;
  }

  /** A GET: rek decrypted with the SEK, data with rek, the HMAC of the base64 checked. */
  async get(s: EwbSession, path: string): Promise<Answer> {
    const answer = await this.send('GET', `${EWB_API_BASE}${path}`, this.headers(s));
    if (answer.json['status'] !== '1') return answer;
    const rek = aesDecrypt(s.sek, answer.json['rek'] as string);
    const inner = aesDecrypt(rek, answer.json['data'] as string).toString('utf8');
    if (createHmac('sha256', rek).update(inner).digest('base64') !== answer.json['hmac']) throw new Error('HMAC mismatch');
    return { ...answer, data: JSON.parse(Buffer.from(inner, 'base64').toString('utf8')) as unknown };
  }
}

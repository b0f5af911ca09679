// A raw client of the IRP sandbox for the tests, written from the NIC API documentation (README.md "IRP sandbox"),
// over app.inject: each call a real HTTP request with its headers and JSON body, the crypto done here as a GSP does.
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { constants, createCipheriv, createDecipheriv, publicEncrypt, randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { irpSandbox } from '../src/irp/index';
import { sandboxSqlOfPglite, sandboxSqlOfPostgres, type SandboxSql } from '../src/sql';

export const PREFIX = '/irp-sandbox';
export type Clock = { at: Date };
export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The sandbox on a fresh database of the engine; `sql` lets a test act as the later e-way bill sandbox would. */
export const startIrp = async (
  clock: Clock,
  engine: Engine,
  options: { requireRegisteredClients?: boolean } = {},
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
    const name = `irp_sandbox_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
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
  await app.register(irpSandbox, { prefix: PREFIX, sql, now: () => clock.at, ...options });
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

export const aesEncrypt = (key: Buffer, plain: Buffer): string => {
  const c = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(plain), c.final()]).toString('base64');
};
export const aesDecrypt = (key: Buffer, b64: string): Buffer => {
  const d = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]);
};

export type Answer = { statusCode: number; json: Record<string, unknown> };
export type IrpSession = {
  gstin: string;
  userName: string;
  clientId: string;
  clientSecret?: string;
  authToken: string;
  sek: Buffer;
  tokenExpiry: string;
};

export class IrpClient {
  constructor(private readonly app: FastifyInstance) {}

  async get(path: string): Promise<string> {
    return (await this.app.inject({ method: 'GET', url: `${PREFIX}${path}` })).body;
  }

  async send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
    const res = await this.app.inject({
      method,
      url: `${PREFIX}${path}`,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { statusCode: res.statusCode, json: res.json<Record<string, unknown>>() };
  }

  /** POST /eivital/v1.04/auth: the credentials JSON, base64, RSA-encrypted with the sandbox's public key. */
  async authenticate(
    gstin: string,
    userName: string,
    password: string,
    options: { clientId?: string; clientSecret?: string; force?: boolean; appKey?: Buffer } = {},
  ): Promise<Answer & { session?: IrpSession }> {
    const appKey = options.appKey ?? randomBytes(32);
    const publicKey = await this.get('/keys/public-key');
    const credentials = JSON.stringify({
      UserName: userName,
      Password: password,
      AppKey: appKey.toString('base64'),
      ForceRefreshAccessToken: options.force ?? false,
    });
    const data = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(Buffer.from(credentials).toString('base64')),
    );
    const clientId = options.clientId ?? 'AAGSP29TEST';
    const clientSecret = options.clientSecret ?? 'secret';
    const answer = await this.send(
      'POST',
      '/eivital/v1.04/auth',
      { client_id: clientId, client_secret: clientSecret, Gstin: gstin },
      { Data: data.toString('base64') },
    );
    if (answer.json['Status'] !== 1) return answer;
    const d = answer.json['Data'] as Record<string, string>;
    return {
      ...answer,
      session: {
        gstin,
        userName,
        clientId,
        clientSecret,
        authToken: d['AuthToken']!,
        sek: aesDecrypt(appKey, d['Sek']!),
        tokenExpiry: d['TokenExpiry']!,
      },
    };
  }

  private headers(s: IrpSession): Record<string, string> {
    return {
      client_id: s.clientId,
      client_secret: s.clientSecret ?? 'secret',
      Gstin: s.gstin,
      user_name: s.userName,
      AuthToken: s.authToken,
    };
  }

  private open(s: IrpSession, answer: Answer): Answer & { data?: Record<string, unknown> } {
    if (answer.json['Status'] !== 1) return answer;
    return { ...answer, data: JSON.parse(aesDecrypt(s.sek, answer.json['Data'] as string).toString('utf8')) as Record<string, unknown> };
  }

  async generate(s: IrpSession, invoice: unknown) {
    const data = aesEncrypt(s.sek, Buffer.from(JSON.stringify(invoice)));
    return this.open(s, await this.send('POST', '/eicore/v1.03/Invoice', this.headers(s), { Data: data }));
  }

  async byIrn(s: IrpSession, irn: string) {
    return this.open(s, await this.send('GET', `/eicore/v1.03/Invoice/irn/${irn}`, this.headers(s)));
  }

  async byDocument(s: IrpSession, docType: string, docNum: string, docDate: string) {
    const q = new URLSearchParams({ doctype: docType, docnum: docNum, docdate: docDate });
    return this.open(s, await this.send('GET', `/eicore/v1.03/Invoice/irnbydocdetails?${q.toString()}`, this.headers(s)));
  }

  /** Sandbox only: the GSTIN's aggregate annual turnover in rupees. */
  async setAato(s: IrpSession, aato: number | null) {
    const data = aesEncrypt(s.sek, Buffer.from(JSON.stringify({ Aato: aato })));
    const res = await this.app.inject({
      method: 'PUT',
      url: `${PREFIX}/eicore/v1.03/sandbox-aato`,
      headers: { 'content-type': 'application/json', ...this.headers(s) },
      payload: JSON.stringify({ Data: data }),
    });
    return this.open(s, { statusCode: res.statusCode, json: res.json<Record<string, unknown>>() });
  }

  async cancel(s: IrpSession, body: { Irn: string; CnlRsn: string; CnlRem: string }) {
    const data = aesEncrypt(s.sek, Buffer.from(JSON.stringify(body)));
    return this.open(s, await this.send('POST', '/eicore/v1.03/Invoice/Cancel', this.headers(s), { Data: data }));
  }
}

/** The first error of an answer, as "code message". */
export const irpErrorOf = (answer: Answer): string => {
  const errors = answer.json['ErrorDetails'] as { ErrorCode: string; ErrorMessage: string }[] | null;
  return errors?.[0] ? `${errors[0].ErrorCode} ${errors[0].ErrorMessage}` : '';
};

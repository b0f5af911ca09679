import { API, HEADERS, type SubscriberSettings } from '@opengst/contracts';
import type { FastifyInstance } from 'fastify';
import { createCipheriv, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { buildApp } from '../app';
import { readConfig } from '../config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/database';
import { saveSubscriberSettings } from '../platform/settings/subscriber-settings';
import { ensureFinancialYears, generatePassword, provisionSubscriber } from '../seed/provision';
import { startSmtp } from './smtp';

/** The engines every integration test runs on: PGlite always, PostgreSQL when the test script started one. */
export const ENGINES = (process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']) as readonly ('pglite' | 'postgres')[];

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** A fresh database on the engine, a loopback SMTP server, and the app built on both. */
export const startHarness = async (
  engine: 'pglite' | 'postgres',
  options: { logStream?: NodeJS.WritableStream; env?: Record<string, string> } = {},
) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'opengst-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL ?? '';
    const name = `opengst_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const sql = postgres(admin, { max: 1, onnotice: () => {} });
    await sql.unsafe(`create database ${name}`);
    await sql.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const s = postgres(admin, { max: 1, onnotice: () => {} });
      await s.unsafe(`drop database if exists ${name} with (force)`);
      await s.end();
    };
  }
  const smtp = await startSmtp();
  let clockOffsetMs = 0;
  const config = {
    ...readConfig(
      {
        LOG_LEVEL: options.logStream ? 'info' : 'silent',
        SMTP_URL: smtp.url,
        JOB_POLL_SECONDS: '0.5',
        PUBLIC_URL: 'http://localhost:8080',
        ...options.env,
      },
      ['--data-dir', dataDir],
    ),
    ...(databaseUrl ? { databaseUrl } : {}),
  };
  const database: Database = await openDatabase(config);
  await ensureFinancialYears(database.db, new Date());
  const { app, ctx } = await buildApp(config, {
    database,
    now: () => new Date(Date.now() + clockOffsetMs),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return {
    app,
    ctx,
    smtp,
    engine,
    /** Moves the app's clock forward (expiry tests). */
    advanceClock: (ms: number) => {
      clockOffsetMs += ms;
    },
    close: async () => {
      await app.close();
      await database.close();
      await smtp.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type Tenant = {
  subscriberId: number;
  adminUserId: number;
  adminRoleId: number;
  entityIds: number[];
  userName: string;
  password: string;
  email: string;
};

/** A subscriber of its own, with an admin user whose password is known, and a business with two locations. */
export const createTenant = async (h: Harness, settings: Record<string, unknown> = {}): Promise<Tenant> => {
  const suffix = randomUUID().slice(0, 8);
  const userName = `admin-${suffix}`;
  const email = `${userName}@example.test`;
  const password = generatePassword();
  const provisioned = await provisionSubscriber(h.ctx.database.db, {
    name: `Tenant ${suffix}`,
    admin: { userName, displayName: `Admin ${suffix}`, email, password },
    business: {
      name: `Business ${suffix}`,
      pan: 'AAACT1234F',
      locations: [
        { name: 'Delhi', stateCode: '07', entityNumber: '1' },
        { name: 'Chennai', stateCode: '33', entityNumber: '1' },
      ],
    },
    settings,
  });
  return { ...provisioned, userName, password, email };
};

export const setSubscriberSettings = (
  h: Harness,
  subscriberId: number,
  change: Partial<{ [K in keyof SubscriberSettings]: Partial<SubscriberSettings[K]> | SubscriberSettings[K] }>,
) => saveSubscriberSettings(h.ctx.database.db, subscriberId, change as Record<string, unknown>);

/**
 * A loopback address of its own per call, so the per-IP sign-in limit (tested on its own) does not throttle
 * unrelated tests. app.inject sends nothing over the network.
 */
export const someIp = (): string =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** What the web client does: fetch a one-time key and AES-encrypt each secret with it. */
export const encryptor = async (app: FastifyInstance, ip = someIp()): Promise<{ encId: string; encrypt: (plain: string) => string }> => {
  const res = await app.inject({ method: 'GET', url: API.encryptor, remoteAddress: ip });
  const { key, iv, identifier } = res.json().data as { key: string; iv: string; identifier: string };
  return {
    encId: identifier,
    encrypt: (plain) => {
      const cipher = createCipheriv('aes-256-cbc', Buffer.from(key, 'base64'), Buffer.from(iv, 'base64'));
      return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
    },
  };
};

export const login = async (
  app: FastifyInstance,
  userName: string,
  password: string,
  extra: { forceRefresh?: boolean; headers?: Record<string, string>; ip?: string } = {},
) => {
  const ip = extra.ip ?? someIp();
  const { encId, encrypt } = await encryptor(app, ip);
  return app.inject({
    method: 'POST',
    url: API.token,
    headers: { [HEADERS.encId]: encId, ...extra.headers },
    payload: { userName, password: encrypt(password), ...(extra.forceRefresh !== undefined ? { forceRefresh: extra.forceRefresh } : {}) },
    remoteAddress: ip,
  });
};

export const signIn = async (app: FastifyInstance, tenant: Tenant): Promise<string> => {
  const res = await login(app, tenant.userName, tenant.password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json().data.token as string;
};

export const authed = (token: string) => ({ [HEADERS.authToken]: token });

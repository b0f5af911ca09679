// The server as the benchmarks use it: the app on a data directory or a PostgreSQL database, a subscriber of the
// benchmark's own, and its user signed in through the API.
import { API, HEADERS } from '@opengst/contracts';
import type { FastifyInstance } from 'fastify';
import { createCipheriv } from 'node:crypto';
import { buildApp } from '../../apps/server/src/app';
import { readConfig } from '../../apps/server/src/config';
import { generatePassword, provisionSubscriber } from '../../apps/server/src/seed/provision';

/**
 * The app on PGlite in `dataDir`, or on PostgreSQL at `databaseUrl` when given; silent, and without the job queue's
 * worker (a benchmark runs its jobs itself).
 */
export const benchApp = async (where: { dataDir: string; databaseUrl?: string }) => {
  const config = {
    ...readConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' }, ['--data-dir', where.dataDir]),
    ...(where.databaseUrl ? { databaseUrl: where.databaseUrl } : {}),
    runJobs: false,
  };
  return buildApp(config);
};

/** Signs `userName` in through the API as the web client does (the password encrypted with the server's key); answers the token. */
export const signIn = async (app: FastifyInstance, userName: string, password: string): Promise<string> => {
  const key = (await app.inject({ method: 'GET', url: API.encryptor })).json().data as { key: string; iv: string; identifier: string };
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(key.key, 'base64'), Buffer.from(key.iv, 'base64'));
  const encrypted = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
  const res = await app.inject({
    method: 'POST',
    url: API.token,
    headers: { [HEADERS.encId]: key.identifier },
    payload: { userName, password: encrypted },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  return res.json().data.token as string;
};

type SubscriberSpec = Parameters<typeof provisionSubscriber>[1];

/**
 * A subscriber of the benchmark's own, its admin `userName` (shown as `displayName`, 'Bench' unless given) with a new
 * password; answers what was provisioned and that password, to sign in with.
 */
export const provisionBenchSubscriber = async (
  db: Parameters<typeof provisionSubscriber>[0],
  userName: string,
  spec: Omit<SubscriberSpec, 'admin'> & { displayName?: string },
) => {
  const { displayName = 'Bench', ...subscriber } = spec;
  const password = generatePassword();
  const tenant = await provisionSubscriber(db, {
    ...subscriber,
    admin: { userName, displayName, email: `${userName}@bench.test`, password },
  });
  return { tenant, password };
};

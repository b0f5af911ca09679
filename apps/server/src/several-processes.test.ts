import { API, HEADERS } from '@opengst/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_TTL_MS } from './platform/settings/settings-cache';
import { startSmtp } from './test-support/smtp';

// Issue 16, several processes: two servers (RUN_JOBS=false) and one worker (`main.ts worker`) on one PostgreSQL,
// real processes over real HTTP, as a load balancer would spread a user's requests over them.

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
/** How long maintenance mode takes to reach another process (maintenance.ts reads it through a 2-second cache). */
const MAINTENANCE_CACHE_MS = 2000;

type Proc = { child: ChildProcess; output: () => string; url: string };

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds; answers the milliseconds it took. */
const within = async (ms: number, check: () => Promise<boolean>): Promise<number> => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(100);
  }
  return Date.now() - started;
};

describe.skipIf(!ADMIN_URL)('several processes on one PostgreSQL (skipped: TEST_DATABASE_URL is not set)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'opengst-procs-'));
  const name = `opengst_procs_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const processes: Proc[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let databaseUrl = '';
  let a: Proc;
  let b: Proc;
  let adminPassword = '';

  const launch = async (role: 'server' | 'worker', ready: RegExp): Promise<Proc> => {
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...(role === 'worker' ? ['worker'] : [])], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        RUN_JOBS: role === 'worker' ? 'true' : 'false',
        SMTP_URL: smtp.url,
        JOB_POLL_SECONDS: '0.5',
        LOG_LEVEL: 'warn',
        BUILD_VERSION: 'several-processes-test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const proc = { child, output: () => output, url: `http://127.0.0.1:${port}` };
    processes.push(proc);
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (ready.test(output)) {
          clearInterval(timer);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`the ${role} exited (${child.exitCode}):\n${output}`));
        }
      }, 50);
    });
    return proc;
  };

  const get = (p: Proc, path: string, headers: Record<string, string> = {}) => fetch(`${p.url}${path}`, { headers });
  const post = (p: Proc, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${p.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** The web client's sign-in: a one-time key from the process, the password encrypted with it. */
  const login = async (p: Proc, userName: string, password: string) => {
    const { key, iv, identifier } = (
      (await (await get(p, API.encryptor)).json()) as { data: { key: string; iv: string; identifier: string } }
    ).data;
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(key, 'base64'), Buffer.from(iv, 'base64'));
    const encrypted = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
    return post(p, API.token, { userName, password: encrypted }, { [HEADERS.encId]: identifier });
  };

  beforeAll(async () => {
    const admin = postgres(ADMIN_URL ?? '', { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL ?? '');
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    smtp = await startSmtp();
    // Started together: they migrate and seed one at a time (withStartupLock); neither runs jobs.
    [a, b] = await Promise.all([launch('server', /is running at/), launch('server', /is running at/)]);
    adminPassword = /password\s+(\S{16})\s/.exec(a.output() + b.output())?.[1] ?? '';
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      processes.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
            setTimeout(() => p.child.kill('SIGKILL'), 8000).unref();
          }),
      ),
    );
    await smtp?.close();
    const admin = postgres(ADMIN_URL ?? '', { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('shares sessions, jobs, sign-in limits, settings and maintenance across two servers and a worker', { timeout: 60_000 }, async () => {
    expect(adminPassword, a.output()).toMatch(/^\S{16}$/);

    // A session made on one server works on the other.
    const signedIn = await login(a, 'admin', adminPassword);
    expect(signedIn.status).toBe(200);
    const { token } = ((await signedIn.json()) as { data: { type: string; token: string } }).data;
    const auth = { [HEADERS.authToken]: token };
    expect((await get(b, API.loadSettings, auth)).status).toBe(200);

    // A job queued by one server is done by the worker: the servers run none (RUN_JOBS=false).
    const forgot = await post(b, API.forgotPassword, { userName: 'admin', isResetPasswordRequest: true });
    expect(forgot.status).toBe(200);
    await sleep(1000); // two polls of a job runner
    expect(smtp.mails).toHaveLength(0); // queued, and no server delivered it
    await launch('worker', /worker: running the background jobs/);
    const mail = await smtp.waitFor('admin@demo.opengst.local', /./);
    expect(mail.subject).toMatch(/password/i);
    // A second worker on the same database is refused (the recovery steps at start assume one): checked at the end.
    const second = launch('worker', /worker: running the background jobs/).then(
      () => 'started',
      (error: Error) => error.message,
    );

    // The sign-in throttle (10 a minute per user name) and the per-address limit count across both servers.
    const nobody = `nobody-${randomUUID().slice(0, 8)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(i % 2 === 0 ? a : b, nobody, 'Wrong pass 1234')).status);
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
    const remaining = async (p: Proc) => Number((await get(p, API.encryptor)).headers.get('x-ratelimit-remaining'));
    const onA = await remaining(a);
    expect(await remaining(b)).toBe(onA - 1);

    // An installation setting saved through one server reaches the other within the settings cache's TTL.
    const title = `OpenGST ${randomBytes(3).toString('hex')}`;
    expect((await post(a, API.installationSettingsSave, { applicationTitle: title }, auth)).status).toBe(200);
    const settingsMs = await within(SETTINGS_TTL_MS + 1500, async () => {
      const body = (await (await get(b, API.preLoadSettings)).json()) as { data: { applicationTitle: string } };
      return body.data.applicationTitle === title;
    });
    expect(settingsMs).toBeLessThanOrEqual(SETTINGS_TTL_MS + 1500);

    // Maintenance switched on through one server stops both; switched off, both serve again.
    expect((await post(a, API.maintenance, { enabled: true }, auth)).status).toBe(204);
    expect((await get(a, API.ping)).status).toBe(503);
    await within(MAINTENANCE_CACHE_MS + 1500, async () => (await get(b, API.ping)).status === 503);
    expect((await get(b, API.loadSettings, auth)).status).toBe(503);
    expect((await post(a, API.maintenance, { enabled: false }, auth)).status).toBe(204);
    await within(MAINTENANCE_CACHE_MS + 1500, async () => (await get(b, API.ping)).status === 204);

    expect(await second).toMatch(/Another process already runs the background jobs/);
  });
});

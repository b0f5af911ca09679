import type { JobQueue } from './jobs/queue';
import { API, HEADERS, pathsOf, USER_ENDPOINTS } from '@opengst/contracts';

const USERS_API = pathsOf(USER_ENDPOINTS);
import { Writable } from 'node:stream';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { readConfig } from '../config';
import { accessPlugin } from './access.plugin';
import { openDatabase } from '../db/database';
import { DataDirInUseError } from '../db/lockfile';
import { roleRights, roles, users } from '../db/schema';
import { hashPassword } from './auth/passwords';
import { authed, createTenant, ENGINES, login, signIn, startHarness, type Harness } from '../test-support/harness';

describe.each(ENGINES)('platform on %s', (engine) => {
  let h: Harness;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    h = await startHarness(engine, { logStream });
  });
  afterAll(async () => {
    await h.close();
  });

  it('every API route declares rights, signed-in access or public access', async () => {
    expect(h.app.routeAccess.length).toBeGreaterThan(15);
    for (const route of h.app.routeAccess) {
      const a = route.access;
      const ok = ('public' in a && a.public === true) || ('signedIn' in a && a.signedIn === true) || ('rights' in a && a.rights.length > 0);
      expect(ok, `${route.method} ${route.url}`).toBe(true);
    }
    const bare = Fastify();
    let error: unknown;
    try {
      await bare.register(accessPlugin, h.ctx);
      bare.get('/api/v0.1/undeclared', async () => 'x');
      await bare.ready();
    } catch (e) {
      error = e;
    }
    expect(String(error)).toMatch(/GET \/api\/v0.1\/undeclared declares neither rights nor public access/);
    await bare.close();
  });

  it('sends CSP, nosniff, frame-deny and a request id on every answer', async () => {
    for (const url of [API.ping, API.loadSettings, '/api/v0.1/no-such-route']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers[HEADERS.requestId]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers unknown API paths with the 404 error body', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v0.1/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('GEN0003');
  });

  it('answers a NUL character in a filter and a sort by an inherited name with 422 in words, never 500', async () => {
    const t = await createTenant(h);
    const headers = { [HEADERS.authToken]: await signIn(h.app, t) };
    const nul = await h.app.inject({
      method: 'POST',
      url: USERS_API.userSearch,
      headers,
      payload: { start: 0, size: 10, filters: { text: 'adm\u0000in' } },
    });
    expect(nul.statusCode, nul.body).toBe(422);
    expect(nul.json().errors[0].message).toContain('NUL character');
    for (const sortExpression of ['constructor ASC', '__proto__ DESC', 'toString ASC']) {
      const res = await h.app.inject({
        method: 'POST',
        url: USERS_API.userSearch,
        headers,
        payload: { start: 0, size: 10, sortExpression },
      });
      expect(res.statusCode, `${sortExpression}: ${res.body}`).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ code: 'GEN0009', propertyName: 'SortExpression' });
    }
  });

  it('issues session tokens of 256 random bits, stored only as digests', async () => {
    const t = await createTenant(h);
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add(await signIn(h.app, t));
    expect(tokens.size).toBe(5);
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(Buffer.from(token, 'base64url').length).toBe(32);
    }
    const stored = await h.ctx.database.db.execute<{ token_hash: string }>('select token_hash from sessions');
    const hashes = ((stored as unknown as { rows?: { token_hash: string }[] }).rows ?? (stored as unknown as { token_hash: string }[])).map(
      (r) => r.token_hash,
    );
    for (const token of tokens) expect(hashes).not.toContain(token);
  });

  it('never logs the password, and the request carries only its ciphertext', async () => {
    const t = await createTenant(h);
    logLines.length = 0;
    const res = await login(h.app, t.userName, t.password);
    expect(res.statusCode).toBe(200);
    await login(h.app, t.userName, `${t.password}!`);
    const all = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    expect(all).not.toContain(t.password);
    expect(all).not.toContain(res.json().data.token);
  });

  it("keeps a link's one-time token out of the request log", async () => {
    logLines.length = 0;
    const token = 'SeCrEt-LiNk-ToKeN-0123456789';
    await h.app.inject({ method: 'GET', url: `/reset-password?request=${token}&lang=en` });
    await h.app.inject({ method: 'GET', url: `/api/v0.1/ping?token=${token}` });
    const all = logLines.join('\n');
    expect(all).toContain('/reset-password?request=[redacted]&lang=en');
    expect(all).not.toContain(token);
  });

  it('refuses a route whose rights the role lacks with 403, and lets the right through', async () => {
    const t = await createTenant(h);
    const db = h.ctx.database.db;
    const [clerk] = await db.insert(roles).values({ subscriberId: t.subscriberId, name: 'Clerk' }).returning();
    if (!clerk) throw new Error('no role');
    await db.insert(users).values({
      subscriberId: t.subscriberId,
      roleId: clerk.id,
      userName: `clerk-${t.subscriberId}`,
      displayName: 'Clerk',
      email: `clerk-${t.subscriberId}@example.test`,
      passwordHash: await hashPassword('Clerk#Pass2026'),
    });
    const token = (await login(h.app, `clerk-${t.subscriberId}`, 'Clerk#Pass2026')).json().data.token;
    const refused = await h.app.inject({ method: 'GET', url: API.statistics, headers: authed(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('GEN0002');
    const settings = (await h.app.inject({ method: 'GET', url: API.loadSettings, headers: authed(token) })).json().data;
    expect(settings.rights.every((r: { hasAccess: boolean }) => !r.hasAccess)).toBe(true);
    await db.insert(roleRights).values({ roleId: clerk.id, rightId: 'DashboardStatistics' });
    await new Promise((r) => setTimeout(r, 5100)); // the rights cache holds for five seconds
    expect((await h.app.inject({ method: 'GET', url: API.statistics, headers: authed(token) })).statusCode).toBe(200);
  });

  it('counts what exists for the statistics screen, and remembers frequently used screens', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const stats = (await h.app.inject({ method: 'GET', url: API.statistics, headers: authed(token) })).json().data;
    expect(stats).toMatchObject({ businesses: 1, locations: 2, childLocations: 0, activeUsers: 1, roles: 1 });
    expect(stats.financialYears).toBeGreaterThanOrEqual(10);
    for (const screen of ['Entities', 'Entities', 'Users']) {
      expect(
        (await h.app.inject({ method: 'GET', url: `${API.frequentlyUsedSave}?moduleType=${screen}`, headers: authed(token) })).statusCode,
      ).toBe(204);
    }
    expect(
      (await h.app.inject({ method: 'GET', url: `${API.frequentlyUsedSave}?moduleType=Login`, headers: authed(token) })).statusCode,
    ).toBe(422);
    const used = (await h.app.inject({ method: 'GET', url: API.frequentlyUsedGet, headers: authed(token) })).json().data;
    expect(used.map((u: { moduleType: string; count: number }) => [u.moduleType, u.count])).toEqual([
      ['Entities', 2],
      ['Users', 1],
    ]);
  });

  it('serves master data: states, financial years from 2017-18, return periods up to this month', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const states = (await h.app.inject({ method: 'GET', url: API.states, headers: authed(token) })).json().data;
    expect(states.find((s: { code: string }) => s.code === '27')).toMatchObject({ name: 'Maharashtra' });
    const years = (await h.app.inject({ method: 'GET', url: API.financialYears, headers: authed(token) })).json().data;
    expect(years[0].label).toBe('2017-18');
    const periods = (
      await h.app.inject({ method: 'GET', url: `${API.returnPeriods}?financialYear=2024-25`, headers: authed(token) })
    ).json().data;
    expect(periods.map((p: { value: string }) => p.value)).toHaveLength(12);
    expect(periods[0]).toEqual({ value: '042024', label: 'Apr 2024', financialYear: '2024-25' });
    const quarters = (
      await h.app.inject({ method: 'GET', url: `${API.returnPeriods}?financialYear=2024-25&jobWork=true`, headers: authed(token) })
    ).json().data;
    expect(quarters.map((p: { value: string }) => p.value)).toEqual(['062024', '092024', '122024', '032025']);
    const entities = (await h.app.inject({ method: 'GET', url: API.userEntities, headers: authed(token) })).json().data;
    expect(
      entities.filter((e: { entityType: string }) => e.entityType === 'Location').map((e: { gstin: string }) => e.gstin.slice(0, 2)),
    ).toEqual(['07', '33']);
  });

  it('answers 503 on authenticated routes under maintenance, and ping says when it is over', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    await h.ctx.maintenance.set(true);
    try {
      expect((await h.app.inject({ method: 'GET', url: API.loadSettings, headers: authed(token) })).statusCode).toBe(503);
      expect((await h.app.inject({ method: 'GET', url: API.ping })).statusCode).toBe(503);
      expect((await h.app.inject({ method: 'GET', url: API.preLoadSettings })).statusCode).toBe(200);
    } finally {
      await h.ctx.maintenance.set(false);
    }
    expect((await h.app.inject({ method: 'GET', url: API.ping })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'GET', url: API.loadSettings, headers: authed(token) })).statusCode).toBe(200);
  });

  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const { createMailer } = await import('./mail/mailer');
    const sent: string[] = [];
    const queue: JobQueue = {
      send: async (_job, payload) => {
        sent.push(String((payload as { mailId: number }).mailId));
      },
      work: async () => {},
      stop: async () => {},
    };
    const mailer = createMailer(h.ctx.database.db, queue, { from: 'x@example.test', secretKey: h.ctx.secretKey });
    const t = await createTenant(h);
    const id = await mailer.send({
      subscriberId: t.subscriberId,
      to: t.email,
      subject: 'Your report',
      text: 'Report ready',
      carriesSecret: false,
    });
    await mailer.deliver(id);
    const token = await signIn(h.app, t);
    const outbox = (await h.app.inject({ method: 'GET', url: API.outbox, headers: authed(token) })).json().data;
    expect(sent).toEqual([String(id)]);
    expect(outbox.totalRecords).toBe(1);
    expect(outbox.items[0]).toMatchObject({
      id,
      to: t.email,
      subject: 'Your report',
      text: 'Report ready',
      contentWithheld: false,
      status: 'Outbox',
    });
  });
});

describe('embedded data folder', () => {
  // A fresh process compiling the database module, and the embedded database migrated twice: a minute and more on a
  // loaded two-core machine, far from the 30 s of one request's test.
  const slow = { timeout: 180_000 };
  it('refuses a second process on the same folder with a clear error', slow, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'opengst-lock-'));
    const config = readConfig({}, ['--data-dir', dataDir]);
    const first = await openDatabase(config);
    try {
      const { spawnSync } = await import('node:child_process');
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `
        import('${new URL('../db/database.ts', import.meta.url).pathname}').then((m) => m.openDatabase({ dataDir: '${dataDir}' }))
          .then(() => { console.log('opened'); process.exit(0); }, (e) => { console.log(e.constructor.name + ': ' + e.message); process.exit(3); });
      `,
        ],
        { encoding: 'utf8' },
      );
      expect(child.status).toBe(3);
      expect(child.stdout).toMatch(/DataDirInUseError: The data folder .* is in use by another OpenGST process \(pid \d+\)/);
      expect(DataDirInUseError.name).toBe('DataDirInUseError');
    } finally {
      await first.close();
    }
    const again = await openDatabase(config);
    await again.close();
  });

  it('takes over the lock of a process that is gone, killed but not reaped, or whose pid now belongs to another', slow, async () => {
    const { spawn } = await import('node:child_process');
    const dataDir = mkdtempSync(join(tmpdir(), 'opengst-lock-'));
    const lock = join(dataDir, 'opengst.lock');
    const config = readConfig({}, ['--data-dir', dataDir]);
    const { writeFileSync } = await import('node:fs');
    // A live process, but not the one that wrote the lock: its start time differs (a pid reused after a reboot).
    writeFileSync(lock, `${process.ppid} 1`);
    await (await openDatabase(config)).close();
    // A process killed with SIGKILL whose parent has not reaped it yet: a zombie holds no folder.
    const sleeper = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const orphanPid = Number((await new Promise<Buffer>((resolve) => sleeper.stdout.once('data', resolve))).toString().trim());
    writeFileSync(lock, String(orphanPid));
    process.kill(orphanPid, 'SIGKILL'); // its parent, the exec'd sleep, never reaps it
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readFileSync(`/proc/${orphanPid}/stat`, 'utf8')).toMatch(/\) Z /);
    const opened = await openDatabase(config);
    await opened.close();
    sleeper.kill('SIGKILL');
  });
});

// `npm run bench -- auth`: sign-in latency under 20 concurrent sign-ins over HTTP on loopback, and the gzip size of
// the JavaScript that /login loads in Chromium. Prints one JSON line per case (CONVENTIONS.md "Benchmark output").
import { chromium } from '@playwright/test';
import { createCipheriv } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../apps/server/src/app';
import { readConfig } from '../apps/server/src/config';
import { hashPassword, verifyPassword } from '../apps/server/src/platform/auth/passwords';
import { seedDemo } from '../apps/server/src/seed/demo';
import { generatePassword, provisionSubscriber } from '../apps/server/src/seed/provision';

const CONCURRENCY = 20;
const ROUNDS = 5; // per user: under the per-user-name limit of 10 a minute
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (n: number, digits = 1): number => Number(n.toFixed(digits));

const dataDir = mkdtempSync(join(tmpdir(), 'opengst-bench-auth-'));
// The per-address limit is lifted for the benchmark: all its clients share 127.0.0.1.
const config = readConfig({ ...process.env, LOG_LEVEL: 'silent', SIGNIN_RATE_PER_MINUTE: '100000' }, ['--data-dir', dataDir]);
const { app, ctx } = await buildApp(config);
await seedDemo(ctx.database.db, new Date(), ctx.secretKey);
const users = await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, i) => {
    const password = generatePassword();
    await provisionSubscriber(ctx.database.db, {
      name: `Bench ${i}`,
      admin: { userName: `bench-${i}`, displayName: `Bench ${i}`, email: `bench-${i}@bench.test`, password },
      business: { name: `Bench ${i}`, pan: 'AAACB1234C', locations: [{ name: 'Delhi', stateCode: '07', entityNumber: '1' }] },
    });
    return { userName: `bench-${i}`, password };
  }),
);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const api = `${address}/api/v0.1`;

const signIn = async (userName: string, password: string): Promise<number> => {
  const started = performance.now();
  const key = (await (await fetch(`${api}/public/encryptor/get`)).json()) as { data: { key: string; iv: string; identifier: string } };
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(key.data.key, 'base64'), Buffer.from(key.data.iv, 'base64'));
  const encrypted = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
  const res = await fetch(`${api}/authenticate/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'enc-id': key.data.identifier },
    body: JSON.stringify({ userName, password: encrypted }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - started;
};

// Reference, same run: one argon2id check with the same parameters, alone.
const referenceHash = await hashPassword('Reference#Pass1');
const referenceTimes: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await verifyPassword(referenceHash, 'Reference#Pass1');
  referenceTimes.push(performance.now() - t);
}
referenceTimes.sort((a, b) => a - b);
const reference = percentile(referenceTimes, 50);

await Promise.all(users.slice(0, 4).map((u) => signIn(u.userName, u.password))); // warm-up
const latencies: number[] = [];
const started = performance.now();
await Promise.all(
  users.map(async (u) => {
    for (let r = 0; r < ROUNDS - 1; r++) latencies.push(await signIn(u.userName, u.password));
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const p50 = percentile(latencies, 50);
const p95 = percentile(latencies, 95);
console.log(
  JSON.stringify({
    bench: 'auth',
    case: 'sign-in x20 concurrent',
    seconds: round(seconds, 2),
    ratio: round(p50 / reference, 2),
    reference: 'one argon2id verification, alone',
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    metrics: {
      signIns: latencies.length,
      p50Ms: round(p50),
      p95Ms: round(p95),
      maxMs: round(latencies.at(-1) ?? NaN),
      referenceMs: round(reference),
      targetP95Ms: 150,
      targetMet: p95 < 150,
    },
  }),
);

// The JavaScript /login loads, as Chromium fetches it, gzip-compressed.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage();
const bodies = new Map<string, Buffer>();
page.on('response', async (response) => {
  if (response.request().resourceType() === 'script') {
    const body = await response.body().catch(() => null);
    if (body) bodies.set(response.url(), body);
  }
});
await page.goto(`${address}/login`, { waitUntil: 'networkidle' });
await page.getByTestId('login-submit').waitFor();
await browser.close();
const rawBytes = [...bodies.values()].reduce((s, b) => s + b.length, 0);
const gzipBytes = [...bodies.values()].reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
const bundleGzip = gzipSync(Buffer.concat([...bodies.values()]), { level: 9 }).length;
console.log(
  JSON.stringify({
    bench: 'auth',
    case: 'login route JavaScript',
    seconds: 0,
    ratio: round(gzipBytes / bundleGzip, 2),
    reference: 'the same scripts gzipped as one file',
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    metrics: {
      scripts: bodies.size,
      rawKb: round(rawBytes / 1024),
      gzipKb: round(gzipBytes / 1024),
      targetGzipKb: 250,
      targetMet: gzipBytes / 1024 < 250,
    },
  }),
);

await app.close();
rmSync(dataDir, { recursive: true, force: true });

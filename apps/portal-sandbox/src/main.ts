// Runs the portal sandbox alone (`npm run sandbox`): its own port, its own database (a PGlite folder, or PostgreSQL
// with DATABASE_URL). The server uses it with GST_PORTAL_URL=http://host:port.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { ewbSandbox, irpSandbox, portalSandbox, type QueueSettings } from './index';
import { sandboxSqlOfPglite, sandboxSqlOfPostgres, type SandboxSql } from './sql';

const env = process.env;
const port = Number(env['PORTAL_SANDBOX_PORT'] ?? 8390);
const host = env['PORTAL_SANDBOX_HOST'] ?? '127.0.0.1';
const otp = env['PORTAL_SANDBOX_OTP'] ?? '575757';
const dataDir = resolve(env['PORTAL_SANDBOX_DATA_DIR'] ?? 'data/portal-sandbox');
const schemaDir = resolve(env['PORTAL_SANDBOX_SCHEMA_DIR'] ?? fileURLToPath(new URL('../../../official', import.meta.url)));
const databaseUrl = env['DATABASE_URL'] || undefined;
/** Queued answers (README.md "Queued answers"): a setting from its variable when given, else the default. */
const queueNumber = (name: string): number | undefined => {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};
const queue: Partial<QueueSettings> = {};
const threshold = queueNumber('PORTAL_SANDBOX_QUEUE_THRESHOLD');
const notReadyPolls = queueNumber('PORTAL_SANDBOX_QUEUE_POLLS');
const est = queueNumber('PORTAL_SANDBOX_QUEUE_EST');
if (threshold !== undefined) queue.threshold = threshold;
if (notReadyPolls !== undefined) queue.notReadyPolls = notReadyPolls;
if (est !== undefined) queue.est = String(est);

if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('PORTAL_SANDBOX_PORT must be a port number');
if (!/^\d{6}$/.test(otp)) throw new Error('PORTAL_SANDBOX_OTP must be 6 digits');

const open = async (): Promise<{ sql: SandboxSql; close: () => Promise<void>; where: string }> => {
  if (databaseUrl) {
    const client = postgres(databaseUrl, { max: 5, onnotice: () => {} });
    return { sql: sandboxSqlOfPostgres(client), close: () => client.end({ timeout: 5 }), where: 'PostgreSQL (DATABASE_URL)' };
  }
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  await client.waitReady;
  return { sql: sandboxSqlOfPglite(client), close: () => client.close(), where: dataDir };
};

const database = await open();
const app = Fastify({ logger: { level: env['LOG_LEVEL'] ?? 'info' } });
await app.register(portalSandbox, { sql: database.sql, now: () => new Date(), otp, schemaDir, queue });
// The IRP sandbox (README.md "IRP sandbox") answers beside it, under /irp-sandbox.
await app.register(irpSandbox, { prefix: '/irp-sandbox', sql: database.sql, now: () => new Date() });
// The e-way bill sandbox (README.md "E-way bill sandbox") too, under /ewb-sandbox.
await app.register(ewbSandbox, { prefix: '/ewb-sandbox', sql: database.sql, now: () => new Date() });
app.addHook('onClose', async () => database.close());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
await app.listen({ port, host });
app.log.info(
  `GST portal sandbox on http://${host}:${port}/taxpayerapi, IRP sandbox on http://${host}:${port}/irp-sandbox, e-way bill sandbox on http://${host}:${port}/ewb-sandbox/ewaybillapi/v1.03 (database: ${database.where}; OTP ${otp === '575757' ? 'the GSTN sandbox default' : 'configured'})`,
);

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from './app';
import { readConfig, type Config } from './config';
import { openDatabase, withStartupLock } from './db/database';
import { DataDirInUseError } from './db/lockfile';
import { syncHsnDirectory } from './modules/masters';
import { createMaintenanceSwitch, maintenanceFlagFile } from './platform/maintenance';
import { loadSecretKey } from './platform/secrets';
import { resetDemoAdminPassword, seedDemo, type DemoCredentials } from './seed/demo';

// Commands: (none) starts the server; `reset-demo` wipes the database and seeds the demo again;
// `reset-admin-password` gives the demo administrator a new password; `maintenance on|off` switches maintenance mode;
// `worker` runs the background jobs without serving HTTP (PostgreSQL: beside servers started with RUN_JOBS=false).

const printBanner = (config: Config, engine: string, demo: DemoCredentials): void => {
  const lines = [
    '',
    `  OpenGST ${config.buildVersion} is running at ${config.publicUrl}`,
    `  Database: ${engine === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail: ${config.smtpUrl ? 'SMTP' : 'no SMTP configured: mail is kept in the outbox (sign in, then /mail-outbox); one-time passwords and links need SMTP'}`,
    '',
    `  Demo administrator:  user name  ${demo.userName}`,
    demo.password
      ? `                       password   ${demo.password}   (shown this once: note it, or change it after signing in)`
      : '                       password   shown at the first start only; `npm run reset-admin-password` makes a new one',
    '',
  ];
  console.log(lines.join('\n'));
};

const closeOnSignals = (app: FastifyInstance): void => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      void app.close().then(() => process.exit(0));
    });
  }
};

const start = async (config: Config): Promise<void> => {
  if (!config.runJobs && !config.databaseUrl)
    throw new Error('RUN_JOBS=false needs DATABASE_URL: on the embedded database the one server process runs the jobs.');
  const { app, ctx } = await buildApp(config);
  // Servers starting together on one PostgreSQL seed the demo one at a time.
  const demo = await withStartupLock(config.databaseUrl, () => seedDemo(ctx.database.db, ctx.now(), ctx.secretKey));
  await app.listen({ port: config.port, host: config.host });
  printBanner(config, ctx.database.engine, demo);
  closeOnSignals(app);
  // The HSN/SAC directory into the database when it has changed, after the server answers (a load takes a few seconds).
  syncHsnDirectory(ctx.database.db, config.hsnDirectoryFile).then(
    ({ loaded, rows }) => app.log.info(`HSN/SAC directory: ${rows} codes${loaded ? ' loaded' : ', unchanged'}`),
    (error: unknown) => app.log.error({ err: error }, 'HSN/SAC directory: not loaded'),
  );
};

/**
 * The background jobs without HTTP: the app is built (the jobs reach the mounted portal sandbox through it) and never
 * listens. One worker per database (queue.ts, claimJobRunner); the servers run with RUN_JOBS=false.
 */
const worker = async (config: Config): Promise<void> => {
  if (!config.databaseUrl) throw new Error('The worker needs DATABASE_URL: on the embedded database the server runs the jobs itself.');
  const { app } = await buildApp({ ...config, runJobs: true });
  console.log(`OpenGST ${config.buildVersion} worker: running the background jobs of PostgreSQL (DATABASE_URL).`);
  closeOnSignals(app);
};

const resetDemo = async (config: Config, args: readonly string[]): Promise<void> => {
  if (config.databaseUrl) {
    if (!args.includes('--yes')) throw new Error('reset-demo on PostgreSQL drops every table of DATABASE_URL: add --yes to confirm.');
    const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
    // portal_sandbox: the mounted GST portal sandbox's own tables (its filed returns belong to the old data too).
    await sql.unsafe(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; drop schema if exists portal_sandbox cascade; create schema public;',
    );
    await sql.end();
  } else {
    const database = await openDatabase(config); // takes the lock: refuses while a server runs on this folder
    await database.close();
    rmSync(join(config.dataDir, 'pg'), { recursive: true, force: true });
  }
  const database = await openDatabase(config);
  const demo = await seedDemo(database.db, new Date(), loadSecretKey(config.secretKeyBase64, config.dataDir));
  await database.close();
  console.log(`Demo data reset. Sign in as ${demo.userName} with password ${demo.password ?? '(unchanged)'}`);
};

const resetAdminPassword = async (config: Config): Promise<void> => {
  const database = await openDatabase(config); // takes the lock: refuses while a server runs on this folder
  try {
    const demo = await resetDemoAdminPassword(database.db, new Date());
    console.log(`Sign in as ${demo.userName} with password ${demo.password} (shown this once).`);
  } finally {
    await database.close();
  }
};

const switchMaintenance = async (config: Config, value: string | undefined): Promise<void> => {
  if (value !== 'on' && value !== 'off') throw new Error('usage: maintenance on|off');
  const on = value === 'on';
  if (config.databaseUrl) {
    const database = await openDatabase(config);
    await createMaintenanceSwitch(database.db, maintenanceFlagFile(config.dataDir)).set(on);
    await database.close();
  } else if (on) {
    // The running server holds the embedded database: it watches this flag file instead.
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(maintenanceFlagFile(config.dataDir), new Date().toISOString());
  } else {
    rmSync(maintenanceFlagFile(config.dataDir), { force: true });
    try {
      const database = await openDatabase(config);
      await createMaintenanceSwitch(database.db, maintenanceFlagFile(config.dataDir)).set(false);
      await database.close();
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.log('The flag file is removed. If maintenance was switched on through the API, switch it off there.');
    }
  }
  console.log(`Maintenance mode ${value}.`);
};

const main = async (): Promise<void> => {
  const args = process.argv.slice(2);
  const config = readConfig(process.env, args);
  const dataDirValue = args.includes('--data-dir') ? args.indexOf('--data-dir') + 1 : -1;
  const command = args.find((a, i) => !a.startsWith('--') && i !== dataDirValue);
  if (command === 'reset-demo') return resetDemo(config, args);
  if (command === 'reset-admin-password') return resetAdminPassword(config);
  if (command === 'maintenance') return switchMaintenance(config, args[args.indexOf('maintenance') + 1]);
  if (command === 'worker') return worker(config);
  if (command !== undefined)
    throw new Error(`Unknown command "${command}". Commands: worker, reset-demo, reset-admin-password, maintenance on|off.`);
  return start(config);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

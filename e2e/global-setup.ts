import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMailCapture } from './support/mail-capture';
import { RUN_DIR, PORT } from './support/paths';

/** Seeds a fresh data folder, starts the capture SMTP server and the real server on it, for all journeys. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(RUN_DIR, { recursive: true, force: true });
  mkdirSync(RUN_DIR, { recursive: true });
  const dataDir = join(RUN_DIR, 'data');
  const root = join(import.meta.dirname, '..');
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/seed.ts', dataDir, join(RUN_DIR, 'fixtures.json')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);

  const mail = await startMailCapture(join(RUN_DIR, 'mails'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--data-dir', dataDir], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      SMTP_URL: mail.url,
      PUBLIC_URL: `http://localhost:${PORT}`,
      JOB_POLL_SECONDS: '0.5',
      LOG_LEVEL: 'warn',
      APP_ENV: 'development',
      // The reconciliation journey sets the sandbox's date to reach the 14th's GSTR-2B (and sets it back); the notices
      // journey has an officer issue a notice in it.
      PORTAL_SANDBOX_CLOCK_CONTROL: 'true',
      // The notices journey runs the hourly reminder job as if it were the day the reminder is due.
      JOB_CLOCK_CONTROL: 'true',
      // The IP allow-list journey plays a user at another address by an X-Forwarded-For header (as behind the
      // installation's own proxy); requests without one keep the socket's address, 127.0.0.1.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v0.1/ping`);
      if (res.status === 204) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await mail.close();
    writeFileSync(join(RUN_DIR, 'server.log'), output);
  };
}

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import { createMaintenanceSwitch, maintenanceFlagFile } from './platform/maintenance';
import { appState, entities, entityPortalCredentials, users } from './db/schema';
import { verifyPassword } from './platform/auth/passwords';
import { loadSecretKey, openSecret } from './platform/secrets';
import { eq } from 'drizzle-orm';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'opengst-cli-'));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', main, ...args, '--data-dir', dataDir], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });

describe('command line', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reset-demo seeds the demo again with a new administrator password', { timeout: 120_000 }, () => {
    const first = run('reset-demo');
    expect(first.status, first.stderr).toBe(0);
    const second = run('reset-demo');
    const passwordOf = (out: string) => /with password (\S+)/.exec(out)?.[1];
    expect(passwordOf(first.stdout)).toMatch(/^.{16}$/);
    expect(passwordOf(second.stdout)).toMatch(/^.{16}$/);
    expect(passwordOf(second.stdout)).not.toBe(passwordOf(first.stdout));
  });

  it('keeps no copy of the administrator password in clear, and reset-admin-password makes a new one', { timeout: 120_000 }, async () => {
    expect(run('reset-demo').status).toBe(0);
    const config = readConfig({}, ['--data-dir', dataDir]);
    const database = await openDatabase(config);
    try {
      const [state] = await database.db.select().from(appState).where(eq(appState.key, 'demoCredentials'));
      // The user name and when the generated password was set (to offer the change), never the password.
      expect(state?.value).toEqual({ userName: 'admin', passwordSetAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    } finally {
      await database.close();
    }
    const reset = run('reset-admin-password');
    expect(reset.status, reset.stderr).toBe(0);
    const password = /with password (\S+)/.exec(reset.stdout)?.[1] ?? '';
    expect(password).toMatch(/^.{16}$/);
    const again = await openDatabase(config);
    try {
      const [admin] = await again.db.select().from(users).where(eq(users.userName, 'admin'));
      expect(await verifyPassword(admin?.passwordHash ?? '', password)).toBe(true);
    } finally {
      await again.close();
    }
  });

  it(
    "reset-demo gives every demo location a GST portal user name, its secret sealed with the data folder's key",
    { timeout: 120_000 },
    async () => {
      expect(run('reset-demo').status).toBe(0);
      const config = readConfig({}, ['--data-dir', dataDir]);
      const database = await openDatabase(config);
      try {
        const rows = await database.db
          .select({ gstin: entities.gstin, userName: entityPortalCredentials.portalUserName, secret: entityPortalCredentials.secret })
          .from(entityPortalCredentials)
          .innerJoin(entities, eq(entities.id, entityPortalCredentials.entityId));
        expect(rows.map((r) => r.gstin).sort()).toEqual(['27AABCD1234E1Z8', '27AABCD1234E2Z7', '29AABCD1234E1Z4']);
        const key = loadSecretKey(undefined, dataDir);
        for (const row of rows) {
          expect(row.userName).toMatch(/^demo_\d{2}_[0-9a-f]{12}$/); // not guessable from the GSTIN or the id
          expect(openSecret(key, row.secret)).toMatch(/^[\w-]{16}$/);
        }
      } finally {
        await database.close();
      }
    },
  );

  it('maintenance on|off switches the mode the server reads', { timeout: 120_000 }, async () => {
    expect(run('maintenance', 'on').status).toBe(0);
    expect(existsSync(maintenanceFlagFile(dataDir))).toBe(true);
    const database = await openDatabase(readConfig({}, ['--data-dir', dataDir]));
    try {
      expect(await createMaintenanceSwitch(database.db, maintenanceFlagFile(dataDir)).isOn()).toBe(true);
    } finally {
      await database.close();
    }
    expect(run('maintenance', 'off').status).toBe(0);
    expect(existsSync(maintenanceFlagFile(dataDir))).toBe(false);
    expect(run('maintenance', 'sideways').stderr).toContain('usage: maintenance on|off');
  });

  it('refuses an unknown command', () => {
    const res = run('launch');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Unknown command "launch"');
  });
});

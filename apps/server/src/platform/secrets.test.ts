import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { assertInstallationKey, loadSecretKey, openSecret, sealSecret } from './secrets';

describe('secrets at rest', () => {
  it('seals and opens, and every sealing differs', () => {
    const key = randomBytes(32);
    const a = sealSecret(key, 'portal-password-₹1');
    const b = sealSecret(key, 'portal-password-₹1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('portal-password');
    expect(openSecret(key, a)).toBe('portal-password-₹1');
  });

  it('refuses a tampered secret or another key', () => {
    const key = randomBytes(32);
    const sealed = sealSecret(key, 'secret');
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other').toString('base64url')].join('.');
    expect(() => openSecret(key, tampered)).toThrow();
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
  });

  it('generates a key file once in the data folder, readable only by its owner', () => {
    const dir = mkdtempSync(join(tmpdir(), 'opengst-key-'));
    const first = loadSecretKey(undefined, dir);
    expect(first.length).toBe(32);
    expect(loadSecretKey(undefined, dir).equals(first)).toBe(true);
    expect(statSync(join(dir, 'secret.key')).mode & 0o077).toBe(0);
    expect(readFileSync(join(dir, 'secret.key'), 'utf8').trim()).toBe(first.toString('base64'));
    expect(() => loadSecretKey(Buffer.from('short').toString('base64'), dir)).toThrow(/32 bytes/);
    expect(readdirSync(dir)).toEqual(['secret.key']); // the draft it was written to is gone
  });

  it('refuses a process whose key differs from the one the database was first started with', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opengst-key-db-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      const key = randomBytes(32);
      await assertInstallationKey(database.db, key);
      await assertInstallationKey(database.db, Buffer.from(key)); // the same key again: fine
      await expect(assertInstallationKey(database.db, randomBytes(32))).rejects.toThrow(/OPENGST_SECRET_KEY/);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretKey, openSecret, sealSecret } from './secrets';

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
  });
});

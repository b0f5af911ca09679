import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appState } from '../db/schema';

/**
 * The installation's key for secrets kept at rest (GST portal credentials): OPENGST_SECRET_KEY (base64, 32 bytes),
 * or a key generated once into the data folder (mode 0600). Back it up with the database: without it the stored
 * credentials cannot be read.
 */
export const loadSecretKey = (env: string | undefined, dataDir: string): Buffer => {
  if (env) {
    const key = Buffer.from(env, 'base64');
    if (key.length !== 32) throw new Error('Invalid configuration: OPENGST_SECRET_KEY must be 32 bytes, base64 encoded.');
    return key;
  }
  const path = join(dataDir, 'secret.key');
  if (!existsSync(path)) {
    // Written whole beside it, then linked into place (which fails if it exists): of processes starting together on
    // one data folder, one key wins and none reads a half-written file.
    mkdirSync(dataDir, { recursive: true });
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
};

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export const sealSecret = (key: Buffer, plain: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
};

export const openSecret = (key: Buffer, sealed: string): string => {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
};

/**
 * Every process of an installation must seal and open with the same key (a server seals a mail, the worker opens it
 * to deliver it). The first process to start records a fingerprint of its key (a SHA-256, not the key) in the database;
 * a process with another key refuses to start rather than seal what the others cannot open.
 */
export const assertInstallationKey = async (db: Db, key: Buffer): Promise<void> => {
  const fingerprint = createHash('sha256').update('opengst secret key fingerprint\0').update(key).digest('hex').slice(0, 32);
  await db.insert(appState).values({ key: 'secret_key_fingerprint', value: { fingerprint } }).onConflictDoNothing();
  const rows = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, 'secret_key_fingerprint'));
  const recorded = (rows[0]?.value as { fingerprint?: string } | undefined)?.fingerprint;
  if (recorded !== fingerprint)
    throw new Error(
      'This process has another secret key than the one this database was started with: every server and worker process ' +
        "must use the same key. Set OPENGST_SECRET_KEY to the first process's key (its OPENGST_SECRET_KEY, or the content of secret.key in its data folder).",
    );
};

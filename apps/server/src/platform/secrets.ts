import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
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

import type { Encryptor } from '@opengst/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import { createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/database';
import { encryptionKeys } from '../../db/schema';
import { AppError } from '../errors';

const KEY_LIFETIME_MS = 5 * 60_000;

/** spec core §7 `public/encryptor/get`: a fresh AES-256-CBC key and IV, kept briefly and accepted once. */
export const issueEncryptor = async (db: DbOrTx, now: Date): Promise<Encryptor> => {
  const value = { identifier: randomUUID(), key: randomBytes(32).toString('base64'), iv: randomBytes(16).toString('base64') };
  await db.insert(encryptionKeys).values({ ...value, expiresAt: new Date(now.getTime() + KEY_LIFETIME_MS) });
  return value;
};

export type Decrypt = (ciphertext: string) => string;

/** Takes the key out of the store (so a replay finds nothing) and returns a decrypter for this request's secrets. */
export const consumeEncryptor = async (db: DbOrTx, identifier: string | undefined, now: Date): Promise<Decrypt> => {
  if (!identifier) throw new AppError('AUTH0004');
  const rows = await db
    .delete(encryptionKeys)
    .where(and(eq(encryptionKeys.identifier, identifier), gt(encryptionKeys.expiresAt, now)))
    .returning();
  const row = rows[0];
  if (!row) throw new AppError('AUTH0004');
  const key = Buffer.from(row.key, 'base64');
  const iv = Buffer.from(row.iv, 'base64');
  return (ciphertext) => {
    try {
      const decipher = createDecipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new AppError('AUTH0017');
    }
  };
};

export const purgeExpiredEncryptors = async (db: DbOrTx, now: Date): Promise<void> => {
  await db.delete(encryptionKeys).where(lt(encryptionKeys.expiresAt, now));
};

import { createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptSecrets } from './crypto';

describe('encryptSecrets', () => {
  it('produces AES-256-CBC / PKCS#7 base64 that the server can decrypt', async () => {
    const key = randomBytes(32);
    const iv = randomBytes(16);
    const secrets = ['t@aTTgj-#4ojjtUE', 'pässwörd ₹'];
    const encrypted = await encryptSecrets({ key: key.toString('base64'), iv: iv.toString('base64'), identifier: 'id' }, secrets);
    const decrypted = encrypted.map((value) => {
      const decipher = createDecipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([decipher.update(Buffer.from(value, 'base64')), decipher.final()]).toString('utf8');
    });
    expect(decrypted).toEqual(secrets);
  });
});

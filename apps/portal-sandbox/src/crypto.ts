// The portal's side of the GSTN API encryption (README.md "Protocol"): an RSA key pair for app keys, AES-256-ECB
// with PKCS#7 padding for keys and payloads, HMAC-SHA256 for integrity.
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export type KeyPair = { publicPem: string; privatePem: string };

export const generateKeyPair = (): KeyPair => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicPem: publicKey, privatePem: privateKey };
};

/**
 * A block a client encrypted with RSA PKCS#1 v1.5 (the GSTN API's app key, the NIC e-invoice and e-way bill APIs'
 * credentials). Node 20 refuses that padding for private decryption (CVE-2023-46809, a timing oracle), so the block is
 * decrypted raw and unpadded here; every failure is the same error.
 */
export const rsaDecryptPkcs1 = (privatePem: string, base64: string): Buffer => {
  const block = privateDecrypt({ key: privatePem, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
  const separator = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || separator < 10) throw new Error('not a PKCS#1 v1.5 block');
  return block.subarray(separator + 1);
};

/** The GSTN API's app key: a PKCS#1 v1.5 block of 32 bytes; the sandbox answers every failure with one fixed message. */
export const rsaDecryptAppKey = (privatePem: string, base64: string): Buffer => {
  const key = rsaDecryptPkcs1(privatePem, base64);
  if (key.length !== 32) throw new Error('bad app key');
  return key;
};

/** JSON of a decrypted block: the JSON itself, or its base64 (clients differ on whether they encode before encrypting). */
export const jsonOfPlain = (plain: Buffer): unknown => {
  const text = plain.toString('utf8').trim();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as unknown;
  }
};

export const newKey = (): Buffer => randomBytes(32);

export const aesEncrypt = (key: Buffer, plain: Buffer): string => {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
};

export const aesDecrypt = (key: Buffer, base64: string): Buffer => {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
};

export const hmacOf = (key: Buffer, text: string): string => createHmac('sha256', key).update(text).digest('base64');

export const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A request's data: base64(AES(EK, base64(json))) checked against hmac = HMAC(EK, base64(json)). Null when it fails. */
export const openRequest = (ek: Buffer, data: string, hmac: string | undefined): { json: unknown; inner: string } | null => {
  try {
    const inner = aesDecrypt(ek, data).toString('utf8');
    if (hmac === undefined || !sameText(hmacOf(ek, inner), hmac)) return null;
    return { json: JSON.parse(Buffer.from(inner, 'base64').toString('utf8')) as unknown, inner };
  } catch {
    return null;
  }
};

/** An answer's encrypted fields: a fresh response key (rek) sealed with EK, the data sealed with rek, its HMAC. */
export const sealResponse = (ek: Buffer, json: unknown): { data: string; rek: string; hmac: string } => {
  const rek = newKey();
  const inner = Buffer.from(JSON.stringify(json)).toString('base64');
  return { data: aesEncrypt(rek, Buffer.from(inner)), rek: aesEncrypt(ek, rek), hmac: hmacOf(rek, inner) };
};

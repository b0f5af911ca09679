// The GSTN taxpayer API's encryption as a client uses it (apps/portal-sandbox/README.md "Protocol"):
// - app key: 32 random bytes, sent RSA-encrypted (PKCS#1 v1.5) with the portal's public key;
// - the session key (sek) arrives AES-256-ECB encrypted with the app key; decrypted it is the EK of the session;
// - a request payload is base64(AES-256-ECB(EK, base64(json))) with hmac = base64(HMAC-SHA256(EK, base64(json)));
// - a response carries rek (AES-256-ECB(EK, REK)), data = AES-256-ECB(REK, base64(json)), hmac with REK.
// Written from the protocol, not imported from apps/portal-sandbox (which has the same AES and HMAC helpers): the
// adapter and the sandbox are the two sides of the wire, and a mistake shared by both would pass every test between
// them unseen.
import { constants, createCipheriv, createDecipheriv, createHmac, publicEncrypt, randomBytes, timingSafeEqual } from 'node:crypto';

export const newAppKey = (): Buffer => randomBytes(32);

export const aesEncrypt = (key: Buffer, plain: Buffer): string => {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
};

export const aesDecrypt = (key: Buffer, base64: string): Buffer => {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
};

export const rsaEncrypt = (publicKeyPem: string, plain: Buffer): string =>
  publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, plain).toString('base64');

export const hmacOf = (key: Buffer, text: string): string => createHmac('sha256', key).update(text).digest('base64');

/** Seals a JSON payload with the session's EK: the request's data and hmac fields. */
export const sealPayload = (ek: Buffer, json: unknown): { data: string; hmac: string } => {
  const inner = Buffer.from(JSON.stringify(json)).toString('base64');
  return { data: aesEncrypt(ek, Buffer.from(inner)), hmac: hmacOf(ek, inner) };
};

/** Opens a response's data with its rek; refuses a payload whose HMAC does not match (tampered or wrong key). */
export const openResponse = (ek: Buffer, response: { data: string; rek: string; hmac?: string | undefined }): unknown => {
  const rek = aesDecrypt(ek, response.rek);
  const inner = aesDecrypt(rek, response.data).toString('utf8');
  if (response.hmac !== undefined) {
    const expected = Buffer.from(hmacOf(rek, inner));
    const given = Buffer.from(response.hmac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new Error('The portal answer failed its HMAC check.');
  }
  return JSON.parse(Buffer.from(inner, 'base64').toString('utf8'));
};

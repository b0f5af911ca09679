// The IRP's cryptography (NIC e-invoice API, "Authentication" and "Encryption"): credentials RSA-encrypted with the
// IRP's public key (PKCS#1 v1.5), the session key (SEK, AES-256) answered AES-256-ECB-encrypted with the client's
// AppKey, payloads AES-256-ECB with the SEK; SignedInvoice and SignedQRCode as compact JWS RS256 with the IRP's own
// signing key, whose self-signed X.509 certificate the sandbox publishes.
import { createPrivateKey, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { generateKeyPair } from '../crypto';

// DER, as much as a self-signed certificate needs --------------------------------------------------------------

const der = (tag: number, content: Buffer): Buffer => {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : n < 0x10000 ? Buffer.from([0x82, n >> 8, n & 0xff]) : null;
  if (!length) throw new RangeError('DER content too long');
  return Buffer.concat([Buffer.from([tag]), length, content]);
};
const sequence = (...parts: Buffer[]): Buffer => der(0x30, Buffer.concat(parts));
const oid = (dotted: string): Buffer => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const groups = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
};
const integer = (bytes: Buffer): Buffer => der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const utcTime = (at: Date): Buffer => der(0x17, Buffer.from(`${at.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));
const name = (commonName: string): Buffer =>
  sequence(
    der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(commonName)))),
    der(0x31, sequence(oid('2.5.4.10'), der(0x0c, Buffer.from('OpenGST')))),
  );
const SHA256_WITH_RSA = sequence(oid('1.2.840.113549.1.1.11'), der(0x05, Buffer.alloc(0)));

/** A self-signed X.509 v3 certificate (PEM) of the key pair, valid ten years from `now`. */
export const selfSignedCertificate = (publicPem: string, privatePem: string, now: Date, commonName: string): string => {
  const spki = createPublicKey(publicPem).export({ type: 'spki', format: 'der' });
  const until = new Date(now.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + 10);
  const tbs = sequence(
    der(0xa0, integer(Buffer.from([2]))),
    integer(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
    SHA256_WITH_RSA,
    name(commonName),
    sequence(utcTime(now), utcTime(until)),
    name(commonName),
    spki,
  );
  const signature = sign('sha256', tbs, createPrivateKey(privatePem));
  const certificate = sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
};

/** The IRP's signing key pair with its certificate. */
export const generateSigningKeys = (now: Date): { publicPem: string; privatePem: string; certificatePem: string } => {
  const pair = generateKeyPair();
  return { ...pair, certificatePem: selfSignedCertificate(pair.publicPem, pair.privatePem, now, 'OpenGST IRP sandbox signing') };
};

const base64url = (bytes: Buffer): string => bytes.toString('base64url');

/** Parsing the PEM took ~0.6 ms of every signature (bench irn's profile): one KeyObject per key, kept. */
const privateKeys = new Map<string, KeyObject>();
const privateKeyOf = (privatePem: string): KeyObject => {
  let key = privateKeys.get(privatePem);
  if (!key) {
    key = createPrivateKey(privatePem);
    privateKeys.set(privatePem, key);
  }
  return key;
};

/**
 * A compact JWS, RS256, whose payload is {"data": "<JSON text>", "iss": "NIC"} as the IRP's signed answers are
 * (the domain's signedDataOf and decodeSignedQr read it back).
 */
export const signJws = (privatePem: string, data: unknown): string => {
  const header = base64url(Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })));
  const payload = base64url(Buffer.from(JSON.stringify({ data: JSON.stringify(data), iss: 'NIC' })));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKeyOf(privatePem));
  return `${header}.${payload}.${base64url(signature)}`;
};

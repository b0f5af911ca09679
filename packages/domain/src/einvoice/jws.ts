// The IRP's signed answers (GST-RULES-DETAIL §3): SignedInvoice and SignedQRCode are compact JWS, RS256, whose payload
// is {"data": "<JSON text>", "iss": "NIC"}. decodeSignedQr reads the QR's payload; verifySignedJws checks the signature
// against the IRP's certificate (NIC publishes one for its sandbox and one for production). Plain TypeScript (base64url,
// DER, RSA with BigInt, PKCS#1 v1.5 with SHA-256: RFC 7515, RFC 8017 §8.2.2), so it runs in the browser as on the server.
import { sha256 } from './sha256';

/** What the QR of an e-invoice carries (the IRP's SignedQRCode payload's data). */
export type EinvoiceQrPayload = {
  SellerGstin: string;
  BuyerGstin: string;
  DocNo: string;
  DocTyp: string;
  DocDt: string;
  TotInvVal: number;
  ItemCnt: number;
  MainHsnCode: string;
  Irn: string;
  IrnDt: string;
};

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** Bytes of base64 or base64url text (padding optional); RangeError on another character. */
export const base64Bytes = (text: string): Uint8Array => {
  const clean = text.replace(/\s/g, '').replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const c of clean) {
    const v = B64_INDEX.get(c);
    if (v === undefined) throw new RangeError(`not base64: ${JSON.stringify(c)}`);
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, at);
};

const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

type Jws = { header: Record<string, unknown>; payload: Record<string, unknown>; signingInput: string; signature: Uint8Array };

const parseJws = (jws: string): Jws => {
  const parts = jws.trim().split('.');
  if (parts.length !== 3) throw new RangeError('not a compact JWS: it has three parts separated by dots');
  const json = (part: string, what: string): Record<string, unknown> => {
    try {
      const value = JSON.parse(utf8(base64Bytes(part))) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Said below.
    }
    throw new RangeError(`the JWS ${what} is not a JSON object`);
  };
  return {
    header: json(parts[0]!, 'header'),
    payload: json(parts[1]!, 'payload'),
    signingInput: `${parts[0]}.${parts[1]}`,
    signature: base64Bytes(parts[2]!),
  };
};

/** The data a signed IRP answer carries: its payload's "data" JSON text, parsed (or the payload itself without one). */
export const signedDataOf = (jws: string): Record<string, unknown> => {
  const { payload } = parseJws(jws);
  if (typeof payload.data !== 'string') return payload;
  try {
    return JSON.parse(payload.data) as Record<string, unknown>;
  } catch {
    throw new RangeError('the JWS payload\'s "data" is not JSON');
  }
};

const QR_TEXT = ['SellerGstin', 'BuyerGstin', 'DocNo', 'DocTyp', 'DocDt', 'MainHsnCode', 'Irn', 'IrnDt'] as const;
const QR_NUMBERS = ['TotInvVal', 'ItemCnt'] as const;

/** The payload of an e-invoice's SignedQRCode; RangeError when it is not one (a field missing or of the wrong kind). */
export const decodeSignedQr = (jws: string): EinvoiceQrPayload => {
  const data = signedDataOf(jws);
  const missing = [
    ...QR_TEXT.filter((k) => typeof data[k] !== 'string'),
    ...QR_NUMBERS.filter((k) => typeof data[k] !== 'number' || !Number.isFinite(data[k])),
  ];
  if (missing.length > 0) throw new RangeError(`not an e-invoice QR: ${missing.join(', ')} missing or not of the right kind`);
  const out = {} as Record<string, string | number>;
  for (const k of [...QR_TEXT, ...QR_NUMBERS]) out[k] = data[k] as string | number;
  return out as EinvoiceQrPayload;
};

// DER, as much as a certificate's public key needs ---------------------------------------------------------------

type Der = { tag: number; start: number; end: number };

const derAt = (bytes: Uint8Array, at: number): Der => {
  const tag = bytes[at];
  let length = bytes[at + 1];
  if (tag === undefined || length === undefined) throw new RangeError('the certificate ends early');
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new RangeError('the certificate has a length it cannot hold');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[start + i] ?? 0);
    start += count;
  }
  if (start + length > bytes.length) throw new RangeError('the certificate ends early');
  return { tag, start, end: start + length };
};

const children = (bytes: Uint8Array, parent: Der): Der[] => {
  const out: Der[] = [];
  for (let at = parent.start; at < parent.end;) {
    const child = derAt(bytes, at);
    out.push(child);
    at = child.end;
  }
  return out;
};

const bigintOf = (bytes: Uint8Array): bigint => bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);

export type RsaPublicKey = { modulus: bigint; exponent: bigint; bytes: number };

const rsaKeyOf = (bytes: Uint8Array, sequence: Der): RsaPublicKey => {
  const [n, e] = children(bytes, sequence);
  if (n?.tag !== 0x02 || e?.tag !== 0x02) throw new RangeError('not an RSA public key');
  const modulusBytes = bytes.subarray(n.start, n.end);
  const significant = modulusBytes[0] === 0 ? modulusBytes.subarray(1) : modulusBytes;
  return { modulus: bigintOf(significant), exponent: bigintOf(bytes.subarray(e.start, e.end)), bytes: significant.length };
};

/** RSAPublicKey inside a SubjectPublicKeyInfo (its BIT STRING's content, after the unused-bits byte). */
const keyOfSpki = (bytes: Uint8Array, spki: Der): RsaPublicKey => {
  const bitString = children(bytes, spki)[1];
  if (bitString?.tag !== 0x03) throw new RangeError('the public key info holds no key');
  return rsaKeyOf(bytes, derAt(bytes, bitString.start + 1));
};

/** The RSA key of a PEM certificate ("CERTIFICATE"), public key ("PUBLIC KEY") or PKCS#1 key ("RSA PUBLIC KEY"). */
export const rsaPublicKeyOf = (pem: string): RsaPublicKey => {
  const match = /-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END \1-----/.exec(pem);
  if (!match) throw new RangeError('not a PEM certificate or public key');
  const bytes = base64Bytes(match[2]!);
  const outer = derAt(bytes, 0);
  if (match[1] === 'RSA PUBLIC KEY') return rsaKeyOf(bytes, outer);
  if (match[1] === 'PUBLIC KEY') return keyOfSpki(bytes, outer);
  if (match[1] !== 'CERTIFICATE') throw new RangeError(`a PEM ${match[1]} holds no public key`);
  // Certificate: tbsCertificate's fields are [0] version (optional), serial, signature, issuer, validity, subject, key.
  const tbs = children(bytes, outer)[0];
  if (!tbs) throw new RangeError('the certificate holds nothing');
  const fields = children(bytes, tbs);
  const spki = fields[(fields[0]?.tag === 0xa0 ? 1 : 0) + 5];
  if (spki?.tag !== 0x30) throw new RangeError('the certificate holds no public key info');
  return keyOfSpki(bytes, spki);
};

const modPow = (base: bigint, exponent: bigint, modulus: bigint): bigint => {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
};

/** DigestInfo of SHA-256 (RFC 8017 §9.2 note 1). */
const SHA256_DIGEST_INFO = [
  0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
];

/**
 * Whether `jws` is signed RS256 by the key of `certificatePem`. False for a wrong signature, another algorithm or key;
 * RangeError when the JWS or the PEM cannot be read.
 */
export const verifySignedJws = (jws: string, certificatePem: string): boolean => {
  const { header, signingInput, signature } = parseJws(jws);
  if (header.alg !== 'RS256') return false;
  const key = rsaPublicKeyOf(certificatePem);
  if (signature.length !== key.bytes) return false;
  const s = bigintOf(signature);
  if (s >= key.modulus) return false;
  const m = modPow(s, key.exponent, key.modulus);
  // EMSA-PKCS1-v1_5: 00 01 FF..FF 00 DigestInfo hash, as long as the modulus.
  const expected = [
    0x00,
    0x01,
    ...new Array<number>(key.bytes - 3 - SHA256_DIGEST_INFO.length - 32).fill(0xff),
    0x00,
    ...SHA256_DIGEST_INFO,
    ...sha256(signingInput),
  ];
  let em = m;
  for (let i = key.bytes - 1; i >= 0; i--) {
    if (Number(em & 0xffn) !== expected[i]) return false;
    em >>= 8n;
  }
  return true;
};

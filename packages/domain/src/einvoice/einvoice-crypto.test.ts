import { createHash, createSign, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Bytes, decodeSignedQr, irnOf, rsaPublicKeyOf, sha256, toHex, verifySignedJws } from './index';

// SHA-256 and RS256 in plain TypeScript checked against node:crypto (OpenSSL); the IRN by its rule; the QR payload
// and the signature of JWS signed here the way the IRP signs (header alg RS256, payload {"data": "...", "iss": "NIC"}).

const nodeSha = (input: string | Uint8Array) => createHash('sha256').update(input).digest('hex');
const b64url = (text: string | Buffer) => Buffer.from(text).toString('base64url');

describe('sha256', () => {
  it('gives the FIPS 180-4 digests of the standard vectors', () => {
    expect(toHex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('equals node:crypto on any text and bytes, across block boundaries', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => toHex(sha256(s)) === nodeSha(s)));
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (b) => toHex(sha256(b)) === nodeSha(b)));
  });
});

describe('irnOf', () => {
  it('hashes the seller GSTIN, financial year, document type and number written together (GST-RULES-DETAIL §3)', () => {
    const input = { sellerGstin: '29AAGCB1286Q000', documentType: 'INV', documentNumber: 'DOC/002', documentDate: '2019-12-24' } as const;
    expect(irnOf(input)).toBe(nodeSha('29AAGCB1286Q0002019-20INVDOC/002'));
    expect(irnOf(input)).toMatch(/^[0-9a-f]{64}$/);
    // The NIC date form, and the financial year turning on 1 April.
    expect(irnOf({ ...input, documentDate: '24/12/2019' })).toBe(irnOf(input));
    expect(irnOf({ ...input, documentDate: '2020-03-31' })).toBe(irnOf(input));
    expect(irnOf({ ...input, documentDate: '2020-04-01' })).toBe(nodeSha('29AAGCB1286Q0002020-21INVDOC/002'));
    expect(irnOf({ ...input, documentType: 'CRN' })).not.toBe(irnOf(input));
  });

  it('reads the portal’s DD-MM-YYYY too, and refuses a date it cannot read', () => {
    expect(irnOf({ sellerGstin: '29AAGCB1286Q000', documentType: 'INV', documentNumber: '1', documentDate: '24-12-2019' })).toBe(
      nodeSha('29AAGCB1286Q0002019-20INV1'),
    );
    expect(() => irnOf({ sellerGstin: '29AAGCB1286Q000', documentType: 'INV', documentNumber: '1', documentDate: '2019/12/24' })).toThrow(
      RangeError,
    );
  });
});

describe('signed IRP answers', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const pkcs1Pem = publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const sign = (payload: unknown, key = privateKey, alg = 'RS256') => {
    const input = `${b64url(JSON.stringify({ alg, kid: 'sandbox', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
    return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
  };
  const QR = {
    SellerGstin: '29AAGCB1286Q000',
    BuyerGstin: '27AAACB1234C1Z5',
    DocNo: 'DOC/002',
    DocTyp: 'INV',
    DocDt: '24/12/2019',
    TotInvVal: 118000,
    ItemCnt: 2,
    MainHsnCode: '8471',
    Irn: irnOf({ sellerGstin: '29AAGCB1286Q000', documentType: 'INV', documentNumber: 'DOC/002', documentDate: '2019-12-24' }),
    IrnDt: '2019-12-24 12:30:00',
  };
  const qr = sign({ data: JSON.stringify(QR), iss: 'NIC' });

  it('decodes the QR payload of a SignedQRCode', () => {
    expect(decodeSignedQr(qr)).toEqual(QR);
    expect(() => decodeSignedQr(sign({ data: JSON.stringify({ ...QR, ItemCnt: '2' }), iss: 'NIC' }))).toThrow(/ItemCnt/);
    expect(() => decodeSignedQr('not.a')).toThrow(RangeError);
  });

  it('verifies an RS256 signature with the public key or the PKCS#1 key, and refuses another key, a change or another algorithm', () => {
    expect(verifySignedJws(qr, publicPem)).toBe(true);
    expect(verifySignedJws(qr, pkcs1Pem)).toBe(true);
    expect(verifySignedJws(qr, other.publicKey.export({ type: 'spki', format: 'pem' }).toString())).toBe(false);
    const [h, , s] = qr.split('.');
    const tampered = `${h}.${b64url(JSON.stringify({ data: JSON.stringify({ ...QR, TotInvVal: 1 }), iss: 'NIC' }))}.${s}`;
    expect(verifySignedJws(tampered, publicPem)).toBe(false);
    expect(verifySignedJws(sign({ data: '{}' }, privateKey, 'RS512'), publicPem)).toBe(false);
  });

  it('reads the key of an X.509 certificate (a test certificate made with openssl for this test)', () => {
    const pem = readFileSync(new URL('./fixtures/test-certificate.pem', import.meta.url), 'utf8');
    const cert = new X509Certificate(pem);
    const jwk = cert.publicKey.export({ format: 'jwk' });
    const key = rsaPublicKeyOf(pem);
    expect(key.exponent).toBe(BigInt(`0x${Buffer.from(jwk.e!, 'base64url').toString('hex')}`));
    expect(key.modulus).toBe(BigInt(`0x${Buffer.from(jwk.n!, 'base64url').toString('hex')}`));
  });

  it('reads base64 and base64url alike', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const b = Buffer.from(bytes);
        return Buffer.from(base64Bytes(b.toString('base64'))).equals(b) && Buffer.from(base64Bytes(b.toString('base64url'))).equals(b);
      }),
    );
  });
});

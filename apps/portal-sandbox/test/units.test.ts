// The sandbox's crypto, its per-document rules and the schema loader, one by one.
import { randomBytes } from 'node:crypto';
import { constants, publicEncrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesDecrypt, aesEncrypt, generateKeyPair, hmacOf, openRequest, rsaDecryptAppKey, sealResponse } from '../src/crypto';
import { checkRow, periodEnd } from '../src/rules';
import { loadSaveSchema } from '../src/schema-check';
import { splitGstr1, type SectionRow } from '../src/sections';

const SUPPLIER = '27AAPFU0939F1ZV';

describe('crypto', () => {
  it('opens an RSA PKCS#1 v1.5 app key and refuses a block that is not one', () => {
    const pair = generateKeyPair();
    const appKey = randomBytes(32);
    const sealed = publicEncrypt({ key: pair.publicPem, padding: constants.RSA_PKCS1_PADDING }, appKey).toString('base64');
    expect(rsaDecryptAppKey(pair.privatePem, sealed).equals(appKey)).toBe(true);
    const short = publicEncrypt({ key: pair.publicPem, padding: constants.RSA_PKCS1_PADDING }, randomBytes(16)).toString('base64');
    expect(() => rsaDecryptAppKey(pair.privatePem, short)).toThrow();
    expect(() => rsaDecryptAppKey(pair.privatePem, Buffer.alloc(256, 7).toString('base64'))).toThrow();
  });

  it('round-trips requests and answers, and refuses a tampered payload or HMAC', () => {
    const ek = randomBytes(32);
    const inner = Buffer.from(JSON.stringify({ b2b: [1, 2] })).toString('base64');
    const data = aesEncrypt(ek, Buffer.from(inner));
    expect(openRequest(ek, data, hmacOf(ek, inner))?.json).toEqual({ b2b: [1, 2] });
    expect(openRequest(ek, data, hmacOf(ek, `${inner}x`))).toBeNull();
    expect(openRequest(ek, aesEncrypt(ek, Buffer.from(Buffer.from('{"b2b":[9]}').toString('base64'))), hmacOf(ek, inner))).toBeNull();
    expect(openRequest(randomBytes(32), data, hmacOf(ek, inner))).toBeNull();

    const answer = sealResponse(ek, { reference_id: 'r1' });
    const rek = aesDecrypt(ek, answer.rek);
    const text = aesDecrypt(rek, answer.data).toString('utf8');
    expect(hmacOf(rek, text)).toBe(answer.hmac);
    expect(JSON.parse(Buffer.from(text, 'base64').toString('utf8'))).toEqual({ reference_id: 'r1' });
  });
});

const b2b = (ctin: string, inv: Record<string, unknown>): SectionRow => splitGstr1({ b2b: [{ ctin, inv: [inv] }] })[0]!;
const invoice = (extra: Record<string, unknown> = {}) => ({
  inum: 'A1',
  idt: '31-05-2025',
  val: 118,
  pos: '29',
  rchrg: 'N',
  inv_typ: 'R',
  itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 18, csamt: 0 } }],
  ...extra,
});

describe('per-document rules', () => {
  it('accepts a clean inter-state invoice on the last day of the period', () => {
    expect(periodEnd('022024')).toBe('2024-02-29');
    expect(checkRow(b2b('29AAGCB7383J1Z4', invoice()), SUPPLIER, '052025')).toBeNull();
  });

  it('refuses each broken rule with its code', () => {
    const code = (row: SectionRow) => checkRow(row, SUPPLIER, '052025')?.code;
    expect(code(b2b('29AAGCB7383J1Z5', invoice()))).toBe('RET191106');
    expect(code(b2b(SUPPLIER, invoice()))).toBe('RET191107');
    expect(code(b2b('29AAGCB7383J1Z4', invoice({ idt: '01-06-2025' })))).toBe('RET191108');
    expect(code(b2b('29AAGCB7383J1Z4', invoice({ pos: '39' })))).toBe('RET191109');
    expect(code(b2b('29AAGCB7383J1Z4', invoice({ itms: [{ num: 1, itm_det: { rt: 17, txval: 100, iamt: 17 } }] })))).toBe('RET191110');
    expect(code(b2b('29AAGCB7383J1Z4', invoice({ itms: [{ num: 1, itm_det: { rt: 18, txval: 100, camt: 9, samt: 9 } }] })))).toBe(
      'RET191111',
    );
    expect(
      code(b2b('27AABCT3518Q1ZW', invoice({ pos: '27', itms: [{ num: 1, itm_det: { rt: 18, txval: 100, camt: 9, samt: 8 } }] }))),
    ).toBe('RET191111');
    expect(
      code(b2b('27AABCT3518Q1ZW', invoice({ pos: '27', inv_typ: 'SEWP', itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 18 } }] }))),
    ).toBeUndefined();
    const [b2cs] = splitGstr1({ b2cs: [{ sply_ty: 'INTRA', typ: 'OE', pos: '29', rt: 18, txval: 100, camt: 9, samt: 9 }] });
    expect(code(b2cs!)).toBe('RET191111');
  });
});

describe('official schema', () => {
  it('says clearly when the schema file is absent, and checks saves when present', () => {
    const warnings: string[] = [];
    expect(loadSaveSchema('/nonexistent-folder', (m) => warnings.push(m))).toBeNull();
    expect(warnings[0]).toContain('NOT validated against the official schema');
    const check = loadSaveSchema(new URL('../../../official', import.meta.url).pathname, (m) => warnings.push(m));
    expect(check?.({ gstin: SUPPLIER, fp: '052025' })).toEqual([]);
    expect(check?.({ gstin: SUPPLIER, fp: '132025' })?.[0]).toContain('/fp');
  });
});

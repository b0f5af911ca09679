import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gstinCheckCharacter, gstinKindOf, validateGstin } from './gstin';

const withCheck = (first14: string): string => first14 + gstinCheckCharacter(first14);
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('gstinCheckCharacter', () => {
  it('computes the Luhn mod 36 character of published GSTINs', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
    expect(gstinCheckCharacter('29aagcb7383j1z')).toBe('4');
  });
  it('throws RangeError on malformed input', () => {
    expect(() => gstinCheckCharacter('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => gstinCheckCharacter('27AAPFU0939F1-')).toThrow(RangeError);
  });
});

describe('validateGstin', () => {
  it('accepts a regular GSTIN and normalises case and spaces', () => {
    expect(validateGstin('  27aapfu0939f1zv ')).toEqual({
      ok: true,
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      pan: 'AAPFU0939F',
      kind: 'regular',
      checksumValid: true,
    });
  });
  it.each([
    ['tds', withCheck('07DELA12345B1D')],
    ['tcs', withCheck('29AABCF8078M1C')],
    ['government', withCheck('07DELA12345B1Z')],
    ['nonResident', withCheck('9917USA00001NR')],
    ['oidar', withCheck('9917USA29012OS')],
    ['uin', withCheck('0717UNO00157UN')],
    ['uin', withCheck('0717UNO00157ON')],
    ['regular', withCheck('97AAPFU0939F1Z')],
  ])('recognises kind %s (%s)', (kind, g) => {
    const r = validateGstin(g);
    expect(r.ok && r.kind).toBe(kind);
  });
  it.each([
    ['', 'GSTIN_EMPTY'],
    ['   ', 'GSTIN_EMPTY'],
    ['27AAPFU0939F1Z-', 'GSTIN_CHARACTERS'],
    ['27AAPFU0939F1Z', 'GSTIN_LENGTH'],
    ['27AAPFU0939F1ZVV', 'GSTIN_LENGTH'],
    [withCheck('00AAPFU0939F1Z'), 'GSTIN_STATE_CODE'],
    [withCheck('96AAPFU0939F1Z'), 'GSTIN_STATE_CODE'],
    [withCheck('AAAAPFU0939F1Z'), 'GSTIN_STATE_CODE'],
    [withCheck('27AAAXU0939F1Z'), 'GSTIN_PAN'],
    [withCheck('27AAAXU0939F1C'), 'GSTIN_PAN'],
    [withCheck('27AAAXU0939F2A'), 'GSTIN_FORMAT'],
    // Any 14th character but Z, C and D fits no registration, whatever the check character says.
    [withCheck('27AAPFU0939F2A'), 'GSTIN_FORMAT'],
    [withCheck('27AAPFU0939F19'), 'GSTIN_FORMAT'],
    // D in the 14th place is a deductor's registration, whose body is a TAN, not a PAN.
    [withCheck('27AAPFU0939F1D'), 'GSTIN_TDS_BODY'],
    [withCheck('2712345678901Z'), 'GSTIN_PAN'],
    [withCheck('27AAPFU0939F0Z'), 'GSTIN_FORMAT'],
    [withCheck('27AAPFU0939F1K'), 'GSTIN_FORMAT'],
    ['27AAPFU0939F1ZW', 'GSTIN_CHECK_CHARACTER'],
  ])('rejects %j with %s', (value, code) => {
    const r = validateGstin(value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe(code);
      expect(r.message.length).toBeGreaterThan(0);
    }
  });
  it('reports non-strings as empty', () => {
    expect(validateGstin(undefined)).toMatchObject({ ok: false, code: 'GSTIN_EMPTY' });
    expect(validateGstin(27)).toMatchObject({ ok: false, code: 'GSTIN_EMPTY' });
  });
  it('accepts checksum failures only in sandbox mode', () => {
    expect(validateGstin('27AAPFU0939F1ZW', { sandbox: true })).toMatchObject({ ok: true, checksumValid: false });
    expect(validateGstin('27AAPFU0939F1Z-', { sandbox: true })).toMatchObject({ ok: false, code: 'GSTIN_CHARACTERS' });
  });
  it('accepts legacy state codes 25 and 28 (old registrations)', () => {
    expect(validateGstin(withCheck('25AAPFU0939F1Z')).ok).toBe(true);
  });
  it('gstinKindOf classifies shapes', () => {
    expect(gstinKindOf('27AAPFU0939F1ZV')).toBe('regular');
    expect(gstinKindOf('27AAPFU09391ZZV')).toBe('GSTIN_PAN');
  });

  it('property: never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        validateGstin(v);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (v) => {
        validateGstin(v, { sandbox: true });
      }),
    );
  });
  it('property: a valid GSTIN with any single character changed fails', () => {
    const gstin = fc
      .tuple(
        fc.integer({ min: 1, max: 38 }),
        fc.stringMatching(/^[A-Z]{3}$/),
        fc.constantFrom('P', 'C', 'F', 'H', 'A', 'T'),
        fc.stringMatching(/^[A-Z][0-9]{4}[A-Z][1-9A-Z]$/),
      )
      .map(([st, a, t, b]) => withCheck(String(st).padStart(2, '0') + a + t + b + 'Z'));
    fc.assert(
      fc.property(gstin, fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 35 }), (g, pos, shift) => {
        expect(validateGstin(g).ok).toBe(true);
        const changed = ALNUM.charAt((ALNUM.indexOf(g.charAt(pos)) + shift) % 36);
        const mutated = g.slice(0, pos) + changed + g.slice(pos + 1);
        expect(validateGstin(mutated).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validatePan } from './pan';
import { validateTan } from './tan';
import { STATES, isGstinStateCode, isPlaceOfSupplyCode, stateCodeOfText, stateFromCode } from './states';

describe('validatePan', () => {
  it('accepts and normalises', () => {
    expect(validatePan(' abcpe1234f ')).toEqual({ ok: true, pan: 'ABCPE1234F', holderType: 'P' });
  });
  it.each([
    ['', 'PAN_EMPTY'],
    [null, 'PAN_EMPTY'],
    ['ABCPE1234', 'PAN_LENGTH'],
    ['ABCPE12345', 'PAN_FORMAT'],
    ['ABCXE1234F', 'PAN_HOLDER_TYPE'],
  ])('rejects %j with %s', (v, code) => expect(validatePan(v)).toMatchObject({ ok: false, code }));
  it('never throws', () =>
    fc.assert(
      fc.property(fc.string(), (s) => {
        validatePan(s);
      }),
    ));
});

describe('validateTan', () => {
  it('accepts and normalises', () => expect(validateTan('dela12345b')).toEqual({ ok: true, tan: 'DELA12345B' }));
  it.each([
    ['', 'TAN_EMPTY'],
    [3, 'TAN_EMPTY'],
    ['DELA1234B', 'TAN_LENGTH'],
    ['DEL112345B', 'TAN_FORMAT'],
  ])('rejects %j with %s', (v, code) => expect(validateTan(v)).toMatchObject({ ok: false, code }));
});

describe('STATES', () => {
  it('has unique codes 01-38 plus 96, 97, 99', () => {
    const codes = STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(41);
  });
  it('looks up by code in several forms', () => {
    expect(stateFromCode('27')?.name).toBe('Maharashtra');
    expect(stateFromCode(7)?.name).toBe('Delhi');
    expect(stateFromCode('7')?.levies).toBe('SGST');
    expect(stateFromCode(4)?.levies).toBe('UTGST');
    expect(stateFromCode(3.5)).toBeUndefined();
    expect(stateFromCode('40')).toBeUndefined();
  });
  it('marks legacy and special codes', () => {
    expect(stateFromCode('25')?.status).toBe('legacy');
    expect(isPlaceOfSupplyCode('25')).toBe(false);
    expect(isPlaceOfSupplyCode('26')).toBe(true);
    expect(isPlaceOfSupplyCode('96')).toBe(true);
    expect(isPlaceOfSupplyCode('97')).toBe(true);
    expect(isPlaceOfSupplyCode('99')).toBe(false);
    expect(isGstinStateCode('96')).toBe(false);
    expect(isGstinStateCode('99')).toBe(true);
  });
});

describe('stateCodeOfText', () => {
  it('reads the forms registers use', () => {
    for (const text of ['29', ' 29 ', '29-Karnataka', '29 - Karnataka', '29-KARNATAKA', '29:Karnataka', 'Karnataka', 'KA', 'karnataka'])
      expect(stateCodeOfText(text), text).toEqual({ ok: true, code: '29' });
    expect(stateCodeOfText('7')).toEqual({ ok: true, code: '07' });
    expect(stateCodeOfText('35-Andaman & Nicobar Islands')).toEqual({ ok: true, code: '35' });
    expect(stateCodeOfText('26-Dadra and Nagar Haveli and Daman and Diu')).toEqual({ ok: true, code: '26' });
    expect(stateCodeOfText('97-Other Territory')).toEqual({ ok: true, code: '97' });
    expect(stateCodeOfText('Orissa')).toEqual({ ok: true, code: '21' });
    expect(stateCodeOfText('37-Andhra Pradesh')).toEqual({ ok: true, code: '37' });
  });
  it('refuses a code and a name that disagree, and what is no state', () => {
    expect(stateCodeOfText('29-Kerala')).toEqual({ ok: false, message: 'State code 29 is Karnataka, not "Kerala".' });
    expect(stateCodeOfText('45-Karnataka').ok).toBe(false);
    expect(stateCodeOfText('Atlantis').ok).toBe(false);
    expect(stateCodeOfText('290').ok).toBe(false);
  });
  it('reads every state of the list by its own "code-name" form', () => {
    for (const st of STATES) expect(stateCodeOfText(`${st.code}-${st.name}`), st.name).toEqual({ ok: true, code: st.code });
  });
});

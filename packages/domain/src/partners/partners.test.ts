import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../identity/gstin';
import { checkPartnerIdentity } from './partner-identity';
import { isMsmeActivity, isMsmeClass, MSME_CLASSES, UDYAM_NUMBER_LENGTH, validateUdyamNumber } from './msme';
import { isTdsSectionCode, TDS_SECTIONS, tdsSectionLabel } from './tds-sections';

const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);
const MUMBAI = gstinOf('27AAACS4321K1Z');
const TDS_DEDUCTOR = gstinOf('29BLRA12345B1D');

describe('validateUdyamNumber', () => {
  it('accepts the 19-character form and upper-cases it', () => {
    expect(validateUdyamNumber(' udyam-mh-26-0012345 ')).toEqual({ ok: true, number: 'UDYAM-MH-26-0012345' });
    expect(validateUdyamNumber('UDYAM-KR-03-0647480')).toEqual({ ok: true, number: 'UDYAM-KR-03-0647480' });
    expect(UDYAM_NUMBER_LENGTH).toBe(19);
  });
  it('refuses a wrong length, shape or an empty number with the reason', () => {
    const short = validateUdyamNumber('UDYAM-MH-26-001234');
    expect(short).toEqual({ ok: false, message: expect.stringContaining('this one is 18') });
    for (const wrong of [
      'UDYAM-M1-26-0012345',
      'UDYAM-MH-2A-0012345',
      'UDYAN-MH-26-0012345',
      'UDYAM_MH_26_0012345',
      'UDYAM-MH-260-012345',
    ]) {
      expect(validateUdyamNumber(wrong), wrong).toEqual({ ok: false, message: expect.stringContaining("'UDYAM-'") });
    }
    expect(validateUdyamNumber('  ')).toEqual({ ok: false, message: 'Udyam registration number is required.' });
    // The old Udyog Aadhaar number (UAM) is not a Udyam number.
    expect(validateUdyamNumber('MH26E0012345').ok).toBe(false);
  });
  it('accepts exactly the numbers built from two letters, two digits and seven digits', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const digits = (n: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((a) => a.join(''));
    fc.assert(
      fc.property(letter, letter, digits(2), digits(7), (a, b, district, serial) => {
        const number = `UDYAM-${a}${b}-${district}-${serial}`;
        expect(validateUdyamNumber(number.toLowerCase())).toEqual({ ok: true, number });
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (text) => {
        const result = validateUdyamNumber(text);
        if (result.ok) expect(result.number).toMatch(/^UDYAM-[A-Z]{2}-\d{2}-\d{7}$/);
      }),
    );
  });
});

describe('MSME classes and activities', () => {
  it('are the three classes of MSMED Act s.7 and the certificate activities', () => {
    expect(MSME_CLASSES).toEqual(['Micro', 'Small', 'Medium']);
    expect(isMsmeClass('Small')).toBe(true);
    expect(isMsmeClass('Large')).toBe(false);
    expect(isMsmeActivity('Trading')).toBe(true);
    expect(isMsmeActivity('Farming')).toBe(false);
  });
});

describe('TDS sections', () => {
  it('lists each code once, with a name', () => {
    const codes = TDS_SECTIONS.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['194C', '194J(b)', '194H', '194Q', '194A', '195']));
    expect(isTdsSectionCode('194C')).toBe(true);
    expect(isTdsSectionCode('194Z')).toBe(false);
    expect(tdsSectionLabel('194Q')).toBe('194Q Purchase of goods');
    expect(tdsSectionLabel('194Z')).toBe('194Z');
  });
});

describe('checkPartnerIdentity', () => {
  it("takes a registered partner's PAN and state from its GSTIN", () => {
    expect(checkPartnerIdentity({ gstin: ` ${MUMBAI.toLowerCase()} `, pan: null, stateCode: null })).toEqual({
      gstin: MUMBAI,
      pan: 'AAACS4321K',
      stateCode: '27',
      issues: [],
    });
    expect(checkPartnerIdentity({ gstin: MUMBAI, pan: 'aaacs4321k', stateCode: '27' }).issues).toEqual([]);
  });
  it('refuses a PAN other than characters 3 to 12 of the GSTIN, and another state', () => {
    const result = checkPartnerIdentity({ gstin: MUMBAI, pan: 'AAACT4321K', stateCode: '29' });
    expect(result.issues).toEqual([
      { propertyName: 'pan', message: 'The PAN must be the one inside the GSTIN: characters 3 to 12, AAACS4321K.' },
      { propertyName: 'stateCode', message: "A registered partner is in its GSTIN's state: 27 (Maharashtra)." },
    ]);
  });
  it('refuses a GSTIN that is not one, with the validator’s reason', () => {
    const result = checkPartnerIdentity({ gstin: `${MUMBAI.slice(0, 14)}0`, pan: null, stateCode: null });
    expect(result.issues).toEqual([{ propertyName: 'gstin', message: 'The GSTIN check character (15th) is wrong.' }]);
  });
  it("does not take a TDS deductor's TAN for its PAN", () => {
    const result = checkPartnerIdentity({ gstin: TDS_DEDUCTOR, pan: 'AAACS4321K', stateCode: null });
    expect(result).toMatchObject({ gstin: TDS_DEDUCTOR, pan: 'AAACS4321K', stateCode: '29', issues: [] });
  });
  it('checks an unregistered partner’s own PAN and state', () => {
    expect(checkPartnerIdentity({ gstin: 'URP', pan: 'ABCPE1234F', stateCode: '7' })).toEqual({
      gstin: '',
      pan: 'ABCPE1234F',
      stateCode: '07',
      issues: [],
    });
    expect(checkPartnerIdentity({ gstin: '', pan: 'ABCXE1234F', stateCode: '96' }).issues.map((i) => i.propertyName)).toEqual([
      'pan',
      'stateCode',
    ]);
  });
});

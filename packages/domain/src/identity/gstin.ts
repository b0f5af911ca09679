// GSTIN: 2-digit state code + 10-character PAN (or TAN / registration body) + entity number + 14th character + check character.
// Rule 10 and Form GST REG-06 (CGST Rules 2017); format per GSTN. Check character: Luhn mod N algorithm, N = 36 over 0-9A-Z.
// Special formats (GSTN registration numbering; cross-checked against public GST client libraries):
//   regular     SS AAAAA9999A E Z C   (PAN body, "Z" in position 14)
//   tcs         SS AAAAA9999A E C C   (s.52 e-commerce operators: "C" in position 14)
//   tds         SS AAAA99999A E D C   (s.51 deductors: TAN body, "D" in position 14)
//   government  SS AAAA99999A 9 Z C   (government departments registered on a TAN-like body)
//   nonResident SSYY CCC 99999 NR C   (s.24 non-resident taxable persons)
//   oidar       99YY CCC 99999 OS C   (s.14 IGST Act OIDAR suppliers, Centre jurisdiction 99)
//   uin         SSYY CCC 99999 UN|ON C (s.25(9) UN bodies, embassies, other notified persons)
// Nothing else passes: a 14th character other than Z, C or D (in its own shape) fits no registration, and a PAN body
// with "D" is not a deductor's registration, whose body is a TAN.
import { isGstinStateNumber } from './states';
import { isPanHolderType } from './pan';

export type GstinKind = 'regular' | 'tds' | 'tcs' | 'government' | 'nonResident' | 'oidar' | 'uin';

/** What each kind of registration is, in words (REG-06 and the registration forms it comes from). */
export const GSTIN_KIND_NAMES: Record<GstinKind, string> = {
  regular: 'Regular taxpayer',
  tds: 'Tax deductor (TDS, s.51)',
  tcs: 'E-commerce operator collecting tax (TCS, s.52)',
  government: 'Government department',
  nonResident: 'Non-resident taxable person',
  oidar: 'Online information and database access or retrieval (OIDAR) supplier',
  uin: 'UN body, embassy or other notified person (UIN)',
};

export type GstinErrorCode =
  | 'GSTIN_EMPTY'
  | 'GSTIN_CHARACTERS'
  | 'GSTIN_LENGTH'
  | 'GSTIN_STATE_CODE'
  | 'GSTIN_PAN'
  | 'GSTIN_FORMAT'
  | 'GSTIN_TDS_BODY'
  | 'GSTIN_CHECK_CHARACTER';

export type GstinResult =
  | {
      ok: true;
      gstin: string;
      stateCode: string;
      /** Characters 3-12: the PAN for regular, TCS and other kinds; the TAN for TDS and government; the registration body otherwise. */
      pan: string;
      kind: GstinKind;
      /** False only in sandbox mode for a GSTIN whose check character is wrong. */
      checksumValid: boolean;
    }
  | { ok: false; code: GstinErrorCode; message: string };

export type GstinOptions = { sandbox?: boolean };

export const GSTIN_MESSAGES: Record<GstinErrorCode, string> = {
  GSTIN_EMPTY: 'GSTIN is required.',
  GSTIN_CHARACTERS: 'GSTIN may contain only letters and digits.',
  GSTIN_LENGTH: 'GSTIN must be 15 characters.',
  GSTIN_STATE_CODE: 'The first two characters of the GSTIN are not a valid state code.',
  GSTIN_PAN: 'Characters 3 to 12 of the GSTIN are not a valid PAN.',
  GSTIN_FORMAT:
    'The GSTIN fits no registration format: its 13th character is the registration number under the PAN (1-9 or A-Z) and its 14th is Z (C for an e-commerce operator collecting TCS, D for a TDS deductor).',
  GSTIN_TDS_BODY:
    "A GSTIN with D in the 14th place is a TDS deductor's, and its characters 3 to 12 are the deductor's TAN (4 letters, 5 digits, a letter), not a PAN.",
  GSTIN_CHECK_CHARACTER: 'The GSTIN check character (15th) is wrong.',
};

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Value 0-35 of a character code of 0-9A-Z, else -1. */
const valueOf = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : -1);

/** Luhn mod 36 sum over the first 14 characters; -1 when a character is outside 0-9A-Z. */
function checkValue(s: string): number {
  let sum = 0;
  for (let i = 0; i < 14; i += 2) {
    const a = valueOf(s.charCodeAt(i));
    const b = valueOf(s.charCodeAt(i + 1));
    if (a < 0 || b < 0) return -1;
    const p = b * 2; // even positions (2nd, 4th, ...) weigh 2; a product of 36 or more adds its base-36 digits
    sum += a + (p >= 36 ? p - 35 : p);
  }
  return (36 - (sum % 36)) % 36;
}

/** The 15th character for the given first 14 characters (case-insensitive). Throws RangeError on other input. */
export function gstinCheckCharacter(first14: string): string {
  const s = first14.toUpperCase();
  const v = s.length === 14 ? checkValue(s) : -1;
  if (v < 0) throw new RangeError('gstinCheckCharacter needs exactly 14 characters of 0-9 and A-Z');
  return ALPHABET.charAt(v);
}

const RE_REGULAR = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const RE_TCS = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]C[0-9A-Z]$/;
const RE_TDS = /^[0-9]{2}[A-Z]{4}[0-9]{5}[A-Z][1-9A-Z]D[0-9A-Z]$/;
const RE_PAN_BODY_TDS = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]D[0-9A-Z]$/;
const RE_GOVERNMENT = /^[0-9]{2}[A-Z]{4}[0-9]{5}[A-Z][0-9]Z[0-9A-Z]$/;
const RE_NON_RESIDENT = /^[0-9]{4}[A-Z]{3}[0-9]{5}NR[0-9A-Z]$/;
const RE_OIDAR = /^99[0-9]{2}[A-Z]{3}[0-9]{5}OS[0-9A-Z]$/;
const RE_UIN = /^[0-9]{4}[A-Z]{3}[0-9]{5}[UO]N[0-9A-Z]$/;
const RE_PAN_OR_TAN_BODY = /^[A-Z]{5}[0-9]{4}[A-Z]$|^[A-Z]{4}[A-Z0-9][0-9]{4}[A-Z]$/;
const RE_ALNUM = /^[0-9A-Z]*$/;

/** Number of two decimal digits at position i, or -1. */
export function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

// Character classes per position of a regular GSTIN: 0 digit, 1 letter, 2 [1-9A-Z], 3 'Z', 4 any of 0-9A-Z.
const REGULAR_SHAPE = [0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 2, 3, 4];
const HOLDER_TYPE = new Uint8Array(91);
for (const c of 'ABCFGHJLPT') HOLDER_TYPE[c.charCodeAt(0)] = 1;

/** Regular GSTIN shape, known state, PAN holder type and check character, in one allocation-free pass. */
function isValidRegularGstin(g: string, sandbox: boolean): boolean {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const c = g.charCodeAt(i);
    const isDigit = c >= 48 && c <= 57;
    const isLetter = c >= 65 && c <= 90;
    switch (REGULAR_SHAPE[i]) {
      case 0:
        if (!isDigit) return false;
        break;
      case 1:
        if (!isLetter) return false;
        break;
      case 2:
        if (!(isLetter || (isDigit && c !== 48))) return false;
        break;
      default:
        if (c !== 90) return false;
    }
    const v = isDigit ? c - 48 : c - 55;
    if (i % 2 === 0) sum += v;
    else sum += v >= 18 ? v * 2 - 35 : v * 2;
  }
  if (!isGstinStateNumber((g.charCodeAt(0) - 48) * 10 + g.charCodeAt(1) - 48) || HOLDER_TYPE[g.charCodeAt(5)] !== 1) return false;
  const last = g.charCodeAt(14);
  if (!((last >= 48 && last <= 57) || (last >= 65 && last <= 90))) return false;
  return sandbox || ALPHABET.charCodeAt((36 - (sum % 36)) % 36) === last;
}

/** Kind of an upper-case 15-character GSTIN by shape, or an error code. Allocation-free. */
export function gstinKindOf(g: string): GstinKind | 'GSTIN_PAN' | 'GSTIN_FORMAT' | 'GSTIN_TDS_BODY' {
  if (RE_REGULAR.test(g)) return isPanHolderType(g.charAt(5)) ? 'regular' : 'GSTIN_PAN';
  if (RE_TCS.test(g)) return isPanHolderType(g.charAt(5)) ? 'tcs' : 'GSTIN_PAN';
  if (RE_TDS.test(g)) return 'tds';
  if (RE_GOVERNMENT.test(g)) return 'government';
  if (RE_OIDAR.test(g)) return 'oidar';
  if (RE_NON_RESIDENT.test(g)) return 'nonResident';
  if (RE_UIN.test(g)) return 'uin';
  if (RE_PAN_BODY_TDS.test(g)) return 'GSTIN_TDS_BODY';
  return RE_PAN_OR_TAN_BODY.test(g.slice(2, 12)) ? 'GSTIN_FORMAT' : 'GSTIN_PAN';
}

/**
 * Error code for an already trimmed, upper-case GSTIN, or null when valid. Allocation-free on the valid path:
 * the document validator calls this for every row.
 */
export function gstinIssue(g: string, sandbox = false): GstinErrorCode | null {
  // Fast path for the common case: a well-formed regular GSTIN, checked in one pass without regular expressions.
  if (g.length === 15 && isValidRegularGstin(g, sandbox)) return null;
  if (g.length === 0) return 'GSTIN_EMPTY';
  if (!RE_ALNUM.test(g)) return 'GSTIN_CHARACTERS';
  if (g.length !== 15) return 'GSTIN_LENGTH';
  if (!isGstinStateNumber(twoDigits(g, 0))) return 'GSTIN_STATE_CODE';
  const kind = gstinKindOf(g);
  if (kind === 'GSTIN_PAN' || kind === 'GSTIN_FORMAT' || kind === 'GSTIN_TDS_BODY') return kind;
  if (!sandbox && ALPHABET.charAt(checkValue(g)) !== g.charAt(14)) return 'GSTIN_CHECK_CHARACTER';
  return null;
}

/** Validates a GSTIN. Trims and upper-cases; never throws (non-strings are reported as empty). */
export function validateGstin(value: unknown, options?: GstinOptions): GstinResult {
  if (typeof value !== 'string') return { ok: false, code: 'GSTIN_EMPTY', message: GSTIN_MESSAGES.GSTIN_EMPTY };
  const g = value.trim().toUpperCase();
  const sandbox = options?.sandbox === true;
  const code = gstinIssue(g, sandbox);
  if (code !== null) return { ok: false, code, message: GSTIN_MESSAGES[code] };
  return {
    ok: true,
    gstin: g,
    stateCode: g.slice(0, 2),
    pan: g.slice(2, 12),
    kind: gstinKindOf(g) as GstinKind,
    checksumValid: ALPHABET.charAt(checkValue(g)) === g.charAt(14),
  };
}

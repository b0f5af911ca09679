// GST state codes (official/masters/gst_state_codes.csv; GSTN state code list).
// `levies`: s.2(103) CGST Act counts UTs with a legislature (Delhi, Puducherry, J&K) as States, so they levy SGST;
// the other UTs levy UTGST (UTGST Act 2017, s.2 and s.7).
export type StateKind = 'State' | 'UnionTerritory' | 'Special';
export type StateStatus = 'active' | 'legacy' | 'special';

export type StateInfo = {
  readonly code: string;
  readonly name: string;
  readonly alphaCode: string;
  readonly kind: StateKind;
  readonly status: StateStatus;
  readonly levies: 'SGST' | 'UTGST' | 'IGST';
  /** May appear as the first two characters of a GSTIN. */
  readonly isGstinPrefix: boolean;
  /** May be used as a place of supply. */
  readonly isPlaceOfSupply: boolean;
  readonly note?: string;
};

const s = (
  code: string,
  name: string,
  alphaCode: string,
  kind: StateKind,
  levies: 'SGST' | 'UTGST' = kind === 'State' ? 'SGST' : 'UTGST',
): StateInfo => ({
  code,
  name,
  alphaCode,
  kind,
  status: 'active',
  levies,
  isGstinPrefix: true,
  isPlaceOfSupply: true,
});

export const STATES: readonly StateInfo[] = [
  // J&K Reorganisation Act 2019: a UT with a legislature from 31-10-2019 (still SGST).
  s('01', 'Jammu and Kashmir', 'JK', 'UnionTerritory', 'SGST'),
  s('02', 'Himachal Pradesh', 'HP', 'State'),
  s('03', 'Punjab', 'PB', 'State'),
  s('04', 'Chandigarh', 'CH', 'UnionTerritory'),
  s('05', 'Uttarakhand', 'UK', 'State'),
  s('06', 'Haryana', 'HR', 'State'),
  s('07', 'Delhi', 'DL', 'UnionTerritory', 'SGST'),
  s('08', 'Rajasthan', 'RJ', 'State'),
  s('09', 'Uttar Pradesh', 'UP', 'State'),
  s('10', 'Bihar', 'BR', 'State'),
  s('11', 'Sikkim', 'SK', 'State'),
  s('12', 'Arunachal Pradesh', 'AR', 'State'),
  s('13', 'Nagaland', 'NL', 'State'),
  s('14', 'Manipur', 'MN', 'State'),
  s('15', 'Mizoram', 'MZ', 'State'),
  s('16', 'Tripura', 'TR', 'State'),
  s('17', 'Meghalaya', 'ML', 'State'),
  s('18', 'Assam', 'AS', 'State'),
  s('19', 'West Bengal', 'WB', 'State'),
  s('20', 'Jharkhand', 'JH', 'State'),
  s('21', 'Odisha', 'OD', 'State'),
  s('22', 'Chhattisgarh', 'CG', 'State'),
  s('23', 'Madhya Pradesh', 'MP', 'State'),
  s('24', 'Gujarat', 'GJ', 'State'),
  // The DNH and DD (Merger of UTs) Act 2019: 25 merged into 26 from 26-01-2020; old GSTINs and documents still carry 25.
  {
    code: '25',
    name: 'Daman and Diu',
    alphaCode: 'DD',
    kind: 'UnionTerritory',
    status: 'legacy',
    levies: 'UTGST',
    isGstinPrefix: true,
    isPlaceOfSupply: false,
    note: 'merged into 26 from 26-01-2020',
  },
  s('26', 'Dadra and Nagar Haveli and Daman and Diu', 'DN', 'UnionTerritory'),
  s('27', 'Maharashtra', 'MH', 'State'),
  {
    code: '28',
    name: 'Andhra Pradesh (Before Division)',
    alphaCode: 'AP',
    kind: 'State',
    status: 'legacy',
    levies: 'SGST',
    isGstinPrefix: true,
    isPlaceOfSupply: false,
    note: 'pre-2014 Andhra Pradesh; use 37',
  },
  s('29', 'Karnataka', 'KA', 'State'),
  s('30', 'Goa', 'GA', 'State'),
  s('31', 'Lakshadweep', 'LD', 'UnionTerritory'),
  s('32', 'Kerala', 'KL', 'State'),
  s('33', 'Tamil Nadu', 'TN', 'State'),
  s('34', 'Puducherry', 'PY', 'UnionTerritory', 'SGST'),
  s('35', 'Andaman and Nicobar Islands', 'AN', 'UnionTerritory'),
  s('36', 'Telangana', 'TS', 'State'),
  s('37', 'Andhra Pradesh', 'AD', 'State'),
  s('38', 'Ladakh', 'LA', 'UnionTerritory'),
  // e-invoice/e-way bill: 96 is the place of supply (and state) for supplies outside India; never a GSTIN prefix.
  {
    code: '96',
    name: 'Other Country',
    alphaCode: 'OC',
    kind: 'Special',
    status: 'special',
    levies: 'IGST',
    isGstinPrefix: false,
    isPlaceOfSupply: true,
  },
  // IGST Act s.2(16)/UTGST: territories outside any State (e.g. offshore) are "Other Territory", code 97.
  {
    code: '97',
    name: 'Other Territory',
    alphaCode: 'OT',
    kind: 'Special',
    status: 'special',
    levies: 'UTGST',
    isGstinPrefix: true,
    isPlaceOfSupply: true,
  },
  // 99: GSTINs administered by the Centre (e.g. OIDAR "99..OS."); not a place of supply.
  {
    code: '99',
    name: 'Centre Jurisdiction',
    alphaCode: 'CJ',
    kind: 'Special',
    status: 'special',
    levies: 'IGST',
    isGstinPrefix: true,
    isPlaceOfSupply: false,
  },
];

const BY_CODE = new Map<string, StateInfo>(STATES.map((st) => [st.code, st]));

/** The state for a 2-digit code ("7" and 7 are accepted as "07"); undefined when unknown. */
export function stateFromCode(code: string | number): StateInfo | undefined {
  const key =
    typeof code === 'number'
      ? Number.isInteger(code) && code >= 0 && code < 100
        ? String(code).padStart(2, '0')
        : ''
      : code.trim().padStart(2, '0');
  return BY_CODE.get(key);
}

/** Valid place-of-supply code (01-38 active, 96 Other Country, 97 Other Territory). */
export const isPlaceOfSupplyCode = (code: string): boolean => BY_CODE.get(code)?.isPlaceOfSupply === true;

/** Valid first two characters of a GSTIN. */
export const isGstinStateCode = (code: string): boolean => BY_CODE.get(code)?.isGstinPrefix === true;

// Allocation-free lookups by numeric code, for the document validator's hot path.
const GSTIN_PREFIX = new Uint8Array(100);
const PLACE_OF_SUPPLY = new Uint8Array(100);
for (const st of STATES) {
  GSTIN_PREFIX[Number(st.code)] = st.isGstinPrefix ? 1 : 0;
  PLACE_OF_SUPPLY[Number(st.code)] = st.isPlaceOfSupply ? 1 : 0;
}

/** `n` (0-99) is a valid GSTIN state prefix. */
export const isGstinStateNumber = (n: number): boolean => n >= 0 && n < 100 && GSTIN_PREFIX[n] === 1;

/** `n` (0-99) is a valid place-of-supply code. */
export const isPlaceOfSupplyNumber = (n: number): boolean => n >= 0 && n < 100 && PLACE_OF_SUPPLY[n] === 1;

/** Spellings that registers still use for a state the GSTN list names otherwise. */
const OLD_NAMES: Record<string, string> = { orissa: '21', pondicherry: '34', uttaranchal: '05', newdelhi: '07', telengana: '36' };

const nameKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

const BY_NAME = new Map<string, string>([
  ...STATES.flatMap((st): [string, string][] => [
    [nameKey(st.name), st.code],
    [nameKey(st.alphaCode), st.code],
  ]),
  ...Object.entries(OLD_NAMES),
]);

export type StateTextResult = { ok: true; code: string } | { ok: false; message: string };

/**
 * A state as registers write it: "29", "7", "29-Karnataka" (the GSTN offline tool's place-of-supply form),
 * "29 - Karnataka", "Karnataka" or "KA". A code and a name that disagree ("29-Kerala") are refused, not guessed.
 * Whether the code may be used where it stands (a place of supply, a GSTIN prefix) is the caller's check.
 */
export function stateCodeOfText(text: string): StateTextResult {
  const s = text.trim();
  if (/^\d{1,2}$/.test(s)) return { ok: true, code: s.padStart(2, '0') };
  const pair = /^(\d{1,2})\s*[-–:.]?\s*([^\d].*)$/.exec(s);
  if (pair?.[1] && pair[2]) {
    const code = pair[1].padStart(2, '0');
    const named = BY_NAME.get(nameKey(pair[2]));
    if (named === code) return { ok: true, code };
    const state = stateFromCode(code);
    return {
      ok: false,
      message: state ? `State code ${code} is ${state.name}, not "${pair[2].trim()}".` : `${code} is not a GST state code.`,
    };
  }
  const named = BY_NAME.get(nameKey(s));
  return named
    ? { ok: true, code: named }
    : { ok: false, message: 'A two-digit state code, or a state code and name such as "29-Karnataka".' };
}

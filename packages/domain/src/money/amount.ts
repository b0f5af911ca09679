// Money is integer paise (`number`, always a safe integer). Parsing and formatting never go through floats.
export type AmountErrorCode = 'AMOUNT_EMPTY' | 'AMOUNT_FORMAT' | 'AMOUNT_DECIMALS' | 'AMOUNT_RANGE';

export type AmountResult = { ok: true; paise: number } | { ok: false; code: AmountErrorCode; message: string };

export const AMOUNT_MESSAGES: Record<AmountErrorCode, string> = {
  AMOUNT_EMPTY: 'Amount is required.',
  AMOUNT_FORMAT: 'Amount must be a number such as 1,23,456.78 or 123456.78.',
  AMOUNT_DECIMALS: 'Amount may have at most 2 decimal places.',
  AMOUNT_RANGE: 'Amount is too large.',
};

const fail = (code: AmountErrorCode): AmountResult => ({ ok: false, code, message: AMOUNT_MESSAGES[code] });

/** Largest rupee amount representable as safe-integer paise. */
export const MAX_PAISE = Number.MAX_SAFE_INTEGER;

/** Commas must group the integer digits either en-IN style (…,12,34,567) or in thousands (…,234,567). */
function commasValid(s: string, start: number, end: number): boolean {
  const groups: number[] = [];
  let run = 0;
  for (let i = start; i < end; i++) {
    if (s.charCodeAt(i) === 44) {
      groups.push(run);
      run = 0;
    } else run++;
  }
  if (groups.length === 0) return true;
  if (run !== 3) return false;
  const first = groups[0]!;
  const inner = groups.slice(1);
  if (inner.every((g) => g === 2)) return first >= 1 && first <= 2; // en-IN: 1,23,45,678
  return inner.every((g) => g === 3) && first >= 1 && first <= 3; // thousands: 1,234,567
}

/**
 * Parses a rupee amount into paise: "1,23,456.78", "123456.78", "-12.5", "₹ 1,000", "(1,000.00)" is rejected.
 * At most 2 decimals (extra trailing zeros such as "12.500" are accepted: no value is lost). Never throws.
 */
export function parseAmount(text: string): AmountResult {
  if (typeof text !== 'string') return fail('AMOUNT_EMPTY');
  let i = 0;
  let end = text.length;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  while (end > i && isSpace(text.charCodeAt(end - 1))) end--;
  if (i === end) return fail('AMOUNT_EMPTY');
  let negative = false;
  let c = text.charCodeAt(i);
  if (c === 45 || c === 43) {
    negative = c === 45;
    i++;
  }
  if (text.charCodeAt(i) === 0x20b9) {
    i++; // ₹ sign
    while (i < end && isSpace(text.charCodeAt(i))) i++;
  }
  let rupees = 0;
  let digits = 0;
  let hasComma = false;
  const intStart = i;
  for (; i < end; i++) {
    c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      rupees = rupees * 10 + (c - 48);
      digits++;
    } else if (c === 44) {
      if (digits === 0) return fail('AMOUNT_FORMAT');
      hasComma = true;
    } else break;
  }
  if (hasComma && !commasValid(text, intStart, i)) return fail('AMOUNT_FORMAT');
  let fraction = 0;
  let fractionDigits = 0;
  if (i < end && text.charCodeAt(i) === 46) {
    i++;
    for (; i < end; i++) {
      c = text.charCodeAt(i);
      if (c < 48 || c > 57) return fail('AMOUNT_FORMAT');
      fractionDigits++;
      if (fractionDigits <= 2) fraction = fraction * 10 + (c - 48);
      else if (c !== 48) return fail('AMOUNT_DECIMALS');
    }
    if (fractionDigits === 0 && digits === 0) return fail('AMOUNT_FORMAT');
  }
  if (i !== end || digits + fractionDigits === 0) return fail('AMOUNT_FORMAT');
  if (fractionDigits === 1) fraction *= 10;
  if (rupees > (MAX_PAISE - fraction) / 100) return fail('AMOUNT_RANGE');
  const paise = rupees * 100 + fraction;
  return { ok: true, paise: negative && paise !== 0 ? -paise : paise };
}

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;

/** Throws RangeError unless `paise` is a safe integer. */
export function assertPaise(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not a safe integer amount of paise: ${paise}`);
  return paise;
}

/** Groups integer digits en-IN style: 1234567 -> "12,34,567". */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  let head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  let out = '';
  while (head.length > 2) {
    out = ',' + head.slice(-2) + out;
    head = head.slice(0, -2);
  }
  return head + out + ',' + tail;
}

/** Formats paise as rupees with en-IN grouping and 2 decimals: 12345678 -> "1,23,456.78", -5 -> "-0.05". */
export function formatInr(paise: number): string {
  assertPaise(paise);
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const fraction = abs - rupees * 100;
  return (paise < 0 ? '-' : '') + groupIndian(String(rupees)) + '.' + (fraction < 10 ? '0' : '') + fraction;
}

/** Paise as a plain decimal rupee string without grouping: 12345678 -> "123456.78" (for portal JSON and CSV). */
export function formatRupees(paise: number): string {
  return formatInr(paise).replace(/,/g, '');
}

/** Paise as a JSON rupee number (2 decimals), e.g. for GSTN payloads. */
export const paiseToRupees = (paise: number): number => Number(formatRupees(paise));

/**
 * A rupee number (e.g. from JSON: 1234.5, or 0.1 + 0.2 with float noise) to integer paise, rounding half away from zero.
 * Float noise is corrected by reading the shortest decimal form of the double and, when it carries more than
 * 15 significant digits (beyond what a double holds), rounding it to 15 significant digits (but never coarser
 * than 3 decimals) before rounding to paise. Throws RangeError for non-finite values or results beyond
 * Number.MAX_SAFE_INTEGER paise.
 */
export function rupeesToPaise(rupees: number): number {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) throw new RangeError(`not a finite rupee amount: ${String(rupees)}`);
  if (rupees === 0) return 0;
  const negative = rupees < 0;
  // Shortest round-trip decimal, e.g. "1.005", "0.30000000000000004", "1.5e-7", "9.2e+21".
  const text = String(Math.abs(rupees));
  const ePos = text.indexOf('e');
  const mantissa = ePos < 0 ? text : text.slice(0, ePos);
  const exponent = ePos < 0 ? 0 : Number(text.slice(ePos + 1));
  const dot = mantissa.indexOf('.');
  let digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  // value = digits × 10^(pointPos − digits.length)
  let pointPos = (dot < 0 ? mantissa.length : dot) + exponent;
  const lead = digits.search(/[1-9]/);
  digits = digits.slice(lead);
  pointPos -= lead;
  if (pointPos > 16) throw new RangeError(`amount beyond the safe paise range: ${rupees}`);
  if (digits.length > 15) {
    const keep = Math.max(15, pointPos + 3);
    if (digits.length > keep) digits = roundDigits(digits, keep, () => pointPos++);
  }
  const keep2 = pointPos + 2; // digits up to paise
  let paiseDigits: string;
  if (keep2 <= 0) {
    // Below half a paisa unless exactly at the paise position's next digit.
    paiseDigits = keep2 === 0 && digits.charCodeAt(0) >= 53 ? '1' : '0';
  } else if (digits.length > keep2) {
    paiseDigits = roundDigits(digits, keep2, () => undefined);
  } else paiseDigits = digits + '0'.repeat(keep2 - digits.length);
  const paise = Number(paiseDigits);
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amount beyond the safe paise range: ${rupees}`);
  return negative && paise !== 0 ? -paise : paise;
}

/** Rounds a digit string to `keep` leading digits, half up (on magnitudes, i.e. half away from zero). */
function roundDigits(digits: string, keep: number, onCarry: () => void): string {
  const roundUp = digits.charCodeAt(keep) >= 53;
  let head = digits.slice(0, keep);
  if (!roundUp) return head;
  const chars = head.split('');
  let j = chars.length - 1;
  while (j >= 0 && chars[j] === '9') {
    chars[j] = '0';
    j--;
  }
  if (j < 0) {
    onCarry();
    head = '1' + chars.join('');
    return head;
  }
  chars[j] = String.fromCharCode(chars[j]!.charCodeAt(0) + 1);
  return chars.join('');
}

/** Exact sum of paise amounts; throws RangeError if the total leaves the safe range. */
export function sumPaise(amounts: readonly number[]): number {
  let total = 0;
  for (const a of amounts) total += assertPaise(a);
  return assertPaise(total);
}

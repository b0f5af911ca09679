// Rounding helpers, each named for the rule that fixes its rounding point. All inputs and outputs are integers.

/** numerator / denominator rounded half away from zero (exact for safe integers; uses bigint past 2^53). */
export function divideRoundHalfAway(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator === 0) throw new RangeError('bad division');
    return divideBig(BigInt(Math.trunc(numerator)), BigInt(Math.trunc(denominator)));
  }
  const negative = numerator < 0 !== denominator < 0;
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const q = Math.floor(n / d);
  const r = n - q * d;
  const out = r * 2 >= d ? q + 1 : q;
  return negative && out !== 0 ? -out : out;
}

function divideBig(n: bigint, d: bigint): number {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  if ((an % ad) * 2n >= ad) q += 1n;
  const out = Number(negative ? -q : q);
  if (!Number.isSafeInteger(out)) throw new RangeError('result beyond the safe integer range');
  return out === 0 ? 0 : out;
}

/** a × b / c rounded half away from zero, exact: bigint only when a × b leaves the safe range. */
export function mulDivRoundHalfAway(a: number, b: number, c: number): number {
  const p = a * b;
  if (Number.isSafeInteger(p)) return divideRoundHalfAway(p, c);
  return divideBig(BigInt(a) * BigInt(b), BigInt(c));
}

/**
 * Section 170 CGST Act: tax, interest, penalty, fine or other sum payable is rounded off to the nearest rupee
 * (50 paise and above up). Used for return liabilities and challans, never per invoice line.
 */
export const roundToRupeeSection170 = (paise: number): number => divideRoundHalfAway(paise, 100) * 100;

/**
 * Spec core §5 "Decimals are truncated to 2 places": truncate (towards zero) a decimal string typed on screen
 * to at most 2 decimals before parsing it. Returns the input unchanged when it has no more than 2 decimals.
 */
export function truncateToTwoDecimals(text: string): string {
  const dot = text.indexOf('.');
  return dot >= 0 && text.length - dot - 1 > 2 ? text.slice(0, dot + 3) : text;
}

/** Spec core §5 "Negative values can be clamped to 0". */
export const clampNegativeToZero = (paise: number): number => (paise < 0 ? 0 : paise);

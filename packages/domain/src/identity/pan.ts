// PAN: 5 letters, 4 digits, 1 letter (Income-tax Act s.139A; CBDT format). The 4th letter is the holder type.
export const PAN_HOLDER_TYPES = {
  A: 'Association of persons',
  B: 'Body of individuals',
  C: 'Company',
  F: 'Firm or limited liability partnership',
  G: 'Government',
  H: 'Hindu undivided family',
  J: 'Artificial juridical person',
  L: 'Local authority',
  P: 'Individual',
  T: 'Trust',
} as const;

export type PanHolderType = keyof typeof PAN_HOLDER_TYPES;

export type PanResult =
  | { ok: true; pan: string; holderType: PanHolderType }
  | { ok: false; code: 'PAN_EMPTY' | 'PAN_LENGTH' | 'PAN_FORMAT' | 'PAN_HOLDER_TYPE'; message: string };

const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

export const isPanHolderType = (c: string): c is PanHolderType => Object.hasOwn(PAN_HOLDER_TYPES, c);

/** True when `body` (already upper case, 10 characters) has the PAN shape and a known holder type. */
export const isPanShape = (body: string): boolean => PAN_SHAPE.test(body) && isPanHolderType(body.charAt(3));

export function validatePan(value: unknown): PanResult {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, code: 'PAN_EMPTY', message: 'PAN is required.' };
  const pan = value.trim().toUpperCase();
  if (pan.length !== 10) return { ok: false, code: 'PAN_LENGTH', message: 'PAN must be 10 characters.' };
  if (!PAN_SHAPE.test(pan))
    return { ok: false, code: 'PAN_FORMAT', message: 'PAN must be 5 letters, 4 digits and a letter (e.g. ABCPE1234F).' };
  const holderType = pan.charAt(3);
  if (!isPanHolderType(holderType)) {
    return {
      ok: false,
      code: 'PAN_HOLDER_TYPE',
      message: `The 4th character of a PAN must be a holder type (${Object.keys(PAN_HOLDER_TYPES).join(', ')}).`,
    };
  }
  return { ok: true, pan, holderType };
}

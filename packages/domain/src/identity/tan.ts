// TAN: 4 letters (city code and the deductor's initial), 5 digits, 1 letter (Income-tax Act s.203A).
export type TanResult = { ok: true; tan: string } | { ok: false; code: 'TAN_EMPTY' | 'TAN_LENGTH' | 'TAN_FORMAT'; message: string };

const TAN_SHAPE = /^[A-Z]{4}[0-9]{5}[A-Z]$/;

export function validateTan(value: unknown): TanResult {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, code: 'TAN_EMPTY', message: 'TAN is required.' };
  const tan = value.trim().toUpperCase();
  if (tan.length !== 10) return { ok: false, code: 'TAN_LENGTH', message: 'TAN must be 10 characters.' };
  if (!TAN_SHAPE.test(tan))
    return { ok: false, code: 'TAN_FORMAT', message: 'TAN must be 4 letters, 5 digits and a letter (e.g. DELA12345B).' };
  return { ok: true, tan };
}

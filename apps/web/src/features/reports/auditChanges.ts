// The detail of an audit row: before and after side by side, one line per changed field.

export type FieldChange = { field: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields whose values differ (nested objects flattened with dots, e.g. passwordPolicy.minLength). */
export const changedFields = (before: unknown, after: unknown, prefix = ''): FieldChange[] => {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: prefix || 'value', before, after }];
  }
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
  return keys.flatMap((key) => {
    const field = prefix ? `${prefix}.${key}` : key;
    const [a, b] = [left[key], right[key]];
    if (isRecord(a) || isRecord(b)) return changedFields(a, b, field);
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ field, before: a, after: b }];
  });
};

/** A value as a reader sees it: empty for nothing, lists joined, objects as JSON. */
export const displayValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** DD-MM-YYYY typed by the user → YYYY-MM-DD for the API; null when incomplete or not a real date. */
export const isoOfDdMmYyyy = (text: string): string | null => {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${match[2]}-${match[1]}`;
};

import { SETTINGS_GROUP_SCHEMAS, type SettingsGroup } from '@opengst/contracts';

// The fields of a settings group come from the values the API answers (a boolean is a switch, a number an input),
// and are checked with the group's own contracts schema before they are sent.

export type SettingsField = { name: string; kind: 'boolean' | 'number' | 'text'; isRupees: boolean };

/** Reconciliation tolerances are rupee amounts (spec core §9), shown with two decimals. */
const isRupeeField = (group: SettingsGroup, name: string): boolean => group === 'reconciliation' && name.endsWith('Tolerance');

const KIND_ORDER: Record<SettingsField['kind'], number> = { number: 0, text: 1, boolean: 2 };

/** Inputs first, switches after them, each in the API's order, so the grid stays aligned. */
export const fieldsOf = (group: SettingsGroup, values: Record<string, unknown>): SettingsField[] =>
  Object.entries(values)
    .map(([name, value]): SettingsField => ({
      name,
      kind: typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'number' : 'text',
      isRupees: isRupeeField(group, name),
    }))
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);

/** Messages per field of a group's values, empty when the values are valid. */
export const validateGroup = (group: SettingsGroup, values: Record<string, unknown>): Record<string, string> => {
  const result = SETTINGS_GROUP_SCHEMAS[group].safeParse(values);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!messages[name]) messages[name] = issue.message;
  }
  return messages;
};

/** "otpValidityMinutes" → "Otp validity minutes": the fallback label of a field without its own text. */
export const humanize = (name: string): string => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

import { ApiError } from '../api/http';

// Server validation answers carry propertyName; forms show each message on its own input and the rest above.

export type FieldErrors = Record<string, string>;

const normalise = (name: string): string => name.replace(/[^a-z0-9]/gi, '').toLowerCase();

export type SplitErrors = { fields: FieldErrors; general: string[] };

/** Splits an API error into messages per field (keyed by the form's own field names) and general messages. */
export const splitApiErrors = (error: unknown, fieldNames: readonly string[]): SplitErrors => {
  if (!(error instanceof ApiError)) return { fields: {}, general: [error instanceof Error ? error.message : String(error)] };
  const byNormalised = new Map(fieldNames.map((name) => [normalise(name), name]));
  const fields: FieldErrors = {};
  const general: string[] = [];
  for (const item of error.items) {
    const field = item.propertyName ? byNormalised.get(normalise(item.propertyName.split('.').pop() ?? '')) : undefined;
    if (field && !fields[field]) fields[field] = item.message;
    else general.push(item.message);
  }
  if (error.items.length === 0) general.push(error.message);
  return { fields, general };
};

/** Statuses a form shows itself (field errors, refusals), so the client's toast stays quiet. */
export const FORM_SILENT = [400, 409, 422] as const;

import { ApiError } from '../../api/http';
import { stripPropertyPrefix } from '../../api/httpErrors';

// Spec core §5 "Server field errors": these properties put a red border and the message on their input.
export const AUTH_FIELDS = ['UserName', 'Password', 'ConfirmPassword', 'Otp', 'CurrentUserName'] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];

export type FormErrors = { fields: Partial<Record<AuthField, string>>; general: string[] };

export const NO_ERRORS: FormErrors = { fields: {}, general: [] };

const asAuthField = (propertyName: string | undefined): AuthField | null => {
  if (!propertyName) return null;
  const name = stripPropertyPrefix(propertyName).toLowerCase();
  return AUTH_FIELDS.find((field) => field.toLowerCase() === name) ?? null;
};

/**
 * Splits a failed sign-in call into field errors and messages for the form. Only 422 answers are shown in the
 * form: the HTTP client has already toasted every other failure.
 */
export const splitAuthErrors = (error: unknown): FormErrors => {
  if (!(error instanceof ApiError)) return { fields: {}, general: [error instanceof Error ? error.message : String(error)] };
  if (error.status !== 422) return NO_ERRORS;
  const fields: Partial<Record<AuthField, string>> = {};
  const general: string[] = [];
  for (const item of error.items) {
    const field = asAuthField(item.propertyName);
    // One message per line (several password rules can fail at once); the theme keeps the line breaks.
    if (field) fields[field] = fields[field] ? `${fields[field]}\n${item.message}` : item.message;
    else if (!general.includes(item.message)) general.push(item.message);
  }
  return { fields, general };
};

import type { ErrorBody, ErrorItem } from '@opengst/contracts';

// Pure rules of spec core §8 for turning an error answer into a toast. http.ts applies them.

export const TOAST_MS = 4000;
export const TIMEOUT_MESSAGE = 'Connection Timeout Error, Please try again';

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
};

/**
 * `key` names the refusal itself (status and messages, without the request id that development mode adds), so the
 * same refusal answered to several calls at once shows one toast.
 */
export type ToastContent = { title: string | null; message: string; color: 'red' | 'yellow'; key?: string };

/** "Documents[0].Lines[2].Rate" → "Rate": the prefix names the row, the last segment names the field. */
export const stripPropertyPrefix = (propertyName: string): string => propertyName.replace(/^(?:[A-Za-z_$][\w$]*(?:\[\d+\])*\.)+/, '');

/** 422: messages grouped by property name (prefix stripped), then by code; each distinct message once. */
export const concatValidationMessages = (items: readonly ErrorItem[]): string => {
  const byProperty = new Map<string, Map<string, string>>();
  for (const item of items) {
    const property = stripPropertyPrefix(item.propertyName ?? '');
    const byCode = byProperty.get(property) ?? new Map<string, string>();
    if (!byCode.has(item.code)) byCode.set(item.code, item.message);
    byProperty.set(property, byCode);
  }
  const messages = [...byProperty.values()].flatMap((byCode) => [...byCode.values()]);
  return [...new Set(messages)].join('\n');
};

/** Decodes an error body that arrived as binary (a file download that failed) or text into the JSON error body. */
export const decodeErrorBody = async (body: unknown): Promise<ErrorBody | null> => {
  let text: string | null = null;
  // Duck-typed: Blob and ArrayBuffer may come from another realm (a worker, a test environment).
  if (typeof body === 'string') text = body;
  else if (Object.prototype.toString.call(body) === '[object ArrayBuffer]') text = new TextDecoder().decode(body as ArrayBuffer);
  else if (isBlobLike(body)) text = await body.text();
  else if (body && typeof body === 'object') return isErrorBody(body) ? body : null;
  if (text === null || text.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isErrorBody(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

const isBlobLike = (value: unknown): value is { text: () => Promise<string> } =>
  typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'function' && 'size' in value;

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && Array.isArray((value as { errors?: unknown }).errors);

const toastTitle = (status: number, isProduction: boolean): string | null => {
  if (status === 406) return 'Error';
  if (status === 403 && isProduction) return null;
  if (status === 422) return null;
  return STATUS_TEXT[status] ?? 'Error';
};

/** The toast for an error answer, or null when the status is handled silently (503 maintenance; 503 GEN0011 is toasted). */
export const describeError = (
  status: number,
  body: ErrorBody | null,
  requestId: string | null,
  environment: string,
): ToastContent | null => {
  if (status === 503 && !body?.errors.some((item) => item.code === 'GEN0011')) return null;
  const isProduction = environment === 'production';
  const items = body?.errors ?? [];
  const color = items.length > 0 && items.every((item) => item.type === 'Warning') ? 'yellow' : 'red';
  // A gateway answering for an unreachable server is, for the user, no response at all.
  const isUnreachable = status === 0 || ((status === 502 || status === 504) && items.length === 0);
  if (isUnreachable) return { title: null, message: TIMEOUT_MESSAGE, color: 'red' };

  let message: string;
  if (isProduction) {
    message = status === 422 ? concatValidationMessages(items) : [...new Set(items.map((item) => item.message))].join('\n');
  } else {
    message = items.map((item) => `${item.code}: ${item.message}`).join('\n');
  }
  if (message === '') message = `HTTP ${status}`;
  if (!isProduction) {
    const details = [requestId ? `Request id: ${requestId}` : null, body?.developerName ? `Developer: ${body.developerName}` : null];
    message = [message, ...details.filter((line) => line !== null)].join('\n');
  }
  const key = `${status}:${items.map((item) => `${item.code}:${item.message}`).join('|')}`;
  return { title: toastTitle(status, isProduction), message, color, key };
};

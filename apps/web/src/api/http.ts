import { HEADERS, type ErrorBody, type ErrorItem } from '@opengst/contracts';
import { describeError, decodeErrorBody } from './httpErrors';
import { navigateTo } from './navigation';
import { clearLocalData, readAuthToken, rememberSessionEnded, writeStore } from './storage';
import { showToast } from './toast';

// The fetch-based HTTP client of spec core §8 and §9.

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
let timeoutMs = DEFAULT_TIMEOUT_MS;
let environment = 'production';

/** Spec core §9: 5 minutes until settings are loaded, then the apiTimeOut setting (minutes). */
export const setRequestTimeoutMinutes = (minutes: number): void => {
  timeoutMs = minutes > 0 ? minutes * 60_000 : DEFAULT_TIMEOUT_MS;
};

/** Outside production, toasts also show the request id, developer name and codes. */
export const setEnvironment = (value: string): void => {
  environment = value || 'production';
};

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly requestId: string | null;

  constructor(status: number, body: ErrorBody | null, requestId: string | null) {
    super(body?.errors.map((item) => item.message).join(' ') || (status === 0 ? 'No response' : `HTTP ${status}`));
    this.status = status;
    this.body = body;
    this.requestId = requestId;
  }

  get items(): readonly ErrorItem[] {
    return this.body?.errors ?? [];
  }

  hasCode(code: string): boolean {
    return this.items.some((item) => item.code === code);
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Switches the automatic error toast off: for every status (true) or for the listed statuses. */
  silent?: boolean | readonly number[];
  responseType?: 'json' | 'blob';
};

const PAGES_WITHOUT_EXPIRY_REDIRECT = ['/login', '/unauthorized-access'];

const buildUrl = (path: string, query: RequestOptions['query']): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

const isSilent = (silent: RequestOptions['silent'], status: number): boolean =>
  silent === true || (Array.isArray(silent) && silent.includes(status));

const handleFailure = (error: ApiError, silent: RequestOptions['silent']): void => {
  // 503 GEN0011 is the server sharing itself out among users (too many of this user's requests at once), not maintenance.
  if (error.status === 503 && !error.hasCode('GEN0011')) {
    writeStore('isUnderMaintenance', true);
    if (window.location.pathname !== '/under-maintenance') navigateTo('/under-maintenance');
    return;
  }
  if (error.status === 401 && error.hasCode('AUTH0013')) {
    clearLocalData();
    if (!PAGES_WITHOUT_EXPIRY_REDIRECT.includes(window.location.pathname)) {
      rememberSessionEnded(error.message);
      navigateTo('/login');
    }
  }
  if (isSilent(silent, error.status)) return;
  const toast = describeError(error.status, error.body, error.requestId, environment);
  if (toast) showToast(toast);
};

/**
 * Calls the API; resolves with `data` of the `{ data }` envelope (undefined for 204), rejects with ApiError. Untyped
 * on purpose: screens call endpoints through `call(endpoint, input)` (call.ts), which types the answer from the contracts.
 */
export const apiRequest = async (path: string, options: RequestOptions = {}): Promise<unknown> => {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = readAuthToken();
  if (token && !headers[HEADERS.publicAuthToken]) headers[HEADERS.authToken] = token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: controller.signal,
    });
  } catch {
    const error = new ApiError(0, null, null);
    handleFailure(error, options.silent);
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const requestId = response.headers.get(HEADERS.requestId);
  if (!response.ok) {
    const raw = options.responseType === 'blob' ? await response.blob() : await response.text();
    const error = new ApiError(response.status, await decodeErrorBody(raw), requestId);
    handleFailure(error, options.silent);
    throw error;
  }
  if (response.status === 204) return undefined;
  if (options.responseType === 'blob') return response.blob();
  const json = (await response.json()) as { data: unknown };
  return json.data;
};

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setEnvironment, setRequestTimeoutMinutes } from './http';
import { setNavigator } from './navigation';
import { readStore, sessionEndedMessage, writeAuthToken, writeStore } from './storage';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn() }));

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('apiRequest (spec core §8, §9)', () => {
  const navigate = vi.fn();
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
    setNavigator(navigate);
    setEnvironment('production');
    window.history.replaceState(null, '', '/quick-access-and-statistics');
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.useRealTimers();
    setRequestTimeoutMinutes(0);
  });

  it('unwraps data and sends the session token as auth-token', async () => {
    writeStore('settings', { authToken: 'tok', settings: null });
    fetchMock.mockResolvedValueOnce(json(200, { data: { a: 1 } }));
    await expect(apiRequest('/api/v0.1/x', { query: { start: 0, skip: undefined } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v0.1/x?start=0');
    expect((init?.headers as Record<string, string>)['auth-token']).toBe('tok');
  });

  it('resolves undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(json(204, null));
    await expect(apiRequest('/api/v0.1/logout')).resolves.toBeUndefined();
  });

  it('toasts an error with the status text and rejects with the items', async () => {
    fetchMock.mockResolvedValueOnce(
      json(429, { errors: [{ code: 'GEN0004', message: 'Too many.', type: 'Error' }] }, { 'request-id': 'r-9' }),
    );
    const failure = await apiRequest('/api/v0.1/x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).requestId).toBe('r-9');
    expect(showToast).toHaveBeenCalledWith({
      title: 'Too Many Requests',
      message: 'Too many.',
      color: 'red',
      key: '429:GEN0004:Too many.',
    });
  });

  it('does not toast when the call switches the toast off for that status', async () => {
    fetchMock.mockResolvedValueOnce(
      json(422, { errors: [{ code: 'AUTH0001', message: 'Invalid.', propertyName: 'Password', type: 'Error' }] }),
    );
    await expect(apiRequest('/api/v0.1/authenticate/token', { silent: [422] })).rejects.toBeInstanceOf(ApiError);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('flags maintenance silently on 503 and goes to UnderMaintenance', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { errors: [{ code: 'GEN0006', message: 'Maintenance.', type: 'Error' }] }));
    await expect(apiRequest('/api/v0.1/x')).rejects.toMatchObject({ status: 503 });
    expect(readStore('isUnderMaintenance')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/under-maintenance');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('toasts a 503 GEN0011 (too many requests of this user at once) without calling it maintenance', async () => {
    fetchMock.mockResolvedValueOnce(
      json(503, { errors: [{ code: 'GEN0011', message: 'Too many requests at once.', type: 'Error' }] }, { 'retry-after': '2' }),
    );
    await expect(apiRequest('/api/v0.1/x')).rejects.toMatchObject({ status: 503 });
    expect(readStore('isUnderMaintenance')).not.toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Too many requests at once.' }));
  });

  it('clears local storage and goes to Login on 401 AUTH0013', async () => {
    writeStore('settings', { authToken: 'tok', settings: null });
    writeStore('hamburger', false);
    fetchMock.mockResolvedValueOnce(json(401, { errors: [{ code: 'AUTH0013', message: 'Expired.', type: 'Error' }] }));
    await expect(apiRequest('/api/v0.1/x')).rejects.toMatchObject({ status: 401 });
    expect(readStore('settings')).toBeNull();
    expect(readStore('hamburger')).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
    // Remembered in the tab until the next sign-in: a reload lands on Login with the reason.
    expect(sessionEndedMessage()).toBe('Expired.');
    writeAuthToken('next');
    expect(sessionEndedMessage()).toBeNull();
  });

  it('stays on Login when the session expires there', async () => {
    window.history.replaceState(null, '', '/login');
    fetchMock.mockResolvedValueOnce(json(401, { errors: [{ code: 'AUTH0013', message: 'Expired.', type: 'Error' }] }));
    await expect(apiRequest('/api/v0.1/x')).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionEndedMessage()).toBeNull();
  });

  it('aborts after the timeout and reports "Connection Timeout Error"', async () => {
    vi.useFakeTimers();
    setRequestTimeoutMinutes(1);
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('/api/v0.1/x').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await pending).toMatchObject({ status: 0 });
    expect(showToast).toHaveBeenCalledWith({ title: null, message: 'Connection Timeout Error, Please try again', color: 'red' });
  });

  it('decodes a JSON error body of a binary download', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ errors: [{ code: 'GEN0003', message: 'Gone.', type: 'Error' }] }), {
        status: 404,
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
    await expect(apiRequest('/api/v0.1/file', { responseType: 'blob', silent: true })).rejects.toMatchObject({
      body: { errors: [{ code: 'GEN0003' }] },
    });
  });
});

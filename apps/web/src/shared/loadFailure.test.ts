import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { toastIdOf } from '../api/toast';
import { loadFailureText } from './loadFailure';

const refusal = (status: number, message: string) => new ApiError(status, { errors: [{ code: 'GEN0010', message, type: 'Error' }] }, 'r-1');

describe('loadFailureText', () => {
  it("says the server's reason for a refusal (no access, not found), the screen's own text otherwise", () => {
    expect(loadFailureText(refusal(403, 'You have no access to this GSTIN.'), 'The return could not be loaded.')).toBe(
      'You have no access to this GSTIN.',
    );
    expect(loadFailureText(refusal(500, 'Something went wrong.'), 'The return could not be loaded.')).toBe(
      'The return could not be loaded.',
    );
    expect(loadFailureText(new Error('offline'), 'The return could not be loaded.')).toBe('The return could not be loaded.');
  });

  it('gives the same refusal the same toast id, so several calls refused at once show one toast', () => {
    const toast = { title: 'No access', message: 'You have no access to this GSTIN.', color: 'red' as const };
    expect(toastIdOf(toast)).toBe(toastIdOf({ ...toast }));
    expect(toastIdOf(toast)).not.toBe(toastIdOf({ ...toast, message: 'Another reason.' }));
    // In development mode each toast carries its request id; the refusal's key still makes them one.
    const inDevelopment = (requestId: string) => ({ ...toast, message: `${toast.message}\nRequest id: ${requestId}`, key: '403:GEN0010' });
    expect(toastIdOf(inDevelopment('a'))).toBe(toastIdOf(inDevelopment('b')));
  });
});

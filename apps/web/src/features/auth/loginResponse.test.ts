import { describe, expect, it } from 'vitest';
import { decodeLoginResponse, errorMessagesOf, tokenOf } from './loginResponse';

describe('loginResponse', () => {
  it('decodes URL-encoded JSON and base64 JSON', () => {
    expect(tokenOf(decodeLoginResponse('{"token":"abc"}'))).toBe('abc');
    expect(tokenOf(decodeLoginResponse(btoa('{"data":{"token":"xyz"}}')))).toBe('xyz');
  });

  it('reads the error messages of a failed sign-in', () => {
    const body = decodeLoginResponse(JSON.stringify({ errors: [{ code: 'AUTH0003', message: 'Not active.', type: 'Error' }] }));
    expect(errorMessagesOf(body)).toEqual(['Not active.']);
    expect(tokenOf(body)).toBeNull();
  });

  it('answers nothing for garbage', () => {
    expect(decodeLoginResponse('%%%')).toBeUndefined();
    expect(errorMessagesOf(undefined)).toEqual([]);
  });
});

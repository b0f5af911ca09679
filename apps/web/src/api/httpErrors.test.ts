import { describe, expect, it } from 'vitest';
import type { ErrorItem } from '@opengst/contracts';
import { concatValidationMessages, decodeErrorBody, describeError, stripPropertyPrefix, TIMEOUT_MESSAGE } from './httpErrors';

const error = (code: string, message: string, propertyName?: string, type: ErrorItem['type'] = 'Error'): ErrorItem => ({
  code,
  message,
  type,
  ...(propertyName ? { propertyName } : {}),
});

describe('stripPropertyPrefix', () => {
  it('keeps the field name only', () => {
    expect(stripPropertyPrefix('Documents[0].InvoiceNumber')).toBe('InvoiceNumber');
    expect(stripPropertyPrefix('Documents[3].Items[12].Rate')).toBe('Rate');
    expect(stripPropertyPrefix('UserName')).toBe('UserName');
  });
});

describe('concatValidationMessages (422)', () => {
  it('groups by stripped property then code, each message once', () => {
    const items = [
      error('VAL1', 'Invoice number is required.', 'Documents[0].InvoiceNumber'),
      error('VAL1', 'Invoice number is required.', 'Documents[1].InvoiceNumber'),
      error('VAL2', 'Rate is not valid.', 'Documents[0].Items[0].Rate'),
      error('VAL3', 'Invoice number is too long.', 'Documents[2].InvoiceNumber'),
    ];
    expect(concatValidationMessages(items)).toBe('Invoice number is required.\nInvoice number is too long.\nRate is not valid.');
  });
});

describe('describeError (spec core §8)', () => {
  const body = { errors: [error('GEN0004', 'Too many requests.')], developerName: 'auth.routes' };

  it('titles the toast with the status text', () => {
    for (const [status, title] of [
      [400, 'Bad Request'],
      [401, 'Unauthorized'],
      [403, 'Forbidden'],
      [405, 'Method Not Allowed'],
      [429, 'Too Many Requests'],
      [500, 'Internal Server Error'],
    ] as const) {
      expect(describeError(status, body, 'r-1', 'qa')?.title).toBe(title);
    }
  });

  it('titles 406 "Error" and leaves 403 untitled in production', () => {
    expect(describeError(406, body, null, 'production')?.title).toBe('Error');
    expect(describeError(403, body, null, 'production')?.title).toBeNull();
    expect(describeError(403, body, null, 'qa')?.title).toBe('Forbidden');
  });

  it('is silent for 503', () => {
    expect(describeError(503, body, null, 'production')).toBeNull();
  });

  it('shows messages only in production, and request id, developer and codes elsewhere', () => {
    expect(describeError(429, body, 'r-1', 'production')?.message).toBe('Too many requests.');
    expect(describeError(429, body, 'r-1', 'development')?.message).toBe(
      'GEN0004: Too many requests.\nRequest id: r-1\nDeveloper: auth.routes',
    );
  });

  it('reports no response as a timeout', () => {
    expect(describeError(0, null, null, 'production')).toEqual({ title: null, message: TIMEOUT_MESSAGE, color: 'red' });
    expect(describeError(502, null, null, 'production')).toEqual({ title: null, message: TIMEOUT_MESSAGE, color: 'red' });
  });

  it('colours an answer of warnings only in amber', () => {
    expect(describeError(422, { errors: [error('W1', 'Check the date.', undefined, 'Warning')] }, null, 'production')?.color).toBe(
      'yellow',
    );
  });
});

describe('decodeErrorBody', () => {
  const json = JSON.stringify({ errors: [error('GEN0003', 'Not found.')] });
  it('decodes binary bodies of failed downloads', async () => {
    // The Blob a fetch Response gives (jsdom's own Blob has no text()).
    expect((await decodeErrorBody(await new Response(json).blob()))?.errors[0]?.code).toBe('GEN0003');
    expect((await decodeErrorBody(new TextEncoder().encode(json).buffer))?.errors[0]?.code).toBe('GEN0003');
    expect((await decodeErrorBody(json))?.errors[0]?.code).toBe('GEN0003');
  });
  it('answers null for bodies that are not error JSON', async () => {
    expect(await decodeErrorBody('<html>')).toBeNull();
    expect(await decodeErrorBody('')).toBeNull();
    expect(await decodeErrorBody('{"data":1}')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { splitApiErrors } from './forms';

describe('splitApiErrors', () => {
  it('puts a server message on the input its propertyName names, the rest above the form', () => {
    const error = new ApiError(
      422,
      {
        errors: [
          { code: 'VAL0001', message: 'The check character is wrong.', propertyName: 'Gstin', type: 'Error' },
          { code: 'ORG0001', message: 'Another location already has this GSTIN.', type: 'Error' },
        ],
      },
      null,
    );
    expect(splitApiErrors(error, ['gstin', 'stateCode'])).toEqual({
      fields: { gstin: 'The check character is wrong.' },
      general: ['Another location already has this GSTIN.'],
    });
  });
});

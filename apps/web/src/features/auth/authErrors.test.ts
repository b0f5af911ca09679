import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { NO_ERRORS, splitAuthErrors } from './authErrors';

describe('splitAuthErrors (spec core §5 "Server field errors")', () => {
  it('puts property errors on their field and the rest in the form', () => {
    const error = new ApiError(
      422,
      {
        errors: [
          { code: 'AUTH0001', message: 'Invalid user name or password.', propertyName: 'Password', type: 'Error' },
          { code: 'AUTH0010', message: 'Passwords do not match.', propertyName: 'confirmPassword', type: 'Error' },
          { code: 'AUTH0002', message: 'Your account is locked.', type: 'Error' },
        ],
      },
      null,
    );
    expect(splitAuthErrors(error)).toEqual({
      fields: { Password: 'Invalid user name or password.', ConfirmPassword: 'Passwords do not match.' },
      general: ['Your account is locked.'],
    });
  });

  it('keeps each broken password rule on its own line', () => {
    const error = new ApiError(
      422,
      {
        errors: [
          { code: 'AUTH0011', message: 'The password must be at least 10 characters long.', propertyName: 'Password', type: 'Error' },
          { code: 'AUTH0011', message: 'The password must contain a digit.', propertyName: 'Password', type: 'Error' },
        ],
      },
      null,
    );
    expect(splitAuthErrors(error).fields.Password).toBe(
      'The password must be at least 10 characters long.\nThe password must contain a digit.',
    );
  });

  it('leaves other statuses to the toast', () => {
    expect(splitAuthErrors(new ApiError(429, null, null))).toEqual(NO_ERRORS);
  });

  it('shows unexpected failures in the form', () => {
    expect(splitAuthErrors(new Error('crypto failed')).general).toEqual(['crypto failed']);
  });
});

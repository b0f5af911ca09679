import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ErrorItem } from '@opengst/contracts';
import { renderWithProviders } from '../test/renderWithProviders';
import { errorModalTitleKey } from './errorGroups';
import { ErrorModal } from './ErrorModal';

const error: ErrorItem = { code: 'VAL0437', message: 'Invoice value does not match.', type: 'Error' };
const warning: ErrorItem = { code: 'VAL0438', message: 'Check the rate.', type: 'Warning' };

describe('errorModalTitleKey', () => {
  it('follows the result status, else the kind of items', () => {
    expect(errorModalTitleKey('SuccessWithError', [error])).toBe('errors.successWithError');
    expect(errorModalTitleKey('Failed', [warning])).toBe('errors.failed');
    expect(errorModalTitleKey('Completed', [warning])).toBe('errors.warning');
    expect(errorModalTitleKey('Completed', [warning, error])).toBe('errors.error');
  });
});

describe('ErrorModal', () => {
  afterEach(cleanup);

  it('lists code and message of each item under the status title', async () => {
    renderWithProviders(<ErrorModal opened onClose={() => {}} status="SuccessWithError" items={[error, warning]} />);
    expect(await screen.findByText('Completed with errors')).toBeTruthy();
    expect(screen.getByText('VAL0437')).toBeTruthy();
    expect(screen.getByText('Invoice value does not match.')).toBeTruthy();
    expect(screen.getByText('VAL0438')).toBeTruthy();
  });
});

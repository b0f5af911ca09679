import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ErrorItem } from '@opengst/contracts';
import { renderWithProviders } from '../test/renderWithProviders';
import { groupErrors } from './errorGroups';
import { ErrorSummary } from './ErrorSummary';

const item = (message: string, type: ErrorItem['type'] = 'Error'): ErrorItem => ({ code: 'VAL0001', message, type });

describe('groupErrors', () => {
  it('shows an identical message once with every heading, warnings apart', () => {
    const grouped = groupErrors([
      { heading: 'Invoice 1', errors: [item('GSTIN is invalid.'), item('Date is in a filed period.', 'Warning')] },
      { heading: 'Invoice 2', errors: [item('GSTIN is invalid.')] },
    ]);
    expect(grouped.errors).toEqual([{ message: 'GSTIN is invalid.', headings: ['Invoice 1', 'Invoice 2'] }]);
    expect(grouped.warnings).toEqual([{ message: 'Date is in a filed period.', headings: ['Invoice 1'] }]);
  });
});

describe('ErrorSummary', () => {
  afterEach(cleanup);

  it('renders errors and warnings separately and turns URLs into links', () => {
    renderWithProviders(
      <ErrorSummary
        sections={[
          { heading: 'Row 2', errors: [item('See https://example.org/help for the format.')] },
          { heading: 'Row 3', errors: [item('See https://example.org/help for the format.'), item('Rounded off.', 'Warning')] },
        ]}
      />,
    );
    const [alert, warningAlert] = screen.getAllByRole('alert');
    if (!alert || !warningAlert) throw new Error('expected an error and a warning summary');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(1);
    expect(within(alert).getByText('(Row 2, Row 3)')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'https://example.org/help' }).getAttribute('href')).toBe('https://example.org/help');
    expect(within(warningAlert).getByText('Warnings')).toBeTruthy();
    expect(within(warningAlert).getByText('Rounded off.')).toBeTruthy();
  });

  it('renders nothing without messages', () => {
    const { container } = renderWithProviders(<ErrorSummary sections={[{ heading: 'Row 1', errors: [] }]} />);
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });
});

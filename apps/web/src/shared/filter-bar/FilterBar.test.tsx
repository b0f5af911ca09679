import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { BulkApplyModal } from './BulkApplyModal';
import { FilterBar } from './FilterBar';
import { buildChips } from './filterChips';

const chips = buildChips({ financialYear: '2026-27', statuses: ['Draft'], gstins: ['A', 'B'] }, [
  { key: 'financialYear', label: 'Financial year' },
  { key: 'statuses', label: 'Status' },
  { key: 'gstins', label: 'GSTINs' },
]);
const noop = () => {};

describe('FilterBar', () => {
  afterEach(cleanup);

  it('shows Apply filter while the chips differ, Refresh otherwise, and Clear all above the threshold', () => {
    const onApply = vi.fn();
    const onRemove = vi.fn();
    const props = {
      chips,
      lockedReason: null,
      clearAllThreshold: 2,
      onApply,
      onRefresh: noop,
      onClearAll: noop,
      onRemoveChip: onRemove,
      controls: null,
    };
    renderWithProviders(<FilterBar {...props} isDirty />);
    fireEvent.click(screen.getByTestId('filter-apply'));
    expect(onApply).toHaveBeenCalled();
    expect(screen.queryByTestId('filter-refresh')).toBeNull();
    expect(screen.getByTestId('filter-clear-all')).toBeTruthy();
    expect(screen.queryByTestId('chip-remove-financialYear')).toBeNull();
    fireEvent.click(screen.getByTestId('chip-remove-statuses'));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ key: 'statuses' }));
    cleanup();
    renderWithProviders(<FilterBar {...props} isDirty={false} chips={chips.slice(0, 2)} />);
    expect(screen.getByTestId('filter-refresh')).toBeTruthy();
    expect(screen.queryByTestId('filter-clear-all')).toBeNull();
  });

  it('is disabled with the reason while the module import runs', () => {
    renderWithProviders(
      <FilterBar
        chips={chips}
        isDirty={false}
        lockedReason="A sales import is running"
        clearAllThreshold={2}
        onApply={noop}
        onRefresh={noop}
        onClearAll={noop}
        onRemoveChip={noop}
        controls={null}
      />,
    );
    expect(screen.getByTestId('filter-locked').textContent).toContain('A sales import is running');
    expect((screen.getByTestId('filter-refresh') as HTMLButtonElement).matches(':disabled')).toBe(true);
    expect(screen.queryByTestId('chip-remove-statuses')).toBeNull();
  });
});

describe('BulkApplyModal', () => {
  afterEach(cleanup);

  it('reports a too-long line on Apply, disables Apply beyond the line limit, and applies the cleaned values', () => {
    const onApply = vi.fn();
    renderWithProviders(
      <BulkApplyModal
        opened
        onClose={noop}
        maxLines={3}
        fields={[{ key: 'documentNumbers', label: 'Document numbers', maxLength: 16 }]}
        onApply={onApply}
      />,
    );
    const text = screen.getByTestId('bulk-text');
    const apply = screen.getByTestId('bulk-apply-submit') as HTMLButtonElement;
    fireEvent.change(text, { target: { value: 'INV/1\nINV/2026-27/000001' } });
    fireEvent.click(apply);
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByTestId('bulk-problem').getAttribute('data-problem')).toBe('keywordLengthInvalid');
    fireEvent.change(text, { target: { value: 'A\nB\nC\nD' } });
    expect(screen.getByTestId('bulk-problem').getAttribute('data-problem')).toBe('keywordExceededLimit');
    expect(apply.disabled).toBe(true);
    fireEvent.change(text, { target: { value: ' A \n\nB\tX\nA' } });
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith('documentNumbers', ['A', 'BX'], false);
  });
});

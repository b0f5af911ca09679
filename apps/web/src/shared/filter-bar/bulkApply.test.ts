import { describe, expect, it } from 'vitest';
import { canApplyBulk, parseBulkLines } from './bulkApply';

describe('parseBulkLines', () => {
  it('keeps one trimmed value per line, without tabs, blank lines or duplicates', () => {
    const result = parseBulkLines('  INV/1 \n\n\tINV/2\t\r\nINV/1\r\n   \nIN\tV/3', { maxLength: 16, maxLines: 10 });
    expect(result).toEqual({ values: ['INV/1', 'INV/2', 'INV/3'], problem: null });
    expect(canApplyBulk(result)).toBe(true);
  });

  it('names the first line longer than the maximum (keywordLengthInvalid) but leaves Apply to report it', () => {
    const result = parseBulkLines('INV/1\nINV/2026-27/000001\nINV/2026-27/000002', { maxLength: 16, maxLines: 10 });
    expect(result.problem).toEqual({ kind: 'keywordLengthInvalid', line: 2, length: 18, max: 16 });
    expect(canApplyBulk(result)).toBe(true);
  });

  it('disables Apply beyond the configured line count (keywordExceededLimit), counting distinct values', () => {
    expect(parseBulkLines('A\nB\nA\nB', { maxLength: 16, maxLines: 2 }).problem).toBeNull();
    const result = parseBulkLines('A\nB\nC', { maxLength: 16, maxLines: 2 });
    expect(result.problem).toEqual({ kind: 'keywordExceededLimit', count: 3, max: 2 });
    expect(canApplyBulk(result)).toBe(false);
  });

  it('has no line limit in apply-and-download mode, and nothing to apply when every line is blank', () => {
    expect(parseBulkLines('A\nB\nC', { maxLength: 16, maxLines: null }).problem).toBeNull();
    expect(canApplyBulk(parseBulkLines(' \n\t\n', { maxLength: 16, maxLines: 5 }))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { amendmentDeadline } from './financial-year';

describe('amendmentDeadline (s.37(3))', () => {
  it('is 30 November after the financial year ends', () => {
    expect(amendmentDeadline('2024-25')).toBe('2025-11-30');
    expect(amendmentDeadline('2025-26')).toBe('2026-11-30');
  });
  it('answers null for a malformed year', () => {
    expect(amendmentDeadline('2024')).toBeNull();
  });
});

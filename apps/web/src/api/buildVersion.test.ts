import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBuildVersion } from './buildVersion';
import { readStore } from './storage';

describe('applyBuildVersion (spec core §4)', () => {
  beforeEach(() => localStorage.clear());

  it('stores the first version without reloading', () => {
    const reload = vi.fn();
    expect(applyBuildVersion('1.0.0', reload)).toBe(false);
    expect(readStore('buildVersion')).toBe('1.0.0');
    expect(reload).not.toHaveBeenCalled();
  });

  it('stores a different version and reloads once', () => {
    const reload = vi.fn();
    applyBuildVersion('1.0.0', reload);
    expect(applyBuildVersion('1.1.0', reload)).toBe(true);
    expect(applyBuildVersion('1.1.0', reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readStore('buildVersion')).toBe('1.1.0');
  });
});

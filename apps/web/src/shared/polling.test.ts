import { describe, expect, it } from 'vitest';
import { pollIntervalMs } from './polling';

describe('polling', () => {
  it('polls at poolingTime seconds, never faster than one second', () => {
    expect(pollIntervalMs(5)).toBe(5000);
    expect(pollIntervalMs(undefined)).toBe(5000);
    expect(pollIntervalMs(0)).toBe(5000);
  });
});

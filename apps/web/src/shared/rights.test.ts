import { describe, expect, it } from 'vitest';
import type { RightItem } from '@opengst/contracts';
import { parseDdMmYyyy, rightStateOf, routeRightState } from './rights';

const today = new Date(2026, 10, 20, 15, 30);
const item = (overrides: Partial<RightItem> = {}): RightItem => ({
  rightId: 'ImportView',
  hasAccess: true,
  trialExpiry: null,
  isBlocked: false,
  isPremium: false,
  isHidden: false,
  ...overrides,
});

describe('rights (spec core §6)', () => {
  it('parses DD-MM-YYYY and rejects impossible dates', () => {
    expect(parseDdMmYyyy('20-11-2026')).toEqual(new Date(2026, 10, 20));
    expect(parseDdMmYyyy('31-02-2026')).toBeNull();
    expect(parseDdMmYyyy('2026-11-20')).toBeNull();
  });

  it('names the reason a right is denied', () => {
    expect(rightStateOf([], 'ImportView', today)).toBe('notSubscribed');
    expect(rightStateOf([item({ hasAccess: false })], 'ImportView', today)).toBe('noAccess');
    expect(rightStateOf([item({ trialExpiry: '19-11-2026' })], 'ImportView', today)).toBe('trialExpired');
    expect(rightStateOf([item({ isBlocked: true, hasAccess: false })], 'ImportView', today)).toBe('blocked');
  });

  it('keeps a trial valid through its expiry day', () => {
    expect(rightStateOf([item({ trialExpiry: '20-11-2026' })], 'ImportView', today)).toBe('granted');
    expect(rightStateOf([item({ trialExpiry: '21-11-2026' })], 'ImportView', today)).toBe('granted');
  });

  it('grants a route when any listed right is granted', () => {
    expect(routeRightState([item()], ['EntityView', 'ImportView'], today)).toBe('granted');
    expect(routeRightState([], [], today)).toBe('granted');
    expect(routeRightState([item({ hasAccess: false })], ['ImportView', 'EntityView'], today)).toBe('noAccess');
  });
});

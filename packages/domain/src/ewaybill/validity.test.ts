import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cappedValidity,
  checkEwaybillDistance,
  checkEwaybillExtension,
  ewaybillValidityDays,
  ewaybillValidUntil,
  isDocumentTooOldForEwaybill,
} from './index';

// Rule 138(10) (Notification 94/2020-CT), its extension proviso and the 2025 age rules, at their boundaries, on
// India's clock.

const ist = (local: string) => new Date(`${local}+05:30`);

describe('ewaybillValidUntil', () => {
  it('gives one day per 200 km or part, each ending at midnight of the day after (Explanation 2)', () => {
    const generatedAt = ist('2025-03-10T10:00:00');
    expect(ewaybillValidUntil({ generatedAt, distanceKm: 0 })).toEqual(ist('2025-03-11T23:59:59'));
    expect(ewaybillValidUntil({ generatedAt, distanceKm: 200 })).toEqual(ist('2025-03-11T23:59:59'));
    expect(ewaybillValidUntil({ generatedAt, distanceKm: 201 })).toEqual(ist('2025-03-12T23:59:59'));
    expect(ewaybillValidUntil({ generatedAt, distanceKm: 1000 })).toEqual(ist('2025-03-15T23:59:59'));
  });

  it('gives over-dimensional cargo one day per 20 km or part', () => {
    const generatedAt = ist('2025-03-10T10:00:00');
    expect(ewaybillValidUntil({ generatedAt, distanceKm: 20, isOverDimensionalCargo: true })).toEqual(ist('2025-03-11T23:59:59'));
    expect(ewaybillValidUntil({ generatedAt, distanceKm: 21, isOverDimensionalCargo: true })).toEqual(ist('2025-03-12T23:59:59'));
  });

  it('counts the day of generation on India’s clock: 23:30 IST on the 10th is still the 10th, 00:10 IST the 11th', () => {
    expect(ewaybillValidUntil({ generatedAt: new Date('2025-03-10T18:00:00Z'), distanceKm: 100 })).toEqual(ist('2025-03-11T23:59:59'));
    expect(ewaybillValidUntil({ generatedAt: new Date('2025-03-10T18:40:00Z'), distanceKm: 100 })).toEqual(ist('2025-03-12T23:59:59'));
    // Across a month's and a leap year's end.
    expect(ewaybillValidUntil({ generatedAt: ist('2024-02-28T09:00:00'), distanceKm: 250 })).toEqual(ist('2024-03-01T23:59:59'));
  });

  it('grows by a day exactly when the distance passes a multiple of the day’s km', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4000 }),
        (km) => ewaybillValidityDays(km) === Math.ceil(km / 200) && ewaybillValidityDays(km, true) === Math.ceil(km / 20),
      ),
    );
    expect(() => ewaybillValidityDays(-1)).toThrow(RangeError);
  });
});

describe('checkEwaybillExtension', () => {
  const generatedAt = ist('2025-03-10T10:00:00');
  const validUntil = ist('2025-03-11T23:59:59');
  it('allows it from eight hours before the validity ends to eight hours after', () => {
    expect(checkEwaybillExtension({ generatedAt, validUntil, at: ist('2025-03-11T15:59:59') })).toMatchObject({
      allowed: false,
      reason: 'beforeWindow',
    });
    expect(checkEwaybillExtension({ generatedAt, validUntil, at: ist('2025-03-11T16:00:00') }).allowed).toBe(true);
    expect(checkEwaybillExtension({ generatedAt, validUntil, at: ist('2025-03-12T08:00:00') }).allowed).toBe(true);
    expect(checkEwaybillExtension({ generatedAt, validUntil, at: ist('2025-03-12T08:00:01') })).toMatchObject({
      allowed: false,
      reason: 'afterWindow',
    });
  });

  it('refuses it 360 days after the generation from 2025, and cuts a longer validity there', () => {
    const old = ist('2025-01-05T10:00:00');
    const end = ist('2025-12-31T23:59:59');
    expect(checkEwaybillExtension({ generatedAt: old, validUntil: end, at: ist('2026-01-01T02:00:00') })).toMatchObject({
      allowed: false,
      reason: 'over360Days',
    });
    expect(
      checkEwaybillExtension({ generatedAt: old, validUntil: ist('2025-12-30T23:59:59'), at: ist('2025-12-30T20:00:00') }).allowed,
    ).toBe(true);
    expect(cappedValidity(old, ist('2026-01-03T23:59:59'), ist('2025-12-30T20:00:00'))).toEqual(ist('2025-12-31T23:59:59'));
    expect(cappedValidity(old, ist('2025-12-20T23:59:59'), ist('2025-12-18T20:00:00'))).toEqual(ist('2025-12-20T23:59:59'));
    // Before 2025 there was no cap.
    expect(cappedValidity(ist('2023-12-01T10:00:00'), ist('2024-12-31T23:59:59'), ist('2024-12-31T20:00:00'))).toEqual(
      ist('2024-12-31T23:59:59'),
    );
  });
});

describe('isDocumentTooOldForEwaybill', () => {
  it('refuses a document dated more than 180 days before, from 1 January 2025', () => {
    const at = ist('2025-07-01T10:00:00');
    expect(isDocumentTooOldForEwaybill('2025-01-02', at)).toBe(false);
    expect(isDocumentTooOldForEwaybill('2025-01-01', at)).toBe(true);
    expect(isDocumentTooOldForEwaybill('2024-06-01', ist('2024-12-31T10:00:00'))).toBe(false);
  });
});

describe('checkEwaybillDistance', () => {
  it('takes up to 10% over the PIN-to-PIN distance, 100 km between equal PINs, 4,000 km at most, and 0 for the portal to fill', () => {
    expect(checkEwaybillDistance({ enteredKm: 110, pinToPinKm: 100, samePin: false })).toEqual({ ok: true, maxKm: 110 });
    expect(checkEwaybillDistance({ enteredKm: 111, pinToPinKm: 100, samePin: false })).toEqual({
      ok: false,
      maxKm: 110,
      reason: 'overPinDistance',
    });
    expect(checkEwaybillDistance({ enteredKm: 101, pinToPinKm: null, samePin: true })).toEqual({
      ok: false,
      maxKm: 100,
      reason: 'samePin',
    });
    expect(checkEwaybillDistance({ enteredKm: 4001, pinToPinKm: null, samePin: false })).toEqual({
      ok: false,
      maxKm: 4000,
      reason: 'overMaximum',
    });
    expect(checkEwaybillDistance({ enteredKm: 4000, pinToPinKm: 3900, samePin: false })).toEqual({ ok: true, maxKm: 4000 });
    expect(checkEwaybillDistance({ enteredKm: 0, pinToPinKm: 500, samePin: false }).ok).toBe(true);
    expect(checkEwaybillDistance({ enteredKm: 12.5, pinToPinKm: 500, samePin: false })).toMatchObject({
      ok: false,
      reason: 'notADistance',
    });
  });
});

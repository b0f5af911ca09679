import { describe, expect, it } from 'vitest';
import { imsRemarksAllowed, recommendImsAction } from './ims-recommendation';
import { RECONCILE_STATUSES } from './types';

describe('recommendImsAction', () => {
  const free = { isPendingActionBlocked: false };
  const blocked = { isPendingActionBlocked: true };

  it('accepts what matches the books, keeps near and differing records pending, rejects what is not ours', () => {
    expect(recommendImsAction('Matched', free)?.action).toBe('Accept');
    expect(recommendImsAction('Matched due to tolerance', free)?.action).toBe('Accept');
    expect(recommendImsAction('Near matched', free)?.action).toBe('Pending');
    expect(recommendImsAction('Mismatched', free)?.action).toBe('Pending');
    expect(recommendImsAction('GST only', free)?.action).toBe('Reject');
    expect(recommendImsAction('Recipient GSTIN differs', free)).toMatchObject({
      action: 'Reject',
      reason: expect.stringContaining('16(2)(aa)'),
    });
    expect(recommendImsAction('Discarded', free)?.action).toBe('Reject');
  });

  it('never recommends Pending where the portal does not allow it', () => {
    for (const status of RECONCILE_STATUSES) expect(recommendImsAction(status, blocked)?.action).not.toBe('Pending');
    expect(recommendImsAction('Mismatched', blocked)).toMatchObject({ action: 'Reject', reason: expect.stringContaining('not allowed') });
  });

  it('has nothing to recommend for rows without a supplier record', () => {
    expect(recommendImsAction('PR only', free)).toBeNull();
    expect(recommendImsAction('Excluded', free)).toBeNull();
  });

  it('gives every status with a supplier record a reason in words', () => {
    for (const status of RECONCILE_STATUSES) {
      const r = recommendImsAction(status, free);
      if (r) expect(r.reason.length).toBeGreaterThan(10);
    }
  });
});

describe('imsRemarksAllowed', () => {
  it('allows remarks from the October 2025 period only', () => {
    expect(imsRemarksAllowed('092025')).toBe(false);
    expect(imsRemarksAllowed('102025')).toBe(true);
    expect(imsRemarksAllowed('012026')).toBe(true);
    expect(imsRemarksAllowed('122024')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { checkIrnCancel } from './cancel';

const ACK = new Date('2026-11-20T04:30:00Z'); // 20/11/2026 10:00 IST
const at = (hours: number) => new Date(ACK.getTime() + hours * 3_600_000);

describe('checkIrnCancel', () => {
  it('allows a cancellation up to 24 hours after the acknowledgement, and refuses it after with 2270', () => {
    expect(checkIrnCancel({ ackAt: ACK, liveEwbNumber: null, at: at(0) })).toEqual({ allowed: true });
    expect(checkIrnCancel({ ackAt: ACK, liveEwbNumber: null, at: at(24) })).toEqual({ allowed: true });
    const late = checkIrnCancel({ ackAt: ACK, liveEwbNumber: null, at: new Date(at(24).getTime() + 1000) });
    expect(late).toEqual({
      allowed: false,
      code: '2270',
      reason:
        'An IRN may be cancelled within 24 hours of its acknowledgement, until 21/11/2026, 10:00 IST; after that issue a credit note or amend the invoice in GSTR-1.',
    });
  });

  it('refuses while an e-way bill of the document is live (2230)', () => {
    const check = checkIrnCancel({ ackAt: ACK, liveEwbNumber: '181000000042', at: at(1) });
    expect(check).toMatchObject({ allowed: false, code: '2230' });
    expect(check.allowed ? '' : check.reason).toContain('E-way bill 181000000042');
  });
});

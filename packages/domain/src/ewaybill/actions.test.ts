import { describe, expect, it } from 'vitest';
import { checkEwaybillAction, ewaybillActions, type EwaybillActionInput } from './actions';
import { ewaybillValidUntil } from './validity';

// The legal windows of an e-way bill's actions at their boundaries: cancel 24 h (Rule 138(9)), reject 72 h (Rule
// 138(12)), extension 8 h either side of expiry and 360 days (Rule 138(10); from 1 January 2025), Part B within validity.

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Generated 28-11-2026 10:00 IST for 350 km: valid two days, to 30-11-2026 23:59:59 IST. */
const generatedAt = new Date('2026-11-28T04:30:00Z');
const validUntil = ewaybillValidUntil({ generatedAt, distanceKm: 350 });
const at = (ms: number) => new Date(generatedAt.getTime() + ms);
const base: EwaybillActionInput = {
  state: 'Active',
  generatedAt,
  validUntil,
  transportMode: '1',
  hasTransporter: false,
  party: 'Generator',
  at: at(HOUR),
};
const check = (action: Parameters<typeof checkEwaybillAction>[0], input: Partial<EwaybillActionInput>) =>
  checkEwaybillAction(action, { ...base, ...input });

describe('checkEwaybillAction', () => {
  it('cancels within 24 hours of generation, by the generator only (Rule 138(9))', () => {
    expect(check('cancel', { at: at(24 * HOUR) })).toEqual({ allowed: true });
    expect(check('cancel', { at: at(24 * HOUR + MINUTE) })).toEqual({
      allowed: false,
      reason: 'An e-way bill may be cancelled within 24 hours of generation, until 29/11/2026, 10:00 IST (Rule 138(9)).',
    });
    expect(check('cancel', { party: 'Transporter' }).allowed).toBe(false);
  });

  it('rejects within 72 hours, by the other party only (Rule 138(12))', () => {
    expect(check('reject', { party: 'Recipient', at: at(72 * HOUR) })).toEqual({ allowed: true });
    const late = check('reject', { party: 'Recipient', at: at(72 * HOUR + MINUTE) });
    expect(late).toEqual({
      allowed: false,
      reason: 'It could be rejected within 72 hours, until 01/12/2026, 10:00 IST; after that it is deemed accepted (Rule 138(12)).',
    });
    expect(check('reject', { party: 'Generator' }).allowed).toBe(false);
  });

  it('extends only eight hours either side of the end of validity, by the transporter once one is assigned', () => {
    const end = validUntil.getTime() + 1000;
    expect(check('extend', { at: new Date(end - 8 * HOUR) })).toEqual({ allowed: true });
    expect(check('extend', { at: new Date(end + 8 * HOUR) })).toEqual({ allowed: true });
    const early = check('extend', { at: new Date(end - 8 * HOUR - MINUTE) });
    expect(early).toEqual({
      allowed: false,
      reason:
        'Validity may be extended from 30/11/2026, 16:00 IST to 01/12/2026, 08:00 IST, eight hours either side of its end (Rule 138(10)).',
    });
    expect(check('extend', { at: new Date(end + 8 * HOUR + MINUTE) }).allowed).toBe(false);
    expect(check('extend', { at: new Date(end), hasTransporter: true })).toEqual({
      allowed: false,
      reason: 'A transporter is assigned to this e-way bill: the transporter extends its validity.',
    });
    expect(check('extend', { at: new Date(end), hasTransporter: true, party: 'Transporter' })).toEqual({ allowed: true });
    expect(check('extend', { validUntil: null }).allowed).toBe(false);
  });

  it('refuses an extension 360 days after generation (from 1 January 2025)', () => {
    const old = new Date('2025-12-01T04:30:00Z');
    const lastDay = new Date('2026-11-26T18:29:59Z'); // 26-11-2026 23:59:59 IST: the 360th day's end
    expect(check('extend', { generatedAt: old, validUntil: lastDay, at: new Date(lastDay.getTime() + HOUR) })).toEqual({
      allowed: false,
      reason: 'No e-way bill may be valid beyond 360 days from its generation (from 1 January 2025).',
    });
  });

  it('updates the vehicle and transporter while valid (a Part-A slip too), not after expiry', () => {
    expect(check('updateVehicle', { at: validUntil })).toEqual({ allowed: true });
    expect(check('updateVehicle', { at: new Date(validUntil.getTime() + 1000) }).allowed).toBe(false);
    expect(check('updateTransporter', { validUntil: null, transportMode: null, at: at(20 * 24 * HOUR) })).toEqual({ allowed: true });
    expect(check('updateVehicle', { party: 'Recipient' }).allowed).toBe(false);
  });

  it('consolidates and changes vehicles only for a live movement by road', () => {
    expect(check('consolidate', {})).toEqual({ allowed: true });
    expect(check('consolidate', { transportMode: '2' })).toEqual({
      allowed: false,
      reason: 'Only e-way bills moving by road are consolidated into one conveyance.',
    });
    expect(check('multiVehicle', { transportMode: '3' }).allowed).toBe(false);
    expect(check('multiVehicle', { at: new Date(validUntil.getTime() + 1000) }).allowed).toBe(false);
  });

  it('offers nothing on a cancelled, rejected, delivered or discarded e-way bill, saying why', () => {
    expect(check('updateVehicle', { state: 'Cancelled' })).toEqual({ allowed: false, reason: 'The e-way bill is cancelled.' });
    expect(check('cancel', { state: 'Rejected' })).toEqual({ allowed: false, reason: 'The e-way bill was rejected by the other party.' });
    expect(check('extend', { state: 'Delivered' })).toEqual({ allowed: false, reason: 'The goods are delivered.' });
    expect(Object.values(ewaybillActions({ ...base, state: 'Discarded' })).every((c) => !c.allowed)).toBe(true);
  });
});

// The reconciliation's claim periods as ITC decisions of one return (Circular 170/02/2022-GST): claimed in the month of
// its 2B, deferred (4B(2)) to a later claim period, reclaimed (4A(5), 4D(1)) in the claim period's return.
import { describe, expect, it } from 'vitest';
import { claimedElsewhere, decisionsOf, type DecidedRow } from './inward-inputs.queries';

const AUGUST = ['082025'];
const periods = new Map([
  [11, '082025'],
  [12, '072025'],
]);
const row = (fields: Partial<DecidedRow>): DecidedRow => ({
  purchaseIds: [1],
  portalIds: [11],
  action: null,
  claimPeriod: null,
  ...fields,
});

describe('decisionsOf', () => {
  it('claims a pair whose 2B is of the month and claimed in it', () => {
    expect(decisionsOf([row({ claimPeriod: '082025' })], AUGUST, (id) => periods.get(id))).toEqual([
      { documentId: 1, portalId: 11, action: 'claim' },
    ]);
  });

  it('defers a pair of the month claimed in a later period', () => {
    expect(decisionsOf([row({ claimPeriod: '102025' })], AUGUST, (id) => periods.get(id))).toEqual([
      { documentId: 1, portalId: 11, action: 'defer' },
    ]);
  });

  it("reclaims, in the claim period's return, a pair whose 2B is of an earlier month", () => {
    expect(decisionsOf([row({ portalIds: [12], claimPeriod: '082025' })], AUGUST, (id) => periods.get(id))).toEqual([
      { documentId: 1, portalId: 12, action: 'reclaim' },
    ]);
    // ... and the return of its own month (July) defers it.
    expect(decisionsOf([row({ portalIds: [12], claimPeriod: '082025' })], ['072025'], (id) => periods.get(id))).toEqual([
      { documentId: 1, portalId: 12, action: 'defer' },
    ]);
  });

  it('names no books document when the row pairs several, and says nothing of a rejected pair without a claim period', () => {
    expect(
      decisionsOf([row({ purchaseIds: [1, 2], claimPeriod: '082025' }), row({ action: 'Reject' })], AUGUST, (id) => periods.get(id)),
    ).toEqual([{ documentId: null, portalId: 11, action: 'claim' }]);
  });

  it("claims a pair the reconciliation made, with no claim period, with its 2B record of the month (the purchase is the record's)", () => {
    const get = (id: number) => periods.get(id);
    expect(decisionsOf([row({})], AUGUST, get)).toEqual([{ documentId: 1, portalId: 11, action: 'claim' }]);
    expect(decisionsOf([row({ action: 'Accept' })], AUGUST, get)).toEqual([{ documentId: 1, portalId: 11, action: 'claim' }]);
    // Not a record of another month, a pending one, or several documents on a side.
    expect(decisionsOf([row({ portalIds: [12] })], AUGUST, get)).toEqual([]);
    expect(decisionsOf([row({ action: 'Pending' })], AUGUST, get)).toEqual([]);
    expect(decisionsOf([row({ purchaseIds: [1, 2] }), row({ portalIds: [11, 12] })], AUGUST, get)).toEqual([]);
  });

  it('takes a quarter (QRMP) as one return: any of its months', () => {
    const quarter = ['072025', '082025', '092025'];
    expect(decisionsOf([row({ portalIds: [12], claimPeriod: '092025' })], quarter, (id) => periods.get(id))).toEqual([
      { documentId: 1, portalId: 12, action: 'claim' },
    ]);
  });
});

describe('claimedElsewhere', () => {
  it('lists the documents a claim in the return names, to be read with the months', () => {
    expect(claimedElsewhere([row({ portalIds: [12], claimPeriod: '082025' }), row({ claimPeriod: '102025' })], AUGUST)).toEqual({
      purchaseIds: [1],
      portalIds: [12],
    });
  });
});

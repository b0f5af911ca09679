import { describe, expect, it } from 'vitest';
import { ewaybillReasonName } from './reasons';

describe('ewaybillReasonName', () => {
  it('names each code of NIC’s lists by the action it was given with', () => {
    expect((['1', '2', '3', '4'] as const).map((c) => ewaybillReasonName('VEHEWB', c))).toEqual([
      'Due to Break Down',
      'Due to Transhipment',
      'Others',
      'First Time',
    ]);
    expect((['1', '2', '3', '4'] as const).map((c) => ewaybillReasonName('CANEWB', c))).toEqual([
      'Duplicate',
      'Order Cancelled',
      'Data Entry mistake',
      'Others',
    ]);
    expect([1, 2, 4, 5, 99].map((c) => ewaybillReasonName('EXTENDVALIDITY', c))).toEqual([
      'Natural Calamity',
      'Law and Order Situation',
      'Transhipment',
      'Accident',
      'Others',
    ]);
    // The same code means different things in different lists.
    expect(ewaybillReasonName('CANEWB', '2')).not.toBe(ewaybillReasonName('VEHEWB', '2'));
    expect(ewaybillReasonName('MULTIVEHUPD', '1')).toBe('Due to Break Down');
    expect(ewaybillReasonName('REGENTRIPSHEET', '2')).toBe('Due to Transhipment');
  });

  it('answers null without a code or for an action without reasons, and flags a code outside the list', () => {
    expect(ewaybillReasonName('VEHEWB', null)).toBeNull();
    expect(ewaybillReasonName('GENEWAYBILL', '1')).toBeNull();
    expect(ewaybillReasonName('EXTENDVALIDITY', '3')).toBe("3 (not a code of NIC's list)");
  });
});

import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/calendar';
import { RATE_SLABS, rateStatusOn } from '../tax/rates';
import {
  B2CL_THRESHOLDS,
  type DatedThreshold,
  EINVOICE_REPORTING_LIMITS,
  EINVOICE_THRESHOLDS,
  EWAYBILL_THRESHOLDS,
  thresholdOn,
} from './thresholds';
import { isEinvoiceRequired } from './validate-document';

const tables: [string, readonly DatedThreshold[]][] = [
  ['B2CL', B2CL_THRESHOLDS],
  ['e-invoice', EINVOICE_THRESHOLDS],
  ['e-invoice window', EINVOICE_REPORTING_LIMITS],
  ['e-way bill', EWAYBILL_THRESHOLDS],
];

describe('every dated threshold, on both sides of its dates', () => {
  for (const [name, table] of tables) {
    it(`${name}: each entry applies from effectiveFrom to effectiveTo and not outside`, () => {
      for (const t of table) {
        expect(thresholdOn(table, t.effectiveFrom)).toBe(t.abovePaise);
        expect(thresholdOn(table, addDays(t.effectiveFrom, -1))).not.toBe(t.abovePaise);
        if (t.effectiveTo) {
          expect(thresholdOn(table, t.effectiveTo)).toBe(t.abovePaise);
          expect(thresholdOn(table, addDays(t.effectiveTo, 1))).not.toBe(t.abovePaise);
        }
        expect(t.source.length).toBeGreaterThan(10);
      }
    });
  }
  it('e-invoice: required strictly above each threshold, on its first and last day', () => {
    for (const t of EINVOICE_THRESHOLDS) {
      for (const day of [t.effectiveFrom, t.effectiveTo ?? '2099-12-31']) {
        expect(isEinvoiceRequired('INV', day, t.abovePaise, true)).toBe(false);
        expect(isEinvoiceRequired('INV', day, t.abovePaise + 1, true)).toBe(true);
      }
    }
    expect(isEinvoiceRequired('BIL', '2024-01-01', 1e15, true)).toBe(false);
    expect(isEinvoiceRequired('INV', '2024-01-01', undefined, true)).toBe(false);
  });
  it('rate slabs: in force from effectiveFrom to effectiveTo', () => {
    for (const s of RATE_SLABS) {
      expect(rateStatusOn(s.milliPercent, s.effectiveFrom)).toBe(s.restricted ? 'restricted' : 'valid');
      if (s.effectiveTo) {
        expect(rateStatusOn(s.milliPercent, s.effectiveTo)).toBe(s.restricted ? 'restricted' : 'valid');
        const successor = RATE_SLABS.find(
          (o) => o !== s && o.milliPercent === s.milliPercent && o.effectiveFrom === addDays(s.effectiveTo!, 1),
        );
        expect(rateStatusOn(s.milliPercent, addDays(s.effectiveTo, 1))).toBe(
          successor ? (successor.restricted ? 'restricted' : 'valid') : 'invalid',
        );
      }
      const predecessor = RATE_SLABS.find(
        (o) => o !== s && o.milliPercent === s.milliPercent && o.effectiveTo === addDays(s.effectiveFrom, -1),
      );
      if (!predecessor) expect(rateStatusOn(s.milliPercent, addDays(s.effectiveFrom, -1))).toBe('invalid');
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPE_CODES } from '../codes/document-types';
import { sectionOf } from '../gstr1/classify';
import {
  type Correction,
  type CorrectionReturn,
  GSTR1_DOCUMENT_TYPES,
  hasGstr1a,
  mayReportCorrection,
  placeOfCorrection,
  takesCorrection,
} from './corrections';

const gstr1 = (returnPeriod: string): CorrectionReturn => ({ returnType: 'GSTR1', returnPeriod });
const gstr1a = (returnPeriod: string): CorrectionReturn => ({ returnType: 'GSTR1A', returnPeriod });
/** October 2026's GSTR-1 reported the document; it changed since. */
const amended = (patch: Partial<Correction> = {}): Correction => ({ of: gstr1('102026'), gstr1aFiled: false, heldBy: null, ...patch });

describe('GSTR-1A periods (Notification 12/2024-CT)', () => {
  it('exist from July 2024', () => {
    expect(hasGstr1a('062024')).toBe(false);
    expect(hasGstr1a('072024')).toBe(true);
    expect(hasGstr1a('012025')).toBe(true);
  });
});

describe('which returns may report a correction', () => {
  it("the GSTR-1A of the GSTR-1's own period, while it is not filed, and any later GSTR-1", () => {
    const c = amended();
    expect(mayReportCorrection(gstr1a('102026'), c)).toBe(true);
    expect(mayReportCorrection(gstr1a('112026'), c)).toBe(false);
    expect(mayReportCorrection(gstr1a('102026'), amended({ gstr1aFiled: true }))).toBe(false);
    expect(mayReportCorrection(gstr1('112026'), c)).toBe(true);
    expect(mayReportCorrection(gstr1('032027'), c)).toBe(true);
    expect(mayReportCorrection(gstr1('102026'), c)).toBe(false);
    expect(mayReportCorrection(gstr1('092026'), c)).toBe(false);
  });
  it('not a GSTR-1A before July 2024: only a later GSTR-1', () => {
    const june = amended({ of: gstr1('062024') });
    expect(mayReportCorrection(gstr1a('062024'), june)).toBe(false);
    expect(mayReportCorrection(gstr1('072024'), june)).toBe(true);
  });
  it('a record a filed GSTR-1A reported is amended in a later GSTR-1 only (once per period)', () => {
    const c = amended({ of: gstr1a('102026'), gstr1aFiled: true });
    expect(mayReportCorrection(gstr1a('102026'), c)).toBe(false);
    expect(mayReportCorrection(gstr1('112026'), c)).toBe(true);
  });
  it('compares periods in time across calendar years', () => {
    const december = amended({ of: gstr1('122026') });
    expect(mayReportCorrection(gstr1('012027'), december)).toBe(true);
    expect(mayReportCorrection(gstr1('112026'), december)).toBe(false);
  });
});

describe('exactly one return reports a correction', () => {
  it('the first return generated with it holds it; the others leave it out', () => {
    const byGstr1a = amended({ heldBy: gstr1a('102026') });
    expect(takesCorrection(gstr1a('102026'), byGstr1a)).toBe(true);
    expect(takesCorrection(gstr1('112026'), byGstr1a)).toBe(false);
    const byNovember = amended({ heldBy: gstr1('112026') });
    expect(takesCorrection(gstr1a('102026'), byNovember)).toBe(false);
    expect(takesCorrection(gstr1('112026'), byNovember)).toBe(true);
    expect(takesCorrection(gstr1('122026'), byNovember)).toBe(false);
  });
  it('while none holds it, any return that may report it takes it', () => {
    expect(takesCorrection(gstr1a('102026'), amended())).toBe(true);
    expect(takesCorrection(gstr1('112026'), amended())).toBe(true);
  });

  const period = fc
    .tuple(fc.integer({ min: 2024, max: 2027 }), fc.integer({ min: 1, max: 12 }))
    .map(([y, m]) => `${String(m).padStart(2, '0')}${y}`);
  const target = fc.tuple(fc.constantFrom<'GSTR1' | 'GSTR1A'>('GSTR1', 'GSTR1A'), period).map(([returnType, returnPeriod]) => ({
    returnType,
    returnPeriod,
  }));
  it('once a return holds it, no other return takes it (property)', () => {
    fc.assert(
      fc.property(target, target, target, fc.boolean(), (of, holder, other, gstr1aFiled) => {
        const c: Correction = { of, gstr1aFiled, heldBy: null };
        fc.pre(mayReportCorrection(holder, c));
        const held = { ...c, heldBy: holder };
        const takers = [holder, other].filter((t) => takesCorrection(t, held));
        expect(takers.every((t) => t.returnType === holder.returnType && t.returnPeriod === holder.returnPeriod)).toBe(true);
        expect(takesCorrection(holder, held)).toBe(true);
      }),
    );
  });
});

describe('placeOfCorrection: what the screens say', () => {
  it('names the holder', () => {
    expect(placeOfCorrection(amended({ heldBy: gstr1('112026') }))).toEqual({ held: gstr1('112026') });
  });
  it('offers the GSTR-1A while it may still take it, else only a later GSTR-1', () => {
    expect(placeOfCorrection(amended())).toEqual({ open: { gstr1a: gstr1a('102026') } });
    expect(placeOfCorrection(amended({ gstr1aFiled: true }))).toEqual({ open: { gstr1a: null } });
    expect(placeOfCorrection(amended({ of: gstr1('062024') }))).toEqual({ open: { gstr1a: null } });
  });
});

describe('GSTR1_DOCUMENT_TYPES', () => {
  it("are exactly the types the builder's sectionOf places in a document table", () => {
    const placed = DOCUMENT_TYPE_CODES.filter(
      (documentType) =>
        sectionOf(
          {
            documentType,
            documentNumber: 'X',
            documentDate: '2026-10-01',
            counterpartyGstin: '',
            placeOfSupply: '29',
            documentValue: 1,
            items: [],
          },
          '29',
        ) !== null,
    );
    expect([...placed].sort()).toEqual([...GSTR1_DOCUMENT_TYPES].sort());
  });
});

// Properties of buildGstr3b over generated documents: every outward document is in exactly one figure of 3.1/3.1.1 or
// excluded with a reason, and each figure is the signed sum of its documents; table 4 adds up (4C = 4A − 4B) and never
// shows a figure below zero except 4C; every GSTR-2B record of the period is in a figure or excluded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentSign } from '../codes/document-types';
import type { Gstr1Item } from '../gstr1/types';
import { buildGstr3b } from './build';
import { TAX_HEADS } from './set-off';
import { GSTIN } from './test-support';
import type { Gstr3bFigure, Gstr3bOutwardDocument, Gstr3bPortalRecord, ItcDecision } from './types';

const paise = fc.integer({ min: 0, max: 5_000_000 });
const item: fc.Arbitrary<Gstr1Item> = fc.record({
  rate: fc.constantFrom(0, 5000, 12000, 18000, 28000),
  taxable: paise,
  igst: paise,
  cgst: paise,
  sgst: paise,
  cess: fc.constantFrom(0, 0, 1234),
});
const items = fc.array(item, { minLength: 1, maxLength: 3 });

const outwardDocument = fc.record({
  documentType: fc.constantFrom('INV', 'INV', 'CRN', 'DBN', 'BIL', 'RV', 'CHL'),
  supplyType: fc.constantFrom(null, 'B2B', 'B2C', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP'),
  counterpartyGstin: fc.constantFrom('', 'URP', '29AAACR5055K1Z5', '27AAACT2727Q1ZW', '0717USA00001UN5'),
  placeOfSupply: fc.constantFrom(null, '29', '27', '33'),
  isReverseCharge: fc.boolean(),
  isCompositionRecipient: fc.boolean(),
  section95: fc.constantFrom(null, null, 'supplier', 'operator'),
  returnPeriod: fc.constantFrom(null, '072025', '062025'),
  form: fc.constantFrom(null, 'GSTR1', 'GSTR1A'),
  documentValue: fc.integer({ min: 0, max: 30_000_000 }),
  items,
  amendment: fc.option(
    fc.record({ documentNumber: fc.constant('A-1'), documentDate: fc.constant('2025-05-02'), items: fc.option(items, { nil: null }) }),
    {
      nil: null,
    },
  ),
});

const documentsOf = (docs: readonly Omit<Gstr3bOutwardDocument, 'id' | 'documentNumber' | 'documentDate'>[]): Gstr3bOutwardDocument[] =>
  docs.map((d, i) => ({ ...d, id: i + 1, documentNumber: `S-${i + 1}`, documentDate: '2025-07-10' }));

const total = (its: readonly Gstr1Item[] | null | undefined) => {
  const t = { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };
  for (const it of its ?? []) for (const k of ['taxable', 'igst', 'cgst', 'sgst', 'cess'] as const) t[k] += it[k];
  return t;
};

/** The figure's net before populating: what it shows less what it left out. */
const netOf = (f: Gstr3bFigure, k: 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess') =>
  (k === 'taxable' ? (f.taxable ?? 0) : f[k]) - (f.notPopulated?.[k] ?? 0);

describe('buildGstr3b properties: outward documents', () => {
  it('puts every document in exactly one figure of 3.1 or 3.1.1, or lists it as excluded with a reason', () => {
    fc.assert(
      fc.property(fc.array(outwardDocument, { maxLength: 25 }), (docs) => {
        const documents = documentsOf(docs);
        const r = buildGstr3b({ gstin: GSTIN, period: '072025', frequency: 'monthly', outward: { documents } });
        const figures = [...Object.values(r.table31), ...Object.values(r.table311)];
        for (const d of documents) {
          const inFigures = figures.reduce((n, f) => n + f.sources.documentIds.filter((id) => id === d.id).length, 0);
          const exclusions = r.excluded.filter((e) => e.documentId === d.id);
          expect(inFigures + exclusions.length, `document ${d.id}`).toBe(1);
          for (const e of exclusions) expect(e.reason.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('makes each figure the signed sum of its documents, a net below zero shown as zero and kept in notPopulated', () => {
    fc.assert(
      fc.property(fc.array(outwardDocument, { maxLength: 25 }), (docs) => {
        const documents = documentsOf(docs);
        const byId = new Map(documents.map((d) => [d.id, d]));
        const r = buildGstr3b({ gstin: GSTIN, period: '072025', frequency: 'monthly', outward: { documents } });
        const check = (f: Gstr3bFigure, keys: readonly ('taxable' | 'igst' | 'cgst' | 'sgst' | 'cess')[]) => {
          for (const k of keys) {
            let sum = 0;
            for (const id of f.sources.documentIds) {
              const d = byId.get(id)!;
              sum += documentSign(d.documentType) * (total(d.items)[k] - (d.amendment ? total(d.amendment.items)[k] : 0));
            }
            expect(netOf(f, k)).toBe(sum);
            expect(k === 'taxable' ? (f.taxable ?? 0) : f[k]).toBeGreaterThanOrEqual(0);
          }
        };
        const all = ['taxable', 'igst', 'cgst', 'sgst', 'cess'] as const;
        check(r.table31.outwardTaxable, all);
        check(r.table31.zeroRated, all);
        check(r.table311.operatorPays, all);
        check(r.table31.nilExempt, ['taxable']);
        check(r.table311.throughOperator, ['taxable']);
      }),
    );
  });
});

const SECTIONS = ['b2b', 'b2ba', 'cdnr', 'cdnra', 'isd', 'isda', 'impg', 'impga', 'ecom'] as const;
const portalRecord = fc.record({
  returnPeriod: fc.constantFrom('072025', '072025', '062025'),
  section: fc.constantFrom(...SECTIONS),
  listing: fc.constantFrom(null, 'available', 'rejected', 'itcReversal'),
  documentType: fc.constantFrom('INV', 'CRN', 'DBN', 'BOE'),
  isReverseCharge: fc.boolean(),
  itcAvailability: fc.constantFrom(null, 'Y', 'N', 'T'),
  imsAction: fc.constantFrom(null, 'Accepted', 'Rejected', 'Pending', 'NoAction'),
  taxable: paise,
  igst: paise,
  cgst: paise,
  sgst: paise,
  cess: fc.constantFrom(0, 500),
  original: fc.option(fc.record({ taxable: paise, igst: paise, cgst: paise, sgst: paise, cess: fc.constant(0) }), { nil: null }),
});

const heads = fc.record({ igst: paise, cgst: paise, sgst: paise, cess: fc.constant(0) });
const decisionFor = (portalId: number): fc.Arbitrary<ItcDecision> =>
  fc.oneof(
    fc.constant<ItcDecision>({ action: 'claim', portalId }),
    fc.option(heads, { nil: null }).map((amount): ItcDecision => ({ action: 'defer', portalId, amount })),
    fc
      .tuple(
        fc.constantFrom('rule37', 'rule37A', 'temporary', 'section17(5)', 'rule38', 'rule42', 'rule43') as fc.Arbitrary<'rule37'>,
        fc.option(heads, { nil: null }),
      )
      .map(([reason, amount]): ItcDecision => ({ action: 'reverse', portalId, reason, amount })),
    fc.option(heads, { nil: null }).map((amount): ItcDecision => ({ action: 'reclaim', portalId, amount })),
    fc.constant<ItcDecision>({ action: 'ineligible', portalId, reason: 'section16(4)' }),
  );

describe('buildGstr3b properties: table 4', () => {
  it('adds up (4C = 4A − 4B), shows nothing below zero but 4C, and accounts for every GSTR-2B record of the period', () => {
    fc.assert(
      fc.property(
        fc.array(portalRecord, { maxLength: 20 }).chain((rs) => {
          const records: Gstr3bPortalRecord[] = rs.map((r, i) => ({ ...r, id: 100 + i }) as Gstr3bPortalRecord);
          const decided = fc.subarray(records.map((r) => r.id)).chain((ids) => fc.tuple(...ids.map(decisionFor)));
          return fc.tuple(fc.constant(records), decided);
        }),
        ([records, decisions]) => {
          const r = buildGstr3b({
            gstin: GSTIN,
            period: '072025',
            frequency: 'monthly',
            outward: { documents: [] },
            inward: { gstr2b: records, decisions },
          });
          const t4 = r.table4;
          const available = Object.values(t4.available);
          const reversed = [t4.reversed.rules, t4.reversed.others];
          for (const h of TAX_HEADS) {
            const a = available.reduce((s, f) => s + f[h], 0);
            const b = reversed.reduce((s, f) => s + f[h], 0);
            expect(t4.net[h]).toBe(a - b);
            for (const f of [...available, ...reversed, t4.reclaimed, t4.ineligible]) expect(f[h]).toBeGreaterThanOrEqual(0);
          }
          const placed = new Set(
            [...available, ...reversed, t4.reclaimed, t4.ineligible, r.table31.inwardReverseCharge].flatMap((f) => f.sources.portalIds),
          );
          for (const rec of records) {
            const excluded = r.excluded.some((e) => e.portalId === rec.id);
            if (rec.returnPeriod === '072025' || decisions.some((d) => d.portalId === rec.id))
              expect(placed.has(rec.id) || excluded, `record ${rec.id}`).toBe(true);
          }
        },
      ),
    );
  });
});

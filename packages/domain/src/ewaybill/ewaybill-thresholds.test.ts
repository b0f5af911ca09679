// isEwaybillRequired at the boundaries of Rule 138(1) and the States' dated intra-State limits.
import { describe, expect, it } from 'vitest';
import type { DocumentInput, DocumentItem } from '../documents/document-input';
import { gstinOf } from '../einvoice/fixtures/einvoice-cases';
import { EWAYBILL_STATE_THRESHOLDS, isEwaybillRequired } from './ewaybill-thresholds';

const RUPEE = 100;

/** A document of goods worth `valuePaise` with tax (one item at 0.25%, tax folded in so the value is exact). */
const docOf = (from: string, to: string, valuePaise: number, item: Partial<DocumentItem> = {}): DocumentInput => ({
  documentType: 'INV',
  documentNumber: 'A/1',
  documentDate: '2026-11-20',
  supplierGstin: gstinOf(`${from}AAGCB7383J1Z`),
  placeOfSupply: to,
  items: [
    {
      hsn: '8471',
      taxable: valuePaise - 100,
      ratePercent: 18,
      igst: from === to ? 0 : 100,
      cgst: from === to ? 50 : 0,
      sgst: from === to ? 50 : 0,
      ...item,
    },
  ],
});

const required = (
  d: DocumentInput,
  onDate = '2026-11-21',
  extra: Parameters<typeof isEwaybillRequired>[1] extends infer O ? Partial<O> : never = {},
) => isEwaybillRequired(d, { onDate, ...extra });

describe('Rule 138(1): above ₹50,000', () => {
  it('inter-State: required above ₹50,000 (not at it), in every State', () => {
    expect(required(docOf('29', '27', 50_000 * RUPEE))).toMatchObject({ required: false, abovePaise: 50_000 * RUPEE, basis: 'rule138' });
    expect(required(docOf('29', '27', 50_000 * RUPEE + 1))).toMatchObject({ required: true, consignmentValuePaise: 50_000 * RUPEE + 1 });
    // Delhi's ₹1 lakh is for movements within Delhi only.
    expect(required(docOf('07', '09', 60_000 * RUPEE))).toMatchObject({ required: true, basis: 'rule138' });
  });

  it('intra-State in a State without a higher limit here: ₹50,000', () => {
    expect(required(docOf('29', '29', 50_000 * RUPEE + 1))).toMatchObject({ required: true, basis: 'rule138' });
  });

  it('no e-way bills before 1 April 2018', () => {
    expect(required(docOf('29', '27', 90_000 * RUPEE), '2018-03-31')).toMatchObject({ required: false, basis: 'beforeEwaybill' });
    expect(required(docOf('29', '27', 90_000 * RUPEE), '2018-04-01')).toMatchObject({ required: true });
  });

  it('counts goods with tax and cess, not services nor exempt goods (s.2(47))', () => {
    const d: DocumentInput = {
      ...docOf('29', '27', 40_000 * RUPEE),
      items: [
        { hsn: '8471', taxable: 40_000 * RUPEE, ratePercent: 18, igst: 7_200 * RUPEE, cess: 3_000 * RUPEE },
        { hsn: '998314', taxable: 90_000 * RUPEE, ratePercent: 18, igst: 16_200 * RUPEE },
        { hsn: '0701', taxable: 90_000 * RUPEE, ratePercent: 0 },
      ],
    };
    // 40,000 + 7,200 IGST + 3,000 cess = ₹50,200: above ₹50,000 by the goods alone.
    expect(required(d)).toMatchObject({ required: true, consignmentValuePaise: 50_200 * RUPEE });
    // An export at 0% under LUT is zero-rated, not exempt: its value counts.
    const exp: DocumentInput = {
      ...d,
      exportType: 'WOPAY',
      placeOfSupply: '96',
      items: [{ hsn: '6109', taxable: 60_000 * RUPEE, ratePercent: 0 }],
    };
    expect(required(exp)).toMatchObject({ required: true, consignmentValuePaise: 60_000 * RUPEE });
  });

  it('services only, credit notes: no e-way bill', () => {
    expect(required({ ...docOf('29', '27', 90_000 * RUPEE, { hsn: '998314' }) })).toMatchObject({ required: false, basis: 'noGoods' });
    expect(required({ ...docOf('29', '27', 90_000 * RUPEE), documentType: 'CRN' })).toMatchObject({
      required: false,
      basis: 'notAMovementDocument',
    });
  });

  it('inter-State job work and handicraft: whatever the value (Rule 138(1) provisos); within the State the limit', () => {
    expect(required(docOf('29', '33', 1_000 * RUPEE), undefined, { purpose: 'jobWork' })).toMatchObject({
      required: true,
      abovePaise: null,
    });
    expect(required(docOf('29', '33', 1_000 * RUPEE), undefined, { purpose: 'handicraft' })).toMatchObject({ required: true });
    expect(required(docOf('29', '29', 1_000 * RUPEE), undefined, { purpose: 'jobWork' })).toMatchObject({
      required: false,
      basis: 'rule138',
    });
  });
});

describe("the States' intra-State limits, by date", () => {
  const LAKH = 1_00_000 * RUPEE;
  it.each([
    ['Delhi', '07', '2018-06-16'],
    ['Maharashtra', '27', '2018-07-01'],
    ['Tamil Nadu', '33', '2018-06-02'],
    ['Bihar', '10', '2019-01-21'],
    ['Rajasthan', '08', '2021-04-01'],
  ])('%s: ₹1 lakh from its date, ₹50,000 the day before', (_name, state, from) => {
    const d = docOf(state, state, 80_000 * RUPEE);
    expect(required(d, from)).toMatchObject({ required: false, abovePaise: LAKH, basis: 'stateLimit' });
    expect(required(docOf(state, state, LAKH), from).required).toBe(false);
    expect(required(docOf(state, state, LAKH + 1), from).required).toBe(true);
    const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(required(d, dayBefore)).toMatchObject({ required: true, abovePaise: 50_000 * RUPEE, basis: 'rule138' });
  });

  it('Rajasthan: tobacco (chapter 24) and pan masala (2106) keep ₹50,000', () => {
    expect(required(docOf('08', '08', 80_000 * RUPEE, { hsn: '24031910' }))).toMatchObject({ required: true, basis: 'rule138' });
    expect(required(docOf('08', '08', 80_000 * RUPEE, { hsn: '21069020' }))).toMatchObject({ required: true });
    expect(required(docOf('08', '08', 80_000 * RUPEE, { hsn: '2105' }))).toMatchObject({ required: false });
  });

  it('Rajasthan within one city: ₹2 lakh from 1 April 2022, not for wood (44) or iron and steel (72)', () => {
    const d = docOf('08', '08', 1_50_000 * RUPEE);
    expect(required(d, '2022-04-01', { isIntraCity: true })).toMatchObject({ required: false, abovePaise: 2 * LAKH });
    expect(required(d, '2022-03-31', { isIntraCity: true })).toMatchObject({ required: true, abovePaise: LAKH });
    expect(required(d, '2022-04-01')).toMatchObject({ required: true, abovePaise: LAKH });
    expect(required(docOf('08', '08', 1_50_000 * RUPEE, { hsn: '7208' }), '2022-04-01', { isIntraCity: true })).toMatchObject({
      required: true,
      abovePaise: LAKH,
    });
    expect(required(docOf('08', '08', 2 * LAKH + 1), '2022-04-01', { isIntraCity: true }).required).toBe(true);
  });

  it('the movement decides the State: options override the document', () => {
    // Billed from Karnataka, but the goods move within Maharashtra.
    const d = docOf('29', '27', 80_000 * RUPEE);
    expect(required(d, undefined, { fromStateCode: '27', toStateCode: '27' })).toMatchObject({ required: false, basis: 'stateLimit' });
  });

  it('every entry names its source and a limit above ₹50,000', () => {
    for (const e of EWAYBILL_STATE_THRESHOLDS) {
      expect(e.source.length).toBeGreaterThan(20);
      expect(e.abovePaise).toBeGreaterThan(50_000 * RUPEE);
      expect(e.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { gstr3bOtherItc, gstr3bOutwardTax } from './gstr3b-figures';

describe('the GSTR-3B figures DRC-01B and DRC-01C compare', () => {
  const json = {
    sup_details: {
      osup_det: { txval: 100_000, iamt: 10_000.5, camt: 900, samt: 900, csamt: 0 },
      osup_zero: { txval: 5_000, iamt: 250.25, csamt: 0 },
      // Inward supplies under reverse charge are not outward liability.
      isup_rev: { txval: 2_000, iamt: 0, camt: 180, samt: 180, csamt: 0 },
    },
    eco_dtls: { eco_sup: { txval: 1_000, iamt: 0, camt: 90, samt: 90, csamt: 0 } },
    itc_elg: {
      itc_avl: [
        { ty: 'IMPG', iamt: 7_000, camt: 0, samt: 0, csamt: 0 },
        { ty: 'OTH', iamt: 3_200, camt: 500.1, samt: 500.1, csamt: 10 },
      ],
    },
  };

  it('adds the tax of 3.1(a), 3.1(b) and 3.1.1(i) in paise, leaving 3.1(d) out', () => {
    expect(gstr3bOutwardTax(json)).toEqual({ igst: 10_250_75, cgst: 990_00, sgst: 990_00, cess: 0 });
  });

  it('reads the ITC of 4A(5) only', () => {
    expect(gstr3bOtherItc(json)).toEqual({ igst: 3_200_00, cgst: 500_10, sgst: 500_10, cess: 10_00 });
  });

  it('reads missing tables and odd values as zero', () => {
    const none = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
    expect(gstr3bOutwardTax({})).toEqual(none);
    expect(gstr3bOtherItc({ itc_elg: { itc_avl: 'x' } })).toEqual(none);
    expect(gstr3bOutwardTax(null)).toEqual(none);
    expect(gstr3bOutwardTax({ sup_details: { osup_det: { iamt: '12' } } })).toEqual(none);
  });
});

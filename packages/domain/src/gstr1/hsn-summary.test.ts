import { describe, expect, it } from 'vitest';
import { type HsnTable, hsnLinesOf, hsnUnitOf, tallyHsnItem } from './hsn-summary';

const item = { rate: 18000, taxable: 100_00, igst: 18_00, cgst: 0, sgst: 0, cess: 0 };

describe('table 12 lines', () => {
  it('units: NA for services, the UQC in capitals for goods, OTH when missing or malformed', () => {
    expect([hsnUnitOf('998314', 'NOS'), hsnUnitOf('8471', ' nos '), hsnUnitOf('8471', null), hsnUnitOf('8471', 'N0S')]).toEqual([
      'NA',
      'NOS',
      'OTH',
      'OTH',
    ]);
  });
  it('normalises codes, skips items without a reportable code, keeps the first description', () => {
    const m: HsnTable = new Map();
    tallyHsnItem(m, { ...item, hsn: '8471 30', uqc: 'NOS', quantity: 1500 }, 1);
    tallyHsnItem(m, { ...item, hsn: '8471.30', uqc: 'NOS', quantity: 500, description: 'Laptops' }, 1);
    tallyHsnItem(m, { ...item, hsn: '8471.30', uqc: 'NOS', quantity: 1000, description: 'Other' }, -1);
    tallyHsnItem(m, { ...item, hsn: null }, 1);
    tallyHsnItem(m, { ...item, hsn: '84A1' }, 1);
    expect(hsnLinesOf(m)).toEqual([
      { num: 1, hsn_sc: '847130', desc: 'Laptops', uqc: 'NOS', qty: 1, rt: 18, txval: 100, iamt: 18, camt: 0, samt: 0, csamt: 0 },
    ]);
  });
});

import { gstinCheckCharacter } from '@opengst/domain';
import { describe, expect, it } from 'vitest';
import {
  emptyDocument,
  fieldOfIssue,
  formIssuesOf,
  gstinCheckOf,
  issuesByField,
  localErrorsOf,
  milliQuantityOf,
  paiseOf,
  requestOf,
  totalsOf,
} from './documentForm';

const messages = { amount: 'amount', quantity: 'quantity' };
const sale = (patch: Partial<ReturnType<typeof emptyDocument>> = {}) => {
  const form = { ...emptyDocument('Sales', '7', '2026-10-15'), documentNumber: ' INV/1 ', placeOfSupply: '07', ...patch };
  return form;
};
const line = {
  key: 1,
  hsn: '84713010',
  description: 'Laptop',
  uqc: 'NOS',
  quantity: '2.5',
  taxable: '1,000.50',
  rate: '18000',
  igst: '',
  cgst: '1',
  sgst: '1',
  cess: '',
  itcEligibility: 'Inputs',
};

describe('the document form', () => {
  it('reads typed amounts and quantities exactly (paise, thousandths)', () => {
    expect(paiseOf('1,23,456.78')).toBe(12345678);
    expect(paiseOf('')).toBe(0);
    expect(paiseOf('12.345')).toBeNaN();
    expect(milliQuantityOf('2.5')).toBe(2500);
    expect(milliQuantityOf('0.001')).toBe(1);
    expect(milliQuantityOf('1.2345')).toBeNaN();
  });

  it('sends no typed number when the number comes from a series, and the series', () => {
    expect(requestOf(sale({ items: [line], seriesId: '12' }), false, true, '07')).toMatchObject({ documentNumber: '', seriesId: 12 });
    expect(requestOf(sale({ items: [line] }), false, true, '07')).toMatchObject({ documentNumber: 'INV/1', seriesId: null });
  });

  it('computes CGST and SGST for a sale within the State, IGST to another State, when auto-compute is on', () => {
    const local = requestOf(sale({ items: [line] }), false, true, '07');
    expect(local).toMatchObject({ documentNumber: 'INV/1', entityId: 7, isDraftDocument: false });
    expect(local.items[0]).toMatchObject({
      quantity: 2500,
      taxable: 100050,
      rate: 18000,
      igst: 0,
      cgst: 9005,
      sgst: 9005,
      itcEligibility: null,
    });
    expect(totalsOf(local)).toEqual({ taxable: 100050, igst: 0, cgst: 9005, sgst: 9005, cess: 0, documentValue: 118060 });
    const inter = requestOf(sale({ placeOfSupply: '33', items: [line] }), true, true, '07');
    expect(inter.items[0]).toMatchObject({ igst: 18009, cgst: 0, sgst: 0 });
    expect(inter.isDraftDocument).toBe(true);
    // Off: the typed heads are sent as typed.
    expect(requestOf(sale({ items: [line] }), false, false, '07').items[0]).toMatchObject({ cgst: 100, sgst: 100 });
  });

  it('flags amounts and quantities that are no numbers on their own field', () => {
    expect(localErrorsOf(sale({ items: [{ ...line, taxable: '12.345', quantity: 'two' }] }), messages)).toEqual({
      'items.0.taxable': 'amount',
      'items.0.quantity': 'quantity',
    });
  });

  it('checks a GSTIN as typed: its State, or the reason', () => {
    expect(gstinCheckOf('')).toBeNull();
    const valid = `33AAACB5678B1Z${gstinCheckCharacter('33AAACB5678B1Z')}`;
    expect(gstinCheckOf(valid)).toEqual({ ok: true, stateCode: '33' });
    const wrongCheck = `${valid.slice(0, 14)}${valid.endsWith('A') ? 'B' : 'A'}`;
    expect(gstinCheckOf(wrongCheck)).toMatchObject({ ok: false, message: expect.stringMatching(/check/i) });
    expect(gstinCheckOf('27AAACS4321K1Z')).toMatchObject({ ok: false });
  });

  it('puts server issues on the form fields, errors before warnings', () => {
    expect(fieldOfIssue({ propertyName: 'Items[2].Taxable' })).toBe('items.2.taxable');
    expect(fieldOfIssue({ propertyName: 'CounterpartyGstin' })).toBe('counterpartyGstin');
    expect(
      issuesByField([
        { code: 'VAL0007', message: 'late', propertyName: 'DocumentDate', type: 'Warning' },
        { code: 'VAL0684', message: 'future', propertyName: 'DocumentDate', type: 'Error' },
      ]),
    ).toEqual({ documentDate: 'VAL0684: future' });
  });

  it("lists the form's own errors with the server's, so the count above Save is the count of the list", () => {
    const local = { 'items.0.taxable': 'amount', 'items.1.quantity': 'quantity' };
    const badGstin = gstinCheckOf('27AAPFU0939F1Z0');
    expect(formIssuesOf(local, badGstin, [])).toEqual([
      { code: '', type: 'Error', message: 'amount', propertyName: 'Items[0].Taxable' },
      { code: '', type: 'Error', message: 'quantity', propertyName: 'Items[1].Quantity' },
      { code: '', type: 'Error', message: badGstin?.ok === false ? badGstin.message : '', propertyName: 'CounterpartyGstin' },
    ]);
    // The server's answer about the GSTIN replaces the form's own.
    const server = [{ code: 'VAL0010', message: 'bad', propertyName: 'CounterpartyGstin', type: 'Error' as const }];
    expect(formIssuesOf({}, badGstin, server)).toEqual([]);
  });
});

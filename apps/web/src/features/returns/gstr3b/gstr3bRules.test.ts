import { describe, expect, it } from 'vitest';
import { differenceOf, draftStateOf, refusalsByRow, resolveRow, rowsByTable } from './gstr3bRules';
import { amounts, row } from './gstr3bTestRows';

describe('the figures a draft saves', () => {
  const itc = row('4A5', { system: amounts({ igst: 1_000_00, cgst: 50_00, sgst: 50_00 }) });
  const rcm = row('3.1d', { system: amounts({ taxable: 100_00 }), user: amounts({ taxable: 200_00 }) });

  it('takes the system amount for an empty cell, and sends only the row columns', () => {
    const state = draftStateOf([itc], { '4A5|': { igst: '900' } });
    expect(state.changes.map((change) => change.figure)).toEqual([
      { figure: '4A5', amounts: { igst: 900_00, cgst: 50_00, sgst: 50_00, cess: 0 } },
    ]);
  });

  it("sends nothing for the system's own figure, and null to drop the user's", () => {
    expect(draftStateOf([itc], { '4A5|': { igst: '1,000.00' } }).changes).toEqual([]);
    const cleared = { taxable: '', igst: '', cgst: '', sgst: '', cess: '' };
    expect(draftStateOf([rcm], { '3.1d|': cleared }).changes.map((change) => change.figure)).toEqual([{ figure: '3.1d', amounts: null }]);
    expect(resolveRow({ '3.1d|': cleared }, rcm).amounts).toBeNull();
  });

  it('holds back a row with an amount that does not read, and never sends a locked row', () => {
    const locked = row('3.1a', { lock: { code: 'outwardAutoPopulated', reason: 'locked' } });
    const state = draftStateOf([itc, locked], { '4A5|': { cgst: '12.345' }, '3.1a|': { taxable: '5' } });
    expect(state.changes).toEqual([]);
    expect(state.invalid).toEqual({ '4A5|': ['cgst'] });
  });

  it('shows the difference of the draft, else the saved one', () => {
    expect(differenceOf({ '4A5|': { igst: '1,200' } }, itc)?.igst).toBe(200_00);
    expect(differenceOf({}, rcm)).toBe(rcm.difference);
  });

  it('puts a refusal beside the figure its propertyName names, in the order sent', () => {
    const sent = [{ row: itc }, { row: rcm }];
    expect(
      refusalsByRow(
        [
          { message: 'no', propertyName: 'figures[1].amounts' },
          { message: 'other', propertyName: null },
        ],
        sent,
      ),
    ).toEqual({ byRow: { '3.1d|': ['no'] }, general: ['other'] });
  });

  it("groups the rows by the form's tables in order", () => {
    expect(rowsByTable([itc, rcm, row('3.2uin', { placeOfSupply: '29' })]).map((group) => group.table)).toEqual(['3.1', '3.2', '4']);
  });
});

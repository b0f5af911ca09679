import { describe, expect, it } from 'vitest';
import type { Gstr3bDetail } from '@opengst/contracts';
import { gstr3bPortalActionState } from './gstr3bPortalRules';
import { computePercent, differenceOf, draftStateOf, refusalsByRow, resolveRow, rowsByTable } from './gstr3bRules';
import { amounts, COMPUTED, NOT_AT_PORTAL, row } from './gstr3bTestRows';

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

describe('a computation running in the background', () => {
  const running = (compute: Partial<Gstr3bDetail['compute']>) => ({ compute: { ...COMPUTED, status: 'InProgress' as const, ...compute } });

  it('shows the share of the documents read, full once reading is over, unknown before counting', () => {
    expect(computePercent(running({ stage: 'purchases', done: 450, total: 1_000 }))).toBe(45);
    // Rows of other months claimed in this return can make the count pass the estimate.
    expect(computePercent(running({ stage: 'purchases', done: 1_200, total: 1_000 }))).toBe(100);
    expect(computePercent(running({ stage: 'compute', done: 0, total: 0 }))).toBe(100);
    expect(computePercent(running({ stage: 'queued', done: 0, total: 0 }))).toBeNull();
  });

  it('holds the portal actions back with the reason until it ends', () => {
    const detail = {
      ...running({ stage: 'sales' }),
      computedAt: '2026-11-02T10:00:00Z',
      userSavedAt: null,
      status: 'NotSubmitted',
      portal: NOT_AT_PORTAL,
    } as Gstr3bDetail;
    expect(gstr3bPortalActionState(detail, true, undefined).save).toBe('gstr3b.portal.why.computing');
    expect(gstr3bPortalActionState({ ...detail, compute: COMPUTED }, true, undefined).save).toBeNull();
  });
});
